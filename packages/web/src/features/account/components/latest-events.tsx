import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { HomeEvent } from '@under/core/notifications/notification.schema';
import { APPLICATIONS_TEXT } from '@under/core/ui-text/client-applications';
import { NOTIFICATIONS_TEXT as T } from '@under/core/ui-text/notifications';
import { Link } from 'react-router';
import { useHomeEvents } from '../api/notifications-api';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const status = (s: string | null) => (s ? (APPLICATIONS_TEXT.statusLabels[s] ?? s) : null);

function lineOf(e: HomeEvent): string {
  return T.eventLine(e.kind, {
    app: T.eventApp(e.applicationNumber, e.applicantCompanyName),
    actor: e.actor,
    from: status(e.from),
    to: status(e.to),
  });
}

/**
 * Home's latest events (issue 21 §4): what happened to the applications the member may see, newest first, each
 * a link to its application; an empty state until something happens.
 */
export function LatestEvents() {
  const events = useHomeEvents(10);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="latest-events-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="latest-events-title">
            {T.eventsTitle}
          </Title>
          <Anchor component={Link} to="/applications" size="sm">
            {T.eventsViewAll}
          </Anchor>
        </Group>
        {events.isPending ? <Skeleton height={120} radius="md" /> : null}
        {events.isError ? (
          <Alert color="red" role="alert" title={T.eventsLoadFailed}>
            <Button size="compact-sm" variant="light" onClick={() => void events.refetch()}>
              {T.eventsRetry}
            </Button>
          </Alert>
        ) : null}
        {events.data && events.data.items.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="latest-events-empty">
            {T.eventsEmpty}
          </Text>
        ) : null}
        {events.data && events.data.items.length > 0 ? (
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="latest-events">
            {events.data.items.map((e) => (
              <li key={e.id}>
                <Anchor component={Link} to={`/applications/${e.applicationId}`} fw={600} size="sm">
                  {lineOf(e)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {e.formName} · <time dateTime={e.at}>{when(e.at)}</time>
                </Text>
              </li>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
