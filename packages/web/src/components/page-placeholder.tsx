import { Container, Title } from '@mantine/core';

/** Stand-in for an admin page being built; replaced page by page. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
    </Container>
  );
}
