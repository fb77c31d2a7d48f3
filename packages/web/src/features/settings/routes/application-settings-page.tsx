import { Alert, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { planAllows } from '@under/core/billing/plan-features';
import { UI_TEXT } from '@under/core/ui-text';
import { BILLING_TEXT } from '@under/core/ui-text/billing';
import { PageHeader } from '../../../components/page-header';
import { UpgradeRequired } from '../../../components/upgrade-required';
import { useMe } from '../../../lib/use-me';
import { useCompanyForSettings, useSaveWhitelist, useUploadLogo, useWhitelist } from '../api/settings-api';
import { LogoUploader } from '../components/logo-uploader';
import { WhitelistEditor } from '../components/whitelist-editor';

const ADMIN_ROLES = new Set(['ADMINISTRATOR', 'admin']);

/** /application-settings: whitelisted domains and the company logo. STANDARD members only look (decision 006). */
export function ApplicationSettingsPage() {
  const me = useMe();
  const companyId = me.data?.company?.id ?? '';
  const canEdit = ADMIN_ROLES.has(me.data?.role ?? '');
  const whitelist = useWhitelist();
  const saveWhitelist = useSaveWhitelist();
  const company = useCompanyForSettings(companyId || undefined);
  const uploadLogo = useUploadLogo(companyId);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader title={UI_TEXT.settingsTitle} />
        {me.data && !canEdit ? (
          <Alert color="gray" variant="light" c="dark">
            {UI_TEXT.adminOnlyNote}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="crm-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="crm-title">
              {BILLING_TEXT.crmTitle}
            </Title>
            {me.data && !planAllows(me.data.membership, 'crm') ? (
              <UpgradeRequired />
            ) : (
              <Text size="sm">{BILLING_TEXT.crmIncluded}</Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="logo-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="logo-title">
              {UI_TEXT.logoTitle}
            </Title>
            {company.data ? (
              <LogoUploader
                logoUrl={company.data.logoUrl}
                companyName={company.data.name}
                canEdit={canEdit}
                upload={(file, onProgress) => uploadLogo.mutateAsync({ file, onProgress })}
              />
            ) : (
              <Skeleton height={90} radius="md" />
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="whitelist-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="whitelist-title">
              {UI_TEXT.whitelistTitle}
            </Title>
            {whitelist.data ? (
              <WhitelistEditor
                domains={whitelist.data.domains}
                canEdit={canEdit}
                onSave={async (domains) => (await saveWhitelist.mutateAsync(domains)).domains}
              />
            ) : (
              <Skeleton height={120} radius="md" />
            )}
            {whitelist.isError ? (
              <Alert color="red" role="alert">
                {whitelist.error.message}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
