import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CcStatusView } from '@under/core/integrations/cardconnect-status.schema';
import { CC_STATUS_TEXT as T } from '@under/core/ui-text/cardconnect-status';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { CC_POLL, useCcStatus, useCcStatusRefresh } from '../api/cc-status-api';
import { when } from '../lib/when';

const BOARDING_COLORS: Record<string, string> = {
  INPROG: 'gray',
  OFS: 'yellow',
  BOARDED: 'teal',
  LIVE: 'green',
  DECLINED: 'red',
  CANCELLED: 'red',
};

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Facts({ view }: { view: CcStatusView }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
      <Fact label={T.merchantId} testId="cc-merchant-id">
        {view.merchantId}
      </Fact>
      <Fact label={T.boardingStatus} testId="cc-boarding">
        {view.boardingStatus ? (
          <Badge variant="dot" color={BOARDING_COLORS[view.boardingStatusCd ?? ''] ?? 'blue'}>
            {view.boardingStatus}
          </Badge>
        ) : (
          T.never
        )}
      </Fact>
      <Fact label={T.signatureStatus} testId="cc-signature">
        {view.signatureStatus ?? T.never}
      </Fact>
      <Fact label={T.lastChecked} testId="cc-last-checked">
        {view.lastCheckedAt ? when(view.lastCheckedAt) : T.never}
        {view.nextCheckAt ? ` · ${T.nextCheck}: ${when(view.nextCheckAt)}` : ''}
      </Fact>
    </SimpleGrid>
  );
}

/**
 * The application's boarding at CardConnect (issue #24 §1 Status; decision 087): merchant id, boarding and
 * signature status in words, when it was last checked, what a person should know (not sent yet, still processing),
 * refused fields by their form labels, the changes seen, and Refresh. Hidden for a company without CardConnect
 * whose application was never sent.
 */
export function CardConnectStatusPanel({ applicationId }: { applicationId: string }) {
  const { query, stalled, follow } = useCcStatus(applicationId);
  const refresh = useCcStatusRefresh(applicationId);
  const [said, setSaid] = useState('');
  const view = query.data;

  if (query.isError && query.error instanceof HttpError && query.error.status === 404) return null;
  if (view && !view.sent && !view.configured) return null;
  if (!view && !query.isError) return null;

  async function run() {
    setSaid('');
    follow();
    try {
      await refresh.mutateAsync();
      setSaid(T.refreshed);
    } catch (e) {
      setSaid(errorMessage(e));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cc-status-title" data-testid="cc-status-panel">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Title order={2} size="h3" id="cc-status-title">
            {T.title}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {T.lead}
          </Text>
        </div>
        {view?.sent ? (
          <Button variant="default" onClick={run} loading={refresh.isPending}>
            {T.refresh}
          </Button>
        ) : null}
      </Group>
      {query.isError ? <Alert color="red">{T.loadError}</Alert> : null}
      {view ? (
        <Stack gap="sm">
          {view.sent ? <Facts view={view} /> : null}
          {view.final ? (
            <Text size="sm" data-testid="cc-final">
              {T.final}
            </Text>
          ) : null}
          {view.message ? (
            <Alert color={view.sent ? 'yellow' : 'gray'} data-testid="cc-message">
              {view.message}
              {view.problems.length > 0 ? (
                <List size="sm" mt={4}>
                  {view.problems.map((p) => (
                    <List.Item key={`${p.field}-${p.message}`}>
                      <strong>{p.field}</strong>: {p.message}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ) : null}
          {view.history.length > 0 ? (
            <ScrollTable minWidth={300} label={T.historyTitle}>
              <Table fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.colAt}</Table.Th>
                    <Table.Th>{T.colBoarding}</Table.Th>
                    <Table.Th>{T.colSignature}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.history.map((h) => (
                    <Table.Tr key={h.at} data-testid="cc-change">
                      <Table.Td>{when(h.at)}</Table.Td>
                      <Table.Td>{h.boardingStatus}</Table.Td>
                      <Table.Td>{h.signatureStatus}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          ) : null}
        </Stack>
      ) : null}
      <Text size="sm" role="status" aria-live="polite" mt="xs" data-testid="cc-status-said">
        {stalled ? T.pollStopped(CC_POLL.stopAfterMs / 60_000) : said}
      </Text>
    </Paper>
  );
}
