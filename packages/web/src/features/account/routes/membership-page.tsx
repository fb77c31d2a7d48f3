import { Alert, Badge, Container, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Membership } from '@under/core/accounts/membership.schema';
import { formatCurrency } from '@under/core/forms/format';
import { UI_TEXT } from '@under/core/ui-text';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/use-me';
import { useMemberships } from '../api/account-api';

/** /membership: the six plans with price and quotas, the current one marked. Read-only until plan changes come. */
export function MembershipPage() {
  const plans = useMemberships();
  const me = useMe();
  const currentId = me.data?.membership?.id;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <PageHeader title={UI_TEXT.membershipTitle} description={UI_TEXT.membershipLead} />
        {plans.isError ? (
          <Alert color="red" role="alert">
            {plans.error.message}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {plans.isPending
            ? [0, 1, 2, 3, 4, 5].map((i) => <Skeleton key={i} height={210} radius="md" />)
            : plans.data?.map((plan) => <PlanCard key={plan.id} plan={plan} isCurrent={plan.id === currentId} />)}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function PlanCard({ plan, isCurrent }: { plan: Membership; isCurrent: boolean }) {
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
      <Stack gap="sm">
        <Stack gap={2}>
          {isCurrent ? (
            <Badge color="brand.9" variant="filled" w="fit-content">
              {UI_TEXT.currentPlan}
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
            {plan.priceCents === 0 ? UI_TEXT.freePlan : formatCurrency(plan.priceCents / 100)}
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
      </Stack>
    </Paper>
  );
}
