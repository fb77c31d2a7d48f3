import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { HttpError } from './http-error';

/**
 * Puts the field problems of a 400 'validation' answer under the matching inputs.
 * Returns the message left for the form as a whole, or null when every problem found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string | null {
  if (!(error instanceof HttpError)) return error instanceof Error ? error.message : null;
  let isPlaced = false;
  for (const problem of error.errors) {
    const field = fields.find((name) => name === problem.path);
    if (field) {
      setError(field, { type: 'server', message: problem.message });
      isPlaced = true;
    }
  }
  if (isPlaced) return null;
  // The user already saw the 'server unavailable' notification.
  if (error.isServerUnavailable) return null;
  return error.message;
}
