import { Paper, Table, Text, Title } from '@mantine/core';
import { formatMegabytes } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type useApplicationActions, useAttachments } from '../api/applications-api';
import { FileActions } from './file-actions';
import { PreviewDialog, type PreviewTarget } from './preview-dialog';

/** The files the applicants uploaded: download through a short-lived URL; an ADMINISTRATOR deletes after a confirmation. */
export function AttachmentsPanel({
  applicationId,
  isAdmin,
  actions,
}: {
  applicationId: string;
  isAdmin: boolean;
  actions: ReturnType<typeof useApplicationActions>;
}) {
  const attachments = useAttachments(applicationId);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const items = attachments.data?.items ?? [];

  async function download(attachmentId: string) {
    try {
      window.location.assign((await actions.attachmentUrl(attachmentId)).url);
    } catch (e) {
      notifyError(errorMessage(e));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="attachments-title">
      <Title order={2} size="h3" id="attachments-title" mb="sm">
        {T.attachmentsTitle}
      </Title>
      {attachments.isError ? <Text c="red">{errorMessage(attachments.error)}</Text> : null}
      {attachments.data && items.length === 0 ? <Text>{T.attachmentsNone}</Text> : null}
      {items.length > 0 ? (
        <ScrollTable minWidth={480} label={T.attachmentsTitle}>
          <Table>
            <Table.Tbody>
              {items.map((f) => (
                <Table.Tr key={f.attachmentId}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{f.fileName}</Table.Td>
                  <Table.Td>{f.fieldLabel ?? f.path}</Table.Td>
                  <Table.Td>{formatMegabytes(f.size)}</Table.Td>
                  <Table.Td>
                    <FileActions
                      name={f.fileName}
                      onPreview={() =>
                        setPreview({
                          name: f.fileName,
                          contentType: f.contentType,
                          url: async () => (await actions.attachmentUrl(f.attachmentId)).url,
                        })
                      }
                      onDownload={() => void download(f.attachmentId)}
                      onDelete={isAdmin ? () => setDeleting(f.attachmentId) : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
      <PreviewDialog target={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={MESSAGES.deleteConfirmTitle}
        message={MESSAGES.deleteConfirmText}
        confirmLabel={T.delete}
        isDanger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting;
          setDeleting(null);
          if (!id) return;
          actions.deleteAttachment
            .mutateAsync(id)
            .then(() => notifySuccess(T.deleted))
            .catch((e) => notifyError(errorMessage(e)));
        }}
      />
    </Paper>
  );
}
