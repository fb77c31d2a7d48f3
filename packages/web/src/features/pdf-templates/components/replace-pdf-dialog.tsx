import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { PdfTemplateSummary } from '@under/core/templates/pdf-template.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { useState } from 'react';
import { type UploadProgress, useReplacePdf } from '../api/pdf-templates-api';
import { PdfFileInput, UploadError, UploadProgressBar } from './pdf-file';

type Step = 'choose' | 'confirm' | 'done';

/**
 * Replace PDF (spec 1 §4: it cannot be reverted): choose the file, confirm on a second step that names the
 * file and says it cannot be reverted, then the signed upload and PATCH …/replace-pdf-file. The answer lists
 * the mapped fields that were removed because their pages are gone.
 */
export function ReplacePdfDialog({ template, onClose }: { template: PdfTemplateSummary; onClose: () => void }) {
  const replace = useReplacePdf(template.templateId);
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const isBusy = progress !== null;

  function close() {
    if (!isBusy) onClose();
  }

  async function confirm() {
    if (!file) return;
    setFailure(null);
    try {
      await replace.mutateAsync({ file, onProgress: setProgress });
      setStep('done');
    } catch (error) {
      setFailure(error);
      setStep('choose');
    } finally {
      setProgress(null);
    }
  }

  const removed = replace.data?.removedFields ?? [];
  const title =
    step === 'confirm' ? T.replaceConfirmTitle : step === 'done' ? T.replacedTitle : T.replaceTitle(template.name);

  return (
    <Modal
      opened
      onClose={close}
      title={title}
      centered
      size="lg"
      radius="md"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
    >
      {step === 'choose' ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {T.replaceLead}
          </Text>
          <PdfFileInput
            label={T.replaceChoose}
            value={file}
            error={fileError}
            onChange={(chosen, problem) => {
              setFailure(null);
              setFileError(problem);
              setFile(problem ? null : chosen);
            }}
          />
          <UploadError error={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {UI_TEXT.cancelButton}
            </Button>
            <Button onClick={() => setStep('confirm')} disabled={!file}>
              {T.replaceNext}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {step === 'confirm' && file ? (
        <Stack gap="md">
          <Alert color="red" role="alert">
            {T.replaceConfirmText(template.name, file.name)}
          </Alert>
          <Text size="sm" c="dimmed">
            {T.replaceLead}
          </Text>
          <UploadProgressBar progress={progress} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('choose')} disabled={isBusy}>
              {T.replaceBack}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={isBusy}>
              {T.replaceConfirm}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {step === 'done' ? (
        <Stack gap="md">
          {removed.length === 0 ? (
            <Alert color="green" role="status" c="dark">
              {T.replacedKeptAll}
            </Alert>
          ) : (
            <Alert color="yellow" role="status" c="dark">
              <Text size="sm">{T.replacedRemoved(removed.length)}</Text>
              <List size="sm" mt="xs" data-testid="removed-fields">
                {removed.map((field) => (
                  <List.Item key={field.id}>{T.removedField(field.key, field.page)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{T.done}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
