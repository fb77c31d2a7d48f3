import { Alert, Button, Stack, Text } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { errorMessage } from '../lib/http-error';

/** A list that could not be loaded: what went wrong, and a button to ask again. Announced at once (role alert). */
export function ListError({
  title = UI_TEXT.listLoadError,
  error,
  onRetry,
  retryLabel = UI_TEXT.retry,
}: {
  title?: string;
  error: unknown;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <Alert color="red" role="alert" title={title} m="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
