import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { type PdfTemplateSummary, TemplateNameSchema } from '@under/core/templates/pdf-template.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { HttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useCloneTemplate } from '../api/pdf-templates-api';

/** Spec 1 §9: a clone is named with the '_Copy' suffix unless the admin chooses another name. */
const cloneDefaultName = (name: string) => `${name}_Copy`;

/** Clone: POST /api/templates/{id}/clone {name, isCloneCcMapper}; a taken name is shown under the field. */
export function CloneDialog({ template, onClose }: { template: PdfTemplateSummary; onClose: () => void }) {
  const clone = useCloneTemplate();
  const [name, setName] = useState(cloneDefaultName(template.name));
  const [nameError, setNameError] = useState<string | null>(null);
  const [isCloneCcMapper, setCloneCcMapper] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = TemplateNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? MESSAGES.templateNameRequired);
      return;
    }
    try {
      const created = await clone.mutateAsync({ templateId: template.templateId, name: parsed.data, isCloneCcMapper });
      notifySuccess(T.cloned(created.name));
      onClose();
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) setNameError(error.message);
      else if (!(error instanceof HttpError && error.isServerUnavailable))
        setFailure(error instanceof Error ? error.message : MESSAGES.generic);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={T.cloneTitle(template.name)}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {T.cloneLead}
          </Text>
          <TextInput
            label={T.cloneNameLabel}
            withAsterisk
            maxLength={200}
            data-autofocus
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
          />
          <Checkbox
            label={T.cloneCcMapper}
            checked={isCloneCcMapper}
            onChange={(event) => setCloneCcMapper(event.currentTarget.checked)}
          />
          <FormAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={clone.isPending}>
              {UI_TEXT.cancelButton}
            </Button>
            <Button type="submit" loading={clone.isPending}>
              {T.cloneSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
