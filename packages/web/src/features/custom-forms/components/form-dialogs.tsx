import { Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import type { CustomFormSummary } from '@under/core/custom-forms/custom-form.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useEffect, useState } from 'react';
import { FormRenderer } from '../../forms/components/form-renderer';
import { useCustomForm, useVersions } from '../api/custom-forms-api';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Renames a form. */
export function RenameDialog(props: {
  form: CustomFormSummary | undefined;
  isBusy: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  useEffect(() => setName(props.form?.name ?? ''), [props.form]);
  const trimmed = name.trim();
  return (
    <Modal
      opened={Boolean(props.form)}
      onClose={props.onClose}
      title={T.renameTitle}
      centered
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) props.onSave(trimmed);
        }}
      >
        <Stack>
          <TextInput
            label={T.nameLabel}
            value={name}
            maxLength={100}
            required
            data-autofocus
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={props.isBusy} disabled={!trimmed}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The applicant's view of a form, at desktop width or at 390 px. */
export function FormPreview(props: { form: FormDefinition; headerColor?: string; progressColor?: string }) {
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={width}
        onChange={(v) => setWidth(v as 'desktop' | 'phone')}
        data={[
          { value: 'desktop', label: T.previewDesktop },
          { value: 'phone', label: T.previewPhone },
        ]}
        w="fit-content"
      />
      <div
        data-testid="form-preview"
        style={{
          width: width === 'phone' ? 390 : '100%',
          maxWidth: '100%',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
          padding: 16,
        }}
      >
        <FormRenderer form={props.form} readOnly headerColor={props.headerColor} progressColor={props.progressColor} />
      </div>
    </Stack>
  );
}

/** Preview of a saved form. */
export function PreviewDialog(props: { customFormId: string | undefined; name: string; onClose: () => void }) {
  const form = useCustomForm(props.customFormId);
  return (
    <Modal
      opened={Boolean(props.customFormId)}
      onClose={props.onClose}
      title={T.previewOf(props.name)}
      size="xl"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      {form.data ? <FormPreview form={form.data.form} /> : <Text c="dimmed">…</Text>}
    </Modal>
  );
}

/** Every version of a form, newest first. */
export function VersionsDialog(props: { form: CustomFormSummary | undefined; onClose: () => void }) {
  const versions = useVersions(props.form?.customFormId);
  return (
    <Modal
      opened={Boolean(props.form)}
      onClose={props.onClose}
      title={T.versionsTitle(props.form?.name ?? '')}
      centered
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      <Table>
        <Table.Tbody>
          {(versions.data ?? []).map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {T.versionNumber(v.version)}
                  </Text>
                  {v.version === props.form?.version ? (
                    <Badge variant="light" tt="none">
                      {T.currentVersion}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{T.masterVersionOf(v.masterVersion)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dateTime.format(new Date(v.createdAt))}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
