import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, readBody } from './http';
import { checkWrite, defaultsOf, describeOf, type SimError, type SimObject, simObjects } from './salesforce-objects';

/**
 * A loopback SIMULATOR of the parts of Salesforce the portal uses (issue #23 §6, decision 072). It is not Salesforce
 * and never says it is: its pages and answers are marked as a simulator. It speaks Salesforce's documented protocol
 * and reproduces what breaks naive clients:
 * - two hosts: the login host (`/services/oauth2/authorize`, `/token`, `/revoke`) and an instance host on another
 *   port that alone serves the data API, as `instance_url` in the token answer;
 * - the web-server flow with PKCE (S256 required), the exact registered `redirect_uri` (authorize and token), codes
 *   that are single use and expire (15 minutes), `error=&error_description=` redirects;
 * - refresh tokens that rotate; presenting a superseded one revokes the family (its access tokens answer 401 and its
 *   refresh tokens `invalid_grant`); access tokens that expire into `401 [{"errorCode":"INVALID_SESSION_ID"}]`;
 * - describe, create, update, upsert by external id (201 / 200 or 204 / 300 on several matches), type checks with
 *   Salesforce's error array `[{message, errorCode, fields}]`; `SELECT Id FROM x WHERE f = '...'` only;
 * - `Sforce-Limit-Info: api-usage=N/M` on every answer and a daily allowance that turns into 403
 *   REQUEST_LIMIT_EXCEEDED; injectable 503s and slow answers.
 * Control and inspection under `/__sim/` (on both hosts) and through the returned `state`.
 */

export interface SalesforceSimOptions {
  /** 0 (the default) takes a free port. */
  loginPort?: number;
  instancePort?: number;
  host?: string;
  /** Added to every answer (a bench's provider latency). */
  latencyMs?: number;
  /** The clock of codes and tokens (tests move it). */
  now?: () => number;
  /** Authorization codes live this long (Salesforce: 15 minutes). */
  codeTtlMs?: number;
  /** Access tokens live this long (Salesforce: the session timeout, 2 hours by default). */
  accessTokenTtlMs?: number;
  /** Refresh answers carry a new refresh token and retire the old one (an External Client App's rotation). */
  rotateRefreshTokens?: boolean;
  /** The daily API allowance (`api-usage=N/M`). */
  dailyLimit?: number;
}

export interface SimApp {
  consumerKey: string;
  consumerSecret: string;
  callbackUrl: string;
  name: string;
}

export interface SimStats {
  /** Records created per object, by create or by an upsert that created. */
  creates: Record<string, number>;
  upsertCreates: Record<string, number>;
  updates: Record<string, number>;
  /** Data API calls answered (the allowance counts these). */
  apiCalls: number;
  tokenCalls: number;
  apiUsage: { used: number; max: number };
}

export interface SalesforceSimState {
  registerApp(app: Partial<SimApp> & { callbackUrl: string }): SimApp;
  /** The next `count` calls (OAuth and data, not `/__sim/`) answer `status` (503 by default). */
  failNext(count: number, status?: number): void;
  /** Every answer waits this long more (0 turns it off). */
  slow(ms: number): void;
  /** Every access token issued so far is expired (refresh tokens still work). */
  expireAccessTokens(): void;
  setLimit(p: { max?: number; used?: number }): void;
  records(object: string): Record<string, unknown>[];
  stats(): SimStats;
  /**
   * A validation rule, as an org's admin writes one: a write giving `field` of `object` any value is refused with
   * FIELD_CUSTOM_VALIDATION_EXCEPTION and `message`, where `{value}` stands for the value given (Salesforce's
   * messages may quote it). Null removes the rules.
   */
  validationRule(rule: { object: string; field: string; message: string } | null): void;
  /** Forgets records and counters (apps and tokens stay). */
  resetData(): void;
}

export interface SalesforceSimulator {
  loginUrl: string;
  instanceUrl: string;
  /** The `host:port` pairs to put in INTEGRATION_TEST_HOSTS. */
  testHosts: string[];
  state: SalesforceSimState;
  stop(): Promise<void>;
}

