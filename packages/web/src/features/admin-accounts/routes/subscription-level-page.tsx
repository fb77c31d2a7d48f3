import { Alert, Anchor, Button, Card, Container, Group, Radio, Stack } from '@mantine/core';
import { formatUsd } from '@under/core/billing/money';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { GlobalSpinner } from '../../../components/global-spinner';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useAccount, useMemberships, useSetSubscriptionLevel } from '../api/admin-accounts-api';

/** /accounts/manage-subscription-level/{companyId}: staff change the plan without a charge (audited). */
export function SubscriptionLevelPage() {
  const { companyId = '' } = useParams();
  const account = useAccount(companyId);
  const plans = useMemberships();
  const save = useSetSubscriptionLevel(companyId);
  const [picked, setPicked] = useState<string | null>(null);
  if (account.isPending || plans.isPending) return <GlobalSpinner />;
  if (account.isError || plans.isError) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {errorMessage(account.error ?? plans.error)}
        </Alert>
      </Container>
    );
  }
  const value = picked ?? account.data.membershipId;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value, { onSuccess: () => notifySuccess(T.levelSaved) });
  };
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/accounts" size="sm">
          {T.backToAccounts}
        </Anchor>
        <PageHeader title={T.levelTitle} description={T.levelLead(account.data.name)} />
        <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <Radio.Group label={T.planLabel} value={value} onChange={setPicked}>
              <Stack gap="xs" mt="xs">
                {plans.data.map((m) => (
                  <Radio key={m.id} value={m.id} label={T.planOption(m.name, formatUsd(m.priceCents))} />
                ))}
              </Stack>
            </Radio.Group>
            {save.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(save.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={value === account.data.membershipId}>
                {T.levelSave}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
