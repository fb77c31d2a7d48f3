import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { answerPages } from '@under/core/applications/answer-pages';
import type { ApplicationDetail } from '@under/core/applications/application-detail.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useMemo, useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { notifyError } from '../../../lib/notify';

/**
 * The answers page by page as the applicant saw the form (issue 14 detail), encrypted values masked; an ADMINISTRATOR
 * reveals one value at a time (the server audits each reveal).
 */
export function AnswersPanel({
  application: a,
  canReveal,
  reveal,
}: {
  application: ApplicationDetail;
  canReveal: boolean;
  reveal: (path: string) => Promise<{ value: string }>;
}) {
  const pages = useMemo(
    () => answerPages(a.form as unknown as FormDefinition, a.data, T.answersTitle),
    [a.form, a.data],
  );
  const [shown, setShown] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);

  async function show(path: string) {
    setBusy(path);
    try {
      const { value } = await reveal(path);
      setShown((s) => ({ ...s, [path]: value }));
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  const anyEncrypted = pages.some((p) => p.rows.some((r) => r.encrypted && !r.empty));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="answers-title">
      <Title order={2} size="h3" id="answers-title" mb="sm">
        {T.answersTitle}
      </Title>
      {pages.every((p) => p.rows.length === 0) ? <Text>{T.answersNone}</Text> : null}
      <Stack gap="lg">
        {pages
          .filter((p) => p.rows.length > 0)
          .map((page) => (
            <div key={page.rows[0]?.path ?? page.title}>
              <Title order={3} size="h5" mb="xs">
                {page.title}
              </Title>
              <ScrollTable minWidth={320} label={page.title}>
                <Table layout="fixed" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w="40%">{T.colQuestion}</Table.Th>
                      <Table.Th>{T.colAnswer}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.rows.map((r) => (
                      <Table.Tr key={r.path}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.label}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <span data-testid={`answer-${r.path}`}>
                            {shown[r.path] ?? (r.empty ? T.noAnswer : r.value)}
                          </span>
                          {r.encrypted && !r.empty && canReveal && shown[r.path] === undefined ? (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              ml="xs"
                              loading={busy === r.path}
                              onClick={() => void show(r.path)}
                              aria-label={T.revealLabel(r.label)}
                            >
                              {T.reveal}
                            </Button>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </div>
          ))}
      </Stack>
      {anyEncrypted && canReveal ? (
        <Text size="xs" c="dimmed" mt="sm">
          {T.revealedNote}
        </Text>
      ) : null}
    </Paper>
  );
}
