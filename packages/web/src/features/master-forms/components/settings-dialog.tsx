import { Alert, Loader, Modal, Table, Tabs, Text } from '@mantine/core';
import type { MasterFormSummary } from '@under/core/templates/master-form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { errorMessage } from '../../../lib/http-error';
import { useVersions } from '../api/master-forms-api';
import { AccessSettings } from './access-settings';
import { GeneralSettings } from './general-settings';
import { UpdateModeSettings } from './update-mode-settings';

export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The settings of one master form: general and status, update mode, access, versions. */
export function SettingsDialog({ form, onClose }: { form: MasterFormSummary | undefined; onClose: () => void }) {
  return (
    <Modal
      opened={form !== undefined}
      onClose={onClose}
      title={form ? T.settingsOf(form.name) : ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      {form ? (
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="general">{T.tabGeneral}</Tabs.Tab>
            <Tabs.Tab value="mode">{T.tabMode}</Tabs.Tab>
            <Tabs.Tab value="access">{T.tabAccess}</Tabs.Tab>
            <Tabs.Tab value="versions">{T.tabVersions}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general">
            <GeneralSettings form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="mode">
            <UpdateModeSettings form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="access">
            <AccessSettings form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="versions">
            <Versions formId={form.formId} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </Modal>
  );
}

function Versions({ formId }: { formId: string }) {
  const versions = useVersions(formId);
  if (versions.isPending) return <Loader size="sm" role="status" aria-label={UI_TEXT.loading} />;
  if (versions.isError)
    return (
      <Alert color="red" role="alert" title={T.versionsError}>
        {errorMessage(versions.error)}
      </Alert>
    );
  if (versions.data.length === 0) return <Text c="dimmed">{T.versionsEmpty}</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.versionColumn}</Table.Th>
          <Table.Th>{T.publishedColumn}</Table.Th>
          <Table.Th>{T.mappingVersionColumn}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...versions.data]
          .sort((a, b) => b.version - a.version)
          .map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>{T.versionNumber(v.version)}</Table.Td>
              <Table.Td>{dateTime.format(new Date(v.publishedAt))}</Table.Td>
              <Table.Td>{v.mappingFieldsVersion}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
