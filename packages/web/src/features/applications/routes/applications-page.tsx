import { Anchor, Button, Container, Group, NativeSelect, Stack, Table } from '@mantine/core';
import { APPLICATION_SORTS } from '@under/core/applications/application-list.schema';
import { SYNC_STATES, type SyncState } from '@under/core/integrations/integrations';
import { SYNC_STATE_LABELS } from '@under/core/integrations/sync.schema';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { SYNC_TEXT } from '@under/core/ui-text/integrations-sync';
import { Link, useNavigate, useParams } from 'react-router';
import { ApplicationStateCells, StatusFilter, SubmittedDaysFilter } from '../../../components/application-list';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { sortColumns } from '../../../components/sort-column';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApplicationFilters } from '../../../lib/use-application-filters';
import { pageOf } from '../../../lib/use-list-page';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useApplications, useExportApplications, useFormChoices } from '../api/applications-api';
import { ExportProgressBar } from '../export/export-progress';
import { SavedViews } from '../review/saved-views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /applications and /applications/company/{companyName}: the company's applications, searched, filtered by status,
 * form and submission days, sorted by column, paged; every filter but the search lives in the URL; the export takes
 * the same filter, every page (issue 14).
 */
export function ApplicationsPage() {
  const { companyName } = useParams();
  const search = useSearchText();
  const navigate = useNavigate();
  const { filters, set, badRange, isFiltered, clear, sortBy, query } = useApplicationFilters(APPLICATION_SORTS, {
    form: (v) => UUID.test(v),
    sync: (v) => (SYNC_STATES as readonly string[]).includes(v),
  });
  const forms = useFormChoices();
  const filter = {
    ...(search.query ? { q: search.query } : {}),
    ...query,
    ...(filters.form ? { formId: filters.form } : {}),
    ...(filters.sync ? { syncStates: [filters.sync as SyncState] } : {}),
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
  const column = sortColumns(filters, sortBy);
  const columns: ListColumn[] = [
    column('number', T.colNumber, 'number', 90),
    column('company', T.colCompany, 'applicantCompanyName'),
    column('form', T.colForm, 'formName'),
    column('status', T.colStatus, 'status'),
    column('sign', T.colSign),
    column('submitted', T.colSubmitted, 'submittedAt'),
    column('updated', T.colUpdated, 'updatedAt'),
  ];
  const { total, rows } = pageOf(list.data, paging);
  const filtered = !!search.query || isFiltered;
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
                <StatusFilter value={filters.status} onChange={(status) => set({ status })} texts={T} w={170} />
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
                <NativeSelect
                  label={SYNC_TEXT.filterLabel}
                  w={190}
                  value={filters.sync}
                  onChange={(e) => set({ sync: e.currentTarget.value })}
                  data={[
                    { value: '', label: SYNC_TEXT.filterAll },
                    ...SYNC_STATES.map((s) => ({ value: s, label: SYNC_STATE_LABELS[s] })),
                  ]}
                  data-testid="sync-filter"
                />
                <SubmittedDaysFilter
                  from={filters.from}
                  to={filters.to}
                  onChange={set}
                  badRange={badRange}
                  texts={T}
                  w={170}
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
                        clear();
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
                    loaderProps={{ role: 'status', 'aria-label': T.exporting }}
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
              {exporter.progress ? <ExportProgressBar progress={exporter.progress} /> : null}
            </Stack>
          }
        >
          {rows.map((a) => (
            <Table.Tr
              key={a.applicationId}
              data-testid="application-row"
              style={{ cursor: 'pointer' }}
              // a click anywhere on the row opens the application; its links and buttons keep their own (the number
              // link is the keyboard's way in)
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a, button, input, select, textarea')) return;
                navigate(`/applications/${a.applicationId}`);
              }}
            >
              <Table.Td>
                <Anchor component={Link} to={`/applications/${a.applicationId}`}>
                  {a.number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{a.applicantCompanyName ?? a.primaryEmail}</span>
                  {a.applicantCompanyName && !companyName ? (
                    <Button
                      component={Link}
                      to={`/applications/company/${encodeURIComponent(a.applicantCompanyName)}`}
                      size="compact-xs"
                      variant="subtle"
                      aria-label={T.companyFilterOf(a.applicantCompanyName)}
                      title={T.companyFilterOf(a.applicantCompanyName)}
                    >
                      {T.companyFilter}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{a.formName}</Table.Td>
              <ApplicationStateCells application={a} texts={T} />
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Container>
  );
}
