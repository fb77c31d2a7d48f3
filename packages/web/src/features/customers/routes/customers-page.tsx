import { Anchor, Button, Container, Stack, Table } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { CUSTOMERS_TEXT as T } from '@under/core/ui-text/client-customers';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components/list-table';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { pageOf, useSearchPaging } from '../../../lib/use-list-page';
import { useCustomers } from '../api/invites-api';

const COLUMNS: ListColumn[] = [
  { key: 'email', label: T.colEmail },
  { key: 'company', label: T.colCompany },
  { key: 'applications', label: T.colApplications, width: 120 },
  { key: 'statuses', label: T.colStatuses },
  { key: 'last', label: T.colLastActivity },
];

/** /customers: the company's applicants, one per e-mail, with their applications (issue 14 Customers). */
export function CustomersPage() {
  const { search, paging, pageQuery } = useSearchPaging();
  const list = useCustomers(pageQuery);
  const { total, rows } = pageOf(list.data, paging);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.listTitle}
          description={T.listLead}
          actions={
            <Button component={Link} to="/create-customer">
              {T.inviteButton}
            </Button>
          }
        />
        <ListTable
          query={list}
          search={{
            search,
            label: T.listSearchLabel,
            placeholder: T.listSearchPlaceholder,
            noMatchText: T.listNoMatch,
          }}
          columns={COLUMNS}
          minWidth={860}
          label={T.listTitle}
          rowCount={rows.length}
          errorTitle={T.listError}
          retryLabel={T.retry}
          emptyText={T.listEmpty}
          pager={{ paging, total, rangeText: T.range }}
        >
          {rows.map((c) => (
            <Table.Tr key={c.email}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor
                  component={Link}
                  to={`/applications/${c.latestApplicationId}`}
                  aria-label={`${T.openLatest}: ${c.email}`}
                >
                  {c.email}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {c.companyName ? (
                  <Anchor component={Link} to={`/applications/company/${encodeURIComponent(c.companyName)}`}>
                    {c.companyName}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{c.applications}</Table.Td>
              <Table.Td>{T.statusSummary(c.byStatus)}</Table.Td>
              <Table.Td>{formatDate(c.lastActivityAt, 'MMM dd, yyyy')}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Container>
  );
}
