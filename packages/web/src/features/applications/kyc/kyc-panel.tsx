import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { KycOwnerResult, KycResult, KycSubmissionState } from '@under/core/integrations/kyc.schema';
import { KYC_TEXT as T } from '@under/core/ui-text/kyc';
import { HttpError } from '../../../lib/http-error';
import { KYC_POLL, useApplicationKyc } from '../api/kyc-api';
import { when } from '../lib/when';

const RESULT_COLORS: Record<KycResult, string> = { pass: 'green', review: 'yellow', fail: 'red' };
const STATE_COLORS: Record<KycSubmissionState, string> = {
  queued: 'gray',
  pending: 'blue',
  completed: 'green',
  failed: 'red',
};

/** One owner: the name, the result in words (colour is never the only sign), the reasons and when. */
function OwnerCard({ owner }: { owner: KycOwnerResult }) {
  const headingId = `kyc-owner-${owner.ownerNumber}`;
  return (
    <Paper withBorder p="sm" component="li" aria-labelledby={headingId} data-testid="kyc-owner">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {T.ownerLabel(owner.ownerNumber)}
          </Text>
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {owner.name}
          </Title>
        </div>
        <Badge
          color={owner.result ? RESULT_COLORS[owner.result] : 'gray'}
          // a dot beside dark text: the light variants' coloured text is below 4.5:1 on white
          variant="dot"
          data-testid="kyc-owner-result"
        >
          {owner.result ? T.results[owner.result] : T.noResult}
        </Badge>
      </Group>
      {owner.result && owner.result !== 'pass' ? (
        <Stack gap={2} mt="xs">
          <Text size="sm" fw={500}>
            {T.reasonsLabel}
          </Text>
          {owner.reasons.length > 0 ? (
            <List size="sm" data-testid="kyc-reasons">
              {owner.reasons.map((r) => (
                <List.Item key={r.code} style={{ overflowWrap: 'anywhere' }}>
                  {r.message || r.code}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{T.noReasons}</Text>
          )}
        </Stack>
      ) : null}
      {owner.decidedAt ? (
        <Text size="xs" c="dimmed" mt="xs">
          {T.decidedAt(when(owner.decidedAt))}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The application's identity checks (issue #24 §3; decision 089): shown once KYC was started for it (a form whose
 * integration config turns KYC on), each owner's result, reasons and when; nothing for an application without KYC.
 */
export function KycPanel({ applicationId }: { applicationId: string }) {
  const { query: kyc, stalled, refresh } = useApplicationKyc(applicationId);
  // nothing while loading or when KYC is not used: most applications have no identity checks
  if (kyc.isPending) return null;
  if (kyc.isError) {
    // a 404 is the page's own (the application is not visible): the detail says so
    if (kyc.error instanceof HttpError && kyc.error.status === 404) return null;
    return (
      <Text size="sm" c="red" data-testid="kyc-error">
        {T.loadError}
      </Text>
    );
  }
  const submission = kyc.data.submission;
  if (!submission) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="kyc-title" data-testid="kyc-panel">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={2} size="h3" id="kyc-title">
          {T.title}
        </Title>
        <Badge color={STATE_COLORS[submission.state]} variant="dot" data-testid="kyc-state">
          {T.states[submission.state]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {T.lead}
        {submission.submittedAt ? ` ${T.submittedAt(when(submission.submittedAt))}.` : ''}
      </Text>
      {submission.problem ? (
        <Alert color={submission.state === 'failed' ? 'red' : 'yellow'} title={T.problemTitle} mb="sm">
          {submission.problem}
        </Alert>
      ) : null}
      {submission.owners.length === 0 ? (
        <Text size="sm">{T.noOwners}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={T.title}>
          {submission.owners.map((o) => (
            <OwnerCard key={o.ownerNumber} owner={o} />
          ))}
        </Stack>
      )}
      {stalled ? (
        <Group gap="xs" mt="sm" data-testid="kyc-stalled">
          <Text size="sm" role="status">
            {T.pollStopped(KYC_POLL.stopAfterMs / 60_000)}
          </Text>
          <Button size="xs" variant="default" onClick={refresh} loading={kyc.isFetching}>
            {T.refresh}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
