import { Anchor, Badge, Button, Container, Group, Menu, NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { CustomFormStatus, CustomFormSummary } from '@under/core/custom-forms/custom-form.schema';
import { MESSAGES } from '@under/core/messages';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { CUSTOMERS_TEXT } from '@under/core/ui-text/client-customers';
import { FORM_INTEGRATIONS_TEXT } from '@under/core/ui-text/client-form-integrations';
import { MAPPING_TEXT } from '@under/core/ui-text/client-integrations-mapping';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormIntegrationStatus } from '../../../lib/use-form-integration-status';
import { useKycConnection } from '../../../lib/use-kyc-connection';
import { useMe } from '../../../lib/use-me';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { InviteCustomerDialog } from '../../customers/components/invite-customer-dialog';
import { applicantLink, useCustomForms, useFormActions } from '../api/custom-forms-api';
import { useKycForms } from '../api/form-integrations-api';
import { PreviewDialog, RenameDialog, VersionsDialog } from '../components/form-dialogs';
import { FormIntegrationsCell } from '../components/form-integrations-cell';

type StatusFilter = '' | CustomFormStatus;
type Sort = 'updatedAt' | 'name' | 'createdAt';
const COLUMNS: ListColumn[] = [
  { key: 'name', label: T.nameColumn },
  { key: 'institution', label: T.institutionColumn },
  { key: 'status', label: T.statusColumn },
  { key: 'version', label: T.versionColumn },
  { key: 'integrations', label: FORM_INTEGRATIONS_TEXT.column },
  { key: 'actions', label: T.actionsColumn },
];
const CLIENT_ADMIN_ROLES = new Set(['ADMINISTRATOR', 'admin']);

const STATUS_LABELS: Record<CustomFormStatus, string> = {
  active: T.statusActive,
  inactive: T.statusInactive,
  archived: T.statusArchived,
};

