import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { day } from '../../../components/application-list';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMe } from '../../../lib/use-me';
import { useApplication, useApplicationActions, useDocuments, useHistory } from '../api/applications-api';
import { AttachmentsPanel } from '../documents/attachments-panel';
import { FileActions } from '../documents/file-actions';
import { PreviewDialog, type PreviewTarget } from '../documents/preview-dialog';
import { HistoryPanel } from '../history/history-panel';
import { KycPanel } from '../kyc/kyc-panel';
import { when } from '../lib/when';
import { AnswersPanel } from '../review/answers-panel';
import { CardConnectStatusPanel } from '../review/cardconnect-status-panel';
import { CorrectionsPanel } from '../review/corrections-panel';
import { DecisionPanel } from '../review/decision-panel';
import { IntegrationsPanel } from '../review/integrations-panel';
import { NotesPanel } from '../review/notes-panel';
import { VantivStagePanel } from '../review/vantiv-stage-panel';

const CLIENT_ADMIN_ROLES = new Set(['ADMINISTRATOR', 'admin']);

type Confirm = { kind: 'remove'; ownerId: string } | { kind: 'regenerate' } | { kind: 'delete'; documentId: string };

/**
 * /applications/:applicationId: the decision, the answers page by page, the signatures, the documents and
 * attachments, and the chained history (issues 13, 14).
 */
