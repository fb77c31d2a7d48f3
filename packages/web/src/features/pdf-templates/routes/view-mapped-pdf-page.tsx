import { PagePlaceholder } from '../../../components/page-placeholder';

export function ViewMappedPdfPage() {
  return <PagePlaceholder title="Mapped PDFs" />;
}
