import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import type { IntegrationView, SalesforceAddInfoBody } from '@under/core/integrations/connections.schema';
import type { IntegrationState } from '@under/core/integrations/integrations';
import { MANAGE_INTEGRATION_TEXT as T } from '@under/core/ui-text/manage-integration';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert } from '../../../../components/form-alert';
import { errorMessage } from '../../../../lib/http-error';
import { SalesforceForm } from './salesforce-form';

const BADGE: Record<IntegrationState, string> = {
  not_connected: 'gray',
  connected: 'green',
  expired: 'orange',
  turned_off: 'red',
};

const day = (iso: string | null) => (iso ? formatDate(iso, 'MMM dd, yyyy') : '');

export function StateBadge({ state }: { state: IntegrationState }) {
  return (
    <Badge color={BADGE[state]} variant="light" c="dark" data-testid="integration-state">
      {T.states[state]}
    </Badge>
  );
}

interface SalesforceCardProps {
  view: IntegrationView;
  canManage: boolean;
  connect: (body: SalesforceAddInfoBody) => Promise<void>;
  turnOff: () => Promise<void>;
}

/** Salesforce on /manage-integration: its state, Connect / Edit, Update Token, Turn off (confirmed). */
export function SalesforceCard({ view, canManage, connect, turnOff }: SalesforceCardProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasApp = Boolean(view.consumerKey && view.consumerSecret && view.domain);

  async function updateToken() {
    setError(null);
    setBusy(true);
    try {
      // the masks stand for the stored key and secret (spec 2 §5: a masked value is "unchanged")
      await connect({
        consumerKey: view.consumerKey ?? '',
        consumerSecret: view.consumerSecret ?? '',
        salesForceDomain: view.domain ?? '',
      });
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  }

  async function confirmTurnOff() {
    setError(null);
    setBusy(true);
    try {
      await turnOff();
      setConfirming(false);
    } catch (cause) {
      setError(errorMessage(cause));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  const showForm = canManage && (editing || view.state === 'not_connected');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="salesforce-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="salesforce-title">
            {T.names.salesforce}
          </Title>
          <StateBadge state={view.state} />
        </Group>
        {view.state === 'expired' ? (
          <Alert color="orange" c="dark">
            {INTEGRATION_MESSAGES.connectionExpired}
          </Alert>
        ) : null}
        {view.state === 'turned_off' ? (
          <Alert color="gray" c="dark">
            {INTEGRATION_MESSAGES.salesforceTurnedOff}
          </Alert>
        ) : null}
        <FormAlert message={error} />
        {view.domain || view.instanceUrl ? (
          <Stack gap={4}>
            {view.domain ? (
              <Text size="sm">
                {T.domainLabel}: {view.domain}
              </Text>
            ) : null}
            {view.instanceUrl ? (
              <Text size="sm">
                {T.instanceLabel}: {view.instanceUrl}
              </Text>
            ) : null}
            {view.consumerKey ? (
              <Text size="sm">
                {T.consumerKeyLabel}: <span data-testid="consumer-key-mask">{view.consumerKey}</span>
              </Text>
            ) : null}
            {view.state === 'connected' && view.connectedAt ? (
              <Text size="sm" c="dimmed">
                {T.connectedSince(day(view.connectedAt))}
              </Text>
            ) : null}
            {view.state === 'turned_off' && view.turnedOffAt ? (
              <Text size="sm" c="dimmed">
                {T.turnedOffSince(day(view.turnedOffAt))}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {showForm ? (
          <SalesforceForm
            view={view}
            onSubmit={connect}
            onCancel={view.state === 'not_connected' ? undefined : () => setEditing(false)}
          />
        ) : null}
        {canManage && !showForm ? (
          <Group gap="sm">
            <Button variant="default" onClick={() => setEditing(true)} disabled={isBusy}>
              {T.edit}
            </Button>
            {hasApp && view.state !== 'connected' ? (
              <Button onClick={updateToken} loading={isBusy}>
                {T.updateToken}
              </Button>
            ) : null}
            {view.state === 'connected' || view.state === 'expired' ? (
              <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={isBusy}>
                {T.turnOff}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={T.turnOffTitle}
        message={T.turnOffMessage}
        confirmLabel={T.turnOff}
        isDanger
        isBusy={isBusy}
        onConfirm={confirmTurnOff}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
