import { vi } from 'vitest';

/** A fetch double answering by "METHOD /path"; unknown calls answer 404 like the real API. */
export type Reply =
  | { status: number; body?: unknown }
  | ((url: URL, init: RequestInit | undefined) => Promise<Response> | Response);

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function apiError(statusCode: number, code: string, message: string) {
  return { status: statusCode, body: { statusCode, code, message } };
}

export function createFakeFetch(routes: Record<string, Reply | Reply[]> = {}) {
  const queues = new Map<string, Reply[]>();
  for (const [key, reply] of Object.entries(routes)) queues.set(key, Array.isArray(reply) ? [...reply] : [reply]);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const queue = queues.get(key);
    // The last reply of a route repeats; earlier ones are used once each.
    const reply = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!reply) return jsonResponse(404, { statusCode: 404, code: 'not-found', message: 'not found' });
    if (typeof reply === 'function') return reply(url, init);
    return jsonResponse(reply.status, reply.body);
  });
  return {
    fetch: fetchMock as unknown as typeof fetch,
    mock: fetchMock,
    /** Replace or add the replies of one route. */
    on(key: string, reply: Reply | Reply[]) {
      queues.set(key, Array.isArray(reply) ? [...reply] : [reply]);
    },
    calls(key: string) {
      return fetchMock.mock.calls.filter(([input, init]) => {
        const url = new URL(String(input), 'http://localhost');
        return `${init?.method ?? 'GET'} ${url.pathname}` === key;
      });
    },
  };
}

export const TOKEN = (accessToken: string) => ({
  status: 200,
  body: { accessToken, tokenType: 'Bearer', expiresIn: 900 },
});
