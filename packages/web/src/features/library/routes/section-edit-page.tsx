import { PagePlaceholder } from '../../../components/page-placeholder';

export function SectionEditPage() {
  return <PagePlaceholder title="Section" />;
}
