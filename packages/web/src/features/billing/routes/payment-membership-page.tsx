import { Alert, Button, Container, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { Quote } from '@under/core/billing/billing.schema';
import { formatUsd } from '@under/core/billing/money';
import { formatDate } from '@under/core/forms/format';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useBillingConfig, usePlans, useQuote, useSubscribe, useSubscription } from '../api/billing-api';
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
  const quote = useQuote(membership);
  const navigate = useNavigate();
  const [newCard, setNewCard] = useState(false);
  const plan = plans.data?.find((p) => p.id === membership);
  const detail = subscription.data;
  const saved = detail?.billing.card;

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

  if (plans.isPending || config.isPending || subscription.isPending || quote.isPending) {
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
  // one sentence, from the server's own quote, above the card and nowhere else (issue 21 §5)
  const charge = quote.data ? chargeSentence(quote.data, plan.name) : T.quoteFailed;
  const error = subscribe.isError ? errorMessage(subscribe.error) : null;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.paymentTitle(plan.name)} description={<span data-testid="charge-today">{charge}</span>} />
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
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

function chargeSentence(quote: Quote, plan: string): string {
  if (quote.kind === 'change' || !quote.periodEnd) return T.chargeNothingToday;
  return T.chargeToday({
    kind: quote.kind,
    amount: formatUsd(quote.amountCents),
    price: formatUsd(quote.priceCents),
    discount: quote.discountCents > 0 ? formatUsd(quote.discountCents) : null,
    plan,
    monthly: formatUsd(quote.monthlyCents),
    until: formatDate(quote.periodEnd),
  });
}
