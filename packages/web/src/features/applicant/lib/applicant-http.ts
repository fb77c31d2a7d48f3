import { type Endpoint, endpointPath } from '@under/core/api/contract';
import { REQUEST_TIMEOUT_MS } from '@under/core/constants';
import { ENGINE_MESSAGES as MESSAGES } from '@under/core/messages-engine';
import type { HttpClient } from '../../../lib/http';
import { CLIENT_ERROR_CODES, HttpError, toHttpError } from '../../../lib/http-error';

export interface ApplicantRequest {
  params?: object;
  query?: object;
  body?: unknown;
  /** The request outlives the page (fetch keepalive: the autosave on page hide). */
  keepalive?: boolean;
  /** Headers of this call (the vault's token). */
  headers?: Record<string, string>;
}

export interface ApplicantHttp {
  call<T>(route: { method: string; path: string }, input?: ApplicantRequest): Promise<T>;
  /**
   * The same, shaped as the portal's `http.call` for components written against it (the owners panel): the
   * endpoint's method and path; the answer is not parsed by its schema here (no zod in this bundle).
   */
  contractCall: HttpClient['call'];
  /** A call whose answer is not JSON (a PDF) or whose body is bytes (the verify page): the response as it is. */
  raw(
    route: { method: string; path: string },
    input?: Omit<ApplicantRequest, 'body'> & { bytes?: Blob; contentType?: string },
  ): Promise<Response>;
}

/**
 * The applicant pages' way to the public API: every call sends the x-api-key header (the server puts the key in
 * the page, plugins/spa.ts), JSON in and out, a 60 s time-out, errors as the portal's HttpError (status 0: no
 * answer). Not lib/http.ts: that client brings the auth contracts and zod (decision 040); the answers here are typed
 * by the contracts (applicant-api.ts) and checked by the server that sends them.
 */
export function createApplicantHttp(options: {
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): ApplicantHttp {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const http: ApplicantHttp = {
    contractCall: ((endpoint: Endpoint, input?: ApplicantRequest) => http.call(endpoint, input)) as HttpClient['call'],
    async raw(route, input = {}) {
      const url = endpointPath(route as Parameters<typeof endpointPath>[0], input.params, input.query);
      const headers: Record<string, string> = { ...input.headers, 'x-api-key': options.apiKey };
      if (input.contentType) headers['Content-Type'] = input.contentType;
      let response: Response;
      try {
        response = await doFetch(url, { method: route.method, headers, body: input.bytes, credentials: 'same-origin' });
      } catch {
        throw new HttpError(0, CLIENT_ERROR_CODES.network, MESSAGES.serverUnavailable);
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let data: unknown = text;
        try {
          data = text ? JSON.parse(text) : undefined;
        } catch {}
        throw toHttpError(response.status, data);
      }
      return response;
    },
    async call<T>(route: { method: string; path: string }, input: ApplicantRequest = {}) {
      const url = endpointPath(route as Parameters<typeof endpointPath>[0], input.params, input.query);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const headers: Record<string, string> = {
        ...input.headers,
        Accept: 'application/json',
        'x-api-key': options.apiKey,
      };
      if (input.body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        response = await doFetch(url, {
          method: route.method,
          headers,
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
          credentials: 'same-origin',
          signal: controller.signal,
          ...(input.keepalive ? { keepalive: true } : {}),
        });
      } catch {
        throw new HttpError(0, CLIENT_ERROR_CODES.network, MESSAGES.serverUnavailable);
      } finally {
        clearTimeout(timer);
      }
      const text = response.status === 204 ? '' : await response.text().catch(() => '');
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = text;
      }
      if (!response.ok) throw toHttpError(response.status, data);
      return data as T;
    },
  };
  return http;
}
