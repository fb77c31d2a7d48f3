import { PagePlaceholder } from '../../../components/page-placeholder';

export function ConfirmPageMapperPage() {
  return <PagePlaceholder title="Confirm-page mapper" />;
}
