import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { TemplateNameSchema } from '@under/core/templates/pdf-template.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { type UploadProgress, useCheckTemplateName, useCreateTemplate } from '../api/pdf-templates-api';
import { PdfFileInput, UploadError, UploadProgressBar } from './pdf-file';

/**
 * "Upload template": a unique name (checked by the server when the field is left and again before uploading),
 * a PDF checked here for type and size, then the signed upload and the create call. The server's refusals
 * (not a PDF, too big, too many pages, encrypted, damaged) are shown in the dialog; nothing is created then.
 * On success the mapper opens.
 */
export function UploadTemplateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const checkName = useCheckTemplateName();
  const create = useCreateTemplate();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const isBusy = progress !== null;

  function reset() {
    setName('');
    setNameError(null);
    setFile(null);
    setFileError(null);
    setProgress(null);
    setFailure(null);
    create.reset();
  }

  function close() {
    if (isBusy) return;
    reset();
    onClose();
  }

  /** The local rule, then the server's uniqueness check; returns the checked name or null. */
  async function validName(): Promise<string | null> {
    const parsed = TemplateNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? null);
      return null;
    }
    try {
      const problem = await checkName(parsed.data);
      setNameError(problem);
      return problem ? null : parsed.data;
    } catch (error) {
      setFailure(error);
      return null;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const missingFile = !file && !fileError;
    if (missingFile) setFileError(T.pdfFileRequired);
    setProgress({ stage: 'name', percent: 0 });
    const checked = await validName();
    if (!checked || !file || fileError || missingFile) {
      setProgress(null);
      return;
    }
    try {
      const template = await create.mutateAsync({ name: checked, file, onProgress: setProgress });
      notifySuccess(
        template.acroFields.length > 0
          ? `${T.uploaded(template.name)} ${T.acroFieldsFound(template.acroFields.length)}`
          : T.uploaded(template.name),
      );
      reset();
      onClose();
      await navigate(`/pdf-mapping/edit/${template.templateId}`);
    } catch (error) {
      // a name taken meanwhile by another admin belongs under the name field
      if (error instanceof HttpError && error.status === 409) setNameError(error.message);
      else setFailure(error);
      setProgress(null);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={T.uploadTitle}
      centered
      size="lg"
      radius="md"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {T.uploadLead}
          </Text>
          <TextInput
            label={T.templateNameLabel}
            placeholder={T.templateNamePlaceholder}
            withAsterisk
            maxLength={200}
            data-autofocus
            value={name}
            error={nameError}
            disabled={isBusy}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            onBlur={() => {
              if (name.trim()) void validName();
            }}
          />
          <PdfFileInput
            label={T.pdfFileLabel}
            value={file}
            error={fileError}
            disabled={isBusy}
            onChange={(chosen, problem) => {
              setFailure(null);
              setFileError(problem);
              setFile(problem ? null : chosen);
            }}
          />
          <UploadProgressBar progress={progress} />
          <UploadError error={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isBusy}>
              {UI_TEXT.cancelButton}
            </Button>
            <Button type="submit" loading={isBusy}>
              {T.uploadSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
