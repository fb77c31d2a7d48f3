import { Alert, Anchor, Card, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_APPLICATIONS_API } from '@under/core/api/applications/admin.contract';
import { formatUsd } from '@under/core/billing/money';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { APPLICATIONS_TEXT as AT } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  countColumns,
  FiguresPanel,
  FigureTable,
  Medians,
  type Period,
  PerMonthTable,
  StatusCounts,
} from '../../../components/application-figures';
import { PageHeader } from '../../../components/page-header';
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
    <FiguresPanel
      titleId="admin-applications-title"
      title={S.title}
      months={months}
      onMonths={setMonths}
      query={stats}
      texts={AT}
    >
      {data ? (
        <>
          <StatusCounts byStatus={data.byStatus} texts={AT} testIdPrefix="admin-dash-" />
          <Text size="sm" c="dimmed" data-testid="admin-dash-accounts">
            {data.total === 0 ? S.none : S.accountsWith(data.accounts)}
          </Text>
          <Medians timings={data.timings} texts={AT} />
          <FigureTable
            title={S.perAccount}
            minWidth={560}
            rows={data.perAccount}
            rowKey={(a) => a.companyId}
            rowTestId="admin-dash-account"
            emptyRow
            columns={[
              {
                header: S.colAccount,
                cell: (a) => (
                  <Anchor component={Link} to={`/forms?companyId=${a.companyId}`}>
                    {a.companyName}
                  </Anchor>
                ),
              },
              ...countColumns(AT),
            ]}
          />
          {data.perForm.length > 0 ? (
            <FigureTable
              title={S.perForm}
              minWidth={560}
              rows={data.perForm}
              rowKey={(f) => f.customFormId}
              columns={[
                {
                  header: AT.colForm,
                  cell: (f) => (
                    <Anchor
                      component={Link}
                      to={`/accounts/${encodeURIComponent(f.companyName)}/${f.companyId}/${f.customFormId}/applications`}
                    >
                      {f.formName}
                    </Anchor>
                  ),
                },
                { header: S.colAccount, cell: (f) => f.companyName },
                ...countColumns(AT, 3),
              ]}
            />
          ) : null}
          <PerMonthTable perMonth={data.perMonth} texts={AT} />
        </>
      ) : null}
    </FiguresPanel>
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
          <Figure label={T.revenueCard} value={o ? formatUsd(o.revenueThisMonthCents) : '…'} note={T.revenueHelp} />
          <Figure label={T.applicationsCard} value={o ? String(o.applicationsThisMonth) : '…'} />
        </SimpleGrid>
        <ApplicationsAcrossAccounts />
      </Stack>
    </Container>
  );
}
