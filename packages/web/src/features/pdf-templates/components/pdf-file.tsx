import { Alert, FileInput, Progress, Stack, Text } from '@mantine/core';
import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { HttpError } from '../../../lib/http-error';
import type { UploadProgress } from '../api/pdf-templates-api';

/**
 * The page's check of a chosen PDF (spec 1 §5, §9): a .pdf or application/pdf file, not empty, at most 25 MB.
 * The server checks again by content (header, pages, encryption, damage) and answers with its own message.
 */
function checkPdfFile(file: { name: string; type: string; size: number }): string | null {
  const isPdfName = file.name.toLowerCase().endsWith('.pdf');
  if (!isPdfName && file.type !== 'application/pdf') return MESSAGES.fileTypeNotSupported;
  if (file.size === 0) return T.fileEmpty;
  if (file.size > UPLOAD_MAX_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

export function PdfFileInput({
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: File | null;
  error: string | null;
  disabled?: boolean;
  onChange: (file: File | null, problem: string | null) => void;
}) {
  return (
    <FileInput
      label={label}
      placeholder={T.pdfFilePlaceholder}
      accept="application/pdf,.pdf"
      clearable
      clearButtonProps={{ 'aria-label': T.clearFile }}
      withAsterisk
      value={value}
      error={error}
      disabled={disabled}
      onChange={(chosen) => onChange(chosen, chosen ? checkPdfFile(chosen) : null)}
    />
  );
}

export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const text =
    progress.stage === 'name'
      ? T.checkingName
      : progress.stage === 'upload'
        ? T.uploadingFile(progress.percent)
        : T.checkingPdf;
  return (
    <Stack gap={4}>
      <Progress
        value={progress.stage === 'name' ? 0 : progress.percent}
        size="md"
        radius="xl"
        striped
        animated
        aria-label={T.uploadProgressLabel}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}

/** Statuses of a refused file (decision 011): 413 too large, 415 not a PDF, 422 unreadable, 400 empty. */
const REFUSAL_STATUSES = new Set([400, 413, 415, 422]);

/** A refused upload, told apart from other failures: what was wrong, and that nothing was saved. */
export function UploadError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error && error.message ? error.message : MESSAGES.generic;
  const isRefusal = error instanceof HttpError && REFUSAL_STATUSES.has(error.status);
  const isNotPdf = error instanceof HttpError && error.status === 415;
  return (
    <Alert color="red" role="alert" title={isRefusal ? T.refusedTitle : undefined}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {message}
        </Text>
        {isNotPdf ? <Text size="sm">{T.notPdfHint}</Text> : null}
        {isRefusal ? <Text size="sm">{T.nothingSaved}</Text> : null}
      </Stack>
    </Alert>
  );
}
