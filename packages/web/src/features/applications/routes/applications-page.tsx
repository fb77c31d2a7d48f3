import { Anchor, Badge, Button, Container, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import {
  APPLICATION_SORTS,
  type ApplicationSort,
  LISTED_STATUSES,
  type ListedStatus,
} from '@under/core/applications/application-list.schema';
import { formatDate } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { SortButton } from '../../../components/sort-button';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useApplications, useExportApplications, useFormChoices } from '../api/applications-api';
import { SavedViews } from '../components/saved-views';

/** A day as spec 1 §9 writes it (`Nov 28, 2026`, UTC); '—' when there is none. */
export const day = (iso: string | null) => (iso ? formatDate(iso, 'MMM dd, yyyy') : '—');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters as the URL keeps them (a view can be shared or bookmarked); anything malformed is ignored. */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const pick = <T extends string>(key: string, ok: (v: string) => boolean): T | '' => {
    const v = params.get(key) ?? '';
    return ok(v) ? (v as T) : '';
  };
  const filters = {
    status: pick<ListedStatus>('status', (v) => (LISTED_STATUSES as readonly string[]).includes(v)),
    form: pick<string>('form', (v) => UUID.test(v)),
    from: pick<string>('from', (v) => DAY.test(v)),
    to: pick<string>('to', (v) => DAY.test(v)),
    sort: pick<ApplicationSort>('sort', (v) => (APPLICATION_SORTS as readonly string[]).includes(v)) || 'updatedAt',
    order: (params.get('order') === 'asc' ? 'asc' : 'desc') as 'asc' | 'desc',
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
 * /applications and /applications/company/{companyName}: the company's applications, searched, filtered by status,
 * form and submission days, sorted by column, paged; every filter but the search lives in the URL; the export takes
 * the same filter, every page (issue 14).
 */
export function ApplicationsPage() {
  const { companyName } = useParams();
  const search = useSearchText();
  const { filters, set } = useListFilters();
  const forms = useFormChoices();
  const badRange = !!filters.from && !!filters.to && filters.from > filters.to;
  const filter = {
    ...(search.query ? { q: search.query } : {}),
    ...(filters.status ? { statuses: [filters.status] } : {}),
    ...(filters.form ? { formId: filters.form } : {}),
    ...(filters.from && !badRange ? { startDate: filters.from } : {}),
    ...(filters.to && !badRange ? { endDate: filters.to } : {}),
    ...(companyName ? { applicantCompanyName: companyName } : {}),
    sort: filters.sort,
    order: filters.order,
  };
  const paging = usePaging(JSON.stringify(filter));
  const list = useApplications({ page: paging.page, pageSize: paging.pageSize, ...filter });
  const exporter = useExportApplications();
  async function exportAs(format: 'xlsx' | 'csv') {
    try {
      await exporter.mutateAsync({ ...filter, format });
      notifySuccess(T.exported);
    } catch (e) {
      notifyError(errorMessage(e));
    }
  }
  const sortBy = (key: ApplicationSort) =>
    set({ sort: key, order: filters.sort === key && filters.order === 'desc' ? 'asc' : 'desc' });
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
              onSort={() => sortBy(sort)}
            />
          ),
          sort: filters.sort === sort ? (filters.order === 'asc' ? 'ascending' : 'descending') : 'none',
        }
      : { key, label, width };
  const columns: ListColumn[] = [
    column('number', T.colNumber, 'number', 90),
    column('company', T.colCompany, 'applicantCompanyName'),
    column('form', T.colForm, 'formName'),
    column('status', T.colStatus, 'status'),
    column('sign', T.colSign),
    column('submitted', T.colSubmitted, 'submittedAt'),
    column('updated', T.colUpdated, 'updatedAt'),
  ];
  const total = list.data?.total ?? 0;
  if (list.data) paging.keepInRange(total);
  const rows = list.data?.items ?? [];
  const filtered = !!(search.query || filters.status || filters.form || filters.from || filters.to);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        {companyName ? (
          <Anchor component={Link} to="/applications">
            {T.back}
          </Anchor>
        ) : null}
        <PageHeader
          title={companyName ? T.companyTitle(companyName) : T.listTitle}
          description={companyName ? T.companyLead : T.listLead}
          actions={
            <Group gap="xs">
              <Button component={Link} to="/customers" variant="default">
                {T.navCustomers}
              </Button>
              <Button component={Link} to="/agreements" variant="default">
                {T.navAgreements}
              </Button>
            </Group>
          }
        />
        <ListTable
          query={list}
          columns={columns}
          minWidth={900}
          rowCount={rows.length}
          errorTitle={T.listError}
          retryLabel={T.retry}
          emptyText={filtered ? T.noMatch : T.empty}
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Stack p="md" gap="sm">
              <Group gap="md" wrap="wrap" align="flex-start">
                <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} query={list} />
                <NativeSelect
                  label={T.statusFilterLabel}
                  w={170}
                  value={filters.status}
                  onChange={(e) => set({ status: e.currentTarget.value })}
                  data={[
                    { value: '', label: T.statusAll },
                    ...LISTED_STATUSES.map((s) => ({ value: s, label: T.statusLabels[s] ?? s })),
                  ]}
                />
                <NativeSelect
                  label={T.formFilterLabel}
                  w={220}
                  value={filters.form}
                  onChange={(e) => set({ form: e.currentTarget.value })}
                  data={[
                    { value: '', label: T.formAll },
                    ...(forms.data?.items ?? []).map((f) => ({ value: f.customFormId, label: f.name })),
                  ]}
                />
                <TextInput
                  type="date"
                  label={T.fromLabel}
                  w={170}
                  value={filters.from}
                  onChange={(e) => set({ from: e.currentTarget.value })}
                />
                <TextInput
                  type="date"
                  label={T.toLabel}
                  w={170}
                  value={filters.to}
                  onChange={(e) => set({ to: e.currentTarget.value })}
                  error={badRange ? MESSAGES.applicationDateRange : undefined}
                />
              </Group>
              <Group gap="xs" justify="space-between" align="flex-end">
                <Group gap="xs" align="flex-end">
                  <SavedViews />
                  {filtered ? (
                    <Button
                      variant="subtle"
                      onClick={() => {
                        search.setText('');
                        set({ status: '', form: '', from: '', to: '' });
                      }}
                    >
                      {T.clearFilters}
                    </Button>
                  ) : null}
                </Group>
                <Group gap="xs">
                  <Button
                    variant="default"
                    loading={exporter.isPending && exporter.variables?.format === 'xlsx'}
                    disabled={exporter.isPending || badRange}
                    onClick={() => void exportAs('xlsx')}
                    loaderProps={{ 'aria-label': T.exporting }}
                  >
                    {T.exportXlsx}
                  </Button>
                  <Button
                    variant="subtle"
                    loading={exporter.isPending && exporter.variables?.format === 'csv'}
                    disabled={exporter.isPending || badRange}
                    onClick={() => void exportAs('csv')}
                  >
                    {T.exportCsv}
                  </Button>
                </Group>
              </Group>
            </Stack>
          }
        >
          {rows.map((a) => (
            <Table.Tr key={a.applicationId}>
              <Table.Td>
                <Anchor component={Link} to={`/applications/${a.applicationId}`}>
                  {a.number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {a.applicantCompanyName && !companyName ? (
                  <Anchor component={Link} to={`/applications/company/${encodeURIComponent(a.applicantCompanyName)}`}>
                    {a.applicantCompanyName}
                  </Anchor>
                ) : (
                  (a.applicantCompanyName ?? a.primaryEmail)
                )}
              </Table.Td>
              <Table.Td>{a.formName}</Table.Td>
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
