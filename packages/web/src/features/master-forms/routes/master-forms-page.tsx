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
import { UI_TEXT } from '@under/core/ui-text';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/http-error';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { type MasterFormWithTotal, useMasterForms } from '../api/master-forms-api';
import { CreateMasterFormDialog } from '../components/create-master-form-dialog';
import { dateTime, SettingsDialog } from '../components/settings-dialog';
import { MODE_LABELS } from '../components/update-mode-settings';

type StatusFilter = '' | 'active' | 'inactive';
const COLUMNS = 8;

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
              rightSection={forms.isFetching && forms.data ? <Loader size="xs" aria-label={UI_TEXT.loading} /> : null}
            />
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
          {forms.isError ? (
            <Alert color="red" role="alert" title={T.listError} m="md">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(forms.error)}</Text>
                <Button size="xs" variant="default" onClick={() => void forms.refetch()}>
                  {T.retry}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={960}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.nameColumn}</Table.Th>
                    <Table.Th>{T.statusColumn}</Table.Th>
                    <Table.Th>{T.versionColumn}</Table.Th>
                    <Table.Th>{T.modeColumn}</Table.Th>
                    <Table.Th>{T.accessColumn}</Table.Th>
                    <Table.Th ta="right">{T.totalFormColumn}</Table.Th>
                    <Table.Th>{T.updatedColumn}</Table.Th>
                    <Table.Th>{T.actionsColumn}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {forms.isPending ? <SkeletonRows /> : null}
                  {rows.map((form) => (
                    <FormRow key={form.formId} form={form} onSettings={() => setSettingsId(form.formId)} />
                  ))}
                  {forms.data && total === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS}>
                        {isFiltered ? (
                          <Text ta="center" c="dimmed" py="xl">
                            {T.noMatch}
                          </Text>
                        ) : (
                          <Stack align="center" gap={4} py="xl">
                            <Text fw={600}>{T.emptyTitle}</Text>
                            <Text c="dimmed" size="sm">
                              {T.emptyText}
                            </Text>
                          </Stack>
                        )}
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
            rangeText={T.range(shown.from, shown.to, total)}
            pageSize={paging.pageSize}
            onPageSize={paging.setPageSize}
          />
        </Paper>
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
          <Button size="compact-sm" variant="default" onClick={onSettings} aria-label={T.settingsOf(form.name)}>
            {T.settingsButton}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <Table.Tr key={row}>
          {Array.from({ length: COLUMNS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <Table.Td key={i}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
