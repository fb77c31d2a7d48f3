import { MESSAGES } from '@under/core/messages';

/** A failure the caller can act on: thrown by services, mapped to JSON by the error handler. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The status texts of spec 2 §8, for errors that carry no message of their own. */
export function statusMessage(status: number): string {
  const key = `http${status}` as keyof typeof MESSAGES;
  const text = MESSAGES[key];
  if (typeof text === 'string') return text;
  return status >= 500 ? MESSAGES.http500 : MESSAGES.http400;
}
