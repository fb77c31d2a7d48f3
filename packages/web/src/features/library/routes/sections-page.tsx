import { PagePlaceholder } from '../../../components/page-placeholder';

export function SectionsPage() {
  return <PagePlaceholder title="Sections" />;
}
