import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Drawer,
  Group,
  Menu,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { DICTIONARY_TYPES, type Dictionary } from '@under/core/templates/dictionary.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { useState } from 'react';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { type DictionariesParams, useDeleteDictionary, useDictionaries } from '../api/library-api';
import { DictionaryForm } from '../components/dictionary-form';
import { PushDialog } from '../components/push-dialog';

type Editing = { mode: 'new' } | { mode: 'edit'; entry: Dictionary } | null;

const COLUMNS: ListColumn[] = [
  { key: 'key', label: T.keyColumn },
  { key: 'label', label: T.labelColumn },
  { key: 'type', label: T.typeColumn },
  { key: 'flags', label: T.flagsColumn },
  { key: 'updated', label: T.updatedColumn },
  { key: 'actions', label: T.actionsColumn, width: 80 },
];

/** /admin/dictionaries: the dictionary entries, searched and paged by the server, edited in a drawer. */
export function DictionariesPage() {
  const search = useSearchText();
  const [type, setType] = useState<DictionariesParams['type']>('');
  // a new search starts at its first page
  const paging = usePaging(`${search.query}|${type}`);
  const { page, pageSize } = paging;
  const list = useDictionaries({ page, pageSize, q: search.query, type });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Dictionary | null>(null);
  const [pushing, setPushing] = useState<{ id: string; name: string } | null>(null);

  const data = list.data;
  const total = data?.total ?? 0;
  const isFiltered = Boolean(search.query || type);
  if (data && !list.isFetching) paging.keepInRange(total);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.dictionariesTitle}
          description={T.dictionariesLead}
          actions={<Button onClick={() => setEditing({ mode: 'new' })}>{T.newDictionary}</Button>}
        />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={820}
          rowCount={data?.items.length ?? 0}
          errorTitle={T.loadError}
          retryLabel={T.retry}
          emptyText={isFiltered ? T.noDictionariesFound : T.noDictionaries}
          emptyAction={
            isFiltered ? null : (
              <Button variant="light" onClick={() => setEditing({ mode: 'new' })}>
                {T.newDictionary}
              </Button>
            )
          }
          pager={{ paging, total, rangeText: T.dictionariesRange }}
          toolbar={
            <Group p="md" gap="md" wrap="wrap" align="flex-start">
              <ListSearch
                search={search}
                label={T.searchDictionariesLabel}
                placeholder={T.searchDictionariesPlaceholder}
                query={list}
                width={320}
              />
              <NativeSelect
                label={T.filterTypeLabel}
                w={{ base: '100%', sm: 180 }}
                value={type}
                onChange={(event) => setType(event.currentTarget.value as DictionariesParams['type'])}
                data={[
                  { value: '', label: T.allTypes },
                  ...DICTIONARY_TYPES.map((t) => ({ value: t, label: T.typeNames[t] })),
                ]}
              />
            </Group>
          }
        >
          {data?.items.map((entry) => (
            <DictionaryRow
              key={entry.id}
              entry={entry}
              onEdit={() => setEditing({ mode: 'edit', entry })}
              onPush={() => setPushing({ id: entry.id, name: entry.name })}
              onDelete={() => setDeleting(entry)}
            />
          ))}
        </ListTable>
      </Stack>

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size={640}
        // a stray click beside the drawer must not throw away a half-written entry
        closeOnClickOutside={false}
        title={editing?.mode === 'edit' ? T.editDictionaryTitle(editing.entry.name) : T.newDictionaryTitle}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      >
        {editing ? (
          <DictionaryForm
            key={editing.mode === 'edit' ? editing.entry.id : 'new'}
            entry={editing.mode === 'edit' ? editing.entry : undefined}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Drawer>

      <DeleteDialog entry={deleting} onClose={() => setDeleting(null)} />
      <PushDialog kind="dictionary" target={pushing} onClose={() => setPushing(null)} />
    </Container>
  );
}

/** Asks before deleting; a refusal of the server (the entry is in use) stays in the dialog. */
function DeleteDialog({ entry, onClose }: { entry: Dictionary | null; onClose: () => void }) {
  const remove = useDeleteDictionary();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      title={T.deleteTitle}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      <Stack gap="lg">
        <Text>{entry ? T.deleteMessage(entry.name) : null}</Text>
        {remove.error ? (
          <Alert color="red" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {UI_TEXT.cancelButton}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!entry) return;
              remove.mutate(entry.id, {
                onSuccess: () => {
                  notifySuccess(T.entryDeleted);
                  close();
                },
              });
            }}
          >
            {T.deleteConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DictionaryRow({
  entry,
  onEdit,
  onPush,
  onDelete,
}: {
  entry: Dictionary;
  onEdit: () => void;
  onPush: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr data-testid="dictionary-row">
      <Table.Td>
        <Anchor component="button" type="button" fw={600} size="sm" ff="monospace" onClick={onEdit}>
          {entry.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.label}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{T.typeNames[entry.type]}</Text>
        {entry.dataType && entry.dataType !== entry.type ? (
          <Text size="xs" c="dimmed">
            {T.dataTypeColumn}: {T.typeNames[entry.dataType]}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {entry.require ? (
            <Badge variant="light" color="blue" c="dark">
              {T.requiredFlag}
            </Badge>
          ) : null}
          {entry.encrypted ? (
            <Badge variant="light" color="grape" c="dark">
              {T.encryptedFlag}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(entry.updatedAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={T.rowActions(entry.name)}>
              <span aria-hidden>⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onEdit}>{T.editAction}</Menu.Item>
            <Menu.Item onClick={onPush}>{T.pushAction}</Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={onDelete}>
              {T.deleteAction}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
