import { PagePlaceholder } from '../../../components/page-placeholder';

export function GeneralSettingPage() {
  return <PagePlaceholder title="General setting" />;
}
