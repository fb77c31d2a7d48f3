import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';

/** Admin landing page; the PDF template list arrives with its own issue. */
export function PdfMappingPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{MESSAGES.pdfMappingTitle}</Title>
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {MESSAGES.pdfMappingEmpty}
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
