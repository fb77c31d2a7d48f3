import { Alert, Anchor, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SalesforceAddInfoBody } from '@under/core/integrations/connections.schema';
import { KYC_SETUP_TEXT } from '@under/core/ui-text/kyc';
import { MANAGE_INTEGRATION_TEXT as T } from '@under/core/ui-text/manage-integration';
import { TRANSAX_TEXT } from '@under/core/ui-text/transax';
import { VANTIV_SETUP_TEXT } from '@under/core/ui-text/vantiv';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../../components/form-alert';
import { PageHeader } from '../../../../components/page-header';
import { UpgradeRequired } from '../../../../components/upgrade-required';
import { errorMessage } from '../../../../lib/http-error';
import { notifySuccess } from '../../../../lib/notify';
import { useKycConnection } from '../../../../lib/use-kyc-connection';
import { CardConnectCard } from '../../cardconnect/components/cardconnect-card';
import { useSaveKyc } from '../../kyc/api/kyc-setup-api';
import { KycCard } from '../../kyc/components/kyc-card';
import { useSaveVantiv, useVantivSetup } from '../../vantiv/api/vantiv-setup-api';
import { VantivCard } from '../../vantiv/components/vantiv-card';
import { useAddSalesforceInfo, useIntegrations, useTurnOffSalesforce } from '../api/connections-api';
import { SalesforceCard, StateBadge } from '../components/salesforce-card';
import { connectionResult } from '../lib/connection-result';

/**
 * /manage-integration (issue #23 §3; decision 073): each integration with its state; a client ADMINISTRATOR
 * connects Salesforce (the browser goes to Salesforce and comes back here with `?salesforce=<result>`), edits it,
 * updates its token or turns it off; members see the states; plans without the CRM see the spec's upgrade text.
 */
export function ManageIntegrationPage() {
  const [params] = useSearchParams();
  const result = connectionResult(params.get('salesforce'));
  const integrations = useIntegrations();
  const addInfo = useAddSalesforceInfo();
  const turnOff = useTurnOffSalesforce(integrations.data?.companyId ?? '');
  const vantiv = useVantivSetup();
  const saveVantiv = useSaveVantiv();
  const kyc = useKycConnection();
  const saveKyc = useSaveKyc();

  async function connect(body: SalesforceAddInfoBody) {
    const { authorizeUrl } = await addInfo.mutateAsync(body);
    window.location.assign(authorizeUrl);
  }

  const data = integrations.data;
  const salesforce = data?.integrations.find((i) => i.kind === 'salesforce');
  // CardConnect has its own card (issue #24 §1); the other processors are listed until their part
  const processors =
    data?.integrations.filter((i) => i.kind !== 'salesforce' && i.kind !== 'cardconnect' && i.kind !== 'worldpay') ??
    [];
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.title} description={T.description} />
        {result ? <FormAlert message={result.message} kind={result.ok ? 'success' : 'error'} /> : null}
        {data && !data.canManage ? (
          <Alert color="gray" variant="light" c="dark" data-testid="member-note">
            {T.memberNote}
          </Alert>
        ) : null}
        {integrations.isError ? <FormAlert message={errorMessage(integrations.error)} /> : null}
        {!data || !salesforce ? (
          integrations.isError ? null : (
            <Skeleton height={180} radius="md" />
          )
        ) : data.planAllowsCrm ? (
          <SalesforceCard
            view={salesforce}
            canManage={data.canManage}
            connect={connect}
            turnOff={async () => {
              await turnOff.mutateAsync();
              notifySuccess(T.turnedOffDone);
            }}
          />
        ) : (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="salesforce-title">
            <Stack gap="md">
              <Group justify="space-between" gap="sm">
                <Title order={2} fz="lg" id="salesforce-title">
                  {T.names.salesforce}
                </Title>
                <StateBadge state={salesforce.state} />
              </Group>
              <UpgradeRequired />
            </Stack>
          </Paper>
        )}
        {data ? <CardConnectCard canManage={data.canManage} /> : null}
        {data ? (
          <WhenKnown query={vantiv}>
            {(view) => (
              <VantivCard
                view={view}
                canManage={data.canManage}
                onSave={async (body) => {
                  await saveVantiv.mutateAsync(body);
                  notifySuccess(VANTIV_SETUP_TEXT.saved);
                }}
              />
            )}
          </WhenKnown>
        ) : null}
        {data ? (
          <WhenKnown query={kyc}>
            {(view) => (
              <KycCard
                view={view}
                canManage={data.canManage}
                onSave={async (body) => {
                  await saveKyc.mutateAsync(body);
                  notifySuccess(KYC_SETUP_TEXT.saved);
                }}
              />
            )}
          </WhenKnown>
        ) : null}
        {processors.length > 0 ? (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="processors-title">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="processors-title">
                {T.processorsTitle}
              </Title>
              <Text size="sm" c="dimmed">
                {T.comingSoon}
              </Text>
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {processors.map((p) => (
                  <Group key={p.kind} component="li" justify="space-between" gap="sm">
                    <Text size="sm">{T.names[p.kind]}</Text>
                    <Group gap="sm">
                      {p.kind === 'tsys' && data?.canManage ? (
                        <Anchor component={Link} to="/transax-pricing" size="sm">
                          {TRANSAX_TEXT.manage}
                        </Anchor>
                      ) : null}
                      <StateBadge state={p.state} />
                    </Group>
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}

/**
 * A card that shows a state once it is known: a skeleton while it loads, the error in words if it fails ("Not
 * connected" while loading would be a wrong answer).
 */
function WhenKnown<T>(props: {
  query: { data: T | undefined; isError: boolean; error: unknown };
  children: (data: T) => ReactNode;
}) {
  const { query, children } = props;
  if (query.isError) return <FormAlert message={errorMessage(query.error)} />;
  if (query.data === undefined) return <Skeleton height={140} radius="md" />;
  return <>{children(query.data)}</>;
}
