import { Alert } from '@mantine/core';

/** A message about the whole form: an error (announced at once), or a notice or success (announced politely). */
export function FormAlert({
  message,
  kind = 'error',
}: {
  message: string | null | undefined;
  kind?: 'error' | 'info' | 'success';
}) {
  if (!message) return null;
  if (kind === 'success') {
    return (
      <Alert color="green" role="status" c="dark">
        {message}
      </Alert>
    );
  }
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
