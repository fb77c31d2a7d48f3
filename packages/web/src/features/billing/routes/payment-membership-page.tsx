import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCurrency } from '@under/core/forms/format';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useBillingConfig, usePlans, useSubscribe, useSubscription } from '../api/billing-api';
import { CardForm } from '../components/card-form';

/**
 * /payment-membership/{membership}: pay for a plan with a card (or the saved one). A refused card shows the spec's
 * text and changes nothing; a dearer plan than the one paid for is an upgrade charged pro rata.
 */
export function PaymentMembershipPage() {
  const { membership = '' } = useParams();
  const plans = usePlans();
  const config = useBillingConfig();
  const subscription = useSubscription();
  const subscribe = useSubscribe();
  const navigate = useNavigate();
  const [newCard, setNewCard] = useState(false);
  const plan = plans.data?.find((p) => p.id === membership);
  const detail = subscription.data;
  const saved = detail?.billing.card;
  const isUpgrade = detail?.billing.status === 'active' && detail.membershipId !== membership;

  const pay = (cardToken?: string) =>
    subscribe.mutate(
      { membershipId: membership, ...(cardToken ? { cardToken } : {}) },
      {
        onSuccess: (next) => {
          notifySuccess(T.paid(next.membershipName));
          navigate('/billings');
        },
      },
    );

  if (plans.isPending || config.isPending || subscription.isPending) {
    return (
      <Container size="sm" py="xl">
        <Skeleton height={320} />
      </Container>
    );
  }
  if (!plan || plan.priceCents === 0) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {errorMessage(plans.error) || 'The plan is not found.'}
        </Alert>
      </Container>
    );
  }
  const price = formatCurrency(plan.priceCents / 100);
  const error = subscribe.isError ? errorMessage(subscribe.error) : null;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.paymentTitle(plan.name)} description={isUpgrade ? T.upgradeLead : T.paymentLead(price)} />
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Title order={2} fz="md">
              {T.cardTitle}
            </Title>
            {saved && !newCard ? (
              <Stack gap="sm">
                {error ? (
                  <Alert color="red" role="alert" data-testid="card-error">
                    {error}
                  </Alert>
                ) : null}
                <Button onClick={() => pay()} loading={subscribe.isPending}>
                  {T.payWithSaved(saved.brand, saved.last4)}
                </Button>
                <Button variant="subtle" onClick={() => setNewCard(true)}>
                  {T.useNewCard}
                </Button>
              </Stack>
            ) : config.data ? (
              <CardForm
                config={config.data}
                submitLabel={T.payButton}
                isBusy={subscribe.isPending}
                error={error}
                onToken={(token) => pay(token)}
              />
            ) : null}
            <Text size="xs" c="dimmed">
              {T.paymentLead(price)}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
