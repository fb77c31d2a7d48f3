import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ApplicationDetail } from '@under/core/applications/application-detail.schema';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { useApplicationActions } from '../api/applications-api';

type Actions = ReturnType<typeof useApplicationActions>;

/**
 * Corrections of an application by the team (issue 14, decision 052): an owner's edit link (e-mailed, or shown once
 * to pass on), a copy into a new application, and the move to the form's latest version (asked first: it voids the
 * signatures and cannot be undone).
 */
export function CorrectionsPanel({ application: a, actions }: { application: ApplicationDetail; actions: Actions }) {
  const navigate = useNavigate();
  const [ownerEmail, setOwnerEmail] = useState(a.owners[0]?.email ?? a.applicantEmail);
  const [copyOpen, setCopyOpen] = useState(false);
  const [copyEmail, setCopyEmail] = useState(a.applicantEmail);
  const [copyError, setCopyError] = useState<string | null>(null);
  const [repopulateOpen, setRepopulateOpen] = useState(false);
  const pending = a.status === 'pending';
  const undecided = a.status === 'pending' || a.status === 'invite_sent';

  async function mailLink() {
    try {
      const r = await actions.inviteEdit.mutateAsync(ownerEmail);
      notifySuccess(T.editLinkSent(r.sentTo));
    } catch (e) {
      notifyError(errorMessage(e));
    }
  }
  async function createLink() {
    try {
      await actions.editUrl.mutateAsync(ownerEmail);
    } catch (e) {
      notifyError(errorMessage(e));
    }
  }
  // the link (a capability) is shown for the owner it was made for, and forgotten when another owner is picked, when
  // it is hidden, and when the page goes
  const link = actions.editUrl.data?.url ?? null;
  const { reset: forgetLink } = actions.editUrl;
  useEffect(() => forgetLink, [forgetLink]);
  function pickOwner(email: string) {
    forgetLink();
    setOwnerEmail(email);
  }
  async function copy() {
    setCopyError(null);
    try {
      const r = await actions.copy.mutateAsync(copyEmail.trim());
      setCopyOpen(false);
      notifySuccess(`${T.copyDone(r.sentTo)}${r.dropped.length ? ` ${T.copyDropped(r.dropped)}` : ''}`);
      navigate(`/applications/${r.applicationId}`);
    } catch (e) {
      setCopyError(errorMessage(e));
    }
  }
  async function repopulate() {
    try {
      const r = await actions.repopulate.mutateAsync();
      notifySuccess(T.repopulated(r.formVersion, r.dropped));
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setRepopulateOpen(false);
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="corrections-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id="corrections-title">
            {T.correctionsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {T.onVersion(a.formVersion)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {T.correctionsLead}
        </Text>
        {pending ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NativeSelect
              label={T.editLinkOwner}
              value={ownerEmail}
              onChange={(e) => pickOwner(e.currentTarget.value)}
              data={a.owners.map((o) => ({ value: o.email, label: o.name ? `${o.name} (${o.email})` : o.email }))}
              miw={240}
            />
            <Button variant="default" loading={actions.inviteEdit.isPending} onClick={mailLink}>
              {T.editLinkMail}
            </Button>
            <Button variant="default" loading={actions.editUrl.isPending} onClick={createLink}>
              {T.editLinkCreate}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{T.editLinkPendingOnly}</Text>
        )}
        {link ? (
          <Alert color="blue" title={T.editLinkCreated}>
            <Stack gap="xs">
              <Text size="sm">{T.editLinkShownOnce}</Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={T.editLinkLabel}
                  value={link}
                  readOnly
                  style={{ flex: 1 }}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton value={link}>
                  {({ copied, copy: doCopy }) => (
                    <Button variant="default" onClick={doCopy}>
                      {copied ? T.copied : T.copyLink}
                    </Button>
                  )}
                </CopyButton>
                <Button variant="subtle" onClick={forgetLink}>
                  {T.hideLink}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              setCopyEmail(a.applicantEmail);
              setCopyError(null);
              setCopyOpen(true);
            }}
          >
            {T.copyApplication}
          </Button>
          {undecided ? (
            <Button variant="default" color="red" onClick={() => setRepopulateOpen(true)}>
              {T.repopulate}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal opened={copyOpen} onClose={() => setCopyOpen(false)} title={T.copyTitle} centered>
        <Stack gap="md">
          <Text size="sm">{T.copyLead}</Text>
          <TextInput
            label={T.copyEmail}
            type="email"
            value={copyEmail}
            onChange={(e) => setCopyEmail(e.currentTarget.value)}
            required
            data-autofocus
          />
          {copyError ? (
            <Alert color="red" role="alert">
              {copyError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCopyOpen(false)}>
              {T.cancel}
            </Button>
            <Button loading={actions.copy.isPending} onClick={copy}>
              {T.copyConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={repopulateOpen}
        title={T.repopulateTitle}
        message={T.repopulateLead}
        confirmLabel={T.repopulateConfirm}
        isDanger
        isBusy={actions.repopulate.isPending}
        onConfirm={repopulate}
        onCancel={() => setRepopulateOpen(false)}
      />
    </Paper>
  );
}
