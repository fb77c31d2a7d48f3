import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { CARDCONNECT_MESSAGES } from '@under/core/integrations/cardconnect-messages';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import type { IntegrationState } from '@under/core/integrations/integrations';
import { CARDCONNECT_TEXT as T } from '@under/core/ui-text/cardconnect';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert } from '../../../../components/form-alert';
import { errorMessage } from '../../../../lib/http-error';
import { notifySuccess } from '../../../../lib/notify';
import { useCardConnect, useTurnOffCardConnect } from '../api/cardconnect-api';
import { CardConnectTrialNote } from './cardconnect-trial-note';

const BADGE: Record<IntegrationState, string> = {
  not_connected: 'gray',
  connected: 'green',
  expired: 'orange',
  turned_off: 'red',
};

/** CardConnect on /manage-integration: its state, Set up / Edit (the setup page), Turn off (confirmed). */
export function CardConnectCard({ canManage }: { canManage: boolean }) {
  const setup = useCardConnect();
  const turnOff = useTurnOffCardConnect();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const view = setup.data;
  const state = view?.state ?? 'not_connected';

  async function confirmTurnOff() {
    setError(null);
    try {
      await turnOff.mutateAsync();
      notifySuccess(T.turnedOffDone);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cardconnect-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="cardconnect-title">
            {MANAGE_INTEGRATION_TEXT.names.cardconnect}
          </Title>
          <Badge color={BADGE[state]} variant="light" c="dark" data-testid="cardconnect-state">
            {MANAGE_INTEGRATION_TEXT.states[state]}
          </Badge>
        </Group>
        {state === 'turned_off' ? (
          <Alert color="gray" c="dark">
            {INTEGRATION_MESSAGES.processorTurnedOff}
          </Alert>
        ) : null}
        <CardConnectTrialNote view={view} />
        <FormAlert message={error ?? (setup.isError ? errorMessage(setup.error) : null)} />
        {view?.username ? (
          <Text size="sm">
            {T.usernameLabel}: <span data-testid="cardconnect-username">{view.username}</span>
          </Text>
        ) : null}
        {state === 'connected' && view?.connectedAt ? (
          <Text size="sm" c="dimmed">
            {T.connectedSince(formatDate(view.connectedAt))}
          </Text>
        ) : null}
        {state === 'turned_off' && view?.turnedOffAt ? (
          <Text size="sm" c="dimmed">
            {T.turnedOffSince(formatDate(view.turnedOffAt))}
          </Text>
        ) : null}
        {canManage ? (
          <Group gap="sm">
            <Button
              component={Link}
              to="/integrate-card-connect"
              variant={state === 'not_connected' ? 'filled' : 'default'}
            >
              {state === 'not_connected' ? T.setUp : T.edit}
            </Button>
            {state === 'connected' ? (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {T.turnOff}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={T.turnOffTitle}
        message={CARDCONNECT_MESSAGES.turnOffConfirm}
        confirmLabel={T.turnOff}
        isDanger
        isBusy={turnOff.isPending}
        onConfirm={confirmTurnOff}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
