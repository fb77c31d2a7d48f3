import { PagePlaceholder } from '../../../components/page-placeholder';

export function DictionariesPage() {
  return <PagePlaceholder title="Dictionary" />;
}
