import { CloseButton, Group, Input, Text } from '@mantine/core';
import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import type { FormComponent } from '@under/core/forms/form.schema';
import { formatMegabytes } from '@under/core/forms/format';
import { ENGINE_MESSAGES as MESSAGES } from '@under/core/messages-engine';
import { useRef, useState } from 'react';
import { checkUploadFile } from '../lib/upload-rules';
import classes from './renderer.module.css';
import { RendererButton } from './renderer-button';
import { type UploadedFile, useRenderer } from './renderer-context';
import { useField } from './use-field';

const ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

/** Without an upload service (the playground), files stay in the browser as object URLs. */
const localUpload = async (file: File): Promise<UploadedFile> => ({
  url: URL.createObjectURL(file),
  name: file.name,
  size: file.size,
  type: file.type,
});

export function FileField({ component }: { component: FormComponent }) {
  const b = useField(component);
  const { upload = localUpload } = useRenderer();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const multiple = component.multiple === true;
  const files = (Array.isArray(b.field.value) ? b.field.value : b.field.value ? [b.field.value] : []) as UploadedFile[];

  const onFiles = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setLocalError(undefined);
    const chosen = Array.from(list);
    for (const file of chosen) {
      const problem = checkUploadFile(file);
      if (problem) {
        setLocalError(problem);
        return;
      }
    }
    setBusy(true);
    try {
      const uploaded = await Promise.all(chosen.map((file) => upload(file)));
      b.field.onChange(multiple ? [...files, ...uploaded] : uploaded.slice(0, 1));
    } catch (error) {
      setLocalError(error instanceof Error ? error.message : MESSAGES.http000);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = (index: number) => {
    const next = files.filter((_, i) => i !== index);
    b.field.onChange(next.length > 0 ? next : undefined);
  };

  return (
    <Input.Wrapper
      id={b.id}
      label={b.label}
      required={b.required}
      description={b.description ?? `PNG, JPEG or PDF, up to ${formatMegabytes(UPLOAD_MAX_BYTES)}`}
      error={localError ?? b.error}
    >
      <div className={classes.options}>
        <input
          id={b.id}
          ref={(el) => {
            inputRef.current = el;
            b.field.ref(el);
          }}
          type="file"
          accept={ACCEPT}
          multiple={multiple}
          disabled={!b.editable || busy}
          aria-describedby={(localError ?? b.error) ? `${b.id}-error` : `${b.id}-description`}
          aria-invalid={(localError ?? b.error) ? true : undefined}
          onChange={(e) => void onFiles(e.currentTarget.files)}
          onBlur={b.field.onBlur}
          style={{ fontSize: 'var(--mantine-font-size-sm)' }}
        />
        {busy ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            Uploading…
          </Text>
        ) : null}
        {files.map((file, i) => (
          <Group key={file.url} gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {file.name} ({formatMegabytes(file.size ?? 0)})
            </Text>
            {b.editable ? (
              <CloseButton
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(i)}
              />
            ) : null}
          </Group>
        ))}
        {files.length > 0 && b.editable && !multiple ? (
          <RendererButton variant="subtle" style={{ width: 'fit-content' }} onClick={() => inputRef.current?.click()}>
            Replace file
          </RendererButton>
        ) : null}
      </div>
    </Input.Wrapper>
  );
}
