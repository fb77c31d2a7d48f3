import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { SEARCH_MAX } from '@under/core/constants';
import { formatDate } from '@under/core/forms/format';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/http-error';
import { usePaging } from '../../../lib/use-paging';
import { useProcessors } from '../../../lib/use-processors';
import { useSearchText } from '../../../lib/use-search-text';
import { useSections } from '../api/library-api';
import { countFields } from '../lib/section-values';

/** /admin/view-sections: the sections, searched by the server (it answers all matches), paged here. */
export function SectionsPage() {
  const search = useSearchText();
  const [processor, setProcessor] = useState('');
  const paging = usePaging(`${search.query}|${processor}`);
  const list = useSections(search.query, processor);
  const processors = useProcessors();
  const processorName = (id: string) => processors.data?.find((p) => p.id === id)?.name ?? id;

  const all = list.data ?? [];
  const total = all.length;
  const shown = paging.of(total);
  const rows = all.slice(shown.from - 1, shown.to);
  const isFiltered = Boolean(search.query || processor);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.sectionsTitle}
          description={T.sectionsLead}
          actions={
            <Button component={Link} to="/new-section">
              {T.newSection}
            </Button>
          }
        />
        <Paper withBorder radius="md">
          <Group p="md" gap="md" wrap="wrap" align="flex-start">
            <TextInput
              label={T.searchSectionsLabel}
              placeholder={T.searchSectionsPlaceholder}
              type="search"
              maxLength={SEARCH_MAX}
              w={{ base: '100%', sm: 320 }}
              value={search.text}
              error={search.error}
              onChange={(event) => search.setText(event.currentTarget.value)}
              rightSection={list.isFetching && list.data ? <Loader size="xs" aria-label={UI_TEXT.loading} /> : null}
            />
            <NativeSelect
              label={T.processorFilterLabel}
              w={{ base: '100%', sm: 200 }}
              value={processor}
              onChange={(event) => setProcessor(event.currentTarget.value)}
              data={[
                { value: '', label: T.allProcessors },
                ...(processors.data ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          </Group>
          {list.isError && !list.data ? (
            <Alert color="red" role="alert" m="md" title={T.loadError}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(list.error)}</Text>
                <Button size="xs" variant="default" onClick={() => void list.refetch()}>
                  {T.retry}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.sectionKeyColumn}</Table.Th>
                    <Table.Th>{T.labelColumn}</Table.Th>
                    <Table.Th>{T.titleColumn}</Table.Th>
                    <Table.Th>{T.processorsColumn}</Table.Th>
                    <Table.Th>{T.fieldsColumn}</Table.Th>
                    <Table.Th>{T.versionColumn}</Table.Th>
                    <Table.Th>{T.updatedColumn}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isPending
                    ? [0, 1, 2].map((row) => (
                        <Table.Tr key={row}>
                          {[0, 1, 2, 3, 4, 5, 6].map((cell) => (
                            <Table.Td key={cell}>
                              <Skeleton height={14} radius="sm" />
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))
                    : null}
                  {rows.map((section) => (
                    <Table.Tr key={section.sectionId} data-testid="section-row">
                      <Table.Td>
                        <Anchor component={Link} to={`/section/${section.sectionId}`} fw={600} size="sm" ff="monospace">
                          {section.keySection}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{section.label}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={section.title ? undefined : 'dimmed'}>
                          {section.title || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {section.processors.map((id) => (
                            <Badge key={id} variant="light" color="gray" c="dark" tt="none">
                              {processorName(id)}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{countFields(section.components)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{section.version}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(section.updatedAt)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {list.data && total === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Stack align="center" gap="sm" py="xl">
                          <Text c="dimmed">{isFiltered ? T.noSectionsFound : T.noSections}</Text>
                          {isFiltered ? null : (
                            <Button variant="light" component={Link} to="/new-section">
                              {T.newSection}
                            </Button>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <TablePager
            page={shown.page}
            pages={shown.pages}
            onPage={paging.setPage}
            rangeText={T.sectionsRange(shown.from, shown.to, total)}
            pageSize={paging.pageSize}
            onPageSize={paging.setPageSize}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
