import { Box, Button, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { LOGO_CONTENT_TYPES, LOGO_EXTENSIONS } from '@under/core/accounts/company.schema';
import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { sameOriginFileUrl } from '../../../lib/file-url';
import { errorMessage } from '../../../lib/http-error';

/**
 * The page's check of a chosen logo (spec 1 §5, §9), with the spec's texts: png, jpeg or jpg, not empty, at
 * most 25 MB. The server checks again, by content.
 */
export function checkLogoFile(file: { name: string; type: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const isImage =
    (LOGO_EXTENSIONS as readonly string[]).includes(extension) &&
    (file.type === '' || (LOGO_CONTENT_TYPES as readonly string[]).includes(file.type));
  if (!isImage) return MESSAGES.fileTypeNotSupported;
  if (file.size === 0) return MESSAGES.fileEmpty;
  if (file.size > UPLOAD_MAX_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

interface LogoUploaderProps {
  logoUrl: string | null;
  companyName: string;
  canEdit: boolean;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
}

export function LogoUploader({ logoUrl, companyName, canEdit, upload }: LogoUploaderProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  async function send() {
    if (!file) return;
    setFormError(null);
    setDone(false);
    setProgress(0);
    try {
      await upload(file, setProgress);
      setFile(null);
      setDone(true);
    } catch (cause) {
      setFormError(errorMessage(cause));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap="md">
      <Group gap="lg" align="center">
        <Box
          w={160}
          h={74}
          bd="1px dashed var(--mantine-color-gray-4)"
          style={{ borderRadius: 8, display: 'grid', placeItems: 'center' }}
          bg="gray.0"
        >
          {logoUrl ? (
            <Image
              src={sameOriginFileUrl(logoUrl)}
              alt={UI_TEXT.logoAlt(companyName)}
              w={80}
              h={37}
              fit="contain"
              data-testid="settings-logo"
            />
          ) : (
            <Text size="xs" c="dimmed" ta="center" px="xs">
              {UI_TEXT.logoNone}
            </Text>
          )}
        </Box>
        <Text size="sm" c="dimmed" maw={360}>
          {UI_TEXT.logoLead}
        </Text>
      </Group>
      <FormAlert message={formError} />
      {done ? <FormAlert message={UI_TEXT.logoUploaded} kind="success" /> : null}
      {canEdit ? (
        <Group align="flex-end" gap="md">
          <FileInput
            label={UI_TEXT.logoChoose}
            placeholder="logo.png"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            clearable
            w={{ base: '100%', sm: 320 }}
            value={file}
            error={error}
            onChange={(chosen) => {
              setDone(false);
              setFormError(null);
              const problem = chosen ? checkLogoFile(chosen) : null;
              setError(problem);
              setFile(problem ? null : chosen);
            }}
          />
          <Button onClick={() => void send()} disabled={!file} loading={progress !== null}>
            {UI_TEXT.logoUploadButton}
          </Button>
        </Group>
      ) : null}
      {progress !== null ? (
        <Progress value={progress} size="md" radius="xl" striped animated aria-label={UI_TEXT.logoUploading} />
      ) : null}
    </Stack>
  );
}
