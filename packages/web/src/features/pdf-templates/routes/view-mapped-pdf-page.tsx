import { Button, Container, Group, Stack, Table, Text } from '@mantine/core';
import type { PdfTemplateSummary } from '@under/core/templates/pdf-template.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { Link } from 'react-router';
import { EmptyCard } from '../../../components/empty-card';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useTemplates } from '../api/pdf-templates-api';
import { TemplateNameLink, templateRoutes, useTemplateActions } from '../components/template-actions';
import { UpdatedDate } from '../components/template-cells';

const PAGE_SIZE = 10;
const COLUMNS: ListColumn[] = [
  { key: 'name', label: T.nameColumn },
  { key: 'pages', label: T.pagesColumn, align: 'right' },
  { key: 'fields', label: T.fieldsColumn, align: 'right' },
  { key: 'version', label: T.versionColumn },
  { key: 'updated', label: T.updatedColumn },
  { key: 'actions', label: UI_TEXT.actionsColumn, align: 'right' },
];

/** /view-mapped-pdf: the templates with a saved mapping, their mapping version and the review PDF. */
export function ViewMappedPdfPage() {
  const search = useSearchText();
  const paging = usePaging(search.query, PAGE_SIZE);
  const mapped = useTemplates({ page: paging.page, pageSize: PAGE_SIZE, q: search.query, mapped: true });
  const actions = useTemplateActions();
  const total = mapped.data?.total ?? 0;
  const visible = mapped.data?.items ?? [];
  const isEmpty = mapped.data !== undefined && total === 0 && !search.query;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.mappedTitle} description={T.mappedLead} />
        {isEmpty ? (
          <EmptyCard
            title={T.mappedEmptyTitle}
            text={T.mappedEmptyText}
            action={
              <Button component={Link} to="/pdf-mapping" mt="sm" variant="light">
                {UI_TEXT.pdfMappingTitle}
              </Button>
            }
          />
        ) : (
          <ListTable
            query={mapped}
            columns={COLUMNS}
            minWidth={720}
            rowCount={visible.length}
            errorTitle={T.listError}
            retryLabel={T.retry}
            emptyText={T.noMatch}
            pager={{ paging, total, rangeText: T.range, isSizeFixed: true }}
            toolbar={
              <Group p="md">
                <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} />
              </Group>
            }
          >
            {visible.map((template) => (
              <MappedRow
                key={template.templateId}
                template={template}
                isReviewing={actions.reviewingId === template.templateId}
                onReview={() => actions.review(template)}
              />
            ))}
          </ListTable>
        )}
      </Stack>
      {actions.dialog}
    </Container>
  );
}

function MappedRow({
  template,
  isReviewing,
  onReview,
}: {
  template: PdfTemplateSummary;
  isReviewing: boolean;
  onReview: () => void;
}) {
  return (
    <Table.Tr data-testid="mapped-row">
      <Table.Td>
        <TemplateNameLink template={template} />
      </Table.Td>
      <Table.Td ta="right">{template.pageCount}</Table.Td>
      <Table.Td ta="right">{template.fieldCount}</Table.Td>
      <Table.Td>
        <Text size="sm">{T.versionLabel(template.mappingFieldsVersion)}</Text>
      </Table.Td>
      <Table.Td>
        <UpdatedDate template={template} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={templateRoutes(template.templateId).mapper}
            aria-label={`${T.editMapping}: ${template.name}`}
          >
            {T.editMapping}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={onReview}
            loading={isReviewing}
            aria-label={`${T.reviewPdf}: ${template.name}`}
          >
            {T.reviewPdf}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
