import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { FormIntegration } from '@under/core/integrations/form-integrations.schema';
import type { SyncState } from '@under/core/integrations/integrations';
import { type ApplicationSync, INTEGRATION_LABELS, SYNC_STATE_LABELS } from '@under/core/integrations/sync.schema';
import { SYNC_TEXT as T } from '@under/core/ui-text/integrations-sync';
import { useEffect, useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { notifyError } from '../../../lib/notify';
import { SYNC_POLL, type SyncTarget, useApplicationSyncs, useFormSyncTargets, useSyncNow } from '../api/sync-api';
import { when } from '../lib/when';

const STATE_COLORS: Record<SyncState, string> = {
  queued: 'gray',
  running: 'blue',
  synced: 'green',
  failed: 'red',
  needs_attention: 'orange',
};
const busy = (s: ApplicationSync) => s.state === 'queued' || s.state === 'running';
const label = (s: ApplicationSync) => INTEGRATION_LABELS[s.integration] ?? s.integration;

/** The hosts a provider's records live on (a suffix match); a record elsewhere is named by its host. */
const PROVIDER_HOSTS: Partial<Record<ApplicationSync['integration'], readonly string[]>> = {
  salesforce: ['salesforce.com', 'force.com', 'salesforce.mil', 'cloudforce.com'],
};

/** The record link's words: "Open the record in Salesforce", or "Open the record at 127.0.0.1:4011" (a simulator). */
export function recordLinkText(sync: Pick<ApplicationSync, 'integration' | 'recordUrl'>, name: string): string {
  const hosts = PROVIDER_HOSTS[sync.integration];
  if (!hosts || !sync.recordUrl) return T.openRecord(name);
  let url: URL;
  try {
    url = new URL(sync.recordUrl);
  } catch {
    return T.openRecord(name);
  }
  const host = url.hostname.toLowerCase();
  const theirs = url.protocol === 'https:' && hosts.some((h) => host === h || host.endsWith(`.${h}`));
  return theirs ? T.openRecord(name) : T.openRecordAt(url.host);
}

/** One integration's sync: its state, record link, last error in words, attempts and "Sync again". */
function SyncCard({ sync, onSync, pending }: { sync: ApplicationSync; onSync: () => void; pending: boolean }) {
  const name = label(sync);
  const headingId = `sync-${sync.syncId}`;
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={headingId} data-testid="sync-card">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Group gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {name}
          </Title>
          <Badge color={STATE_COLORS[sync.state]} variant="dot" data-testid="sync-state">
            {SYNC_STATE_LABELS[sync.state]}
          </Badge>
        </Group>
        <Button
          size="xs"
          variant="default"
          onClick={onSync}
          loading={pending || sync.state === 'running'}
          loaderProps={{ type: 'dots' }}
          aria-label={`${T.syncAgain}: ${name}`}
        >
          {T.syncAgain}
        </Button>
      </Group>
      <Stack gap={4}>
        {sync.recordId && !sync.recordUrl ? (
          <Text size="sm" data-testid="sync-record-id">
            {T.recordIdLabel(name)}: {sync.recordId}
          </Text>
        ) : null}
        {sync.recordUrl ? (
          <Text size="sm">
            {T.recordLabel}:{' '}
            <Anchor href={sync.recordUrl} target="_blank" rel="noopener noreferrer" data-testid="sync-record">
              {recordLinkText(sync, name)} ({sync.recordId})
            </Anchor>
          </Text>
        ) : null}
        <Text size="sm" data-testid="sync-attempts">
          {T.attemptsLabel}: {sync.attempts}
          {sync.nextAttemptAt && sync.state === 'queued' ? ` · ${T.nextAttempt}: ${when(sync.nextAttemptAt)}` : ''}
          {sync.syncedAt ? ` · ${T.lastSynced}: ${when(sync.syncedAt)}` : ''}
        </Text>
        {sync.lastError && sync.state !== 'synced' ? (
          <Alert color={sync.state === 'queued' ? 'yellow' : 'red'} title={T.lastError} data-testid="sync-error">
            {sync.lastError}
          </Alert>
        ) : null}
      </Stack>
      {sync.history.length > 0 ? (
        <ScrollTable minWidth={560} label={T.historyTitle(name)}>
          <Table mt="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.colAttempt}</Table.Th>
                <Table.Th>{T.colStarted}</Table.Th>
                <Table.Th>{T.colOutcome}</Table.Th>
                <Table.Th>{T.colMessage}</Table.Th>
                <Table.Th>{T.colHttp}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sync.history.map((h) => (
                <Table.Tr key={`${h.startedAt}-${h.attempt}`} data-testid="sync-attempt">
                  <Table.Td>{h.attempt}</Table.Td>
                  <Table.Td>{when(h.startedAt)}</Table.Td>
                  <Table.Td>{T.outcomes[h.outcome ?? 'running']}</Table.Td>
                  <Table.Td>{h.message ?? '—'}</Table.Td>
                  <Table.Td>{h.httpStatus ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
    </Paper>
  );
}

/**
 * What the panel offers from the form's integrations (decisions 078, 086): "Sync now" to Salesforce while no Salesforce
 * sync exists (a CardConnect one may) and the form uses Salesforce with a company connection (connected, or expired: the sync then says to
 * reconnect); "Send to CardConnect" while no CardConnect sync exists, the company's CardConnect is connected and the
 * form uses it; a CardConnect connection the form does not use says so. Unknown (not loaded): nothing is offered.
 */
export function syncOffers(
  integrations: FormIntegration[] | undefined,
  syncs: ApplicationSync[],
): { salesforce: boolean; cardconnect: boolean; ccFormOff: boolean } {
  const sf = integrations?.find((i) => i.integration === 'salesforce');
  const cc = integrations?.find((i) => i.integration === 'cardconnect');
  const has = (kind: SyncTarget) => syncs.some((s) => s.integration === kind);
  const ccConnected = cc?.state === 'connected';
  return {
    salesforce: Boolean(sf?.active && (sf.state === 'connected' || sf.state === 'expired')) && !has('salesforce'),
    cardconnect: Boolean(ccConnected && cc?.active) && !has('cardconnect'),
    ccFormOff: Boolean(ccConnected && !cc?.active) && !has('cardconnect'),
  };
}

/**
 * The application's Integrations (issue #23 §4): each integration's sync state, the provider's record, the last
 * error as a person can act on it, the attempts, and "Sync now" / "Sync again" / "Send to CardConnect" with its
 * progress and result.
 */
export function IntegrationsPanel({ applicationId, customFormId }: { applicationId: string; customFormId?: string }) {
  const { query: syncs, stalled, refresh, follow } = useApplicationSyncs(applicationId);
  const syncNow = useSyncNow(applicationId, customFormId);
  const targets = useFormSyncTargets(customFormId);
  const [waiting, setWaiting] = useState(false);
  const [result, setResult] = useState('');
  const items = syncs.data?.items ?? [];
  const offers = syncOffers(syncs.isSuccess ? targets.data : undefined, items);

  // the result in words once the sync asked for has settled: synced, a problem, or nothing took it
  useEffect(() => {
    if (!waiting || syncNow.isPending || syncs.isFetching) return;
    if (syncs.isError) {
      setWaiting(false);
      setResult(T.loadError);
      return;
    }
    if (items.length === 0) {
      setWaiting(false);
      setResult(T.nothingToSync);
      return;
    }
    if (items.some(busy)) return;
    setWaiting(false);
    setResult(
      items.map((s) => (s.state === 'synced' ? T.resultSynced(label(s)) : T.resultProblem(label(s)))).join(' '),
    );
  }, [waiting, syncNow.isPending, syncs.isFetching, syncs.isError, items]);

  async function run(integration: SyncTarget) {
    setResult('');
    follow();
    try {
      await syncNow.mutateAsync(integration);
      setWaiting(true);
    } catch (e) {
      notifyError(errorMessage(e));
    }
  }

  const pendingFor = (kind: SyncTarget) => syncNow.isPending && syncNow.variables === kind;
  const noTarget =
    syncs.isSuccess && items.length === 0 && targets.isSuccess && !offers.salesforce && !offers.cardconnect;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="integrations-title" data-testid="integrations-panel">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3" id="integrations-title">
            {T.title}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {T.lead}
          </Text>
        </div>
        <Group gap="xs">
          {offers.salesforce ? (
            <Button
              variant="default"
              onClick={() => run('salesforce')}
              loading={pendingFor('salesforce')}
              disabled={syncNow.isPending}
              // beside another integration's button or sync, the name says which
              aria-label={
                offers.cardconnect || items.length > 0 ? T.syncNowTo(INTEGRATION_LABELS.salesforce) : undefined
              }
            >
              {T.syncNow}
            </Button>
          ) : null}
          {offers.cardconnect ? (
            <Button
              variant="default"
              onClick={() => run('cardconnect')}
              loading={pendingFor('cardconnect')}
              disabled={syncNow.isPending}
            >
              {T.sendToCardConnect}
            </Button>
          ) : null}
        </Group>
      </Group>
      {syncs.isPending ? <Loader size="sm" role="status" aria-label={T.title} /> : null}
      {syncs.isError ? <Alert color="red">{T.loadError}</Alert> : null}
      {syncs.isSuccess && items.length === 0 ? <Text size="sm">{T.none}</Text> : null}
      {noTarget && !offers.ccFormOff ? (
        <Text size="sm" c="dimmed" data-testid="sync-no-target">
          {T.noTarget}
        </Text>
      ) : null}
      {offers.ccFormOff ? (
        <Text size="sm" c="dimmed" data-testid="sync-cc-form-off">
          {T.ccFormOff}
        </Text>
      ) : null}
      <Stack gap="sm">
        {items.map((s) => (
          <SyncCard
            key={s.syncId}
            sync={s}
            onSync={() => run(s.integration === 'cardconnect' ? 'cardconnect' : 'salesforce')}
            pending={syncNow.isPending}
          />
        ))}
      </Stack>
      <Text size="sm" role="status" aria-live="polite" mt="xs" data-testid="sync-result">
        {stalled ? T.pollStopped(SYNC_POLL.stopAfterMs / 60_000) : waiting ? T.syncing : result}
      </Text>
      {stalled ? (
        <Button size="xs" variant="default" mt="xs" onClick={refresh} loading={syncs.isFetching}>
          {T.refresh}
        </Button>
      ) : null}
    </Paper>
  );
}
