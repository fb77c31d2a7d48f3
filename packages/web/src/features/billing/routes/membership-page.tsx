import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Membership } from '@under/core/accounts/membership.schema';
import { BASIC_MEMBERSHIP_ID, type SubscriptionDetail, TRIAL_DAYS } from '@under/core/billing/billing.schema';
import { formatUsd } from '@under/core/billing/money';
import { formatDate } from '@under/core/forms/format';
import { UI_TEXT } from '@under/core/ui-text';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMe } from '../../../lib/use-me';
import { useCancelPlan, usePlans, useSubscribe, useSubscription } from '../api/billing-api';
import { CouponNote } from '../components/coupon-note';
import { PlanStatus } from '../components/plan-status';

/**
 * /membership: the six plans with price and quotas, the current one marked, and what can be done from here: pay
 * for a plan (the payment page), upgrade now, move to a cheaper plan at the period's end, try one free, cancel.
 */
export function MembershipPage() {
  const plans = usePlans();
  const subscription = useSubscription();
  const me = useMe();
  const isAdmin = me.data?.role === 'ADMINISTRATOR';
  const cancel = useCancelPlan();
  const subscribe = useSubscribe();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const detail = subscription.data;
  const current = plans.data?.find((p) => p.id === detail?.membershipId);

  const moveTo = (plan: Membership) =>
    subscribe.mutate(
      { membershipId: plan.id },
      {
        onSuccess: (next) =>
          notifySuccess(
            next.billing.pendingMembershipId
              ? T.downgraded(plan.name, formatDate(next.billing.currentPeriodEnd ?? ''))
              : next.billing.cancelAtPeriodEnd
                ? T.canceled
                : T.resumed,
          ),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <PageHeader
          title={UI_TEXT.membershipTitle}
          description={T.plansLead}
          actions={
            isAdmin ? (
              <Button component={Link} to="/billings" variant="default">
                {T.billingTitle}
              </Button>
            ) : null
          }
        />
        {plans.isError || subscription.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(plans.error ?? subscription.error)}
          </Alert>
        ) : null}
        {detail && plans.data ? <PlanStatus detail={detail} plans={plans.data} /> : null}
        <CouponNote companyId={me.data?.company?.id} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {plans.isPending || !detail
            ? [0, 1, 2, 3, 4, 5].map((i) => <Skeleton key={i} height={240} radius="md" />)
            : plans.data?.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  detail={detail}
                  current={current}
                  isAdmin={isAdmin}
                  isBusy={subscribe.isPending && subscribe.variables?.membershipId === plan.id}
                  onMove={() => moveTo(plan)}
                  onCancel={() => setConfirmCancel(true)}
                />
              ))}
        </SimpleGrid>
      </Stack>
      <ConfirmDialog
        opened={confirmCancel}
        title={T.cancelTitle}
        message={T.cancelMessage(current?.name ?? '', formatDate(detail?.billing.currentPeriodEnd ?? Date.now()))}
        confirmLabel={T.cancelConfirm}
        cancelLabel={T.keepPlan}
        isDanger
        isBusy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => notifySuccess(T.canceled),
            onError: (error) => notifyError(errorMessage(error)),
            onSettled: () => setConfirmCancel(false),
          })
        }
        onCancel={() => setConfirmCancel(false)}
      />
    </Container>
  );
}

function PlanCard(props: {
  plan: Membership;
  detail: SubscriptionDetail;
  current: Membership | undefined;
  isAdmin: boolean;
  isBusy: boolean;
  onMove: () => void;
  onCancel: () => void;
}) {
  const { plan, detail, current } = props;
  const isCurrent = plan.id === detail.membershipId;
  const b = detail.billing;
  const paying = b.status === 'active';
  let action: ReactNode = null;
  if (props.isAdmin && plan.priceCents > 0) {
    if (isCurrent && paying) {
      action =
        b.cancelAtPeriodEnd || b.pendingMembershipId ? (
          <Button variant="light" onClick={props.onMove} loading={props.isBusy}>
            {T.resumePlan}
          </Button>
        ) : (
          <Button variant="subtle" color="red" onClick={props.onCancel}>
            {T.cancelPlan}
          </Button>
        );
    } else if (paying && current && plan.priceCents < current.priceCents) {
      action = (
        <Button variant="default" onClick={props.onMove} loading={props.isBusy}>
          {T.downgradeTo(plan.name)}
        </Button>
      );
    } else {
      action = (
        <Button
          component={Link}
          to={`/payment-membership/${plan.id}`}
          aria-label={paying && !isCurrent ? undefined : T.choosePlanLabel(plan.name)}
        >
          {paying && !isCurrent ? T.upgradeTo(plan.name) : T.choosePlan}
        </Button>
      );
    }
  } else if (props.isAdmin && plan.id === BASIC_MEMBERSHIP_ID && paying && !isCurrent && !b.cancelAtPeriodEnd) {
    action = (
      <Button variant="subtle" color="red" onClick={props.onCancel}>
        {T.downgradeTo(plan.name)}
      </Button>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="article"
      aria-current={isCurrent ? 'true' : undefined}
      aria-labelledby={`plan-${plan.id}`}
      data-testid="plan-card"
      style={isCurrent ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Stack gap={2}>
          {isCurrent ? (
            <Badge color="brand.9" variant="filled" w="fit-content">
              {b.status === 'trialing' ? `${UI_TEXT.currentPlan} · trial` : UI_TEXT.currentPlan}
            </Badge>
          ) : (
            <Text size="xs" h={20} aria-hidden>
              {' '}
            </Text>
          )}
          <Title order={2} fz="lg" id={`plan-${plan.id}`}>
            {plan.name}
          </Title>
        </Stack>
        <Text>
          <Text span fw={800} fz={28}>
            {plan.priceCents === 0 ? UI_TEXT.freePlan : formatUsd(plan.priceCents)}
          </Text>
          {plan.priceCents === 0 ? null : (
            <Text span c="dimmed" size="sm">
              {' '}
              {UI_TEXT.perMonth}
            </Text>
          )}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{UI_TEXT.planUsers(plan.userQuota)}</List.Item>
          <List.Item>{UI_TEXT.planForms(plan.formQuota)}</List.Item>
          <List.Item>{plan.salesForce ? UI_TEXT.planCrm : UI_TEXT.planNoCrm}</List.Item>
        </List>
        <Group mt="auto" gap="xs">
          {action}
          {props.isAdmin && plan.priceCents > 0 && !b.trialUsed && b.status === 'none' ? (
            <Button
              component={Link}
              to={`/membership-trial?plan=${plan.id}`}
              variant="subtle"
              aria-label={T.tryFreeLabel(plan.name, TRIAL_DAYS)}
            >
              {T.tryFree(TRIAL_DAYS)}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
