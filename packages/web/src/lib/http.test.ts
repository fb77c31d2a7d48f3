import { endpoint } from '@under/core/api/contract';
import { MESSAGES } from '@under/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, createFakeFetch, jsonResponse, TOKEN } from '../test/fake-api';
import { createAuthStore } from './auth-store';
import { createHttpClient, type HttpClientOptions } from './http';
import { CLIENT_ERROR_CODES, HttpError } from './http-error';

function setup(routes: Parameters<typeof createFakeFetch>[0] = {}, options: Partial<HttpClientOptions> = {}) {
  const api = createFakeFetch(routes);
  const auth = createAuthStore();
  const onNotify = vi.fn();
  const onSignedOut = vi.fn();
  const onResponse = vi.fn();
  const onDeactivated = vi.fn();
  const http = createHttpClient({
    pool: 'client',
    auth,
    fetch: api.fetch,
    onNotify,
    onSignedOut,
    onResponse,
    onDeactivated,
    ...options,
  });
  return { api, auth, http, onNotify, onSignedOut, onResponse, onDeactivated };
}

function bearer(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

/** A promise resolved from outside, to hold a response back until the test lets it go. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createHttpClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls a contract endpoint: its method, its path with parameters and query, its response schema', async () => {
    const getMember = endpoint({
      method: 'PUT',
      path: '/api/members/:memberId/role',
      params: z.object({ memberId: z.string() }),
      query: z.object({ notify: z.boolean().optional() }),
      body: z.object({ role: z.string() }),
      response: z.object({ id: z.string(), role: z.string() }),
      tag: 'team',
    });
    const { api, http } = setup({
      'PUT /api/members/m%201/role': { status: 200, body: { id: 'm 1', role: 'STANDARD', extra: 1 } },
    });
    await expect(
      http.call(getMember, { params: { memberId: 'm 1' }, query: { notify: true }, body: { role: 'STANDARD' } }),
    ).resolves.toEqual({ id: 'm 1', role: 'STANDARD' });
    const [input, init] = api.mock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/api/members/m%201/role?notify=true');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"role":"STANDARD"}');
  });

  it('refuses an answer that does not match the contract', async () => {
    const getMe = endpoint({ method: 'GET', path: '/api/me', response: z.object({ id: z.string() }), tag: 'a' });
    const { http } = setup({ 'GET /api/me': { status: 200, body: { id: 7 } } });
    await expect(http.call(getMe)).rejects.toThrow();
  });

  it('sends the in-memory Bearer token to /api with same-origin credentials and a JSON body', async () => {
    const { api, auth, http } = setup({ 'POST /api/things': { status: 200, body: { ok: true } } });
    auth.setAccessToken('t1');

    await expect(http.post('/things', { a: 1 })).resolves.toEqual({ ok: true });

    const [input, init] = api.mock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/api/things');
    expect(init?.credentials).toBe('same-origin');
    expect(bearer(init)).toBe('Bearer t1');
    expect(init?.body).toBe('{"a":1}');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('reads binary answers as a Blob when asked, and errors still as JSON with a refresh on 401', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00, 0x80]);
    const { api, auth, http } = setup({
      'POST /api/pdf': (_url, init) =>
        bearer(init) === 'Bearer new'
          ? new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } })
          : jsonResponse(401, { statusCode: 401, code: 'auth/token-expired', message: MESSAGES.tokenExpired }),
      'POST /api/auth/client/refresh': TOKEN('new'),
      'POST /api/bad': apiError(400, 'template/mapping-empty', MESSAGES.mappingEmpty),
    });
    auth.setAccessToken('old');
    const blob = await http.request<Blob>('/pdf', { method: 'POST', body: { data: [] }, responseType: 'blob' });
    expect(blob.type).toBe('application/pdf');
    // every byte as sent: nothing went through a text decoder
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    expect(api.calls('POST /api/auth/client/refresh')).toHaveLength(1);
    await expect(http.request('/bad', { method: 'POST', responseType: 'blob' })).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.mappingEmpty,
    });
  });

  it('reports the progress of a binary answer piece by piece, and still returns every byte', async () => {
    const parts = [new TextEncoder().encode('a,b\n1,2\n'), new TextEncoder().encode('3,4\n')];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(p);
        controller.close();
      },
    });
    const { auth, http } = setup({
      'GET /api/export': () =>
        new Response(stream, { status: 200, headers: { 'content-type': 'text/csv', 'x-export-rows': '3' } }),
    });
    auth.setAccessToken('t');
    const seen: { received: number; rows: string | null }[] = [];
    const blob = await http.request<Blob>('/export', {
      responseType: 'blob',
      onProgress: ({ received, headers }) => seen.push({ received, rows: headers.get('x-export-rows') }),
    });
    expect(seen).toEqual([
      { received: 8, rows: '3' },
      { received: 12, rows: '3' },
    ]);
    expect(blob.type).toBe('text/csv');
    // jsdom's Blob reads through a FileReader
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text).toBe('a,b\n1,2\n3,4\n');
  });

  it('leaves the Authorization header off public calls', async () => {
    const { api, auth, http } = setup({ 'POST /api/auth/client/sign-in': TOKEN('fresh') });
    auth.setAccessToken('stale');
    http.acceptTokenResponse(
      await http.post('/auth/client/sign-in', { email: 'a@b.co', password: 'x' }, { auth: false }),
    );
    expect(bearer(api.mock.mock.calls[0]?.[1])).toBeUndefined();
    expect(auth.getState()).toMatchObject({ status: 'signed-in', accessToken: 'fresh' });
  });

  it('refreshes once for many concurrent 401s, then retries each request once with the new token', async () => {
    const refresh = deferred<Response>();
    const { api, auth, http } = setup({
      'GET /api/items': (_url, init) =>
        bearer(init) === 'Bearer new'
          ? jsonResponse(200, { token: 'new' })
          : jsonResponse(401, { statusCode: 401, code: 'auth/token-expired', message: MESSAGES.tokenExpired }),
      'POST /api/auth/client/refresh': () => refresh.promise,
    });
    auth.setAccessToken('old');

    const requests = [http.get('/items'), http.get('/items'), http.get('/items'), http.get('/items')];
    // Let every first attempt fail and queue behind the one refresh.
    await vi.waitFor(() => expect(api.calls('GET /api/items')).toHaveLength(4));
    await vi.waitFor(() => expect(api.calls('POST /api/auth/client/refresh')).toHaveLength(1));
    refresh.resolve(jsonResponse(200, { accessToken: 'new', tokenType: 'Bearer', expiresIn: 900 }));

    await expect(Promise.all(requests)).resolves.toEqual(Array(4).fill({ token: 'new' }));
    expect(api.calls('POST /api/auth/client/refresh')).toHaveLength(1);
    const retries = api.calls('GET /api/items').slice(4);
    expect(retries.map(([, init]) => bearer(init))).toEqual(Array(4).fill('Bearer new'));
    // The refresh rides on the HttpOnly cookie alone: no body, no stale token.
    const [, refreshInit] = api.calls('POST /api/auth/client/refresh')[0] ?? [];
    expect(refreshInit?.body).toBeUndefined();
    expect(bearer(refreshInit)).toBeUndefined();
    expect(auth.getState().accessToken).toBe('new');
  });

  it('makes a request started during a refresh wait for the new token instead of failing first', async () => {
    const refresh = deferred<Response>();
    const { api, auth, http } = setup({
      'GET /api/a': [apiError(401, 'auth/token-expired', MESSAGES.tokenExpired), { status: 200, body: 'a' }],
      'GET /api/b': { status: 200, body: 'b' },
      'POST /api/auth/client/refresh': () => refresh.promise,
    });
    auth.setAccessToken('old');
    const a = http.get('/a');
    await vi.waitFor(() => expect(api.calls('POST /api/auth/client/refresh')).toHaveLength(1));
    const b = http.get('/b');
    refresh.resolve(jsonResponse(200, { accessToken: 'new', tokenType: 'Bearer', expiresIn: 900 }));
    await expect(Promise.all([a, b])).resolves.toEqual(['a', 'b']);
    expect(bearer(api.calls('GET /api/b')[0]?.[1])).toBe('Bearer new');
  });

  it("signs out silently when the refresh answers 'No current user'", async () => {
    const { api, auth, http, onNotify, onSignedOut } = setup({
      'GET /api/items': apiError(401, 'auth/no-user', MESSAGES.noCurrentUser),
      'POST /api/auth/client/refresh': apiError(401, 'auth/no-user', MESSAGES.noCurrentUser),
    });
    auth.setAccessToken('old');
    window.localStorage.setItem('x', '1');

    const results = await Promise.allSettled([http.get('/items'), http.get('/items')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: CLIENT_ERROR_CODES.sessionEnded });
    }
    expect(api.calls('POST /api/auth/client/refresh')).toHaveLength(1);
    expect(onNotify).not.toHaveBeenCalled();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith({ reason: 'session-ended' });
    expect(auth.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
    expect(window.localStorage.length).toBe(0);
  });

  it("shows 'Oops...' with the server message and signs out when the refresh fails otherwise", async () => {
    const { auth, http, onNotify, onSignedOut } = setup({
      'GET /api/items': apiError(401, 'auth/token-expired', MESSAGES.tokenExpired),
      'POST /api/auth/client/refresh': apiError(401, 'auth/token-expired', 'Refresh token revoked'),
    });
    auth.setAccessToken('old');

    await expect(http.get('/items')).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.sessionEnded });
    expect(onNotify).toHaveBeenCalledTimes(1);
    expect(onNotify).toHaveBeenCalledWith(
      expect.objectContaining({ title: MESSAGES.tokenExpiredTitle, message: 'Refresh token revoked' }),
    );
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(auth.getState().status).toBe('signed-out');
  });

  it("gives up after one retry: a second 401 shows 'Oops...' and signs out", async () => {
    const { api, http, auth, onNotify, onSignedOut } = setup({
      'GET /api/items': apiError(401, 'auth/token-expired', MESSAGES.tokenExpired),
      'POST /api/auth/client/refresh': TOKEN('new'),
    });
    auth.setAccessToken('old');
    await expect(http.get('/items')).rejects.toBeInstanceOf(HttpError);
    expect(api.calls('GET /api/items')).toHaveLength(2);
    expect(onNotify).toHaveBeenCalledWith(expect.objectContaining({ title: MESSAGES.tokenExpiredTitle }));
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for a 401 of a public call (wrong password)', async () => {
    const { api, http, onSignedOut } = setup({
      'POST /api/auth/client/sign-in': apiError(401, 'auth/wrong-password', MESSAGES.invalidCredentials),
    });
    await expect(http.post('/auth/client/sign-in', {}, { auth: false })).rejects.toMatchObject({
      status: 401,
      code: 'auth/wrong-password',
      message: MESSAGES.invalidCredentials,
    });
    expect(api.calls('POST /api/auth/client/refresh')).toHaveLength(0);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('aborts after the 60 s request time-out and tells the user the server is unavailable', async () => {
    vi.useFakeTimers();
    const { http, onNotify } = setup({
      'GET /api/slow': (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const request = http.get('/slow', { auth: false });
    const outcome = expect(request).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.timeout });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(onNotify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(onNotify).toHaveBeenCalledWith(
      expect.objectContaining({ title: MESSAGES.serverUnavailableTitle, message: MESSAGES.serverUnavailable }),
    );
  });

  it('gives uploads 5 minutes', async () => {
    vi.useFakeTimers();
    const { http } = setup({
      'POST /api/upload': (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          setTimeout(() => resolve(jsonResponse(200, true)), 120_000);
        }),
    });
    const request = http.post('/upload', new FormData(), { auth: false, upload: true });
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(request).resolves.toBe(true);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 502', () => jsonResponse(502, '<html>Bad gateway</html>')],
    ['a 503', () => jsonResponse(503)],
    ['a 504', () => jsonResponse(504)],
  ])("shows 'Error occurred' for %s", async (_name, reply) => {
    const { http, onNotify } = setup({ 'GET /api/x': reply });
    await expect(http.get('/x', { auth: false })).rejects.toMatchObject({ message: MESSAGES.serverUnavailable });
    expect(onNotify).toHaveBeenCalledWith(
      expect.objectContaining({ title: MESSAGES.serverUnavailableTitle, message: MESSAGES.serverUnavailable }),
    );
  });

  it("passes other errors on with the server's message, field errors included", async () => {
    const { http, onNotify } = setup({
      'POST /api/auth/client/sign-up': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'validation',
          message: 'Bad request',
          errors: [{ path: 'password', message: MESSAGES.passwordRules }],
        },
      },
    });
    const error = await http.post('/auth/client/sign-up', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      code: 'validation',
      errors: [{ path: 'password', message: MESSAGES.passwordRules }],
    });
    expect(onNotify).not.toHaveBeenCalled();
  });

  it('reports every server response, errors included, as activity', async () => {
    const { http, onResponse } = setup({
      'GET /api/ok': { status: 200, body: 1 },
      'GET /api/bad': apiError(400, 'bad-request', 'Bad request'),
    });
    await http.get('/ok', { auth: false });
    await http.get('/bad', { auth: false }).catch(() => undefined);
    expect(onResponse).toHaveBeenCalledTimes(2);
  });

  it("flags the user deactivated on a 403 'auth/user-deactivated'", async () => {
    const { auth, http, onDeactivated } = setup({
      'GET /api/me': apiError(403, 'auth/user-deactivated', MESSAGES.userDeactivated),
    });
    auth.setAccessToken('t');
    await expect(http.get('/me')).rejects.toMatchObject({ status: 403 });
    expect(onDeactivated).toHaveBeenCalledTimes(1);
    expect(auth.getState().isDeactivated).toBe(true);
  });

  describe('restoreSession', () => {
    it("tells a member deactivated meanwhile (refresh 403 'auth/user-deactivated') instead of just signing out", async () => {
      const { auth, http, onDeactivated } = setup({
        'POST /api/auth/client/refresh': apiError(403, 'auth/user-deactivated', MESSAGES.userDeactivated),
      });
      await expect(http.restoreSession()).resolves.toBe(false);
      expect(auth.getState().status).toBe('signed-out');
      expect(onDeactivated).toHaveBeenCalledTimes(1);
    });

    it('restores the session from the refresh cookie on page load', async () => {
      const { auth, http } = setup({ 'POST /api/auth/client/refresh': TOKEN('restored') });
      expect(auth.getState().status).toBe('restoring');
      await expect(http.restoreSession()).resolves.toBe(true);
      expect(auth.getState()).toMatchObject({ status: 'signed-in', accessToken: 'restored' });
    });

    it('treats a 401 as signed out, without alerts or navigation', async () => {
      const { auth, http, onNotify, onSignedOut } = setup({
        'POST /api/auth/client/refresh': apiError(401, 'auth/no-user', MESSAGES.noCurrentUser),
      });
      await expect(http.restoreSession()).resolves.toBe(false);
      expect(auth.getState().status).toBe('signed-out');
      expect(onNotify).not.toHaveBeenCalled();
      expect(onSignedOut).not.toHaveBeenCalled();
    });
  });

  describe('signOut', () => {
    beforeEach(() => {
      window.sessionStorage.setItem('under.pendingVerification', '{}');
      window.localStorage.setItem('mantine-color-scheme-value', 'light');
      // biome-ignore lint/suspicious/noDocumentCookie: the test plants a cookie for log-out to remove.
      document.cookie = 'readable=1; path=/';
    });

    it('clears token, storage and cookies even when the server call fails', async () => {
      const { api, auth, http, onSignedOut, onNotify } = setup({
        'POST /api/auth/client/sign-out': () => Promise.reject(new TypeError('Failed to fetch')),
      });
      auth.setAccessToken('t');

      await expect(http.signOut()).resolves.toBeUndefined();

      expect(bearer(api.calls('POST /api/auth/client/sign-out')[0]?.[1])).toBe('Bearer t');
      expect(auth.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
      expect(window.sessionStorage.length).toBe(0);
      expect(window.localStorage.length).toBe(0);
      expect(document.cookie).toBe('');
      expect(onSignedOut).toHaveBeenCalledWith({ reason: 'user' });
      expect(onNotify).not.toHaveBeenCalled();
    });

    it('clears everything when the server answers an error too', async () => {
      const { auth, http, onSignedOut } = setup({
        'POST /api/auth/client/sign-out': { status: 500, body: { statusCode: 500, code: 'internal', message: 'x' } },
      });
      auth.setAccessToken('t');
      await http.signOut({ reason: 'timeout', notice: MESSAGES.sessionExpired });
      expect(auth.getState().accessToken).toBeNull();
      expect(document.cookie).toBe('');
      expect(onSignedOut).toHaveBeenCalledWith({ reason: 'timeout', notice: MESSAGES.sessionExpired });
    });
  });
});
