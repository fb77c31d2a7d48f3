import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent, buildConnector, request } from 'undici';
import { redactSecretText } from '../log/logger';
import { type AddressKind, classifyAddress } from './address';

/**
 * The one outbound HTTP client every call to a provider goes through (issue #23 §1, decision 071). Each provider has
 * an allowlist of host patterns (`*.my.salesforce.com` matches one or more labels before the suffix; a pattern may
 * name a port, `*.example.com:8443`, else only 443); only https, except the exact `host:port` pairs of
 * `INTEGRATION_TEST_HOSTS` (simulators and tests; refused in production).
 *
 * Every connection resolves its host once, refuses it when ANY answer is not a public address (address.ts; loopback
 * is allowed for the test hosts only) or when the resolver fails or answers nothing, and connects to the checked
 * address itself (the TLS certificate is still verified for the host name): nothing can rebind between the check and
 * the connect. No redirect is followed (a 3xx is an answer), connect and total time are bounded (the total covers
 * the lookup, the connect, the headers and the whole body: a server dribbling bytes is cut at the deadline), and
 * answers are size-bounded.
 */
export type OutboundProvider = 'salesforce' | 'cardconnect' | 'vantiv' | 'transax' | 'kyc' | 'buttonlink';

/** A resolver answering every address of a host name (the default is the system's, `dns.lookup` with `all`). */
export type OutboundLookup = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

/** Opens the socket to an already checked address (undici's connector); replaced in tests to watch the connects. */
export type OutboundConnector = buildConnector.connector;

export interface OutboundPolicy {
  /** Host patterns per provider: `login.salesforce.com`, `*.my.salesforce.com`, `host:8443` for another port. */
  allow: Partial<Record<OutboundProvider, readonly string[]>>;
  /** `127.0.0.1:4010` pairs allowed over plain http, for every provider (simulators, tests); they may be loopback. */
  testHosts: readonly string[];
  /** Total time of one call: lookup, connect, headers and body (the spec's 60 s). */
  timeoutMs: number;
  /** Largest answer body read; a longer one fails as `too_large`. */
  maxBodyBytes: number;
  /** Time to resolve and connect (TCP and TLS); at most `timeoutMs`. 10 s when unset. */
  connectTimeoutMs?: number;
  /** The resolver (tests inject one). */
  lookup?: OutboundLookup;
  /** Opens sockets to checked addresses (tests inject one that counts or refuses). */
  connector?: OutboundConnector;
  /** Trust anchors replacing the system's (tests with their own certificate authority). */
  ca?: string;
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
  /**
   * Providers whose host is set per integration (button links, decision 084): the host patterns this call may reach,
   * added to the provider's list; every other rule still applies. Ignored for the providers with fixed hosts.
   */
  allowHosts?: readonly string[];
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
  allows(provider: OutboundProvider, url: string, allowHosts?: readonly string[]): boolean;
}

/** Providers whose allowed host comes with each call (`allowHosts`), from a URL the platform's admin set. */
export const PER_INTEGRATION_HOSTS: ReadonlySet<OutboundProvider> = new Set(['buttonlink']);

/**
 * The allowlist pattern of one URL's host (the host, and its port when not 443): what an admin-set URL allows.
 * Null when the URL cannot be read.
 */
export function hostPatternOf(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.port && url.port !== '443' ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return null;
  }
}

export const DEFAULT_OUTBOUND_ALLOW: OutboundPolicy['allow'] = {
  salesforce: ['login.salesforce.com', 'test.salesforce.com', '*.my.salesforce.com', '*.sandbox.my.salesforce.com'],
  // CardPointe CoPilot (api and Keycloak accounts hosts, production and UAT)
  cardconnect: ['*.cardconnect.com'],
  // Worldpay eComm PayFac Merchant Provisioner (production, pre-live and sandbox)
  vantiv: ['*.vantivcnp.com', '*.vantivprelive.com', 'www.testvantivcnp.com'],
  transax: ['secure.transaxgateway.com'],
};

/** The longest provider detail kept (sync logs): enough to act on, too short to store a whole answer. */
export const MAX_DETAIL_CHARS = 2000;