interface CodeEntry {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface Family {
  clientId: string;
  scope: string;
  revoked: boolean;
}

interface AccessEntry {
  family: string;
  expiresAt: number;
  revoked: boolean;
}

interface RefreshEntry {
  family: string;
  /** Replaced by a newer one of its family: presenting it again revokes the family. */
  superseded: boolean;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; html?: string };

const ORG_ID = '00D5g00000SIMORG';
const USER_ID = '0055g00000SIMUSR';
const DAY_MS = 24 * 60 * 60 * 1000;
const SIM_NOTICE = 'Salesforce SIMULATOR for development and tests (not Salesforce)';

const b64 = (n: number) => randomBytes(n).toString('base64');
const b64url = (n: number) => randomBytes(n).toString('base64url');

function oauthError(error: string, description: string, status = 400): Answer {
  return { status, body: { error, error_description: description } };
}

function apiErrors(status: number, errors: SimError[]): Answer {
  return { status, body: errors };
}

const INVALID_SESSION = () =>
  apiErrors(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
const NOT_FOUND = () => apiErrors(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} (simulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
.sim{background:#fff3cd;border:1px solid #c9a227;padding:.5rem .75rem;border-radius:4px}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem}</style></head>
<body><p class="sim" role="note"><strong>${SIM_NOTICE}.</strong> No real Salesforce org is involved.</p>
<main>${body}</main></body></html>`;
}

/** SOQL string literal: the escapes Salesforce's parser knows. */
function unescapeSoql(s: string): string | null {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = s[++i];
    const map: Record<string, string> = {
      n: '\n',
      r: '\r',
      t: '\t',
      b: '\b',
      f: '\f',
      '"': '"',
      "'": "'",
      '\\': '\\',
      _: '\\_',
      '%': '\\%',
    };
    if (n === undefined || !(n in map)) return null;
    out += map[n];
  }
  return out;
}

export async function startSalesforceSimulator(options: SalesforceSimOptions = {}): Promise<SalesforceSimulator> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const codeTtl = options.codeTtlMs ?? 15 * 60 * 1000;
  const accessTtl = options.accessTokenTtlMs ?? 2 * 60 * 60 * 1000;
  const rotate = options.rotateRefreshTokens ?? true;

  const objects = new Map<string, SimObject>(simObjects().map((o) => [o.name.toLowerCase(), o]));
  const apps = new Map<string, SimApp>();
  const codes = new Map<string, CodeEntry>();
  const families = new Map<string, Family>();
  const accessTokens = new Map<string, AccessEntry>();
  const refreshTokens = new Map<string, RefreshEntry>();
  const records = new Map<string, Map<string, Record<string, unknown>>>();
  let idCounter = 0;
  let creates: Record<string, number> = {};
  let upsertCreates: Record<string, number> = {};
  let updates: Record<string, number> = {};
  let apiCalls = 0;
  let tokenCalls = 0;
  const usage = { used: 0, max: options.dailyLimit ?? 15_000, windowStart: now() };
  const faults = { failCount: 0, failStatus: 503, slowMs: 0 };
  const rules: { object: string; field: string; message: string }[] = [];

  /** The object's checks, then the validation rules on the values that passed them. */
  function checkWithRules(...args: Parameters<typeof checkWrite>): ReturnType<typeof checkWrite> {
    const check = checkWrite(...args);
    if (!check.ok) return check;
    const o = args[0];
    const errors: SimError[] = [];
    for (const rule of rules) {
      if (rule.object.toLowerCase() !== o.name.toLowerCase()) continue;
      const key = Object.keys(check.values).find((k) => k.toLowerCase() === rule.field.toLowerCase());
      const value = key === undefined ? null : check.values[key];
      if (value === null || value === undefined || value === '') continue;
      errors.push({
        message: rule.message.split('{value}').join(String(value)),
        errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
        fields: [rule.field],
      });
    }
    return errors.length ? { ok: false, errors } : check;
  }

  let loginUrl = '';
  let instanceUrl = '';

  const limitHeader = () => ({ 'Sforce-Limit-Info': `api-usage=${usage.used}/${usage.max}` });

  function newId(o: SimObject): string {
    idCounter += 1;
    const n = idCounter.toString(36).toUpperCase().padStart(9, '0');
    return `${o.keyPrefix}5g0${n}SIM`.slice(0, 18);
  }

  function tableOf(o: SimObject) {
    let t = records.get(o.name);
    if (!t) {
      t = new Map();
      records.set(o.name, t);
    }
    return t;
  }

  function bump(counter: Record<string, number>, name: string) {
    counter[name] = (counter[name] ?? 0) + 1;
  }

  function appFromClient(form: URLSearchParams, req: IncomingMessage): { id: string; secret: string | null } {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Basic ')) {
      const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
      const i = decoded.indexOf(':');
      if (i > 0) {
        return { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) };
      }
    }
    return { id: form.get('client_id') ?? '', secret: form.get('client_secret') };
  }

  function tokenAnswer(familyId: string, refresh: string | null): Answer {
    const family = families.get(familyId) as Family;
    const app = apps.get(family.clientId) as SimApp;
    const access = `${ORG_ID}!${b64url(48).replace(/-/g, '.')}`;
    accessTokens.set(access, { family: familyId, expiresAt: now() + accessTtl, revoked: false });
    const issuedAt = String(now());
    const id = `${loginUrl}/id/${ORG_ID}/${USER_ID}`;
    const body: Record<string, unknown> = {
      access_token: access,
      signature: createHmac('sha256', app.consumerSecret).update(`${id}${issuedAt}`).digest('base64'),
      scope: family.scope,
      instance_url: instanceUrl,
      id,
      token_type: 'Bearer',
      issued_at: issuedAt,
    };
    if (refresh) body.refresh_token = refresh;
    return { status: 200, body, headers: { 'Cache-Control': 'no-cache,must-revalidate,max-age=0,no-store,private' } };
  }

  function newRefresh(familyId: string): string {
    const token = `5Aep861${b64url(60).replace(/-/g, '.')}`;
    refreshTokens.set(token, { family: familyId, superseded: false });
    return token;
  }

  function revokeFamily(familyId: string) {
    const f = families.get(familyId);
    if (f) f.revoked = true;
  }

  // ---- OAuth (login host; token and revoke also on the instance host, as Salesforce's My Domain serves them)

  function authorizeCheck(q: URLSearchParams): { app: SimApp; redirectUri: string } | Answer {
    const clientId = q.get('client_id') ?? '';
    const app = apps.get(clientId);
    const errorPage = (error: string, description: string): Answer => ({
      status: 302,
      headers: {
        Location: `${loginUrl}/setup/secur/RemoteAccessErrorPage.apexp?${new URLSearchParams({
          error,
          error_description: description,
        })}`,
      },
    });
    // an unknown client or an unregistered redirect_uri is never redirected to: Salesforce shows its own error page
    if (!app) return errorPage('invalid_client_id', 'client identifier invalid');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (redirectUri !== app.callbackUrl)
      return errorPage('redirect_uri_mismatch', 'redirect_uri must match configuration');
    return { app, redirectUri };
  }

  function redirectWith(redirectUri: string, params: Record<string, string>): Answer {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { status: 302, headers: { Location: url.toString() } };
  }

  function authorize(method: string, q: URLSearchParams): Answer {
    const checked = authorizeCheck(q);
    if ('status' in checked) return checked;
    const { app, redirectUri } = checked;
    const state = q.get('state');
    const withState = (p: Record<string, string>) => (state === null ? p : { ...p, state });
    if (q.get('response_type') !== 'code') {
      return redirectWith(
        redirectUri,
        withState({ error: 'unsupported_response_type', error_description: 'response type not supported' }),
      );
    }
    const challenge = q.get('code_challenge') ?? '';
    if (!challenge) {
      return redirectWith(
        redirectUri,
        withState({ error: 'invalid_request', error_description: 'missing required code challenge' }),
      );
    }
    if ((q.get('code_challenge_method') ?? 'plain') !== 'S256') {
      return redirectWith(
        redirectUri,
        withState({ error: 'invalid_request', error_description: 'invalid code challenge method' }),
      );
    }
    const scope = q.get('scope') ?? 'api';
    if (method === 'GET') {
      const hidden = [...q.entries()]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      return {
        status: 200,
        html: page(
          'Allow access?',
          `<h1>Allow access?</h1><p><strong>${escapeHtml(app.name)}</strong> asks to access the simulated org as
sim.user@example.com with the scopes <code>${escapeHtml(scope)}</code>.</p>
<form method="post" action="/services/oauth2/authorize">${hidden}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
        ),
      };
    }
    if (q.get('decision') !== 'allow') {
      return redirectWith(
        redirectUri,
        withState({ error: 'access_denied', error_description: 'end-user denied authorization' }),
      );
    }
    // Salesforce's codes carry '=' and '+': a client that does not encode them loses the code
    const code = `aPrx${b64(44)}`;
    codes.set(code, {
      clientId: app.consumerKey,
      redirectUri,
      challenge,
      scope,
      expiresAt: now() + codeTtl,
      used: false,
    });
    return redirectWith(redirectUri, withState({ code }));
  }

  function token(form: URLSearchParams, req: IncomingMessage): Answer {
    tokenCalls += 1;
    const client = appFromClient(form, req);
    const app = apps.get(client.id);
    if (!app) return oauthError('invalid_client_id', 'client identifier invalid');
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      if (client.secret !== app.consumerSecret) return oauthError('invalid_client', 'invalid client credentials');
      const code = form.get('code') ?? '';
      const entry = codes.get(code);
      if (!entry || entry.clientId !== app.consumerKey)
        return oauthError('invalid_grant', 'invalid authorization code');
      if (entry.used || entry.expiresAt <= now()) return oauthError('invalid_grant', 'expired authorization code');
      entry.used = true; // single use: a failed attempt spends the code too
      if ((form.get('redirect_uri') ?? '') !== entry.redirectUri) {
        return oauthError('redirect_uri_mismatch', 'redirect_uri must match configuration');
      }
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || computed !== entry.challenge) return oauthError('invalid_grant', 'invalid code verifier');
      const familyId = b64url(12);
      families.set(familyId, { clientId: app.consumerKey, scope: entry.scope, revoked: false });
      const withRefresh = entry.scope.split(/\s+/).some((s) => s === 'refresh_token' || s === 'offline_access');
      return tokenAnswer(familyId, withRefresh ? newRefresh(familyId) : null);
    }
    if (grant === 'refresh_token') {
      if (client.secret !== null && client.secret !== app.consumerSecret) {
        return oauthError('invalid_client', 'invalid client credentials');
      }
      const presented = form.get('refresh_token') ?? '';
      const entry = refreshTokens.get(presented);
      const family = entry ? families.get(entry.family) : undefined;
      if (!entry || !family || family.clientId !== app.consumerKey) {
        return oauthError('invalid_grant', 'expired access/refresh token');
      }
      if (entry.superseded) {
        // reuse of a rotated token: someone else holds the newer one; the whole family is revoked
        revokeFamily(entry.family);
        return oauthError('invalid_grant', 'expired access/refresh token');
      }
      if (family.revoked) return oauthError('invalid_grant', 'expired access/refresh token');
      if (!rotate) return tokenAnswer(entry.family, null);
      entry.superseded = true;
      return tokenAnswer(entry.family, newRefresh(entry.family));
    }
    return oauthError('unsupported_grant_type', 'grant type not supported');
  }

  function revoke(form: URLSearchParams): Answer {
    const t = form.get('token') ?? '';
    const refresh = refreshTokens.get(t);
    if (refresh) {
      revokeFamily(refresh.family);
      return { status: 200 };
    }
    const access = accessTokens.get(t);
    if (access && !access.revoked && access.expiresAt > now()) {
      access.revoked = true;
      return { status: 200 };
    }
    return oauthError('invalid_token', 'invalid token');
  }

  // ---- Data API (instance host only)

  function session(req: IncomingMessage): boolean {
    const auth = req.headers.authorization ?? '';
    const m = /^(?:Bearer|OAuth) (.+)$/.exec(auth);
    if (!m) return false;
    const entry = accessTokens.get(m[1] as string);
    if (!entry || entry.revoked || entry.expiresAt <= now()) return false;
    const family = families.get(entry.family);
    return Boolean(family && !family.revoked);
  }

  function parseJson(raw: string): Record<string, unknown> | null {
    try {
      const v = JSON.parse(raw) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // below
    }
    return null;
  }

  function recordUrl(base: string, o: SimObject, id: string) {
    return `${base}/sobjects/${o.name}/${id}`;
  }

  function stored(
    o: SimObject,
    values: Record<string, unknown>,
    id: string | null,
    existing: Record<string, unknown> | null,
  ) {
    const stamp = new Date(now()).toISOString().replace('Z', '+0000');
    if (existing) {
      Object.assign(existing, values, { LastModifiedDate: stamp });
      return existing;
    }
    const rid = id ?? newId(o);
    const rec = { ...defaultsOf(o), ...values, Id: rid, IsDeleted: false, CreatedDate: stamp, LastModifiedDate: stamp };
    tableOf(o).set(rid, rec);
    return rec;
  }

  function query(q: string, base: string): Answer {
    const m =
      /^\s*SELECT\s+Id\s+FROM\s+([A-Za-z][A-Za-z0-9_]*)\s+WHERE\s+([A-Za-z][A-Za-z0-9_]*)\s*=\s*'((?:[^'\\]|\\.)*)'\s*$/i.exec(
        q,
      );
    if (!m) {
      return apiErrors(400, [
        {
          message: "The simulator answers only SELECT Id FROM {object} WHERE {field} = '{value}'",
          errorCode: 'MALFORMED_QUERY',
        },
      ]);
    }
    const target = objects.get((m[1] as string).toLowerCase());
    if (!target) {
      return apiErrors(400, [{ message: `sObject type '${m[1]}' is not supported.`, errorCode: 'INVALID_TYPE' }]);
    }
    const f = target.fields.find((x) => x.name.toLowerCase() === (m[2] as string).toLowerCase());
    if (!f) {
      return apiErrors(400, [
        { message: `No such column '${m[2]}' on entity '${target.name}'.`, errorCode: 'INVALID_FIELD' },
      ]);
    }
    const value = unescapeSoql(m[3] as string);
    if (value === null) return apiErrors(400, [{ message: 'Invalid string literal', errorCode: 'MALFORMED_QUERY' }]);
    const found = [...tableOf(target).values()].filter((r) => String(r[f.name] ?? '') === value && value !== '');
    return {
      status: 200,
      body: {
        totalSize: found.length,
        done: true,
        records: found.map((r) => ({
          attributes: { type: target.name, url: recordUrl(base, target, String(r.Id)) },
          Id: r.Id,
        })),
      },
    };
  }

  async function data(req: IncomingMessage, url: URL, method: string): Promise<Answer> {
    const m = /^\/services\/data\/v(\d+)\.(\d)(\/.*)?$/.exec(url.pathname);
    if (!m) return NOT_FOUND();
    const version = Number(m[1]);
    const rest = m[3] ?? '/';
    const base = `/services/data/v${m[1]}.${m[2]}`;
    if (!session(req)) return INVALID_SESSION();
    if (now() - usage.windowStart >= DAY_MS) {
      usage.windowStart = now();
      usage.used = 0;
    }
    if (usage.used >= usage.max) {
      return apiErrors(403, [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]);
    }
    usage.used += 1;
    apiCalls += 1;
    let parts: string[];
    try {
      parts = rest.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return NOT_FOUND();
    }
    if (method === 'GET' && parts.length === 1 && parts[0] === 'sobjects') {
      return {
        status: 200,
        body: {
          encoding: 'UTF-8',
          maxBatchSize: 200,
          sobjects: [...objects.values()].map((o) => ({
            name: o.name,
            label: o.label,
            labelPlural: o.labelPlural,
            keyPrefix: o.keyPrefix,
            custom: o.custom,
            createable: true,
            updateable: true,
            queryable: true,
            urls: { sobject: `${base}/sobjects/${o.name}`, describe: `${base}/sobjects/${o.name}/describe` },
          })),
        },
      };
    }
    if (method === 'GET' && parts.length === 1 && parts[0] === 'query') {
      return query(url.searchParams.get('q') ?? '', base);
    }
    if (parts[0] !== 'sobjects' || parts.length < 2) return NOT_FOUND();
    const o = objects.get((parts[1] as string).toLowerCase());
    if (!o) return NOT_FOUND();
    if (method === 'GET' && parts.length === 3 && parts[2] === 'describe') {
      return { status: 200, body: describeOf(o, base) };
    }
    if (method === 'GET' && parts.length === 3) {
      const rec = tableOf(o).get(parts[2] as string);
      return rec
        ? { status: 200, body: { attributes: { type: o.name, url: recordUrl(base, o, String(rec.Id)) }, ...rec } }
        : NOT_FOUND();
    }
    if (method !== 'POST' && method !== 'PATCH') {
      return apiErrors(405, [{ message: `HTTP Method '${method}' not allowed.`, errorCode: 'METHOD_NOT_ALLOWED' }]);
    }
    const raw = await readBody(req);
    if (raw === null) return apiErrors(413, [{ message: 'Request too large', errorCode: 'REQUEST_TOO_LARGE' }]);
    const fields = parseJson(raw);
    if (!fields) {
      return apiErrors(400, [
        { message: 'The request body is not a JSON object or could not be parsed', errorCode: 'JSON_PARSER_ERROR' },
      ]);
    }

    if (method === 'POST' && parts.length === 2) {
      const check = checkWithRules(o, fields, raw, 'create', null);
      if (!check.ok) return apiErrors(400, check.errors);
      const rec = stored(o, check.values, null, null);
      bump(creates, o.name);
      return { status: 201, body: { id: rec.Id, success: true, errors: [] } };
    }
    if (method === 'PATCH' && parts.length === 3) {
      const existing = tableOf(o).get(parts[2] as string);
      if (!existing) return NOT_FOUND();
      const check = checkWithRules(o, fields, raw, 'update', existing);
      if (!check.ok) return apiErrors(400, check.errors);
      stored(o, check.values, null, existing);
      bump(updates, o.name);
      return { status: 204 };
    }
    if (method === 'PATCH' && parts.length === 4) {
      const extName = parts[2] as string;
      const value = parts[3] as string;
      const ext = o.fields.find((f) => f.name.toLowerCase() === extName.toLowerCase() && f.externalId);
      if (!ext) {
        return apiErrors(404, [
          {
            errorCode: 'NOT_FOUND',
            message: `Provided external ID field does not exist or is not accessible: ${extName}`,
          },
        ]);
      }
      const bodyExt = Object.keys(fields).find((k) => k.toLowerCase() === ext.name.toLowerCase());
      if (bodyExt !== undefined && String(fields[bodyExt]) !== value) {
        return apiErrors(400, [
          {
            message: `The value of the external ID field in the body does not match the value in the URL: ${ext.name}`,
            errorCode: 'INVALID_FIELD',
            fields: [ext.name],
          },
        ]);
      }
      const matches = [...tableOf(o).values()].filter((r) => r[ext.name] === value);
      if (matches.length > 1) {
        return { status: 300, body: matches.map((r) => recordUrl(base, o, String(r.Id))) };
      }
      const existing = matches[0] ?? null;
      const check = checkWithRules(o, { ...fields, [ext.name]: value }, raw, existing ? 'update' : 'create', existing);
      if (!check.ok) return apiErrors(400, check.errors);
      const rec = stored(o, check.values, null, existing);
      if (existing) {
        bump(updates, o.name);
        // before API 46.0 an update by upsert answered 204 without a body
        return version >= 46
          ? { status: 200, body: { id: rec.Id, success: true, errors: [], created: false } }
          : { status: 204 };
      }
      bump(creates, o.name);
      bump(upsertCreates, o.name);
      return { status: 201, body: { id: rec.Id, success: true, errors: [], created: true } };
    }
    return NOT_FOUND();
  }

  // ---- Control (/__sim/)

  const state: SalesforceSimState = {
    registerApp(p) {
      const app: SimApp = {
        consumerKey: p.consumerKey ?? `3MVG9SIM.${b64url(24)}`,
        consumerSecret: p.consumerSecret ?? b64url(32).toUpperCase(),
        callbackUrl: p.callbackUrl,
        name: p.name ?? 'Under (simulated External Client App)',
      };
      apps.set(app.consumerKey, app);
      return app;
    },
    failNext(count, status = 503) {
      faults.failCount = Math.max(0, Math.floor(count));
      faults.failStatus = status;
    },
    slow(ms) {
      faults.slowMs = Math.max(0, ms);
    },
    expireAccessTokens() {
      const t = now() - 1;
      for (const e of accessTokens.values()) e.expiresAt = Math.min(e.expiresAt, t);
    },
    setLimit(p) {
      if (p.max !== undefined) usage.max = p.max;
      if (p.used !== undefined) usage.used = p.used;
    },
    records(object) {
      const o = objects.get(object.toLowerCase());
      return o ? [...tableOf(o).values()].map((r) => ({ ...r })) : [];
    },
    stats() {
      return {
        creates: { ...creates },
        upsertCreates: { ...upsertCreates },
        updates: { ...updates },
        apiCalls,
        tokenCalls,
        apiUsage: { used: usage.used, max: usage.max },
      };
    },
    validationRule(rule) {
      if (rule) rules.push(rule);
      else rules.length = 0;
    },
    resetData() {
      records.clear();
      creates = {};
      upsertCreates = {};
      updates = {};
      apiCalls = 0;
      tokenCalls = 0;
      usage.used = 0;
    },
  };

  async function admin(req: IncomingMessage, url: URL, method: string): Promise<Answer> {
    const raw = method === 'POST' ? await readBody(req) : '';
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return { status: 400, body: { error: 'the body is not JSON' } };
    }
    const num = (k: string) => (typeof body[k] === 'number' ? (body[k] as number) : undefined);
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    switch (`${method} ${url.pathname}`) {
      case 'POST /__sim/apps': {
        const callbackUrl = str('callbackUrl');
        if (!callbackUrl) return { status: 400, body: { error: 'callbackUrl is required' } };
        return {
          status: 201,
          body: state.registerApp({
            callbackUrl,
            consumerKey: str('consumerKey'),
            consumerSecret: str('consumerSecret'),
            name: str('name'),
          }),
        };
      }
      case 'POST /__sim/faults':
        if (num('fail') !== undefined) state.failNext(num('fail') as number, num('status') ?? 503);
        if (num('slowMs') !== undefined) state.slow(num('slowMs') as number);
        return { status: 200, body: { ...faults } };
      case 'POST /__sim/expire-tokens':
        state.expireAccessTokens();
        return { status: 200, body: { expired: true } };
      case 'POST /__sim/limit':
        state.setLimit({ max: num('max'), used: num('used') });
        return { status: 200, body: { used: usage.used, max: usage.max } };
      case 'POST /__sim/reset':
        state.resetData();
        return { status: 200, body: { reset: true } };
      case 'GET /__sim/records':
        return { status: 200, body: { records: state.records(url.searchParams.get('object') ?? 'Lead') } };
      case 'GET /__sim/stats':
        return { status: 200, body: state.stats() };
      default:
        return { status: 404, body: { error: 'unknown simulator call' } };
    }
  }

  function errorPage(q: URLSearchParams): Answer {
    return {
      status: 200,
      html: page(
        'Error',
        `<h1>Remote access authorization error</h1><p>error=${escapeHtml(q.get('error') ?? '')}</p>
<p>error_description=${escapeHtml(q.get('error_description') ?? '')}</p>`,
      ),
    };
  }

  async function route(req: IncomingMessage, which: 'login' | 'instance'): Promise<Answer> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    if (url.pathname.startsWith('/__sim/')) return admin(req, url, method);
    if (faults.failCount > 0) {
      faults.failCount -= 1;
      return apiErrors(faults.failStatus, [
        {
          message: 'The server is temporarily unable to service your request (simulated).',
          errorCode: 'SERVER_UNAVAILABLE',
        },
      ]);
    }
    const p = url.pathname;
    if (which === 'login' && p === '/services/oauth2/authorize') {
      if (method === 'GET') return authorize('GET', url.searchParams);
      if (method === 'POST') {
        const raw = await readBody(req);
        return authorize('POST', new URLSearchParams(raw ?? ''));
      }
    }
    if (which === 'login' && p === '/setup/secur/RemoteAccessErrorPage.apexp') return errorPage(url.searchParams);
    if (p === '/services/oauth2/token' || p === '/services/oauth2/revoke') {
      if (method !== 'POST') return oauthError('invalid_request', 'must use HTTP POST');
      const raw = await readBody(req);
      if (raw === null) return oauthError('invalid_request', 'request too large');
      const form = new URLSearchParams(raw);
      return p.endsWith('/token') ? token(form, req) : revoke(form);
    }
    // the login host serves no data: a client that ignores instance_url gets Salesforce's 404
    if (which === 'instance' && p.startsWith('/services/data/')) return data(req, url, method);
    return NOT_FOUND();
  }

  function handler(which: 'login' | 'instance') {
    return (req: IncomingMessage, res: ServerResponse) => {
      route(req, which)
        .then(async (a) => {
          const isAdmin = (req.url ?? '').startsWith('/__sim/');
          const wait = isAdmin ? 0 : (options.latencyMs ?? 0) + faults.slowMs;
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const headers: Record<string, string> = {
            'X-Simulator': SIM_NOTICE,
            ...(isAdmin || a.html ? {} : limitHeader()),
            ...(a.headers ?? {}),
          };
          if (a.html !== undefined) {
            headers['Content-Type'] = 'text/html; charset=utf-8';
            res.writeHead(a.status, headers).end(a.html);
          } else if (a.body !== undefined) {
            headers['Content-Type'] = 'application/json;charset=UTF-8';
            res.writeHead(a.status, headers).end(JSON.stringify(a.body));
          } else {
            res.writeHead(a.status, headers).end();
          }
        })
        .catch((err: unknown) => {
          if (!res.headersSent) {
            res.writeHead(500, { 'Content-Type': 'application/json' });
          }
          res.end(JSON.stringify([{ message: String(err), errorCode: 'UNKNOWN_EXCEPTION' }]));
        });
    };
  }

  const loginServer = createServer(handler('login'));
  const instanceServer = createServer(handler('instance'));
  const loginPort = await listen(loginServer, options.loginPort ?? 0, host);
  const instancePort = await listen(instanceServer, options.instancePort ?? 0, host).catch(async (err) => {
    await new Promise((r) => loginServer.close(r));
    throw err;
  });
  loginUrl = `http://${host}:${loginPort}`;
  instanceUrl = `http://${host}:${instancePort}`;

  return {
    loginUrl,
    instanceUrl,
    testHosts: [`${host}:${loginPort}`, `${host}:${instancePort}`],
    state,
    async stop() {
      loginServer.closeAllConnections();
      instanceServer.closeAllConnections();
      await Promise.all([new Promise((r) => loginServer.close(r)), new Promise((r) => instanceServer.close(r))]);
    },
  };
}

/**
 * What a person does in the browser on the simulator's consent page, for API tests that have no browser: opens the
 * authorize URL, presses Allow (or Deny), and returns where the simulator redirects (the callback with `code` and
 * `state`, or `error`). Throws when the simulator shows its error page instead of a consent page.
 */
export async function consentInSimulator(authorizeUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  if (page.status !== 200) {
    const to = page.headers.get('location');
    if (to) return new URL(to, authorizeUrl);
    throw new Error(`the simulator answered ${page.status} to the authorize URL`);
  }
  const html = await page.text();
  const form = new URLSearchParams();
  const fromHtml = (v: string) => v.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    form.set(fromHtml(m[1] as string), fromHtml(m[2] as string));
  }
  form.set('decision', decision);
  const done = await fetch(new URL('/services/oauth2/authorize', authorizeUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const to = done.headers.get('location');
  if (done.status !== 302 || !to) throw new Error(`the simulator answered ${done.status} to the consent`);
  return new URL(to, authorizeUrl);
}
