import { Badge, Button, Container, Group, MultiSelect, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { ACCOUNT_SORTS, type AccountSort } from '@under/core/admin-accounts/admin-accounts.schema';
import { formatDate } from '@under/core/forms/format';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useAccounts, useMemberships } from '../api/admin-accounts-api';

const COLUMNS = [
  { key: 'name', label: T.nameColumn },
  { key: 'plan', label: T.planColumn },
  { key: 'members', label: T.membersColumn },
  { key: 'status', label: T.statusColumn },
  { key: 'created', label: T.createdColumn },
  { key: 'actions', label: T.actionsColumn },
] as const;

/** /accounts: client accounts with search, several plans as a filter, sort and paging. */
export function AccountsPage() {
  const search = useSearchText();
  const [subscriptions, setSubscriptions] = useState<string[]>([]);
  const [sort, setSort] = useState<AccountSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const paging = usePaging(`${search.query}|${subscriptions.join(',')}|${sort}|${order}`);
  const plans = useMemberships();
  const list = useAccounts({
    q: search.query,
    subscriptions,
    sort,
    order,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const data = list.data;
  const total = data?.total ?? 0;
  if (data && !list.isFetching) paging.keepInRange(total);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.accountsTitle} description={T.accountsLead} />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={900}
          rowCount={data?.items.length ?? 0}
          errorTitle={T.loadError}
          retryLabel={T.reload}
          emptyText={T.empty}
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Group p="md" gap="md" align="flex-start" wrap="wrap">
              <ListSearch
                search={search}
                label={T.searchLabel}
                placeholder={T.searchPlaceholder}
                query={list}
                width={280}
              />
              <MultiSelect
                label={T.plansFilter}
                placeholder={subscriptions.length ? undefined : T.plansPlaceholder}
                data={(plans.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                value={subscriptions}
                onChange={setSubscriptions}
                clearable
                w={{ base: '100%', sm: 300 }}
              />
              <NativeSelect
                label={T.sortLabel}
                value={sort}
                onChange={(e) => setSort(e.currentTarget.value as AccountSort)}
                data={ACCOUNT_SORTS.map((s) => ({ value: s, label: T.sorts[s] }))}
                w={{ base: '100%', sm: 170 }}
              />
              <NativeSelect
                label={T.orderLabel}
                value={order}
                onChange={(e) => setOrder(e.currentTarget.value as 'asc' | 'desc')}
                data={(['asc', 'desc'] as const).map((o) => ({ value: o, label: T.orders[o] }))}
                w={{ base: '100%', sm: 150 }}
              />
            </Group>
          }
        >
          {data?.items.map((a) => (
            <Table.Tr key={a.id} data-testid="account-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {a.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{a.membershipName}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{a.activeMembers}</Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  color={a.status === 'active' ? 'green' : 'gray'}
                  variant="dot"
                  tt="none"
                  fw={500}
                  miw="max-content"
                >
                  {T.statusNames[a.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(a.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    component={Link}
                    to={`/accounts/edit/${a.id}`}
                    aria-label={T.editLabel(a.name)}
                  >
                    {T.edit}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    component={Link}
                    to={`/accounts/manage-subscription-level/${a.id}`}
                    aria-label={T.levelLabel(a.name)}
                  >
                    {T.level}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    component={Link}
                    to={`/companies/summary/${encodeURIComponent(a.name)}?companyId=${a.id}`}
                    aria-label={T.summaryLabel(a.name)}
                  >
                    {T.summary}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Container>
  );
}
