import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@under/core/forms/format';
import type { VantivOutcome, VantivStageResult } from '@under/core/integrations/vantiv.schema';
import { VANTIV_TEXT as T } from '@under/core/ui-text/vantiv';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http-error';
import { useStageWithVantiv, useVantiv, useVantivStage } from '../api/vantiv-api';

const COLORS: Record<VantivOutcome, string> = {
  staged: 'green',
  already_staged: 'teal',
  for_review: 'yellow',
  errors: 'red',
};

/**
 * The Worldpay/Vantiv card of an application (issue #24 §2; decision 088): its last staging in words (staged,
 * already staged, for review, errors with what to correct), the provider's ids, and "Stage with Worldpay". The
 * outcome is announced (a status region) and a refusal is an alert.
 */
export function VantivStageCard(props: {
  result: VantivStageResult | undefined;
  onStage: () => void;
  pending: boolean;
  error: string | null;
}) {
  const { result, onStage, pending, error } = props;
  const outcome = result?.outcome ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="vantiv-title" data-testid="vantiv-card">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Group gap="sm">
          <Title order={2} size="h4" id="vantiv-title">
            {T.title}
          </Title>
          {outcome ? (
            // a dot beside dark text: the light variant's coloured text is below 4.5:1 (yellow 2.7:1, green 3.8:1)
            <Badge color={COLORS[outcome]} variant="dot" data-testid="vantiv-outcome">
              {T.outcomes[outcome]}
            </Badge>
          ) : null}
        </Group>
        <Button size="xs" onClick={onStage} loading={pending} loaderProps={{ type: 'dots' }}>
          {outcome ? T.stageAgain : T.stage}
        </Button>
      </Group>
      <Stack gap={4}>
        <Text size="sm" role="status" data-testid="vantiv-message">
          {result?.message ?? T.notStaged}
        </Text>
        {result?.legalEntityId ? (
          <Text size="sm">
            {T.legalEntityId}: {result.legalEntityId}
            {result.subMerchantId ? ` · ${T.subMerchantId}: ${result.subMerchantId}` : ''}
          </Text>
        ) : null}
        {result?.responseCode !== null && result?.responseCode !== undefined ? (
          <Text size="sm">{T.responseCode(result.responseCode, result.responseDescription)}</Text>
        ) : null}
        {result?.stagedAt ? (
          <Text size="sm" c="dimmed">
            {T.lastStaged}: {formatDateTime(result.stagedAt)}
          </Text>
        ) : null}
        {outcome === 'errors' && result && result.problems.length > 0 ? (
          <Alert color="red" title={T.problemsTitle} data-testid="vantiv-problems">
            <List size="sm">
              {result.problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" data-testid="vantiv-error">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The card on the application page, shown once the company has set up Worldpay/Vantiv. */
export function VantivStagePanel({ applicationId }: { applicationId: string }) {
  const setup = useVantiv();
  const connected = setup.data?.state === 'connected';
  const last = useVantivStage(applicationId, connected);
  const stage = useStageWithVantiv(applicationId);
  const [error, setError] = useState<string | null>(null);
  if (!connected) return null;
  return (
    <VantivStageCard
      result={last.data}
      pending={stage.isPending}
      error={error}
      onStage={() => {
        setError(null);
        stage.mutate(undefined, { onError: (e) => setError(errorMessage(e)) });
      }}
    />
  );
}
