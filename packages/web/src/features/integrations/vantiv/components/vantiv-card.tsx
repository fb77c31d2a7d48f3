import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { IntegrationState } from '@under/core/integrations/integrations';
import { VANTIV_MESSAGES, type VantivView } from '@under/core/integrations/vantiv.schema';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import { VANTIV_SETUP_TEXT as T } from '@under/core/ui-text/vantiv';
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
 * Worldpay/Vantiv on /manage-integration (decision 088): its state; for a client ADMINISTRATOR the API user name
 * and password, never prefilled (the server answers masks only): a field left empty keeps its saved value, sent
 * back as its mask (spec 2 §5).
 */
export function VantivCard(props: {
  view: VantivView | undefined;
  canManage: boolean;
  onSave: (body: { username: string; password: string }) => Promise<void>;
}) {
  const { view, canManage, onSave } = props;
  const state = view?.state ?? 'not_connected';
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = {
      username: values.username.trim() || view?.username || '',
      password: values.password || view?.password || '',
    };
    const next = {
      username: body.username ? undefined : VANTIV_MESSAGES.usernameRequired,
      password: body.password ? undefined : VANTIV_MESSAGES.passwordRequired,
    };
    setErrors(next);
    if (next.username || next.password) return;
    setBusy(true);
    try {
      await onSave(body);
      setValues({ username: '', password: '' });
    } catch (cause) {
      setFormError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="vantiv-setup-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="vantiv-setup-title">
            {T.title}
          </Title>
          <Badge color={BADGE[state]} variant="light" c="dark" data-testid="vantiv-state">
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
              <TextInput
                label={T.usernameLabel}
                value={values.username}
                onChange={(e) => {
                  const username = e.currentTarget.value;
                  setValues((v) => ({ ...v, username }));
                }}
                error={errors.username}
                description={view?.username ? T.savedMask(view.username) : undefined}
                autoComplete="off"
              />
              <PasswordField
                label={T.passwordLabel}
                value={values.password}
                onChange={(e) => {
                  const password = e.currentTarget.value;
                  setValues((v) => ({ ...v, password }));
                }}
                error={errors.password}
                description={view?.password ? T.savedMask(view.password) : undefined}
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
