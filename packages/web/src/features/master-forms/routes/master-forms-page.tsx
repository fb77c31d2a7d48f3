import { PagePlaceholder } from '../../../components/page-placeholder';

export function MasterFormsPage() {
  return <PagePlaceholder title="Templates" />;
}
