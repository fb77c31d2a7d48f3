import { Alert, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { NotificationKind } from '@under/core/notifications/notification.schema';
import { NOTIFICATIONS_TEXT as T } from '@under/core/ui-text/notifications';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNotificationPreferences, useUpdateNotificationPreference } from '../api/notifications-api';

/** The profile's e-mail choices (issue 21 §4; decision 060): one switch per kind of notice, the member's own. */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference();

  async function toggle(kind: NotificationKind, enabled: boolean) {
    try {
      await update.mutateAsync({ kind, enabled });
      notifySuccess(T.saved(T.kindLabels[kind], enabled));
    } catch (e) {
      notifyError(errorMessage(e));
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notification-preferences-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="notification-preferences-title">
            {T.preferencesTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {T.preferencesLead}
          </Text>
        </div>
        {preferences.isPending ? <Skeleton height={160} radius="md" /> : null}
        {preferences.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(preferences.error)}
          </Alert>
        ) : null}
        {preferences.data ? (
          <Stack gap="sm">
            {preferences.data.items.map((p) => (
              <Switch
                key={p.kind}
                checked={p.enabled}
                label={T.kindLabels[p.kind]}
                description={T.kindHints[p.kind]}
                disabled={update.isPending}
                onChange={(e) => void toggle(p.kind, e.currentTarget.checked)}
                data-testid={`notify-${p.kind}`}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