/**
 * A provider's answer or error made fit for a sync log: bearer and basic credentials, token, code, secret and
 * password values (query, form, JSON and XML spellings) and Salesforce session ids replaced by `[redacted]`, then
 * cut to `max` characters.
 */
export function redact(text: string, max = MAX_DETAIL_CHARS): string {
  const clean = redactSecretText(text);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** Labels of letters, digits, hyphens (and underscores, which some resolvers accept), none empty. */
const HOST_NAME = /^(?!-)[a-z0-9_-]{1,63}(?<!-)(\.(?!-)[a-z0-9_-]{1,63}(?<!-))*$/;

function hostMatches(pattern: string, host: string, port: string): boolean {
  let p = pattern.toLowerCase();
  let wantPort = '443';
  const colon = p.lastIndexOf(':');
  if (colon !== -1) {
    wantPort = p.slice(colon + 1);
    p = p.slice(0, colon);
  }
  if (port !== wantPort) return false;
  if (p.startsWith('*.')) {
    const suffix = p.slice(1);
    return host.endsWith(suffix) && host.length > suffix.length;
  }
  return host === p;
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/** `host:port` as the test-host list spells it (IPv6 in brackets, the scheme's port when none is given). */
const hostKey = (hostname: string, port: string, protocol: string) =>
  `${hostname.includes(':') ? `[${hostname}]` : hostname}:${port || defaultPort(protocol)}`.toLowerCase();

/** The address a connection may use, or why not. Loopback only for the test hosts. */
function refusal(kind: AddressKind, testHost: boolean): string | null {
  if (kind === 'public') return null;
  if (kind === 'loopback' && testHost) return null;
  return `a ${kind} address`;
}

const defaultLookup: OutboundLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutboundFailed('timeout', `${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Socket errors after which the next checked address is tried (IPv6 without a route, a refused port). */
const TRY_NEXT = new Set(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const MAX_ADDRESSES_TRIED = 3;

/**
 * The connector under the pool: resolves the host once, checks every answer, and opens the socket to a checked
 * address with the host name as the TLS server name (SNI and certificate check).
 */
function pinnedConnector(options: {
  testHosts: readonly string[];
  lookup: OutboundLookup;
  timeoutMs: number;
  open: OutboundConnector;
}): OutboundConnector {
  const testHosts = new Set(options.testHosts.map((h) => h.toLowerCase()));
  return (target, callback) => {
    const hostname = target.hostname.toLowerCase();
    const where = hostKey(hostname, target.port, target.protocol);
    const testHost = testHosts.has(where);
    const refuse = (reason: string) => new OutboundRefused(reason, `${target.protocol}//${where}`);

    const resolve = async (): Promise<string[]> => {
      if (target.protocol !== 'https:' && !(target.protocol === 'http:' && testHost)) {
        throw refuse(`scheme ${target.protocol}`);
      }
      const literal = classifyAddress(hostname);
      if (literal !== null) {
        const why = refusal(literal, testHost);
        if (why) throw refuse(`${hostname} is ${why}`);
        return [hostname];
      }
      let answers: readonly { address: string }[];
      try {
        answers = await withTimeout(options.lookup(hostname), options.timeoutMs, `resolving ${hostname}`);
      } catch (err) {
        if (err instanceof OutboundFailed) throw err;
        // fail closed: no answer, no connection
        throw new OutboundFailed(
          'network',
          `could not resolve ${hostname}: ${(err as { code?: string }).code ?? (err as Error).message}`,
        );
      }
      if (answers.length === 0) throw new OutboundFailed('network', `${hostname} has no address`);
      for (const { address } of answers) {
        const kind = classifyAddress(address);
        if (kind === null) throw refuse(`${hostname} resolves to an unreadable address`);
        const why = refusal(kind, testHost);
        if (why) throw refuse(`${hostname} resolves to ${why} (${address})`);
      }
      return answers.map((a) => a.address);
    };

    resolve().then(
      (addresses) => {
        // the TLS server name is the host name (never an address): the certificate is checked for it
        const servername = classifyAddress(hostname) === null ? (target.servername ?? hostname) : undefined;
        const attempt = (i: number) => {
          const address = addresses[i] as string;
          options.open({ ...target, hostname: address, servername }, (err, socket) => {
            const code = (err as { code?: string } | null)?.code;
            if (err && code && TRY_NEXT.has(code) && i + 1 < Math.min(addresses.length, MAX_ADDRESSES_TRIED)) {
              attempt(i + 1);
            } else if (err) {
              callback(err, null);
            } else {
              callback(null, socket as NonNullable<typeof socket>);
            }
          });
        };
        attempt(0);
      },
      (err: Error) => callback(err, null),
    );
  };
}

export function createOutbound(policy: OutboundPolicy): Outbound {
  const testHosts = new Set(policy.testHosts.map((h) => h.toLowerCase()));
  const connectTimeoutMs = Math.min(policy.connectTimeoutMs ?? 10_000, policy.timeoutMs);

  function check(provider: OutboundProvider, raw: string, allowHosts: readonly string[] = []): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundRefused('not a URL', raw);
    }
    if (url.username || url.password) throw new OutboundRefused('credentials in the URL', raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused(`scheme ${url.protocol}`, raw);
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const port = url.port || defaultPort(url.protocol);
    const testHost = testHosts.has(hostKey(hostname, port, url.protocol));
    // an address written in the URL, in whatever spelling reached us, is judged before any list
    const literal = classifyAddress(hostname);
    if (literal !== null) {
      const why = refusal(literal, testHost);
      if (why) throw new OutboundRefused(`${url.hostname} is ${why}`, raw);
    } else if (!HOST_NAME.test(hostname)) {
      throw new OutboundRefused('not a host name', raw);
    }
    if (testHost) return url;
    if (url.protocol === 'http:') throw new OutboundRefused('plain http', raw);
    const allowed = [...(policy.allow[provider] ?? []), ...(PER_INTEGRATION_HOSTS.has(provider) ? allowHosts : [])];
    if (!allowed.some((p) => hostMatches(p, hostname, port))) throw new OutboundRefused('host not allowed', raw);
    return url;
  }

  const open =
    policy.connector ??
    buildConnector({
      timeout: connectTimeoutMs,
      ...(policy.ca ? { ca: policy.ca } : {}),
    } as buildConnector.BuildOptions);
  const agent = new Agent({
    connect: pinnedConnector({
      testHosts: policy.testHosts,
      lookup: policy.lookup ?? defaultLookup,
      timeoutMs: connectTimeoutMs,
      open,
    }),
  });

  async function send(req: OutboundRequest, url: URL, signal: AbortSignal, timeout: number) {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    let body: string | undefined = req.body;
    if (req.form) {
      body = new URLSearchParams(req.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    }
    // undici's request follows no redirect (that is an interceptor we do not add): a 3xx comes back as the answer
    const res = await request(url, {
      dispatcher: agent,
      method: req.method,
      headers,
      body,
      signal,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > policy.maxBodyBytes) {
      res.body.destroy();
      throw new OutboundFailed('too_large', `answer larger than ${policy.maxBodyBytes} bytes`);
    }
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
  }

  return {
    allows(provider, url, allowHosts) {
      try {
        check(provider, url, allowHosts);
        return true;
      } catch {
        return false;
      }
    },
    async request(req) {
      const url = check(req.provider, req.url, req.allowHosts);
      const timeout = Math.min(req.timeoutMs ?? policy.timeoutMs, policy.timeoutMs);
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      // one deadline for everything (lookup, connect, headers, body), never reset by a byte arriving
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new OutboundFailed('timeout', `no answer within ${timeout} ms`));
        }, timeout);
      });
      const call = send(req, url, controller.signal, timeout).catch((err: unknown) => {
        if (err instanceof OutboundFailed || err instanceof OutboundRefused) throw err;
        if (controller.signal.aborted) throw new OutboundFailed('timeout', `no answer within ${timeout} ms`);
        const code = (err as { code?: string }).code;
        if (code === 'UND_ERR_CONNECT_TIMEOUT') {
          throw new OutboundFailed('timeout', `could not connect within ${connectTimeoutMs} ms`);
        }
        if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
          throw new OutboundFailed('timeout', `no answer within ${timeout} ms`);
        }
        throw new OutboundFailed('network', redact(err instanceof Error ? err.message : String(err), 500));
      });
      // the losing promise's rejection is handled
      call.catch(() => undefined);
      try {
        return await Promise.race([call, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
