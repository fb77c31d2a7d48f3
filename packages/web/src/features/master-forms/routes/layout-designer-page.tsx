import { PagePlaceholder } from '../../../components/page-placeholder';

export function LayoutDesignerPage() {
  return <PagePlaceholder title="Form layout" />;
}