/** /all-form: the company's forms, searched, filtered, sorted and paged on the server. */
export function FormsPage() {
  const me = useMe();
  const isAdmin = CLIENT_ADMIN_ROLES.has(me.data?.role ?? '');
  const search = useSearchText();
  const [status, setStatus] = useState<StatusFilter>('');
  const [sort, setSort] = useState<Sort>('updatedAt');
  const paging = usePaging(`${search.query}|${status}|${sort}`);
  const forms = useCustomForms({
    page: paging.page,
    pageSize: paging.pageSize,
    ...(search.query ? { q: search.query } : {}),
    ...(status ? { status } : {}),
    sort,
    order: sort === 'name' ? 'asc' : 'desc',
  });
  const actions = useFormActions();
  const [renaming, setRenaming] = useState<CustomFormSummary>();
  const [deactivating, setDeactivating] = useState<CustomFormSummary>();
  const [deleting, setDeleting] = useState<CustomFormSummary>();
  const [previewing, setPreviewing] = useState<CustomFormSummary>();
  const [history, setHistory] = useState<CustomFormSummary>();
  const [inviting, setInviting] = useState<CustomFormSummary>();
  const total = forms.data?.total ?? 0;
  if (forms.data) paging.keepInRange(total);
  const rows = forms.data?.items ?? [];
  const isFiltered = Boolean(search.query || status);
  const integrations = useFormIntegrationStatus(rows.map((f) => f.customFormId));
  const kycConnection = useKycConnection();
  const kycForms = useKycForms();

  async function run<R>(action: () => Promise<R>, done: (r: R) => string) {
    try {
      notifySuccess(done(await action()));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.title}
          description={isAdmin ? T.lead : T.readOnlyNote}
          actions={
            <Group gap="sm">
              <Button component={Link} to="/create-customer" variant="default">
                {CUSTOMERS_TEXT.inviteAction}
              </Button>
              {isAdmin ? (
                <Button component={Link} to="/create-form">
                  {T.createButton}
                </Button>
              ) : null}
            </Group>
          }
        />
        <ListTable
          query={forms}
          columns={COLUMNS}
          minWidth={1060}
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
                  { value: 'archived', label: T.statusArchived },
                ]}
              />
              <NativeSelect
                label={T.sortLabel}
                w={180}
                value={sort}
                onChange={(event) => setSort(event.currentTarget.value as Sort)}
                data={[
                  { value: 'updatedAt', label: T.sortUpdated },
                  { value: 'name', label: T.sortName },
                  { value: 'createdAt', label: T.sortCreated },
                ]}
              />
            </Group>
          }
        >
          {rows.map((form) => (
            <Table.Tr key={form.customFormId} data-testid="custom-form-row">
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/create-form?formId=${form.customFormId}`}
                  size="sm"
                  fw={600}
                  aria-label={T.openOf(form.name)}
                >
                  {form.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{form.institution}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={form.status === 'active' ? 'green' : 'gray'} variant="dot" tt="none" fw={500}>
                  {STATUS_LABELS[form.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{T.versionNumber(form.version)}</Text>
                {form.hasUpdate ? (
                  <Text size="xs" c="orange.9">
                    {T.updateAvailable}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <FormIntegrationsCell
                  form={form}
                  status={integrations.data?.items.find((i) => i.customFormId === form.customFormId)}
                  isLoading={integrations.isPending}
                  canManage={isAdmin}
                  kyc={
                    // no KYC line until both are known: a form is never shown as off while its config loads
                    kycConnection.data && kycForms.data
                      ? {
                          connected: kycConnection.data.state === 'connected',
                          active: kycForms.data.has(form.customFormId),
                        }
                      : undefined
                  }
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setPreviewing(form)}
                    aria-label={T.previewOf(form.name)}
                  >
                    {T.preview}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={T.copyLinkOf(form.name)}
                    onClick={() =>
                      void run(
                        () => navigator.clipboard.writeText(applicantLink(form.customFormId)),
                        () => T.linkCopied,
                      )
                    }
                  >
                    {T.copyLink}
                  </Button>
                  {isAdmin && form.status !== 'archived' ? (
                    <Button
                      size="compact-sm"
                      variant={form.status === 'active' ? 'default' : 'filled'}
                      aria-label={form.status === 'active' ? T.deactivateOf(form.name) : T.activateOf(form.name)}
                      loading={
                        actions.setStatus.isPending && actions.setStatus.variables?.customFormId === form.customFormId
                      }
                      onClick={() =>
                        form.status === 'active'
                          ? setDeactivating(form)
                          : void run(
                              () =>
                                actions.setStatus.mutateAsync({ customFormId: form.customFormId, status: 'active' }),
                              () => T.activated(form.name),
                            )
                      }
                    >
                      {form.status === 'active' ? T.deactivate : T.activate}
                    </Button>
                  ) : null}
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button size="compact-sm" variant="subtle" aria-label={`${T.actionsColumn}: ${form.name}`}>
                        …
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item component={Link} to={`/create-form?formId=${form.customFormId}`}>
                        {T.open}
                      </Menu.Item>
                      <Menu.Item onClick={() => setHistory(form)}>{T.versions}</Menu.Item>
                      <Menu.Item
                        component={Link}
                        to={`/all-form/sales-force-mapping-field/${form.masterFormId}/${form.customFormId}`}
                        aria-label={MAPPING_TEXT.formActionOf(form.name)}
                      >
                        {MAPPING_TEXT.formAction}
                      </Menu.Item>
                      {form.status === 'active' ? (
                        <Menu.Item onClick={() => setInviting(form)}>{CUSTOMERS_TEXT.inviteAction}</Menu.Item>
                      ) : null}
                      {isAdmin && form.status !== 'archived' ? (
                        <>
                          <Menu.Item onClick={() => setRenaming(form)}>{T.rename}</Menu.Item>
                          <Menu.Item
                            onClick={() =>
                              void run(
                                () => actions.clone.mutateAsync(form.customFormId),
                                () => T.cloned(`${form.name} Copy`),
                              )
                            }
                          >
                            {T.clone}
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            onClick={() => setDeleting(form)}
                            aria-label={T.deleteFormOf(form.name)}
                          >
                            {T.deleteForm}
                          </Menu.Item>
                        </>
                      ) : null}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
      <RenameDialog
        form={renaming}
        isBusy={actions.rename.isPending}
        onClose={() => setRenaming(undefined)}
        onSave={(name) => {
          const form = renaming;
          if (!form) return;
          void run(
            () => actions.rename.mutateAsync({ customFormId: form.customFormId, name }),
            () => {
              setRenaming(undefined);
              return T.saved;
            },
          );
        }}
      />
      <ConfirmDialog
        opened={Boolean(deactivating)}
        title={T.deactivateTitle}
        message={T.deactivateMessage(deactivating?.name ?? '')}
        confirmLabel={T.deactivate}
        isDanger
        isBusy={actions.setStatus.isPending}
        onCancel={() => setDeactivating(undefined)}
        onConfirm={() => {
          const form = deactivating;
          if (!form) return;
          void run(
            () => actions.setStatus.mutateAsync({ customFormId: form.customFormId, status: 'inactive' }),
            () => {
              setDeactivating(undefined);
              return T.deactivated(form.name);
            },
          );
        }}
      />
      <ConfirmDialog
        opened={Boolean(deleting)}
        title={MESSAGES.deleteConfirmTitle}
        message={T.deleteFormMessage(deleting?.name ?? '')}
        confirmLabel={T.deleteForm}
        isDanger
        isBusy={actions.remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const form = deleting;
          if (!form) return;
          setDeleting(undefined);
          void run(
            () => actions.remove.mutateAsync(form.customFormId),
            () => T.deleted(form.name),
          );
        }}
      />
      <PreviewDialog
        customFormId={previewing?.customFormId}
        name={previewing?.name ?? ''}
        onClose={() => setPreviewing(undefined)}
      />
      <VersionsDialog form={history} onClose={() => setHistory(undefined)} />
      <InviteCustomerDialog form={inviting} onClose={() => setInviting(undefined)} />
    </Container>
  );
}
