import { PagePlaceholder } from '../../../components/page-placeholder';

export function PdfMapperPage() {
  return <PagePlaceholder title="Edit PDF mapping" />;
}
