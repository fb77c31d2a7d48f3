import { Anchor, Badge, Button, Container, Group, NativeSelect, Stack, Table } from '@mantine/core';
import { LISTED_STATUSES, type ListedStatus } from '@under/core/applications/application-list.schema';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { Link, useSearchParams } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useApplications, useExportApplications } from '../api/applications-api';

const COLUMNS: ListColumn[] = [
  { key: 'number', label: T.colNumber, width: 70 },
  { key: 'company', label: T.colCompany },
  { key: 'form', label: T.colForm },
  { key: 'status', label: T.colStatus },
  { key: 'sign', label: T.colSign },
  { key: 'submitted', label: T.colSubmitted },
  { key: 'updated', label: T.colUpdated },
];

export const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' }) : '—';

/**
 * /applications: the company's applications, searched, filtered by status, paged; the status filter lives in the
 * URL (`?status=pending`) so a view can be shared; the export takes the same filter, every page (issue 14).
 */
export function ApplicationsPage() {
  const search = useSearchText();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('status') ?? '';
  const status = (LISTED_STATUSES as readonly string[]).includes(fromUrl) ? (fromUrl as ListedStatus) : '';
  const setStatus = (next: ListedStatus | '') =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next) copy.set('status', next);
        else copy.delete('status');
        return copy;
      },
      { replace: true },
    );
  const paging = usePaging(`${search.query}|${status}`);
  const filter = {
    ...(search.query ? { q: search.query } : {}),
    ...(status ? { statuses: [status] } : {}),
  };
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
  const total = list.data?.total ?? 0;
  if (list.data) paging.keepInRange(total);
  const rows = list.data?.items ?? [];
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.listTitle} description={T.listLead} />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={900}
          rowCount={rows.length}
          errorTitle={T.listError}
          retryLabel={T.retry}
          emptyText={search.query || status ? T.noMatch : T.empty}
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Group p="md" gap="md" wrap="wrap" align="flex-start">
              <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} query={list} />
              <NativeSelect
                label={T.statusFilterLabel}
                w={170}
                value={status}
                onChange={(e) => setStatus(e.currentTarget.value as ListedStatus | '')}
                data={[
                  { value: '', label: T.statusAll },
                  ...LISTED_STATUSES.map((s) => ({ value: s, label: T.statusLabels[s] ?? s })),
                ]}
              />
              <Group gap="xs" mt={24} ml="auto">
                <Button
                  variant="default"
                  loading={exporter.isPending && exporter.variables?.format === 'xlsx'}
                  disabled={exporter.isPending}
                  onClick={() => void exportAs('xlsx')}
                  loaderProps={{ 'aria-label': T.exporting }}
                >
                  {T.exportXlsx}
                </Button>
                <Button
                  variant="subtle"
                  loading={exporter.isPending && exporter.variables?.format === 'csv'}
                  disabled={exporter.isPending}
                  onClick={() => void exportAs('csv')}
                >
                  {T.exportCsv}
                </Button>
              </Group>
            </Group>
          }
        >
          {rows.map((a) => (
            <Table.Tr key={a.applicationId}>
              <Table.Td>
                <Anchor component={Link} to={`/applications/${a.applicationId}`}>
                  {a.number}
                </Anchor>
              </Table.Td>
              <Table.Td>{a.applicantCompanyName ?? a.primaryEmail}</Table.Td>
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
