import { AUTH_API } from '@under/core/api/auth.contract';
import {
  type BodyIn,
  type Endpoint,
  endpointPath,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
} from '@under/core/api/contract';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { TokenResponseSchema } from '@under/core/auth/auth.schema';
import type { Pool } from '@under/core/auth/pools';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import type { AuthStore } from './auth-store';
import { clearBrowserStorage } from './browser-storage';
import { CLIENT_ERROR_CODES, HttpError, toHttpError } from './http-error';
import type { LoginNoticeKind } from './login-state';

/**
 * The one way the web talks to /api (spec 2 §8 "Session and token handling"):
 * - the Bearer access token from memory on every authenticated call;
 * - a 401 'auth/token-expired' or 'auth/no-user' starts exactly one refresh, shared by every request that
 *   failed meanwhile; each is then retried once with the new token;
 * - a failed refresh ends the session: silently for 'auth/no-user', with an 'Oops...' alert otherwise;
 * - 60 s time-out (5 min for uploads); unreachable server: one 'Error occurred' notice;
 * - every answer from the server is reported (onResponse) so the inactivity timer restarts.
 * Framework-free: the app plugs notifications, navigation and caches in through the callbacks.
 */

export interface Notice {
  /** Same id, same notice: five failing requests show one 'server unavailable'. */
  id?: string;
  title: string;
  message: string;
  kind: 'error' | 'info';
}

export type SignedOutReason = 'user' | 'session-ended' | 'timeout' | 'password-changed' | 'deactivated';

export interface SignedOutEvent {
  reason: SignedOutReason;
  /** Text for the login page, if the user should be told why they are there. */
  notice?: string;
  /** 'success' for good news (the password was changed); a plain notice otherwise. */
  noticeKind?: LoginNoticeKind;
}

export interface HttpClientOptions {
  pool: Pool;
  auth: AuthStore;
  /** '/api' unless testing. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  uploadTimeoutMs?: number;
  /** Called for every response the server sent, errors included: resets the session timer. */
  onResponse?: () => void;
  onNotify?: (notice: Notice) => void;
  /** The session is over locally (token and storage already cleared): drop caches, go to login. */
  onSignedOut?: (event: SignedOutEvent) => void;
  /** A Bearer call answered 403 'auth/user-deactivated'. */
  onDeactivated?: () => void;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is for FormData and Blob. */
  body?: unknown;
  /** Send the Bearer token and refresh on 401; default true. Public auth calls pass false. */
  auth?: boolean;
  /** Use the 5-minute upload time-out. */
  upload?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Validates the response body (a core zod schema). */
  schema?: { parse(value: unknown): T };
  /** No 'server unavailable' notice (log-out, whose failures are ignored). */
  quiet?: boolean;
  /** 'blob': a successful answer is returned as a Blob (PDFs); errors are still read as JSON. Default 'json'. */
  responseType?: 'json' | 'blob';
  /**
   * With responseType 'blob': called as each piece of a successful answer arrives (a long export shows its progress),
   * with the bytes so far, the piece itself and the answer's headers.
   */
  onProgress?: (progress: { received: number; chunk: Uint8Array; headers: Headers }) => void;
}

/** The input of a contract call: path parameters, query and body as the endpoint declares them. */
export type CallInput<E extends Endpoint> = (E['params'] extends object
  ? { params: ParamsIn<E> }
  : { params?: never }) &
  (E['query'] extends object ? { query?: QueryIn<E> } : { query?: never }) &
  (E['body'] extends object
    ? undefined extends BodyIn<E>
      ? { body?: BodyIn<E> }
      : { body: BodyIn<E> }
    : { body?: never }) &
  Omit<RequestOptions<ResponseOf<E>>, 'method' | 'body' | 'schema'>;

export interface HttpClient {
  readonly pool: Pool;
  /**
   * Calls an endpoint of core's API contracts: its method, its path with the parameters filled in, the query, the
   * body, and its response schema checking the answer.
   */
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<ResponseOf<E>>;
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  /** Stores the access token of a sign-in answer. */
  acceptTokenResponse(value: unknown): void;
  /** App start: trade the refresh cookie for an access token. Resolves false when signed out. */
  restoreSession(): Promise<boolean>;
  /** Log-out: tell the server, ignore its failures, always clear everything locally. */
  signOut(event?: SignedOutEvent): Promise<void>;
  /** Clears everything locally without calling the server (session already gone on the server). */
  endSession(event: SignedOutEvent): void;
}

