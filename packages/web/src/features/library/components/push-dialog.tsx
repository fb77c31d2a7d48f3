import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import type { PushUpdate } from '@under/core/templates/master-form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http-error';
import { type PushKind, usePushProgress, useStartPush } from '../api/library-api';

/** The progress of a push job: queued, running done/total, done, or failed with its error. */
function PushProgress({ push, pollError }: { push: PushUpdate; pollError?: string | null }) {
  const percent = push.status === 'done' ? 100 : push.total > 0 ? Math.round((push.done / push.total) * 100) : 0;
  const text =
    push.status === 'queued'
      ? T.pushQueued
      : push.status === 'running'
        ? T.pushRunning(push.done, push.total)
        : push.status === 'done'
          ? T.pushDone(push.total)
          : T.pushFailed;
  const color = push.status === 'failed' ? 'red' : push.status === 'done' ? 'green' : 'brand';
  return (
    <Stack gap="xs" data-testid="push-progress" data-status={push.status}>
      <Progress
        value={percent}
        color={color}
        size="lg"
        radius="sm"
        striped={push.status === 'running' || push.status === 'queued'}
        animated={push.status === 'running' || push.status === 'queued'}
        aria-label={T.pushProgressLabel}
        aria-valuetext={text}
      />
      <Text size="sm" role="status" aria-live="polite">
        {text}
      </Text>
      {push.status === 'failed' && push.error ? (
        <Alert color="red" role="alert">
          {push.error}
        </Alert>
      ) : null}
      {pollError && push.status !== 'done' && push.status !== 'failed' ? (
        <Alert color="yellow" c="dark">
          {T.pushStatusError} {pollError}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Asks before pushing an entry or section to every master form that uses it, then follows the job. */
export function PushDialog({
  kind,
  target,
  onClose,
}: {
  kind: PushKind;
  /** The entry or section to push; null closes the dialog. */
  target: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={T.pushTitle}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': T.close }}
    >
      {/* keyed by the target so a new push starts from its confirmation */}
      {target ? <PushBody key={target.id} kind={kind} target={target} onClose={onClose} /> : null}
    </Modal>
  );
}

function PushBody({
  kind,
  target,
  onClose,
}: {
  kind: PushKind;
  target: { id: string; name: string };
  onClose: () => void;
}) {
  const start = useStartPush(kind);
  const [push, setPush] = useState<PushUpdate>();
  const progress = usePushProgress(push);
  const current = progress.data ?? push;

  if (current) {
    return (
      <Stack gap="lg">
        <PushProgress push={current} pollError={progress.error ? errorMessage(progress.error) : null} />
        <Group justify="flex-end">
          <Button variant={current.status === 'done' ? 'filled' : 'default'} onClick={onClose}>
            {T.close}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Text>{kind === 'dictionary' ? T.pushDictionaryMessage(target.name) : T.pushSectionMessage(target.name)}</Text>
      {start.error ? (
        <Alert color="red" role="alert">
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={start.isPending}>
          {UI_TEXT.cancelButton}
        </Button>
        <Button loading={start.isPending} onClick={() => start.mutate(target.id, { onSuccess: setPush })}>
          {T.pushStart}
        </Button>
      </Group>
    </Stack>
  );
}
