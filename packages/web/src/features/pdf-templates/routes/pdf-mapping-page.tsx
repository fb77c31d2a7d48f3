import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';

/** Admin landing page; the PDF template list arrives with its own issue. */
export function PdfMappingPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{UI_TEXT.pdfMappingTitle}</Title>
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {UI_TEXT.pdfMappingEmpty}
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
