import { Alert } from '@mantine/core';

/** A message about the whole form: an error (announced at once) or a notice (announced politely). */
export function FormAlert({
  message,
  kind = 'error',
}: {
  message: string | null | undefined;
  kind?: 'error' | 'info';
}) {
  if (!message) return null;
  return kind === 'error' ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : (
    <Alert color="brand" role="status">
      {message}
    </Alert>
  );
}
