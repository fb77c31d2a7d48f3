import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ApplicationDetail } from '@under/core/applications/application-detail.schema';
import { type ListedStatus, STATUS_TRANSITIONS } from '@under/core/applications/application-list.schema';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import type { useApplicationActions } from '../api/applications-api';
import { when } from '../lib/when';

type Target = 'approved' | 'denied' | 'pending';

/**
 * The decision on a submitted application (issue 14): the allowed moves of STATUS_TRANSITIONS as buttons, each asking
 * first in a dialog (a reason, required to deny; e-mail the applicant or not). The server records and audits it.
 */
export function DecisionPanel({
  application: a,
  changeStatus,
}: {
  application: ApplicationDetail;
  changeStatus: ReturnType<typeof useApplicationActions>['changeStatus'];
}) {
  const [target, setTarget] = useState<Target | null>(null);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const moves = (STATUS_TRANSITIONS[a.status as ListedStatus] ?? []) as Target[];

  function open(next: Target) {
    setTarget(next);
    setReason('');
    setNotify(false);
    setError(null);
  }
  async function confirm() {
    if (!target) return;
    if (target === 'denied' && reason.trim() === '') {
      setError(MESSAGES.applicationDenyReasonRequired);
      return;
    }
    try {
      await changeStatus.mutateAsync({
        newStatus: target,
        reason: reason.trim() || undefined,
        notifyApplicant: notify,
      });
      notifySuccess(T.statusChanged(T.statusLabels[target] ?? target));
      setTarget(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="decision-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3" id="decision-title">
            {T.decisionTitle}
          </Title>
          <Group gap="xs">
            <Badge variant="light" data-testid="application-status">
              {T.statusLabels[a.status] ?? a.status}
            </Badge>
            {a.decidedAt ? (
              <Text size="sm" c="dimmed">
                {T.decidedOn(when(a.decidedAt))}
              </Text>
            ) : null}
          </Group>
          {a.statusReason ? <Text size="sm">{T.decisionReason(a.statusReason)}</Text> : null}
          {moves.length === 0 ? (
            <Text size="sm" c="dimmed">
              {T.decisionWaiting}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {moves.map((m) => (
            <Button
              key={m}
              variant={m === 'approved' ? 'filled' : 'default'}
              color={m === 'denied' ? 'red' : undefined}
              onClick={() => open(m)}
            >
              {T.actionFor[m]}
            </Button>
          ))}
        </Group>
      </Group>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? T.dialogFor[target] : ''}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{target ? T.dialogLead[target] : ''}</Text>
          <Textarea
            label={T.reasonLabel}
            description={target ? T.reasonHintFor[target] : ''}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            withAsterisk={target === 'denied'}
            data-autofocus
          />
          <Checkbox
            label={target ? T.notifyLabelFor[target] : ''}
            checked={notify}
            onChange={(e) => setNotify(e.currentTarget.checked)}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)}>
              {T.cancel}
            </Button>
            <Button
              color={target === 'denied' ? 'red' : undefined}
              loading={changeStatus.isPending}
              onClick={() => void confirm()}
            >
              {target ? T.actionFor[target] : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
