import { Anchor, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

const SUPPORT_EMAIL = 'support@under.example';

/** The route error boundary: 'Sorry... Something went wrong :(' with the details and a way to reach us. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const details = describe(error);
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(MESSAGES.errorPage)}&body=${encodeURIComponent(
    `${details}\n\n${window.location.href}`,
  )}`;
  return (
    <Container size="sm" py={96} component="main">
      <Stack gap="md">
        <Title order={1}>{MESSAGES.errorPage}</Title>
        <Text fw={600}>{UI_TEXT.errorDetails}</Text>
        <Code block>{details}</Code>
        <Group gap="lg">
          <Anchor href={mailto}>
            {UI_TEXT.contactSupport} ({SUPPORT_EMAIL})
          </Anchor>
          <Anchor component={Link} to="/" reloadDocument>
            {UI_TEXT.backHome}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return MESSAGES.generic;
}
