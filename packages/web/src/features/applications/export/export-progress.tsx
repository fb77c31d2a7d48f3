import { Progress, Stack, Text } from '@mantine/core';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import type { ExportProgress } from '../api/applications-api';

/**
 * A running export's progress (issue 14: "a progress indicator for long exports"): CSV rows counted as they arrive
 * against the rows the server announced; an Excel file (one zip, not readable row by row) as a moving bar with the
 * megabytes received. Read out politely by screen readers.
 */
export function ExportProgressBar({ progress }: { progress: ExportProgress }) {
  const share =
    progress.done !== null && progress.rows ? Math.min(100, Math.round((progress.done / progress.rows) * 100)) : null;
  const text =
    progress.done !== null && progress.rows !== null
      ? T.exportProgressRows(progress.done, progress.rows)
      : T.exportProgressBytes(progress.rows, (progress.bytes / 1_000_000).toFixed(1));
  return (
    <Stack gap={4} data-testid="export-progress">
      <Progress
        value={share ?? 100}
        striped={share === null}
        animated={share === null}
        aria-label={T.exportProgressLabel}
        size="sm"
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}
