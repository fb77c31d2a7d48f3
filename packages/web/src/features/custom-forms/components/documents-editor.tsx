import { ActionIcon, Button, FileButton, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CustomFormDocument } from '@under/core/custom-forms/custom-form.schema';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useState } from 'react';
import { sameOriginFileUrl } from '../../../lib/file-url';
import { errorMessage } from '../../../lib/http-error';
import { notifyError } from '../../../lib/notify';
import { putFile } from '../../../lib/put-file';
import { useDocumentUpload } from '../api/custom-forms-api';

export function DocumentsEditor(props: {
  customFormId: string;
  doc: CustomFormDocument;
  readOnly: boolean;
  onChange: (patch: Partial<CustomFormDocument>) => void;
}) {
  const issue = useDocumentUpload(props.customFormId);
  const [progress, setProgress] = useState<number>();
  async function upload(file: File | null) {
    if (!file) return;
    try {
      setProgress(0);
      const { uploadUrl, fileUrl } = await issue.mutateAsync();
      await putFile(sameOriginFileUrl(uploadUrl), file, setProgress, 'application/pdf');
      const name = file.name.replace(/\.pdf$/i, '').slice(0, 200) || file.name;
      props.onChange({ documents: [...props.doc.documents, { documentId: crypto.randomUUID(), name, fileUrl }] });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4">
        {T.documentsTitle}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {T.documentsLead}
      </Text>
      <Stack gap="xs">
        {props.doc.documents.map((d, i) => (
          <Group key={d.documentId} gap="xs" data-testid="document-row">
            <TextInput
              aria-label={T.documentName}
              value={d.name}
              disabled={props.readOnly}
              maxLength={200}
              onChange={(event) => {
                const documents = [...props.doc.documents];
                documents[i] = { ...d, name: event.currentTarget.value };
                props.onChange({ documents });
              }}
            />
            {props.readOnly ? null : (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={T.removeDocument(d.name)}
                onClick={() => props.onChange({ documents: props.doc.documents.filter((x) => x !== d) })}
              >
                ✕
              </ActionIcon>
            )}
          </Group>
        ))}
        {progress !== undefined ? (
          <Stack gap={2}>
            <Text size="sm">{T.uploading(progress)}</Text>
            <Progress value={progress} aria-label={T.uploading(progress)} />
          </Stack>
        ) : null}
        {props.readOnly ? null : (
          <FileButton accept="application/pdf" onChange={(file) => void upload(file)}>
            {(p) => (
              <Button {...p} variant="default" w="fit-content" loading={progress !== undefined}>
                {T.addDocument}
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Paper>
  );
}
