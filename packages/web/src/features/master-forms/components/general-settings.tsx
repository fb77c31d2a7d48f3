import { Alert, Button, Divider, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import type { MasterFormSummary } from '@under/core/templates/master-form.schema';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useProcessors } from '../../../lib/use-processors';
import { useSetGeneral, useSetStatus } from '../api/master-forms-api';

/** Name and processor (PATCH …/general), and the active switch (PATCH …/status; deactivating is confirmed). */
export function GeneralSettings({ form }: { form: MasterFormSummary }) {
  const processors = useProcessors();
  const general = useSetGeneral(form.formId);
  const status = useSetStatus(form.formId);
  const [name, setName] = useState(form.name);
  const [processorId, setProcessorId] = useState(form.processorId ?? '');
  const [nameError, setNameError] = useState<string>();
  const [isConfirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(T.nameRequired);
      return;
    }
    general.mutate(
      { name: name.trim(), processorId: processorId || null },
      { onSuccess: () => notifySuccess(T.generalSaved) },
    );
  };

  const setActive = (active: boolean) =>
    status.mutate(
      { status: active ? 'active' : 'inactive' },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(active ? T.activated : T.deactivated);
        },
        onError: (error) => {
          setConfirming(false);
          notifyError(errorMessage(error));
        },
      },
    );

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={T.nameLabel}
            required
            maxLength={200}
            value={name}
            error={nameError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(undefined);
            }}
          />
          <NativeSelect
            label={T.processorLabel}
            value={processorId}
            onChange={(e) => setProcessorId(e.currentTarget.value)}
            disabled={processors.isPending}
            error={processors.isError ? errorMessage(processors.error) : undefined}
            data={[
              { value: '', label: T.processorPlaceholder },
              ...(processors.data ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
          {general.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(general.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={general.isPending}>
              {T.saveGeneral}
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <Switch
        label={T.statusLabel}
        description={form.version === 0 && form.status !== 'active' ? T.statusNeedsPublish : T.statusDescription}
        checked={form.status === 'active'}
        disabled={status.isPending || form.status === 'archived' || (form.version === 0 && form.status !== 'active')}
        onChange={(e) => (e.currentTarget.checked ? setActive(true) : setConfirming(true))}
      />
      <ConfirmDialog
        opened={isConfirming}
        title={T.deactivateTitle}
        message={T.deactivateText(form.name)}
        confirmLabel={T.deactivateButton}
        isDanger
        isBusy={status.isPending}
        onConfirm={() => setActive(false)}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
