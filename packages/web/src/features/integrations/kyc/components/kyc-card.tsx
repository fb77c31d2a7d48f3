import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { IntegrationState } from '@under/core/integrations/integrations';
import type { KycConnectionView } from '@under/core/integrations/kyc.schema';
import { KYC_SETUP_TEXT as T } from '@under/core/ui-text/kyc';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../../components/form-alert';
import { PasswordField } from '../../../../components/password-field';
import { errorMessage } from '../../../../lib/http-error';

const BADGE: Record<IntegrationState, string> = {
  not_connected: 'gray',
  connected: 'green',
  expired: 'orange',
  turned_off: 'red',
};

/**
 * KYC on /manage-integration (decision 089), as the Worldpay/Vantiv card: its state; for a client ADMINISTRATOR
 * the provider's API key, never prefilled (the server answers its mask only): left empty, the saved key is kept,
 * sent back as its mask. The server checks the key with the provider before it keeps it.
 */
export function KycCard(props: {
  view: KycConnectionView | undefined;
  canManage: boolean;
  onSave: (body: { apiKey: string }) => Promise<void>;
}) {
  const { view, canManage, onSave } = props;
  const state = view?.state ?? 'not_connected';
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const key = apiKey.trim() || view?.apiKey || '';
    setError(key ? undefined : T.apiKeyRequired);
    if (!key) return;
    setBusy(true);
    try {
      await onSave({ apiKey: key });
      setApiKey('');
    } catch (cause) {
      setFormError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="kyc-setup-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="kyc-setup-title">
            {T.title}
          </Title>
          <Badge color={BADGE[state]} variant="light" c="dark" data-testid="kyc-setup-state">
            {MANAGE_INTEGRATION_TEXT.states[state]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {T.description}
        </Text>
        {canManage ? (
          <form onSubmit={submit} noValidate aria-label={T.title}>
            <Stack gap="sm">
              <FormAlert message={formError} />
              <PasswordField
                label={T.apiKeyLabel}
                value={apiKey}
                onChange={(e) => setApiKey(e.currentTarget.value)}
                error={error}
                description={view?.apiKey ? T.savedMask(view.apiKey) : undefined}
                autoComplete="new-password"
              />
              <Group>
                <Button type="submit" loading={busy}>
                  {T.save}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
