import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Container size="sm" py={96} component="main">
      <Stack align="center" gap="md">
        <Text fz={72} fw={800} c="brand.9" aria-hidden>
          404
        </Text>
        <Title order={1} ta="center">
          {MESSAGES.notFoundPage}
        </Title>
        <Anchor component={Link} to="/">
          {UI_TEXT.backHome}
        </Anchor>
      </Stack>
    </Container>
  );
}
