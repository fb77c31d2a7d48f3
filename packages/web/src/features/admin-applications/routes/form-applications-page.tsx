import { Badge, Button, Container, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import {
  type ApplicationSort,
  LISTED_STATUSES,
  type ListedStatus,
} from '@under/core/applications/application-list.schema';
import { formatDate } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useSearchParams } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { SortButton } from '../../../components/sort-button';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { ADMIN_APPLICATIONS_TEXT as A } from '../admin-applications-text';
import { useFormApplications } from '../api/admin-applications-api';
import { FormScreenHeader, useFormRoute } from '../components/form-screen-header';

/** The sorts that mean something on one form's list (the form name is the same on every row). */
const SORTS = ['number', 'applicantCompanyName', 'status', 'submittedAt', 'updatedAt'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (iso: string | null) => (iso ? formatDate(iso, 'MMM dd, yyyy') : '—');

/**
 * The filters as the URL keeps them (the client list's keys, so a link reads the same); anything malformed is
 * ignored. The search text stays out of the URL, as on the client's list: it is often an e-mail, and URLs end up
 * in histories and logs.
 */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sort = params.get('sort') ?? '';
  const filters: {
    status: ListedStatus | '';
    from: string;
    to: string;
    sort: ApplicationSort;
    order: 'asc' | 'desc';
  } = {
    status: (LISTED_STATUSES as readonly string[]).includes(status) ? (status as ListedStatus) : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as ApplicationSort) : 'updatedAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
  const set = (changes: Partial<Record<keyof typeof filters, string>>) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v) copy.set(k, v);
          else copy.delete(k);
        }
        return copy;
      },
      { replace: true },
    );
  return { filters, set };
}

/**
 * /accounts/{companyName}/{companyId}/{formId}/applications (admin): one form's applications, searched, filtered by
 * status and submission days, sorted by column, paged with the spec's page sizes (issue 14). Admins read; the
 * decisions are the institution's.
 */
export function FormApplicationsPage() {
  const { companyId, formId } = useFormRoute();
  const search = useSearchText();
  const { filters, set } = useFilters();
  const badRange = !!filters.from && !!filters.to && filters.from > filters.to;
  const filter = {
    companyId,
    formId,
    ...(search.query ? { q: search.query } : {}),
    ...(filters.status ? { statuses: [filters.status] } : {}),
    ...(filters.from && !badRange ? { startDate: filters.from } : {}),
    ...(filters.to && !badRange ? { endDate: filters.to } : {}),
    sort: filters.sort,
    order: filters.order,
  };
  const paging = usePaging(JSON.stringify(filter));
  const list = useFormApplications({ page: paging.page, pageSize: paging.pageSize, ...filter });
  const total = list.data?.total ?? 0;
  if (list.data) paging.keepInRange(total);
  const rows = list.data?.items ?? [];
  const filtered = !!(search.query || filters.status || filters.from || filters.to);

  const column = (key: string, label: string, sort?: ApplicationSort, width?: number): ListColumn =>
    sort
      ? {
          key,
          width,
          label: (
            <SortButton
              label={label}
              isActive={filters.sort === sort}
              order={filters.order}
              onSort={() => set({ sort, order: filters.sort === sort && filters.order === 'desc' ? 'asc' : 'desc' })}
            />
          ),
          sort: filters.sort === sort ? (filters.order === 'asc' ? 'ascending' : 'descending') : 'none',
        }
      : { key, label, width };
  const columns: ListColumn[] = [
    column('number', T.colNumber, 'number', 90),
    column('company', T.colCompany, 'applicantCompanyName'),
    column('email', A.colEmail),
    column('status', T.colStatus, 'status'),
    column('sign', T.colSign),
    column('submitted', T.colSubmitted, 'submittedAt'),
    column('updated', T.colUpdated, 'updatedAt'),
  ];

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <FormScreenHeader screen="applications" />
        <ListTable
          query={list}
          columns={columns}
          minWidth={960}
          rowCount={rows.length}
          errorTitle={T.listError}
          retryLabel={T.retry}
          // the spec's empty text; a filter that finds nothing says so
          emptyText={filtered ? T.noMatch : MESSAGES.noData}
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Group p="md" gap="md" wrap="wrap" align="flex-start">
              <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} query={list} />
              <NativeSelect
                label={T.statusFilterLabel}
                w={{ base: '100%', xs: 170 }}
                value={filters.status}
                onChange={(e) => set({ status: e.currentTarget.value })}
                data={[
                  { value: '', label: T.statusAll },
                  ...LISTED_STATUSES.map((s) => ({ value: s, label: T.statusLabels[s] ?? s })),
                ]}
              />
              <TextInput
                type="date"
                label={T.fromLabel}
                w={{ base: '100%', xs: 170 }}
                value={filters.from}
                onChange={(e) => set({ from: e.currentTarget.value })}
              />
              <TextInput
                type="date"
                label={T.toLabel}
                w={{ base: '100%', xs: 170 }}
                value={filters.to}
                onChange={(e) => set({ to: e.currentTarget.value })}
                error={badRange ? MESSAGES.applicationDateRange : undefined}
              />
              {filtered ? (
                <Button
                  variant="subtle"
                  mt={{ base: 0, xs: 25 }}
                  onClick={() => {
                    search.setText('');
                    set({ status: '', from: '', to: '' });
                  }}
                >
                  {T.clearFilters}
                </Button>
              ) : null}
            </Group>
          }
        >
          {rows.map((a) => (
            <Table.Tr key={a.applicationId} data-testid="admin-application-row">
              <Table.Td>{a.number}</Table.Td>
              <Table.Td>{a.applicantCompanyName ?? '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.primaryEmail}</Table.Td>
              <Table.Td>
                <Badge variant="light">{T.statusLabels[a.status] ?? a.status}</Badge>
              </Table.Td>
              <Table.Td>{a.signStatus ? (T.signLabels[a.signStatus] ?? a.signStatus) : '—'}</Table.Td>
              <Table.Td>{day(a.submittedAt)}</Table.Td>
              <Table.Td>{day(a.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Container>
  );
}
