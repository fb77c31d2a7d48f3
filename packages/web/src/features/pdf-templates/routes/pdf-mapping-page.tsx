import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SEARCH_MAX } from '@under/core/constants';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/http-error';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { type TemplateStatus, useTemplates } from '../api/pdf-templates-api';
import { TemplateActionsMenu, TemplateNameLink, useTemplateActions } from '../components/template-actions';
import { SkeletonRows, TemplateStatusBadge, UpdatedDate } from '../components/template-cells';
import { UploadTemplateDialog } from '../components/upload-template-dialog';

const STATUS_OPTIONS: { value: '' | TemplateStatus; label: string }[] = [
  { value: '', label: T.statusAllCurrent },
  { value: 'active', label: T.statusActive },
  { value: 'inactive', label: T.statusInactive },
  { value: 'archived', label: T.statusArchived },
];

const COLUMNS = 6;

/** /pdf-mapping (the admin home): the PDF templates, searched, filtered and paged by the server. */
export function PdfMappingPage() {
  const search = useSearchText();
  const [status, setStatus] = useState<'' | TemplateStatus>('');
  const [isUploading, setUploading] = useState(false);
  // a new search starts at its first page
  const paging = usePaging(`${search.query}|${status}`, 10);
  const { page, setPage, pageSize } = paging;
  const templates = useTemplates({ page, pageSize, q: search.query, status: status || undefined });
  const actions = useTemplateActions();

  const data = templates.data;
  const total = data?.total ?? 0;
  const { pages, from, to } = paging.of(total);
  const isFirstEmpty = data !== undefined && total === 0 && !search.query && !status;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={UI_TEXT.pdfMappingTitle}
          description={T.listLead}
          actions={<Button onClick={() => setUploading(true)}>{T.uploadButton}</Button>}
        />
        {templates.isError && !data ? (
          <Alert color="red" role="alert" title={T.listError}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(templates.error)}</Text>
              <Button size="xs" variant="white" onClick={() => void templates.refetch()}>
                {T.retry}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {isFirstEmpty ? (
          <Paper withBorder p="xl" radius="md">
            <Stack align="center" gap="sm" py="lg">
              <Title order={2} fz="lg">
                {T.emptyTitle}
              </Title>
              <Text c="dimmed" ta="center" maw={460}>
                {T.emptyText}
              </Text>
              <Button mt="sm" onClick={() => setUploading(true)}>
                {T.uploadButton}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="md">
            <Group p="md" gap="md" wrap="wrap" align="flex-start">
              <TextInput
                label={T.searchLabel}
                placeholder={T.searchPlaceholder}
                type="search"
                maxLength={SEARCH_MAX}
                w={{ base: '100%', sm: 340 }}
                value={search.text}
                error={search.error}
                onChange={(event) => search.setText(event.currentTarget.value)}
                rightSection={templates.isFetching && data ? <Loader size="xs" aria-label={UI_TEXT.loading} /> : null}
              />
              <NativeSelect
                label={T.statusFilterLabel}
                w={{ base: '100%', sm: 200 }}
                data={STATUS_OPTIONS}
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value as '' | TemplateStatus)}
              />
            </Group>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.nameColumn}</Table.Th>
                    <Table.Th>{UI_TEXT.statusColumn}</Table.Th>
                    <Table.Th ta="right">{T.pagesColumn}</Table.Th>
                    <Table.Th ta="right">{T.fieldsColumn}</Table.Th>
                    <Table.Th>{T.updatedColumn}</Table.Th>
                    <Table.Th ta="right">{UI_TEXT.actionsColumn}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {templates.isPending ? <SkeletonRows columns={COLUMNS} /> : null}
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
                  {data && data.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS}>
                        <Text ta="center" c="dimmed" py="xl">
                          {status === 'archived' && !search.query ? T.noArchived : T.noMatch}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <TablePager
              page={page}
              pages={pages}
              onPage={setPage}
              rangeText={T.range(from, to, total)}
              pageSize={pageSize}
              onPageSize={paging.setPageSize}
            />
          </Paper>
        )}
      </Stack>
      <UploadTemplateDialog opened={isUploading} onClose={() => setUploading(false)} />
      {actions.dialog}
    </Container>
  );
}
