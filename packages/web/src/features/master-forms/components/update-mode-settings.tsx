import { Radio, Stack } from '@mantine/core';
import type { MasterFormSummary } from '@under/core/templates/master-form.schema';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type UpdateMode, useSetMode } from '../api/master-forms-api';

export const MODE_LABELS: Record<UpdateMode, string> = {
  'system-auto-update': T.modeAuto,
  'user-manual-update': T.modeManual,
};

/**
 * system-auto-update or user-manual-update (PATCH …/mode). Spec 1 §4: auto discards local changes, manual stops
 * receiving template changes, and each switch shows its warning before it is made.
 */
export function UpdateModeSettings({ form }: { form: MasterFormSummary }) {
  const setMode = useSetMode(form.formId);
  const [pending, setPending] = useState<UpdateMode>();
  const toAuto = pending === 'system-auto-update';

  const confirm = () => {
    if (!pending) return;
    setMode.mutate(
      { updateMode: pending },
      {
        onSuccess: (next) => {
          setPending(undefined);
          notifySuccess(T.modeSaved(MODE_LABELS[next.updateMode]));
        },
        onError: (error) => {
          setPending(undefined);
          notifyError(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={T.modeLabel}
        value={form.updateMode}
        onChange={(value) => {
          if (value !== form.updateMode) setPending(value as UpdateMode);
        }}
      >
        <Stack gap="sm" mt="xs">
          <Radio value="system-auto-update" label={T.modeAuto} description={T.modeAutoHelp} />
          <Radio value="user-manual-update" label={T.modeManual} description={T.modeManualHelp} />
        </Stack>
      </Radio.Group>
      <ConfirmDialog
        opened={pending !== undefined}
        title={toAuto ? T.modeToAutoTitle : T.modeToManualTitle}
        message={toAuto ? T.modeToAutoWarning : T.modeToManualWarning}
        confirmLabel={T.modeSwitchButton}
        isDanger={toAuto}
        isBusy={setMode.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(undefined)}
      />
    </Stack>
  );
}
