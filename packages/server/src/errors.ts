import { defaultMessageOf, ERROR_CODES, type ErrorCode, statusOf } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';

/**
 * A failure the caller can act on: thrown by services with a code of core's error catalogue, which decides the
 * HTTP status and its default text; mapped to JSON by the error handler. A message is passed only where the spec
 * words the situation differently; without one and without a default, the status's text of spec 2 §8.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    const statusCode = statusOf(code);
    super(message ?? defaultMessageOf(code) ?? statusMessage(statusCode));
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

/**
 * The one 404 of a thing that is not there or not the caller's (one answer for both, so it does not tell which
 * exists); the message names the thing. Codes of their own (`applicationNotFound`, …) throw with their code.
 */
export function notFound(message?: string): AppError {
  return new AppError(ERROR_CODES.notFound, message);
}
