import { Alert } from '@mantine/core';
import type { Membership } from '@under/core/accounts/membership.schema';
import type { SubscriptionDetail } from '@under/core/billing/billing.schema';
import { formatDate } from '@under/core/forms/format';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';

/** One line on where the company's plan stands (trial, paid through, past due, ending, changing). */
export function PlanStatus({ detail, plans }: { detail: SubscriptionDetail; plans: Membership[] }) {
  const b = detail.billing;
  const end = b.currentPeriodEnd ? formatDate(b.currentPeriodEnd) : '';
  const pending = plans.find((p) => p.id === b.pendingMembershipId);
  let text: string | null = null;
  let color = 'blue';
  if (b.status === 'trialing') text = b.card ? T.statusTrialWithCard(end) : T.statusTrial(end);
  else if (b.status === 'past_due') {
    text = T.statusPastDue(b.retryUntil ? formatDate(b.retryUntil) : end);
    color = 'red';
  } else if (b.status === 'active' && b.cancelAtPeriodEnd) {
    text = T.statusCancel(end);
    color = 'yellow';
  } else if (b.status === 'active' && pending) text = T.statusPending(pending.name, end);
  else if (b.status === 'active') text = T.statusActive(end);
  if (!text) return null;
  return (
    <Alert color={color} data-testid="plan-status">
      {text}
    </Alert>
  );
}
