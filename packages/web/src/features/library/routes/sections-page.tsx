import { Anchor, Badge, Button, Container, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { usePaging } from '../../../lib/use-paging';
import { useProcessors } from '../../../lib/use-processors';
import { useSearchText } from '../../../lib/use-search-text';
import { useSections } from '../api/library-api';
import { countFields } from '../lib/section-values';

const COLUMNS: ListColumn[] = [
  { key: 'key', label: T.sectionKeyColumn },
  { key: 'label', label: T.labelColumn },
  { key: 'title', label: T.titleColumn },
  { key: 'processors', label: T.processorsColumn },
  { key: 'fields', label: T.fieldsColumn },
  { key: 'version', label: T.versionColumn },
  { key: 'updated', label: T.updatedColumn },
];

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
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={820}
          rowCount={rows.length}
          errorTitle={T.loadError}
          retryLabel={T.retry}
          emptyText={isFiltered ? T.noSectionsFound : T.noSections}
          emptyAction={
            isFiltered ? null : (
              <Button variant="light" component={Link} to="/new-section">
                {T.newSection}
              </Button>
            )
          }
          pager={{ paging, total, rangeText: T.sectionsRange }}
          toolbar={
            <Group p="md" gap="md" wrap="wrap" align="flex-start">
              <ListSearch
                search={search}
                label={T.searchSectionsLabel}
                placeholder={T.searchSectionsPlaceholder}
                query={list}
                width={320}
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
          }
        >
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
        </ListTable>
      </Stack>
    </Container>
  );
}
