import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Shown instead of a list that has no entries at all yet: what the list is for, and how to add the first one. */
export function EmptyCard({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm" py="lg">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          {text}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
