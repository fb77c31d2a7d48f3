import { Button, Container, Group, Stack, Table } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { SYNCABILITY_TEXT } from '@under/core/ui-text/client-form-integrations';
import { useState } from 'react';
import { ApplicationStateCells, StatusFilter, SubmittedDaysFilter } from '../../../components/application-list';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { sortColumns } from '../../../components/sort-column';
import { useApplicationFilters } from '../../../lib/use-application-filters';
import { pageOf } from '../../../lib/use-list-page';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { ADMIN_APPLICATIONS_TEXT as A } from '../admin-applications-text';
import { useFormApplications } from '../api/admin-applications-api';
import { FormScreenHeader, useFormRoute } from '../components/form-screen-header';
import { SyncabilityDialog } from '../components/syncability-dialog';

/** The sorts that mean something on one form's list (the form name is the same on every row). */
const SORTS = ['number', 'applicantCompanyName', 'status', 'submittedAt', 'updatedAt'] as const;

/**
 * /accounts/{companyName}/{companyId}/{formId}/applications (admin): one form's applications, searched, filtered by
 * status and submission days, sorted by column, paged with the spec's page sizes (issue 14). Admins read; the
 * decisions are the institution's.
 */
export function FormApplicationsPage() {
  const { companyId, formId } = useFormRoute();
  const search = useSearchText();
  // the client list's URL keys, so a link reads the same
  const { filters, set, badRange, isFiltered, clear, sortBy, query } = useApplicationFilters(SORTS);
  const filter = {
    companyId,
    formId,
    ...(search.query ? { q: search.query } : {}),
    ...query,
    sort: filters.sort,
    order: filters.order,
  };
  const paging = usePaging(JSON.stringify(filter));
  const list = useFormApplications({ page: paging.page, pageSize: paging.pageSize, ...filter });
  const { total, rows } = pageOf(list.data, paging);
  const filtered = !!search.query || isFiltered;
  const column = sortColumns(filters, sortBy);
  const [checking, setChecking] = useState<{ applicationId: string; number: number }>();
  const columns: ListColumn[] = [
    column('number', T.colNumber, 'number', 90),
    column('company', T.colCompany, 'applicantCompanyName'),
    column('email', A.colEmail),
    column('status', T.colStatus, 'status'),
    column('sign', T.colSign),
    column('submitted', T.colSubmitted, 'submittedAt'),
    column('updated', T.colUpdated, 'updatedAt'),
    column('syncability', SYNCABILITY_TEXT.title),
  ];

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <FormScreenHeader screen="applications" />
        <ListTable
          query={list}
          columns={columns}
          minWidth={1100}
          label={A.applicationsTable}
          rowCount={rows.length}
          errorTitle={T.listError}
          retryLabel={T.retry}
          // the spec's empty text; a filter that finds nothing says so
          emptyText={filtered ? T.noMatch : MESSAGES.noData}
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Group p="md" gap="md" wrap="wrap" align="flex-start">
              <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} query={list} />
              <StatusFilter
                value={filters.status}
                onChange={(status) => set({ status })}
                texts={T}
                w={{ base: '100%', xs: 170 }}
              />
              <SubmittedDaysFilter
                from={filters.from}
                to={filters.to}
                onChange={set}
                badRange={badRange}
                texts={T}
                w={{ base: '100%', xs: 170 }}
              />
              {filtered ? (
                <Button
                  variant="subtle"
                  mt={{ base: 0, xs: 25 }}
                  onClick={() => {
                    search.setText('');
                    clear();
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
              <ApplicationStateCells application={a} texts={T} />
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={`${SYNCABILITY_TEXT.check}: #${a.number}`}
                  onClick={() => setChecking({ applicationId: a.applicationId, number: a.number })}
                >
                  {SYNCABILITY_TEXT.check}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
      <SyncabilityDialog application={checking} companyId={companyId} onClose={() => setChecking(undefined)} />
    </Container>
  );
}
