import { Button, Container, Group, NativeSelect, Stack, Table } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { useState } from 'react';
import { EmptyCard } from '../../../components/empty-card';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { type TemplateStatus, useTemplates } from '../api/pdf-templates-api';
import { TemplateActionsMenu, TemplateNameLink, useTemplateActions } from '../components/template-actions';
import { TemplateStatusBadge, UpdatedDate } from '../components/template-cells';
import { UploadTemplateDialog } from '../components/upload-template-dialog';

const STATUS_OPTIONS: { value: '' | TemplateStatus; label: string }[] = [
  { value: '', label: T.statusAllCurrent },
  { value: 'active', label: T.statusActive },
  { value: 'inactive', label: T.statusInactive },
  { value: 'archived', label: T.statusArchived },
];

const COLUMNS: ListColumn[] = [
  { key: 'name', label: T.nameColumn },
  { key: 'status', label: UI_TEXT.statusColumn },
  { key: 'pages', label: T.pagesColumn, align: 'right' },
  { key: 'fields', label: T.fieldsColumn, align: 'right' },
  { key: 'updated', label: T.updatedColumn },
  { key: 'actions', label: UI_TEXT.actionsColumn, align: 'right' },
];

/** /pdf-mapping (the admin home): the PDF templates, searched, filtered and paged by the server. */
export function PdfMappingPage() {
  const search = useSearchText();
  const [status, setStatus] = useState<'' | TemplateStatus>('');
  const [isUploading, setUploading] = useState(false);
  // a new search starts at its first page
  const paging = usePaging(`${search.query}|${status}`, 10);
  const templates = useTemplates({
    page: paging.page,
    pageSize: paging.pageSize,
    q: search.query,
    status: status || undefined,
  });
  const actions = useTemplateActions();

  const data = templates.data;
  const total = data?.total ?? 0;
  const isFirstEmpty = data !== undefined && total === 0 && !search.query && !status;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={UI_TEXT.pdfMappingTitle}
          description={T.listLead}
          actions={<Button onClick={() => setUploading(true)}>{T.uploadButton}</Button>}
        />
        {isFirstEmpty ? (
          <EmptyCard
            title={T.emptyTitle}
            text={T.emptyText}
            action={
              <Button mt="sm" onClick={() => setUploading(true)}>
                {T.uploadButton}
              </Button>
            }
          />
        ) : (
          <ListTable
            query={templates}
            columns={COLUMNS}
            minWidth={760}
            rowCount={data?.items.length ?? 0}
            errorTitle={T.listError}
            retryLabel={T.retry}
            emptyText={status === 'archived' && !search.query ? T.noArchived : T.noMatch}
            pager={{ paging, total, rangeText: T.range }}
            toolbar={
              <Group p="md" gap="md" wrap="wrap" align="flex-start">
                <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} query={templates} />
                <NativeSelect
                  label={T.statusFilterLabel}
                  w={{ base: '100%', sm: 200 }}
                  data={STATUS_OPTIONS}
                  value={status}
                  onChange={(event) => setStatus(event.currentTarget.value as '' | TemplateStatus)}
                />
              </Group>
            }
          >
            {data?.items.map((template) => (
              <Table.Tr key={template.templateId} data-testid="template-row">
                <Table.Td>
                  <TemplateNameLink template={template} />
                </Table.Td>
                <Table.Td>
                  <TemplateStatusBadge status={template.status} />
                </Table.Td>
                <Table.Td ta="right">{template.pageCount}</Table.Td>
                <Table.Td ta="right">{template.fieldCount}</Table.Td>
                <Table.Td>
                  <UpdatedDate template={template} />
                </Table.Td>
                <Table.Td>
                  <TemplateActionsMenu template={template} actions={actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
      <UploadTemplateDialog opened={isUploading} onClose={() => setUploading(false)} />
      {actions.dialog}
    </Container>
  );
}
