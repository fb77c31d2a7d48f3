import type { ApiError } from '@under/core/api/error.schema';
import { ENGINE_MESSAGES as MESSAGES } from '@under/core/messages-engine';

/** Codes the web client gives failures that never reached the server or never came back. */
export const CLIENT_ERROR_CODES = {
  /** fetch failed: offline, DNS, connection refused. */
  network: 'client/network',
  /** No answer within the request time-out. */
  timeout: 'client/timeout',
  /** The caller aborted the request (navigation, unmount). */
  aborted: 'client/aborted',
  /** The session ended while the request waited for a token refresh. */
  sessionEnded: 'client/session-ended',
} as const;

/** Statuses that mean the server (or the proxy before it) is not there to answer. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: { path: string; message: string }[];

  constructor(status: number, code: string, message: string, errors: { path: string; message: string }[] = []) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** The user already saw the 'server unavailable' notification for this failure. */
  get isServerUnavailable(): boolean {
    return (
      this.code === CLIENT_ERROR_CODES.network ||
      this.code === CLIENT_ERROR_CODES.timeout ||
      UNAVAILABLE_STATUSES.has(this.status)
    );
  }
}

function isUnavailableStatus(status: number): boolean {
  return UNAVAILABLE_STATUSES.has(status);
}

/** Builds the error of a non-2xx response; bodies that are not our JSON error still get a readable message. */
export function toHttpError(status: number, body: unknown): HttpError {
  if (isUnavailableStatus(status)) {
    return new HttpError(status, `http/${status}`, MESSAGES.serverUnavailable);
  }
  const apiError = isApiError(body) ? body : null;
  if (apiError) return new HttpError(status, apiError.code, apiError.message, apiError.errors ?? []);
  return new HttpError(status, `http/${status}`, statusText(status));
}

function isApiError(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.message === 'string';
}

function statusText(status: number): string {
  const key = `http${status}` as keyof typeof MESSAGES;
  const text = MESSAGES[key];
  return typeof text === 'string' ? text : MESSAGES.generic;
}

/** Error text helper (spec 2 §8): the server message, otherwise the error's own message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.generic;
}
