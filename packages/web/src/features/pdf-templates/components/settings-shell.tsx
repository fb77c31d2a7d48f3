import { Alert, Anchor, Container, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { templateRoutes } from './template-actions';

/** The frame of the two settings pages: back link, title, loading and error states. */
export function SettingsShell({
  title,
  description,
  templateId,
  isLoading,
  error,
  children,
}: {
  title: string;
  description?: ReactNode;
  templateId: string;
  isLoading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const routes = templateRoutes(templateId);
  const isNotFound = error instanceof HttpError && error.status === 404;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to="/pdf-mapping" size="sm">
            ← {T.backToList}
          </Anchor>
          <Group gap="md">
            <Anchor component={Link} to={routes.mapper} size="sm">
              {T.editMapping}
            </Anchor>
            <Anchor component={Link} to={routes.general} size="sm">
              {T.generalSetting}
            </Anchor>
            <Anchor component={Link} to={routes.global} size="sm">
              {T.globalSetting}
            </Anchor>
          </Group>
        </Group>
        <PageHeader title={title} description={description} />
        {error ? (
          <Alert color="red" role="alert" title={isNotFound ? undefined : T.settingsError}>
            {isNotFound ? MESSAGES.templateNotFound : errorMessage(error)}
          </Alert>
        ) : isLoading ? (
          <Paper withBorder p="lg" radius="md" aria-busy>
            <Stack gap="md">
              <Skeleton height={36} />
              <Skeleton height={36} />
              <Skeleton height={24} width="40%" />
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder p="lg" radius="md">
            {children}
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

/** Asks before leaving a settings page with unsaved changes: in-app navigation, and reload or closing the tab. */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  return (
    <LeaveGuard
      when={isDirty}
      title={T.unsavedTitle}
      message={T.unsavedText}
      leaveLabel={T.unsavedLeave}
      stayLabel={T.unsavedStay}
    />
  );
}
