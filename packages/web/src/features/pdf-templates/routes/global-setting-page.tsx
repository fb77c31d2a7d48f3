import { PagePlaceholder } from '../../../components/page-placeholder';

export function GlobalSettingPage() {
  return <PagePlaceholder title="Global setting" />;
}
