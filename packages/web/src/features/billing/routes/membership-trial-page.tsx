import { Alert, Button, Container, Paper, Radio, Stack, Text } from '@mantine/core';
import { TRIAL_DAYS } from '@under/core/billing/billing.schema';
import { formatUsd } from '@under/core/billing/money';
import { UI_TEXT } from '@under/core/ui-text';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { usePlans, useStartTrial, useSubscription } from '../api/billing-api';

/** /membership-trial: a paid plan for 14 days without a card (decision 032), once per company. */
export function MembershipTrialPage() {
  const plans = usePlans();
  const subscription = useSubscription();
  const trial = useStartTrial();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paid = plans.data?.filter((p) => p.priceCents > 0) ?? [];
  const [choice, setChoice] = useState<string>(params.get('plan') ?? 'MEMBERSHIP_003');
  const used =
    subscription.data?.billing.trialUsed || (subscription.data && subscription.data.billing.status !== 'none');

  const start = () =>
    trial.mutate(choice, {
      onSuccess: (detail) => {
        notifySuccess(T.trialStarted(detail.membershipName));
        navigate('/membership');
      },
    });

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.trialTitle} description={T.trialLead(TRIAL_DAYS)} />
        {used ? <Alert color="yellow">{T.trialUsed}</Alert> : null}
        {trial.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(trial.error)}
          </Alert>
        ) : null}
        <Paper withBorder p="lg" radius="md">
          <Radio.Group value={choice} onChange={setChoice} label={UI_TEXT.planLabel}>
            <Stack gap="xs" mt="xs">
              {paid.map((p) => (
                <Radio
                  key={p.id}
                  value={p.id}
                  label={`${p.name} — ${formatUsd(p.priceCents)} ${UI_TEXT.perMonth}`}
                  description={`${UI_TEXT.planUsers(p.userQuota)}, ${UI_TEXT.planForms(p.formQuota)}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed" mt="md">
            {T.trialLead(TRIAL_DAYS)}
          </Text>
          <Button mt="md" onClick={start} loading={trial.isPending} disabled={Boolean(used) || !paid.length}>
            {T.trialStart}
          </Button>
        </Paper>
      </Stack>
    </Container>
  );
}
