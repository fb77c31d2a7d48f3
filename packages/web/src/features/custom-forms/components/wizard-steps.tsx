import { Alert, Button, List, Stack, Stepper, Switch, Text } from '@mantine/core';
import type { CustomFormDetail } from '@under/core/custom-forms/custom-form.schema';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormActions } from '../api/custom-forms-api';

export function Steps({ active, onStep }: { active: number; onStep?: (step: number) => void }) {
  return (
    <Stepper active={active} onStepClick={onStep} allowNextStepsSelect={false} size="sm">
      <Stepper.Step label={T.stepInstitution} />
      <Stepper.Step label={T.stepQuestions} />
      <Stepper.Step label={T.stepDocuments} />
      <Stepper.Step label={T.stepLayout} />
    </Stepper>
  );
}

export function UpdateBanner({ form }: { form: CustomFormDetail }) {
  const { applyUpdate } = useFormActions();
  if (!form.update) return null;
  const { diff } = form.update;
  const names = (list: { label: string }[]) => list.map((f) => f.label).join(', ');
  return (
    <Alert color="orange" title={form.update.message}>
      <Stack gap="xs">
        <List size="sm">
          {diff.added.length ? <List.Item>{`${T.added}: ${names(diff.added)}`}</List.Item> : null}
          {diff.removed.length ? <List.Item>{`${T.removed}: ${names(diff.removed)}`}</List.Item> : null}
          {diff.changed.length ? <List.Item>{`${T.changed}: ${names(diff.changed)}`}</List.Item> : null}
        </List>
        {form.readOnly ? null : (
          <Button
            w="fit-content"
            size="compact-sm"
            loading={applyUpdate.isPending}
            onClick={() =>
              applyUpdate.mutate(form.customFormId, {
                onSuccess: () => notifySuccess(T.updated),
                onError: (error) => notifyError(errorMessage(error)),
              })
            }
          >
            {T.updateAction}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function ModeSwitch({ form }: { form: CustomFormDetail }) {
  const { setMode } = useFormActions();
  const isAuto = form.updateMode === 'system-auto-update';
  return (
    <Stack gap={4}>
      <Switch
        label={T.autoUpdateLabel}
        checked={isAuto}
        disabled={form.readOnly || setMode.isPending}
        onChange={(event) =>
          setMode.mutate(
            {
              customFormId: form.customFormId,
              updateMode: event.currentTarget.checked ? 'system-auto-update' : 'user-manual-update',
            },
            { onError: (error) => notifyError(errorMessage(error)) },
          )
        }
      />
      <Text size="sm" c="dimmed">
        {isAuto ? T.autoUpdateWarning : T.manualUpdateWarning}
      </Text>
    </Stack>
  );
}
