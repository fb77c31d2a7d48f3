import { Badge, Container, Group, Stack, Table } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { ADMIN_APPLICATIONS_TEXT as T } from '../admin-applications-text';
import { useApplicationMembers } from '../api/admin-applications-api';
import { FormScreenHeader, useFormRoute } from '../components/form-screen-header';

const COLUMNS: ListColumn[] = [
  { key: 'name', label: T.colName },
  { key: 'email', label: T.colMemberEmail },
  { key: 'role', label: T.colRole },
  { key: 'applications', label: T.colApplications, width: 130 },
  { key: 'last', label: T.colLastActivity },
];

/**
 * /accounts/{companyName}/{companyId}/{formId}/members (admin): the people on the form's applications, one row per
 * e-mail (primary applicants and additional owners), newest activity first; searched by name or e-mail, paged.
 */
export function ApplicationMembersPage() {
  const { companyId, formId } = useFormRoute();
  const search = useSearchText();
  const paging = usePaging(search.query);
  const list = useApplicationMembers({
    companyId,
    formId,
    page: paging.page,
    pageSize: paging.pageSize,
    ...(search.query ? { q: search.query } : {}),
  });
  const total = list.data?.total ?? 0;
  if (list.data) paging.keepInRange(total);
  const rows = list.data?.items ?? [];
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <FormScreenHeader screen="members" />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={820}
          rowCount={rows.length}
          errorTitle={T.membersError}
          emptyText={search.query ? T.membersNoMatch : MESSAGES.noData}
          pager={{ paging, total, rangeText: T.membersRange }}
          toolbar={
            <Group p="md">
              <ListSearch
                search={search}
                label={T.membersSearchLabel}
                placeholder={T.membersSearchPlaceholder}
                query={list}
              />
            </Group>
          }
        >
          {rows.map((m) => (
            <Table.Tr key={m.email} data-testid="application-member-row">
              <Table.Td>{m.name ?? '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
              <Table.Td>
                <Badge variant={m.role === 'primary' ? 'light' : 'outline'}>{T.roles[m.role] ?? m.role}</Badge>
              </Table.Td>
              <Table.Td>{m.applications}</Table.Td>
              <Table.Td>{formatDate(m.lastActivityAt, 'MMM dd, yyyy')}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Container>
  );
}