/** 401 codes that mean "get a new access token": an expired token, or none the server knows. */
const REFRESH_CODES = new Set<string>([ERROR_CODES.tokenExpired, ERROR_CODES.noUser]);
const SIGN_OUT_TIMEOUT_MS = 10_000;
const UNAVAILABLE_NOTICE_ID = 'server-unavailable';

type Sent = { ok: true; status: number; data: unknown } | { ok: false; status: number; error: HttpError };

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    pool,
    auth,
    baseUrl = '/api',
    timeoutMs = REQUEST_TIMEOUT_MS,
    uploadTimeoutMs = UPLOAD_TIMEOUT_MS,
    onResponse,
    onNotify,
    onSignedOut,
    onDeactivated,
  } = options;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let refreshing: Promise<string> | null = null;

  function notifyUnavailable() {
    onNotify?.({
      id: UNAVAILABLE_NOTICE_ID,
      title: MESSAGES.serverUnavailableTitle,
      message: MESSAGES.serverUnavailable,
      kind: 'error',
    });
  }

  async function send(path: string, request: RequestOptions<unknown>, token: string | null): Promise<Sent> {
    const controller = new AbortController();
    let timedOut = false;
    const limit = request.timeoutMs ?? (request.upload ? uploadTimeoutMs : timeoutMs);
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limit);
    const abortFromCaller = () => controller.abort();
    request.signal?.addEventListener('abort', abortFromCaller, { once: true });

    const headers: Record<string, string> = { Accept: request.responseType === 'blob' ? '*/*' : 'application/json' };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData || request.body instanceof Blob) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;

    try {
      const response = await doFetch(`${baseUrl}${path}`, {
        method: request.method ?? 'GET',
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      const data =
        response.ok && request.responseType === 'blob'
          ? await readBlob(response, request.onProgress)
          : await readBody(response);
      onResponse?.();
      if (response.ok) return { ok: true, status: response.status, data };
      const error = toHttpError(response.status, data);
      if (error.isServerUnavailable && !request.quiet) notifyUnavailable();
      return { ok: false, status: response.status, error };
    } catch (cause) {
      if (timedOut) {
        if (!request.quiet) notifyUnavailable();
        throw new HttpError(0, CLIENT_ERROR_CODES.timeout, MESSAGES.serverUnavailable);
      }
      if (request.signal?.aborted) throw new HttpError(0, CLIENT_ERROR_CODES.aborted, MESSAGES.http000);
      if (cause instanceof HttpError) throw cause;
      if (!request.quiet) notifyUnavailable();
      throw new HttpError(0, CLIENT_ERROR_CODES.network, MESSAGES.serverUnavailable);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  /** One refresh at a time: whoever comes while it runs gets the same promise. */
  function refreshShared(endSessionOnFailure: boolean): Promise<string> {
    if (!refreshing) {
      const attempt = (async () => {
        try {
          const refresh = AUTH_API[pool].refresh;
          const sent = await send(apiPath(refresh), { method: refresh.method, auth: false }, null);
          if (!sent.ok) throw sent.error;
          const { accessToken } = refresh.response.parse(sent.data);
          auth.setAccessToken(accessToken);
          return accessToken;
        } finally {
          refreshing = null;
        }
      })();
      refreshing = endSessionOnFailure
        ? attempt.catch((error: unknown) => {
            // An unreachable server says nothing about the session: keep it, the next call tries again.
            if (error instanceof HttpError && error.isServerUnavailable) throw error;
            handleRefreshFailure(error);
            throw new HttpError(401, CLIENT_ERROR_CODES.sessionEnded, MESSAGES.sessionExpired);
          })
        : attempt;
    }
    return refreshing;
  }

  function handleRefreshFailure(error: unknown) {
    const httpError = error instanceof HttpError ? error : null;
    // 'No current user' is the ordinary end of a session: no alert, just the login page.
    if (httpError?.code !== ERROR_CODES.noUser) {
      onNotify?.({
        title: MESSAGES.tokenExpiredTitle,
        message: httpError?.message || MESSAGES.tokenExpired,
        kind: 'error',
      });
    }
    endSession({ reason: 'session-ended' });
  }

  /** A token newer than the one a request failed with means someone already refreshed: just retry. */
  function freshToken(tokenUsed: string | null): Promise<string> {
    const current = auth.getState().accessToken;
    if (current && current !== tokenUsed && !refreshing) return Promise.resolve(current);
    return refreshShared(true);
  }

  function failed(sent: Extract<Sent, { ok: false }>, isAuthenticated: boolean): never {
    if (isAuthenticated && sent.status === 403 && sent.error.code === ERROR_CODES.userDeactivated) {
      auth.markDeactivated();
      onDeactivated?.();
    }
    throw sent.error;
  }

  async function request<T>(path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const isAuthenticated = requestOptions.auth ?? true;
    const parse = (data: unknown) => (requestOptions.schema ? requestOptions.schema.parse(data) : (data as T));

    // A request that arrives while a refresh runs waits for its token instead of failing with the old one.
    if (isAuthenticated && refreshing) await refreshing.catch(() => undefined);
    const tokenUsed = isAuthenticated ? auth.getState().accessToken : null;
    const first = await send(path, requestOptions, tokenUsed);
    if (first.ok) return parse(first.data);
    if (!isAuthenticated || first.status !== 401 || !REFRESH_CODES.has(first.error.code)) {
      failed(first, isAuthenticated);
    }

    const token = await freshToken(tokenUsed);
    const second = await send(path, requestOptions, token);
    if (second.ok) return parse(second.data);
    if (second.status === 401) {
      // The retry failed with a brand-new token: the session cannot be saved.
      onNotify?.({ title: MESSAGES.tokenExpiredTitle, message: second.error.message, kind: 'error' });
      endSession({ reason: 'session-ended' });
      throw new HttpError(401, CLIENT_ERROR_CODES.sessionEnded, second.error.message);
    }
    failed(second, isAuthenticated);
  }

  function endSession(event: SignedOutEvent) {
    auth.clear({ isLeaving: onSignedOut !== undefined });
    clearBrowserStorage();
    onSignedOut?.(event);
  }

  return {
    pool,
    request,
    call(endpoint, input) {
      const { params, query, body, ...rest } = (input ?? {}) as {
        params?: object;
        query?: object;
        body?: unknown;
      } & RequestOptions<unknown>;
      return request(apiPath(endpoint, params, query), {
        ...rest,
        method: endpoint.method,
        body,
        schema: endpoint.response as { parse(value: unknown): ResponseOf<typeof endpoint> } | undefined,
      });
    },
    get: (path, getOptions) => request(path, { ...getOptions, method: 'GET' }),
    post: (path, body, postOptions) => request(path, { ...postOptions, method: 'POST', body }),
    acceptTokenResponse(value) {
      auth.setAccessToken(TokenResponseSchema.parse(value).accessToken);
    },
    async restoreSession() {
      try {
        await refreshShared(false);
        return true;
      } catch (error) {
        auth.clear();
        // The refresh cookie belongs to a member deactivated meanwhile: tell them so, not just 'sign in'.
        if (error instanceof HttpError && error.code === ERROR_CODES.userDeactivated) onDeactivated?.();
        return false;
      }
    },
    async signOut(event = { reason: 'user' }) {
      const token = auth.getState().accessToken;
      try {
        const signOut = AUTH_API[pool].signOut;
        await send(
          apiPath(signOut),
          { method: signOut.method, auth: true, quiet: true, timeoutMs: SIGN_OUT_TIMEOUT_MS },
          token,
        );
      } catch {
        // Log-out always succeeds locally (spec 2 §8 "Log-out ignores any server failure").
      }
      endSession(event);
    },
    endSession,
  };
}

/** The path of an endpoint below the client's base URL ('/api'). */
function apiPath(endpoint: Endpoint, params?: object, query?: object): string {
  return endpointPath(endpoint, params, query).replace(/^\/api(?=\/)/, '');
}

/** A successful binary answer, read piece by piece when the caller follows its progress. */
async function readBlob(response: Response, onProgress: RequestOptions<unknown>['onProgress']): Promise<Blob> {
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!onProgress || !reader) return response.blob();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress({ received, chunk: value, headers: response.headers });
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
