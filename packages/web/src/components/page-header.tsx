import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of a signed-in page: its title, an optional line under it and the page's main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {title}
        </Title>
        {/* a div: a description may hold badges and groups, which a paragraph cannot */}
        {description ? (
          <Text c="dimmed" component="div">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
