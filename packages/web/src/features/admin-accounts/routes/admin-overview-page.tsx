import { Alert, Anchor, Card, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCents } from '@under/core/forms/format';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { useOverview } from '../api/admin-accounts-api';

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

/** /: the admin home: accounts, revenue and applications this month. */
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
      </Stack>
    </Container>
  );
}
