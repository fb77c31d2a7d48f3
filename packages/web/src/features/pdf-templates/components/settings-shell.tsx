import { Alert, Anchor, Button, Container, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { type ReactNode, useEffect } from 'react';
import { Link, useBlocker } from 'react-router';
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
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      opened
      onClose={() => blocker.reset()}
      title={T.unsavedTitle}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      <Stack gap="lg">
        <Text>{T.unsavedText}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset()}>
            {T.unsavedStay}
          </Button>
          <Button color="red" onClick={() => blocker.proceed()}>
            {T.unsavedLeave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
