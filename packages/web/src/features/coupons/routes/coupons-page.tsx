import { Badge, Button, Container, Group, Stack, Table, Text } from '@mantine/core';
import { formatUsd } from '@under/core/billing/money';
import type { Coupon } from '@under/core/coupons/coupon.schema';
import { formatDate } from '@under/core/forms/format';
import { ADMIN_COUPONS_TEXT as T } from '@under/core/ui-text/admin-coupons';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useCoupons } from '../api/coupons-api';

const COLUMNS = [
  { key: 'code', label: T.codeColumn },
  { key: 'name', label: T.nameColumn },
  { key: 'discount', label: T.discountColumn },
  { key: 'duration', label: T.durationColumn },
  { key: 'redemptions', label: T.redemptionsColumn },
  { key: 'expires', label: T.expiresColumn },
  { key: 'status', label: T.statusColumn },
  { key: 'actions', label: T.actionsColumn },
] as const;

const STATUS_COLORS = { active: 'green', expired: 'gray', 'used-up': 'orange' } as const;

function discountText(c: Pick<Coupon, 'percentage' | 'amount'>): string {
  return c.percentage !== null ? T.percentOff(c.percentage) : T.amountOff(formatUsd(c.amount ?? 0));
}

/** /view-coupon: every coupon, newest first, with search and paging. */
export function CouponsPage() {
  const search = useSearchText();
  const paging = usePaging(search.query);
  const list = useCoupons({ q: search.query, page: paging.page, pageSize: paging.pageSize });
  const data = list.data;
  const total = data?.total ?? 0;
  if (data && !list.isFetching) paging.keepInRange(total);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.listTitle}
          description={T.listLead}
          actions={
            <Button component={Link} to="/create-coupon">
              {T.newCoupon}
            </Button>
          }
        />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={900}
          rowCount={data?.items.length ?? 0}
          errorTitle={T.loadError}
          retryLabel={T.reload}
          emptyText={search.query ? T.emptySearch : T.empty}
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Group p="md">
              <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} query={list} />
            </Group>
          }
        >
          {data?.items.map((c) => (
            <Table.Tr key={c.id} data-testid="coupon-row">
              <Table.Td>
                <Text size="sm" fw={600} ff="monospace">
                  {c.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{c.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{discountText(c)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{T.months(c.durationInMonths)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{T.redemptions(c.redemptionCount, c.redemptionLimit)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{c.expiresAt ? formatDate(new Date(c.expiresAt)) : T.never}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[c.status]} variant="dot" tt="none" fw={500} miw="max-content">
                  {T.statusNames[c.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={`/edit-coupon/${c.id}`}
                  aria-label={T.editLabel(c.code)}
                >
                  {T.edit}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Container>
  );
}
