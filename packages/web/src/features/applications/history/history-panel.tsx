import { Alert, Paper, Table, Title } from '@mantine/core';
import { answerPages } from '@under/core/applications/answer-pages';
import type { ApplicationDetail } from '@under/core/applications/application-detail.schema';
import type { HistoryEvent } from '@under/core/applications/history.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { CC_STATUS_TEXT, ccBoardingWords } from '@under/core/ui-text/cardconnect-status';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useMemo } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import type { useHistory } from '../api/applications-api';
import { when } from '../lib/when';

const statusName = (status: unknown) =>
  typeof status === 'string' ? (T.statusLabels[status] ?? status) : String(status ?? '');

/**
 * What a history row did, in words: a status change names the status it left and the one it set, a reveal names
 * the field by its label in the form (issue 21 §5); other events by their action.
 */
function historyWhat(event: HistoryEvent, labels: ReadonlyMap<string, string>): string {
  const d = event.details ?? {};
  if (event.action === 'application.status' && 'to' in d) return T.historyStatus(statusName(d.from), statusName(d.to));
  if (event.action === 'application.reveal' && typeof d.path === 'string') {
    return T.historyReveal(labels.get(d.path) ?? d.path);
  }
  if (event.action === 'application.cardconnect-status' && typeof d.to === 'string') {
    return CC_STATUS_TEXT.historyLine(
      typeof d.from === 'string' ? ccBoardingWords(d.from) : '—',
      ccBoardingWords(d.to),
    );
  }
  return event.action.replace(/^application\./, '');
}

/** The application's chained history (decision 044): whether the chain is intact, and each event. */
export function HistoryPanel({
  application,
  history,
}: {
  application: ApplicationDetail | undefined;
  history: ReturnType<typeof useHistory>;
}) {
  const labels = useMemo(() => {
    const map = new Map<string, string>();
    if (!application) return map;
    for (const page of answerPages(application.form as unknown as FormDefinition, application.data, '')) {
      for (const row of page.rows) map.set(row.path, row.label);
    }
    return map;
  }, [application]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="history-title">
      <Title order={2} size="h3" id="history-title" mb="sm">
        {T.historyTitle}
      </Title>
      {history.data ? (
        <Alert color={history.data.chain.intact ? 'green' : 'red'} mb="sm" data-testid="history-chain">
          {history.data.chain.intact
            ? T.historyIntact(history.data.chain.events)
            : T.historyBroken(history.data.chain.brokenAt ?? 0)}
        </Alert>
      ) : null}
      <ScrollTable minWidth={700} label={T.historyTitle}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.colSeq}</Table.Th>
              <Table.Th>{T.colTime}</Table.Th>
              <Table.Th>{T.colAction}</Table.Th>
              <Table.Th>{T.colActor}</Table.Th>
              <Table.Th>{T.colAddress}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(history.data?.items ?? []).map((e) => (
              <Table.Tr key={e.seq} data-testid="history-row">
                <Table.Td>{e.seq}</Table.Td>
                <Table.Td>{when(e.at)}</Table.Td>
                <Table.Td>{historyWhat(e, labels)}</Table.Td>
                <Table.Td>{e.actor ?? T.system}</Table.Td>
                <Table.Td>{e.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
