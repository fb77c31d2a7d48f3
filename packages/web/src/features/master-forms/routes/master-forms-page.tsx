import { Anchor, Badge, Button, Container, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { CC_MAPPER_TEXT } from '@under/core/ui-text/admin-cardconnect-mapper';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { type MasterFormWithTotal, useMasterForms } from '../api/master-forms-api';
import { CreateMasterFormDialog } from '../components/create-master-form-dialog';
import { dateTime, SettingsDialog } from '../components/settings-dialog';
import { MODE_LABELS } from '../components/update-mode-settings';

type StatusFilter = '' | 'active' | 'inactive';
const COLUMNS: ListColumn[] = [
  { key: 'name', label: T.nameColumn },
  { key: 'status', label: T.statusColumn },
  { key: 'version', label: T.versionColumn },
  { key: 'mode', label: T.modeColumn },
  { key: 'access', label: T.accessColumn },
  { key: 'total', label: T.totalFormColumn, align: 'right' },
  { key: 'updated', label: T.updatedColumn },
  { key: 'actions', label: T.actionsColumn },
];

/** Admin "Templates": the master forms, their status, version, update mode, access and client forms. */
export function MasterFormsPage() {
  const forms = useMasterForms();
  const search = useSearchText();
  const [status, setStatus] = useState<StatusFilter>('');
  const [isCreating, setCreating] = useState(false);
  const [settingsId, setSettingsId] = useState<string>();
  // a new search or filter starts at its first page
  const paging = usePaging(`${search.query}|${status}`);

  // the list answers whole (there are tens of master forms, not thousands): searched and paged here
  const matching = useMemo(() => {
    const q = search.query.toLowerCase();
    return (forms.data ?? [])
      .filter((f) => f.status !== 'archived')
      .filter((f) => !status || f.status === status)
      .filter((f) => !q || f.name.toLowerCase().includes(q))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }, [forms.data, search.query, status]);
  const total = matching.length;
  const shown = paging.of(total);
  const rows = matching.slice(shown.from - 1, shown.to);
  const settingsForm = forms.data?.find((f) => f.formId === settingsId);
  const isFiltered = Boolean(search.query || status);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.title}
          description={T.lead}
          actions={<Button onClick={() => setCreating(true)}>{T.newButton}</Button>}
        />
        <ListTable
          query={forms}
          columns={COLUMNS}
          minWidth={960}
          rowCount={rows.length}
          errorTitle={T.listError}
          retryLabel={T.retry}
          emptyText={
            isFiltered ? (
              T.noMatch
            ) : (
              <Stack align="center" gap={4}>
                <Text fw={600}>{T.emptyTitle}</Text>
                <Text c="dimmed" size="sm">
                  {T.emptyText}
                </Text>
              </Stack>
            )
          }
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Group p="md" gap="md" wrap="wrap" align="flex-start">
              <ListSearch search={search} label={T.searchLabel} placeholder={T.searchPlaceholder} query={forms} />
              <NativeSelect
                label={T.statusFilterLabel}
                w={160}
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value as StatusFilter)}
                data={[
                  { value: '', label: T.statusAll },
                  { value: 'active', label: T.statusActive },
                  { value: 'inactive', label: T.statusInactive },
                ]}
              />
            </Group>
          }
        >
          {rows.map((form) => (
            <FormRow key={form.formId} form={form} onSettings={() => setSettingsId(form.formId)} />
          ))}
        </ListTable>
      </Stack>
      <CreateMasterFormDialog opened={isCreating} onClose={() => setCreating(false)} />
      <SettingsDialog form={settingsForm} onClose={() => setSettingsId(undefined)} />
    </Container>
  );
}

function FormRow({ form, onSettings }: { form: MasterFormWithTotal; onSettings: () => void }) {
  const designPath = form.templateId ? `/layout-universal-form/${form.templateId}/${form.formId}` : undefined;
  return (
    <Table.Tr data-testid="master-form-row">
      <Table.Td>
        <Text size="sm" fw={600}>
          {form.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={form.status === 'active' ? 'green' : 'gray'} variant="dot" tt="none" fw={500} miw="max-content">
          {form.status === 'active' ? T.statusActive : T.statusInactive}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{form.version > 0 ? T.versionNumber(form.version) : T.notPublished}</Text>
        {form.hasUnpublishedChanges && form.version > 0 ? (
          <Text size="xs" c="orange.9">
            {T.unpublishedChanges}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{MODE_LABELS[form.updateMode]}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{form.access === 'global' ? T.accessGlobal : T.accessLimited}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{form.totalForm}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dateTime.format(new Date(form.updatedAt))}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {designPath ? (
            <Anchor component={Link} to={designPath} size="sm" aria-label={T.designLayoutOf(form.name)}>
              {T.designLayout}
            </Anchor>
          ) : null}
          <Anchor
            component={Link}
            to={`/card-connect-mapper/${form.formId}`}
            size="sm"
            aria-label={CC_MAPPER_TEXT.openMapperOf(form.name)}
          >
            {CC_MAPPER_TEXT.openMapper}
          </Anchor>
          <Button size="compact-sm" variant="default" onClick={onSettings} aria-label={T.settingsOf(form.name)}>
            {T.settingsButton}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