export function ApplicationPage() {
  const { applicationId = '' } = useParams();
  const me = useMe();
  const isAdmin = CLIENT_ADMIN_ROLES.has(me.data?.role ?? '');
  const application = useApplication(applicationId);
  const documents = useDocuments(applicationId);
  const history = useHistory(applicationId);
  const actions = useApplicationActions(applicationId);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);

  async function run<R>(action: () => Promise<R>, done: (r: R) => string) {
    try {
      notifySuccess(done(await action()));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  async function download(documentId: string) {
    try {
      const { url } = await actions.documentUrl(documentId);
      window.location.assign(url);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  if (application.isPending) return <Loader m="xl" role="status" aria-label={T.listTitle} />;
  if (application.isError || !application.data) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" title={T.detailError}>
          {errorMessage(application.error)}
        </Alert>
      </Container>
    );
  }
  const a = application.data;
  const awaited = a.signatures.some((s) => !s.signedAt);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/applications">
          {T.back}
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>
              {T.colNumber} {a.number} · {a.applicantCompanyName ?? a.applicantEmail}
            </Title>
            <Text c="dimmed">
              {a.formName} · {T.colSubmitted} {day(a.submittedAt)}
            </Text>
          </div>
          <Group gap="xs">
            {a.status === 'pending' ? (
              <Button component={Link} to={`/edit-application?applicationId=${a.applicationId}`} variant="default">
                {T.editAnswers}
              </Button>
            ) : null}
            <Badge variant="light">{T.statusLabels[a.status] ?? a.status}</Badge>
            {a.signStatus ? (
              <Badge color={a.signStatus === 'COMPLETED' ? 'green' : 'orange'}>{T.signLabels[a.signStatus]}</Badge>
            ) : null}
          </Group>
        </Group>

        <DecisionPanel application={a} changeStatus={actions.changeStatus} />

        <CorrectionsPanel application={a} actions={actions} />

        <AnswersPanel application={a} canReveal={isAdmin} reveal={actions.reveal} />

        <Paper withBorder p="md" component="section" aria-labelledby="signatures-title">
          <Group justify="space-between" mb="sm" gap="xs">
            <Title order={2} size="h3" id="signatures-title">
              {T.signaturesTitle}
            </Title>
            {awaited && a.signStatus === 'PROGRESSING' ? (
              <Button
                variant="default"
                loading={actions.remind.isPending}
                onClick={() =>
                  run(
                    () => actions.remind.mutateAsync(undefined),
                    (r) => T.reminded(r.sent),
                  )
                }
              >
                {T.remindAll}
              </Button>
            ) : null}
          </Group>
          {/* a signed owner's row with "Remove signature" is wider than a phone: it scrolls in its own box */}
          <ScrollTable minWidth={420} label={T.signaturesTitle}>
            <Table>
              <Table.Tbody>
                {a.signatures.map((s) => (
                  <Table.Tr key={s.ownerId}>
                    {/* a long e-mail wraps rather than pushing the page wider than a phone */}
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {s.name ? `${s.name} (${s.email})` : s.email}
                    </Table.Td>
                    <Table.Td>
                      {s.signedAt
                        ? T.signedAt(when(s.signedAt))
                        : s.invalidatedAt
                          ? T.invalidated(s.invalidatedReason)
                          : T.awaited}
                    </Table.Td>
                    <Table.Td>
                      {s.signedAt && isAdmin ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setConfirm({ kind: 'remove', ownerId: s.ownerId })}
                        >
                          {T.removeSignature}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="documents-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="documents-title">
              {T.documentsTitle}
            </Title>
            {a.signStatus === 'COMPLETED' ? (
              <Button variant="default" onClick={() => setConfirm({ kind: 'regenerate' })}>
                {T.regenerate}
              </Button>
            ) : null}
          </Group>
          {documents.data?.generation.state && documents.data.generation.state !== 'none' ? (
            <Text size="sm" c="dimmed" role="status">
              {T.generation(documents.data.generation.state, documents.data.generation.generation)}
            </Text>
          ) : null}
          {documents.data && documents.data.items.length === 0 ? <Text>{T.documentsNone}</Text> : null}
          <ScrollTable minWidth={640} label={T.documentsTitle}>
            <Table>
              <Table.Tbody>
                {(documents.data?.items ?? []).map((d) => (
                  <Table.Tr key={d.documentId}>
                    <Table.Td>{d.name}</Table.Td>
                    <Table.Td>{d.pages} p.</Table.Td>
                    <Table.Td>
                      {d.generation === documents.data?.generation.generation ? (
                        <Text size="sm" fw={700}>
                          {T.docCurrent(d.generation)}
                        </Text>
                      ) : (
                        <Text size="sm">{T.docEarlier(d.generation)}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <FileActions
                        name={d.name}
                        onPreview={() =>
                          setPreview({
                            name: d.name,
                            contentType: 'application/pdf',
                            url: async () => (await actions.documentUrl(d.documentId)).url,
                          })
                        }
                        onDownload={() => download(d.documentId)}
                        onDelete={isAdmin ? () => setConfirm({ kind: 'delete', documentId: d.documentId }) : undefined}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>

        <PreviewDialog target={preview} onClose={() => setPreview(null)} />

        <AttachmentsPanel applicationId={applicationId} isAdmin={isAdmin} actions={actions} />

        <IntegrationsPanel applicationId={applicationId} customFormId={application.data.customFormId} />

        <CardConnectStatusPanel applicationId={applicationId} />

        <KycPanel applicationId={applicationId} />
        <VantivStagePanel applicationId={applicationId} />

        <NotesPanel applicationId={applicationId} />

        <HistoryPanel application={application.data} history={history} />
      </Stack>
      <ConfirmDialog
        opened={confirm !== null}
        title={
          confirm?.kind === 'delete'
            ? MESSAGES.deleteConfirmTitle
            : confirm?.kind === 'regenerate'
              ? T.regenerateTitle
              : T.removeTitle
        }
        message={
          confirm?.kind === 'delete'
            ? MESSAGES.deleteConfirmText
            : confirm?.kind === 'regenerate'
              ? T.regenerateText
              : T.removeText
        }
        confirmLabel={
          confirm?.kind === 'delete' ? T.delete : confirm?.kind === 'regenerate' ? T.regenerate : T.removeSignature
        }
        isDanger={confirm?.kind !== 'regenerate'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const c = confirm;
          setConfirm(null);
          if (c?.kind === 'remove')
            void run(
              () => actions.removeSignature.mutateAsync(c.ownerId),
              () => T.removed,
            );
          if (c?.kind === 'regenerate')
            void run(
              () => actions.regenerate.mutateAsync(),
              () => T.regenerated,
            );
          if (c?.kind === 'delete')
            void run(
              () => actions.deleteDocument.mutateAsync(c.documentId),
              () => T.deleted,
            );
        }}
      />
    </Container>
  );
}
