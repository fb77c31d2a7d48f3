import { Alert, Anchor, Badge, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { displayRole } from '@under/core/accounts/enums';
import { APPLICATION_STATUSES } from '@under/core/admin-accounts/admin-accounts.schema';
import { formatUsd } from '@under/core/billing/money';
import { formatDate } from '@under/core/forms/format';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { ADMIN_COUPONS_TEXT } from '@under/core/ui-text/admin-coupons';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GlobalSpinner } from '../../../components/global-spinner';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { CompanyBillingTable } from '../../billing/components/company-billing-table';
import { useAccountSummary, useCompanyDiscount } from '../api/admin-accounts-api';

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

/**
 * /companies/summary/{companyName}?companyId=: members, forms, applications by status and billing of one account. The
 * name in the path is the spec's; the id says which company (names are not unique; decision 033).
 */
export function CompanySummaryPage() {
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const summary = useAccountSummary(companyId);
  const discount = useCompanyDiscount(companyId);
  if (companyId && summary.isPending) return <GlobalSpinner />;
  if (!companyId || summary.isError) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {summary.isError ? errorMessage(summary.error) : T.notFound}
        </Alert>
      </Container>
    );
  }
  const s = summary.data;
  if (!s) return null;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/accounts" size="sm">
          {T.backToAccounts}
        </Anchor>
        <PageHeader
          title={T.summaryTitle(s.account.name)}
          description={
            <Group gap="xs" component="span">
              <span>{s.account.membershipName}</span>
              <Badge
                color={s.account.status === 'active' ? 'green' : 'gray'}
                variant="dot"
                tt="none"
                fw={500}
                miw="max-content"
              >
                {T.statusNames[s.account.status]}
              </Badge>
            </Group>
          }
        />
        <Section title={T.membersTitle}>
          <ScrollTable minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.memberNameColumn}</Table.Th>
                  <Table.Th>{T.emailColumn}</Table.Th>
                  <Table.Th>{T.roleColumn}</Table.Th>
                  <Table.Th>{T.statusColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.members.map((m) => (
                  <Table.Tr key={m.id} data-testid="summary-member">
                    <Table.Td>{[m.firstName, m.lastName].filter(Boolean).join(' ') || '—'}</Table.Td>
                    <Table.Td>{m.email}</Table.Td>
                    <Table.Td>{displayRole(m.role)}</Table.Td>
                    <Table.Td>{m.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title={T.formsTitle} note={T.customFormsNote}>
            <Text>
              {T.masterForms}: <b>{s.forms.masterForms}</b>
            </Text>
            <Text>
              {T.customForms}: <b>{s.forms.customForms}</b>
            </Text>
            <Anchor component={Link} to={`/forms?companyId=${s.account.id}`} size="sm">
              {T.seeForms}
            </Anchor>
          </Section>
          <Section title={T.applicationsTitle} note={T.applicationsNote}>
            <SimpleGrid cols={2} spacing="xs">
              {APPLICATION_STATUSES.map((status) => (
                <Text key={status}>
                  {T.applicationStatusNames[status]}: <b>{s.applicationsByStatus[status] ?? 0}</b>
                </Text>
              ))}
            </SimpleGrid>
          </Section>
        </SimpleGrid>
        <Section title={T.couponTitle}>
          {discount.data?.coupon ? (
            <Stack gap={4} data-testid="summary-coupon">
              <Text>
                {T.couponLine(
                  discount.data.coupon.code,
                  discount.data.coupon.percentage !== null
                    ? ADMIN_COUPONS_TEXT.percentOff(discount.data.coupon.percentage)
                    : ADMIN_COUPONS_TEXT.amountOff(formatUsd(discount.data.coupon.amount ?? 0)),
                  formatDate(discount.data.endsAt ?? ''),
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {T.discountNow(formatUsd(discount.data.discountCents), formatUsd(discount.data.planPriceCents))}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {discount.isError ? errorMessage(discount.error) : T.noCoupon}
            </Text>
          )}
        </Section>
        <Section title={T.billingTitle}>
          <CompanyBillingTable companyId={s.account.id} canRefund />
        </Section>
      </Stack>
    </Container>
  );
}
