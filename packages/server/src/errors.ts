import { type ErrorCode, statusOf } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';

/**
 * A failure the caller can act on: thrown by services with a code of core's error catalogue, which decides the
 * HTTP status; mapped to JSON by the error handler. Without a message, the status's text of spec 2 §8.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    const statusCode = statusOf(code);
    super(message ?? statusMessage(statusCode));
    this.name = 'AppError';
    this.statusCode = statusCode;
  }
}

/** The status texts of spec 2 §8, for errors that carry no message of their own. */
export function statusMessage(status: number): string {
  const key = `http${status}` as keyof typeof MESSAGES;
  const text = MESSAGES[key];
  if (typeof text === 'string') return text;
  return status >= 500 ? MESSAGES.http500 : MESSAGES.http400;
}
