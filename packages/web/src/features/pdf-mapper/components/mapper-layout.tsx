import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import type { ReactNode } from 'react';

/** The two columns of a mapper: the pages on the left, the panel on the right (under them on narrow screens). */
export function MapperLayout({ canvas, panel }: { canvas: ReactNode; panel: ReactNode }) {
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>{canvas}</div>
      <div
        style={{
          flex: '0 1 360px',
          minWidth: 300,
          maxHeight: 'calc(100dvh - 230px)',
          overflowY: 'auto',
          paddingRight: 4,
        }}
      >
        {panel}
      </div>
    </Group>
  );
}

export function MapperLoading() {
  return (
    <Center h={300}>
      <Stack align="center" gap="xs">
        <Loader role="status" aria-label={MAPPER_TEXT.loading} />
        <Text c="dimmed">{MAPPER_TEXT.loading}</Text>
      </Stack>
    </Center>
  );
}

export function MapperLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" title={MAPPER_TEXT.loadError} role="alert" m="lg">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {MAPPER_TEXT.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
