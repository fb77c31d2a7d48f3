import { Alert, Button, Container, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { SEARCH_MAX } from '@under/core/constants';
import type { PdfTemplateSummary } from '@under/core/templates/pdf-template.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/http-error';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useTemplates } from '../api/pdf-templates-api';
import { TemplateNameLink, templateRoutes, useTemplateActions } from '../components/template-actions';
import { SkeletonRows, UpdatedDate } from '../components/template-cells';

const PAGE_SIZE = 10;
const COLUMNS = 6;

/** /view-mapped-pdf: the templates with a saved mapping, their mapping version and the review PDF. */
export function ViewMappedPdfPage() {
  const search = useSearchText();
  const paging = usePaging(search.query, PAGE_SIZE);
  const mapped = useTemplates({ page: paging.page, pageSize: PAGE_SIZE, q: search.query, mapped: true });
  const actions = useTemplateActions();
  const total = mapped.data?.total ?? 0;
  const shown = paging.of(total);
  const visible = mapped.data?.items ?? [];
  const isEmpty = mapped.data !== undefined && total === 0 && !search.query;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.mappedTitle} description={T.mappedLead} />
        {mapped.isError ? (
          <Alert color="red" role="alert" title={T.listError}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(mapped.error)}</Text>
              <Button size="xs" variant="white" onClick={() => void mapped.refetch()}>
                {T.retry}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {isEmpty ? (
          <Paper withBorder p="xl" radius="md">
            <Stack align="center" gap="sm" py="lg">
              <Title order={2} fz="lg">
                {T.mappedEmptyTitle}
              </Title>
              <Text c="dimmed" ta="center" maw={460}>
                {T.mappedEmptyText}
              </Text>
              <Button component={Link} to="/pdf-mapping" mt="sm" variant="light">
                {UI_TEXT.pdfMappingTitle}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="md">
            <Group p="md">
              <TextInput
                label={T.searchLabel}
                placeholder={T.searchPlaceholder}
                type="search"
                maxLength={SEARCH_MAX}
                w={{ base: '100%', sm: 340 }}
                value={search.text}
                error={search.error}
                onChange={(event) => search.setText(event.currentTarget.value)}
              />
            </Group>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.nameColumn}</Table.Th>
                    <Table.Th ta="right">{T.pagesColumn}</Table.Th>
                    <Table.Th ta="right">{T.fieldsColumn}</Table.Th>
                    <Table.Th>{T.versionColumn}</Table.Th>
                    <Table.Th>{T.updatedColumn}</Table.Th>
                    <Table.Th ta="right">{UI_TEXT.actionsColumn}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mapped.isPending ? <SkeletonRows columns={COLUMNS} /> : null}
                  {visible.map((template) => (
                    <MappedRow
                      key={template.templateId}
                      template={template}
                      isReviewing={actions.reviewingId === template.templateId}
                      onReview={() => actions.review(template)}
                    />
                  ))}
                  {mapped.data && visible.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS}>
                        <Text ta="center" c="dimmed" py="xl">
                          {T.noMatch}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <TablePager
              page={shown.page}
              pages={shown.pages}
              onPage={paging.setPage}
              rangeText={T.range(shown.from, shown.to, total)}
            />
          </Paper>
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
