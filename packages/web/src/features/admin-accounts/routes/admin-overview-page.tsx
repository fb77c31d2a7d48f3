import {
  Alert,
  Anchor,
  Card,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_APPLICATIONS_API } from '@under/core/api/admin-applications.contract';
import { LISTED_STATUSES, STATISTICS_MONTHS } from '@under/core/applications/application-list.schema';
import { formatCents } from '@under/core/forms/format';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { APPLICATIONS_TEXT as AT } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyRow } from '../../../components/empty-row';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { useSession } from '../../../lib/session-context';
import { useOverview } from '../api/admin-accounts-api';

// issue 14: the applications across accounts (our words; these belong beside ADMIN_ACCOUNTS_TEXT in core's ui-text)
const S = {
  title: 'Applications across accounts',
  accountsWith: (n: number) => (n === 1 ? '1 account with applications' : `${n} accounts with applications`),
  none: 'No applications in this period yet.',
  perAccount: 'Per account',
  perForm: 'Per form',
  colAccount: 'Account',
};

type Period = (typeof STATISTICS_MONTHS)[number];
const monthLabel = (ym: string) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function Figure({ label, value, note, to }: { label: string; value: string; note?: string; to?: string }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text fz={32} fw={700} data-testid={`figure-${label}`}>
          {value}
        </Text>
        {to ? (
          <Anchor component={Link} to={to} size="sm">
            {label}
          </Anchor>
        ) : null}
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A small figure in a grey box: what it is, then its value. */
function Median({ label, value }: { label: string; value: string }) {
  return (
    <Paper bg="gray.0" radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Paper>
  );
}

/**
 * The client dashboard's application figures over every account (issue 14): counts by status over 6, 12, 24 or 36
 * months, the medians, submissions and decisions per month, and the accounts and forms with the most applications.
 */
function ApplicationsAcrossAccounts() {
  const { http } = useSession();
  const [months, setMonths] = useState<Period>(6);
  const stats = useQuery({
    queryKey: ['admin-applications', 'statistics', months],
    queryFn: ({ signal }) => http.call(ADMIN_APPLICATIONS_API.statusStatistics, { query: { months }, signal }),
    placeholderData: keepPreviousData,
    meta: { showsOwnError: true },
  });
  const data = stats.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="admin-applications-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="admin-applications-title">
            {S.title}
          </Title>
          <SegmentedControl
            aria-label={AT.dashPeriod}
            value={String(months)}
            onChange={(v) => setMonths(Number(v) as Period)}
            data={STATISTICS_MONTHS.map((p) => ({ value: String(p), label: AT.dashMonths(p) }))}
            size="xs"
          />
        </Group>
        {stats.isError ? (
          <Alert color="red" role="alert" title={AT.dashError}>
            {errorMessage(stats.error)}
          </Alert>
        ) : null}
        {data ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {LISTED_STATUSES.map((s) => (
                <Paper key={s} withBorder radius="md" p="sm">
                  <Text size="xs" c="dimmed">
                    {AT.statusLabels[s]}
                  </Text>
                  <Text fw={700} fz={24} data-testid={`admin-dash-${s}`}>
                    {data.byStatus[s]}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed" data-testid="admin-dash-accounts">
              {data.total === 0 ? S.none : S.accountsWith(data.accounts)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Median
                label={AT.dashInviteToSubmit}
                value={AT.dashMedian(data.timings.inviteToSubmit.medianHours, data.timings.inviteToSubmit.count)}
              />
              <Median
                label={AT.dashSubmitToDecision}
                value={AT.dashMedian(data.timings.submitToDecision.medianHours, data.timings.submitToDecision.count)}
              />
            </SimpleGrid>
            <Title order={3} fz="md">
              {S.perAccount}
            </Title>
            <ScrollTable minWidth={560} label={S.perAccount}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{S.colAccount}</Table.Th>
                    <Table.Th>{AT.colTotal}</Table.Th>
                    <Table.Th>{AT.statusLabels.pending}</Table.Th>
                    <Table.Th>{AT.colApproved}</Table.Th>
                    <Table.Th>{AT.colDenied}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.perAccount.length === 0 ? <EmptyRow colSpan={5} /> : null}
                  {data.perAccount.map((a) => (
                    <Table.Tr key={a.companyId} data-testid="admin-dash-account">
                      <Table.Td>
                        <Anchor component={Link} to={`/forms?companyId=${a.companyId}`}>
                          {a.companyName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{a.total}</Table.Td>
                      <Table.Td>{a.byStatus.pending}</Table.Td>
                      <Table.Td>{a.byStatus.approved}</Table.Td>
                      <Table.Td>{a.byStatus.denied}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {data.perForm.length > 0 ? (
              <>
                <Title order={3} fz="md">
                  {S.perForm}
                </Title>
                <ScrollTable minWidth={560} label={S.perForm}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{AT.colForm}</Table.Th>
                        <Table.Th>{S.colAccount}</Table.Th>
                        <Table.Th>{AT.colTotal}</Table.Th>
                        <Table.Th>{AT.statusLabels.pending}</Table.Th>
                        <Table.Th>{AT.colApproved}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.perForm.map((f) => (
                        <Table.Tr key={f.customFormId}>
                          <Table.Td>
                            <Anchor
                              component={Link}
                              to={`/accounts/${encodeURIComponent(f.companyName)}/${f.companyId}/${f.customFormId}/applications`}
                            >
                              {f.formName}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{f.companyName}</Table.Td>
                          <Table.Td>{f.total}</Table.Td>
                          <Table.Td>{f.byStatus.pending}</Table.Td>
                          <Table.Td>{f.byStatus.approved}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              </>
            ) : null}
            <Title order={3} fz="md">
              {AT.dashPerMonth}
            </Title>
            <ScrollTable minWidth={480} label={AT.dashPerMonth}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{AT.colMonth}</Table.Th>
                    <Table.Th>{AT.colSubmittedCount}</Table.Th>
                    <Table.Th>{AT.colApproved}</Table.Th>
                    <Table.Th>{AT.colDenied}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...data.perMonth].reverse().map((m) => (
                    <Table.Tr key={m.month}>
                      <Table.Td>{monthLabel(m.month)}</Table.Td>
                      <Table.Td>{m.submitted}</Table.Td>
                      <Table.Td>{m.approved}</Table.Td>
                      <Table.Td>{m.denied}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /: the admin home: accounts, revenue and applications this month, then the applications across accounts. */
export function AdminOverviewPage() {
  const overview = useOverview();
  const o = overview.data;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.overviewTitle} />
        {overview.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(overview.error)}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure
            label={T.accountsCard}
            value={o ? String(o.accounts.total) : '…'}
            note={o ? T.activeAccounts(o.accounts.active) : undefined}
            to="/accounts"
          />
          <Figure label={T.revenueCard} value={o ? formatCents(o.revenueThisMonthCents) : '…'} note={T.revenueHelp} />
          <Figure label={T.applicationsCard} value={o ? String(o.applicationsThisMonth) : '…'} />
        </SimpleGrid>
        <ApplicationsAcrossAccounts />
      </Stack>
    </Container>
  );
}
