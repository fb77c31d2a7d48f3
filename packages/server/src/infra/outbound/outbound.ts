import { request } from 'undici';

/**
 * The one outbound HTTP client every call to a provider goes through (issue #23 §1). Each provider has an allowlist
 * of host patterns (`*.my.salesforce.com` matches one or more labels before the suffix); only https, except the exact
 * `host:port` pairs of `INTEGRATION_TEST_HOSTS` (simulators and tests; refused in production). No redirects are
 * followed, connect and total time are bounded, answers are size-bounded.
 *
 * This first version checks scheme, host and port; the hardening (resolve once and pin the checked address, refuse
 * every non-public address in every spelling, fail closed) replaces `send` without changing this interface.
 */
export type OutboundProvider = 'salesforce' | 'cardconnect' | 'vantiv' | 'transax' | 'kyc' | 'buttonlink';

export interface OutboundPolicy {
  /** Host patterns per provider: `login.salesforce.com`, `*.my.salesforce.com`. */
  allow: Partial<Record<OutboundProvider, readonly string[]>>;
  /** `127.0.0.1:4010` pairs allowed over plain http, for every provider (simulators, tests). */
  testHosts: readonly string[];
  /** Connect + total time of one call (the spec's 60 s). */
  timeoutMs: number;
  /** Largest answer body read; a longer one fails as `too_large`. */
  maxBodyBytes: number;
}

export interface OutboundRequest {
  provider: OutboundProvider;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as is (set the content type in `headers`). At most one of body, form and json. */
  body?: string;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Shorter than the policy's, never longer. */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ', '. */
  headers: Record<string, string>;
  text: string;
  /** Parses `text`; throws OutboundFailed('malformed') when it is not JSON. */
  json<T = unknown>(): T;
}

/** The call was never made: the URL, host, scheme or address is not allowed. Never retried. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: string,
    readonly url: string,
  ) {
    super(`outbound call refused: ${reason}`);
    this.name = 'OutboundRefused';
  }
}

/** The call was made (or tried) and failed without an HTTP answer we can use. Retry-able except `too_large`. */
export class OutboundFailed extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'too_large' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundFailed';
  }
}

export interface Outbound {
  request(req: OutboundRequest): Promise<OutboundResponse>;
  /** Whether a URL would be allowed for the provider (scheme, host, port), without resolving or calling it. */
  allows(provider: OutboundProvider, url: string): boolean;
}

export const DEFAULT_OUTBOUND_ALLOW: OutboundPolicy['allow'] = {
  salesforce: ['login.salesforce.com', 'test.salesforce.com', '*.my.salesforce.com', '*.sandbox.my.salesforce.com'],
};

function hostMatches(pattern: string, host: string): boolean {
  const h = host.toLowerCase();
  const p = pattern.toLowerCase();
  if (p.startsWith('*.')) {
    const suffix = p.slice(1);
    return h.endsWith(suffix) && h.length > suffix.length;
  }
  return h === p;
}

export function createOutbound(policy: OutboundPolicy): Outbound {
  function check(provider: OutboundProvider, raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundRefused('not a URL', raw);
    }
    if (url.username || url.password) throw new OutboundRefused('credentials in the URL', raw);
    if (url.protocol === 'http:') {
      if (!policy.testHosts.includes(url.host)) throw new OutboundRefused('plain http', raw);
      return url;
    }
    if (url.protocol !== 'https:') throw new OutboundRefused(`scheme ${url.protocol}`, raw);
    if (policy.testHosts.includes(url.host)) return url;
    if (url.port && url.port !== '443') throw new OutboundRefused('port', raw);
    const allowed = policy.allow[provider] ?? [];
    if (!allowed.some((p) => hostMatches(p, url.hostname))) throw new OutboundRefused('host not allowed', raw);
    return url;
  }

  async function send(req: OutboundRequest, url: URL): Promise<OutboundResponse> {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    let body: string | undefined = req.body;
    if (req.form) {
      body = new URLSearchParams(req.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    }
    const timeout = Math.min(req.timeoutMs ?? policy.timeoutMs, policy.timeoutMs);
    const signal = AbortSignal.timeout(timeout);
    try {
      const res = await request(url, {
        method: req.method,
        headers,
        body,
        signal,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        maxRedirections: 0,
      } as Parameters<typeof request>[1]);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > policy.maxBodyBytes) {
          res.body.destroy();
          throw new OutboundFailed('too_large', `answer larger than ${policy.maxBodyBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
      }
      return {
        status: res.statusCode,
        headers: out,
        text,
        json<T>() {
          try {
            return JSON.parse(text) as T;
          } catch {
            throw new OutboundFailed('malformed', 'the answer is not JSON');
          }
        },
      };
    } catch (err) {
      if (err instanceof OutboundFailed) throw err;
      if (signal.aborted) throw new OutboundFailed('timeout', `no answer within ${timeout} ms`);
      throw new OutboundFailed('network', err instanceof Error ? err.message : String(err));
    }
  }

  return {
    allows(provider, url) {
      try {
        check(provider, url);
        return true;
      } catch {
        return false;
      }
    },
    async request(req) {
      const url = check(req.provider, req.url);
      return send(req, url);
    },
  };
}
