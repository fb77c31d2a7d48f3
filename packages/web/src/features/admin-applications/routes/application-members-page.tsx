import { Badge, Container, Stack, Table } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';
import type { ListColumn } from '../../../components/list-table';
import { ListTable } from '../../../components/list-table';
import { pageOf, useSearchPaging } from '../../../lib/use-list-page';
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
  const { search, paging, pageQuery } = useSearchPaging();
  const list = useApplicationMembers({ companyId, formId, ...pageQuery });
  const { total, rows } = pageOf(list.data, paging);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <FormScreenHeader screen="members" />
        <ListTable
          query={list}
          search={{
            search,
            label: T.membersSearchLabel,
            placeholder: T.membersSearchPlaceholder,
            noMatchText: T.membersNoMatch,
          }}
          columns={COLUMNS}
          minWidth={820}
          label={T.membersTable}
          rowCount={rows.length}
          errorTitle={T.membersError}
          emptyText={MESSAGES.noData}
          pager={{ paging, total, rangeText: T.membersRange }}
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
