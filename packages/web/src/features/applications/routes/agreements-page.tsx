import { Anchor, Button, Container, Group, Stack, Table } from '@mantine/core';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { Link } from 'react-router';
import { day } from '../../../components/application-list';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifyError } from '../../../lib/notify';
import { pageOf, useSearchPaging } from '../../../lib/use-list-page';
import { useAgreements, useDocumentDownload } from '../api/applications-api';

const COLUMNS: ListColumn[] = [
  { key: 'document', label: T.colDocument },
  { key: 'application', label: T.colApplication, width: 110 },
  { key: 'company', label: T.colCompany },
  { key: 'form', label: T.colForm },
  { key: 'generated', label: T.colGenerated },
  { key: 'download', label: T.download, width: 120 },
];

/** /agreements: the sealed documents of every signed application of the company, searchable (issue 14). */
export function AgreementsPage() {
  const { search, paging, pageQuery } = useSearchPaging();
  const list = useAgreements(pageQuery);
  const download = useDocumentDownload();
  const { total, rows } = pageOf(list.data, paging);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.agreementsTitle} description={T.agreementsLead} />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={900}
          rowCount={rows.length}
          errorTitle={T.listError}
          retryLabel={T.retry}
          emptyText={search.query ? T.agreementsNoMatch : T.agreementsEmpty}
          pager={{ paging, total, rangeText: T.agreementsRange }}
          toolbar={
            <Group p="md">
              <ListSearch
                search={search}
                label={T.searchLabel}
                placeholder={T.agreementsSearchPlaceholder}
                query={list}
              />
            </Group>
          }
        >
          {rows.map((d) => (
            <Table.Tr key={d.documentId}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.name}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/applications/${d.applicationId}`}>
                  {T.colNumber} {d.applicationNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>{d.applicantCompanyName ?? '—'}</Table.Td>
              <Table.Td>{d.formName}</Table.Td>
              <Table.Td>{day(d.generatedAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`${T.download} ${d.name}`}
                  onClick={async () => {
                    try {
                      window.location.assign((await download(d.applicationId, d.documentId)).url);
                    } catch (e) {
                      notifyError(errorMessage(e));
                    }
                  }}
                >
                  {T.download}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Container>
  );
}
