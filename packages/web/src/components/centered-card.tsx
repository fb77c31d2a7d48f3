import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { Pool } from '@under/core/auth/pools';
import { UI_TEXT } from '@under/core/ui-text';
import type { ReactNode } from 'react';

/** The product name above the signed-out pages of each app. */
export function brandOf(pool: Pool): string {
  return pool === 'admin' ? UI_TEXT.adminAppName : UI_TEXT.appName;
}

/** The frame of the signed-out pages: a title, an optional lead text, the form. */
interface CenteredCardProps {
  title: string;
  lead?: ReactNode;
  /** The product name above the card. */
  brand?: string;
  children: ReactNode;
}

export function CenteredCard({ title, lead, brand = UI_TEXT.appName, children }: CenteredCardProps) {
  return (
    <Container size={460} py={64} component="main">
      <Text ta="center" fw={800} fz={28} c="brand.9" mb="md">
        {brand}
      </Text>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} fz={24}>
            {title}
          </Title>
          {lead ? <Text c="dimmed">{lead}</Text> : null}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
