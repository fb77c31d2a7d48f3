import { z } from 'zod';
import {
  type Outbound,
  OutboundFailed,
  OutboundRefused,
  type OutboundResponse,
  redact,
} from '../../../infra/outbound/outbound';
import {
  SALESFORCE_API_VERSION,
  type SalesforceClient,
  SalesforceError,
  type SalesforceErrorKind,
  type SalesforceSession,
  type SalesforceTokenSet,
  type SfApiError,
  type SfField,
  type SfObjectDescribe,
  type SfObjectSummary,
} from './salesforce.port';

/**
 * The real Salesforce client (issue #23 §5, decision 072): OAuth 2.0 web-server flow with PKCE, rotating refresh
 * tokens, and the five data calls, on the one guarded outbound client (provider 'salesforce'). Written against
 * Salesforce's documented REST and OAuth API and tested against the loopback simulator (`src/simulators`).
 * - Every answer is read loosely: the parts we use are checked, unknown keys ignored.
 * - Every failure is a SalesforceError whose `kind` says what the portal does next; its `detail` (for the sync log)
 *   is bounded and never carries a token, code, verifier or secret we sent.
 * - Object and field names go into URLs and SOQL only when they are API names; SOQL values are escaped literals.
 */

/** `Sforce-Limit-Info: api-usage=N/M`: the org's calls in the rolling 24 hours and its allowance. */
export interface SalesforceApiUsage {
  used: number;
  max: number;
}

export interface SalesforceClientWithUsage extends SalesforceClient {
  /** The org's allowance as the last data answer from this instance reported it (null before any). */
  lastApiUsage(instanceUrl: string): SalesforceApiUsage | null;
}

const DETAIL_MAX = 2000;
const API_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

const OAuthErrorSchema = z.looseObject({ error: z.string(), error_description: z.string().optional() });
const TokenSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  instance_url: z.string().min(1),
  issued_at: z.union([z.string(), z.number()]).optional(),
});
const ApiErrorSchema = z.looseObject({
  message: z.string().catch(''),
  errorCode: z.string().catch('UNKNOWN'),
  fields: z.array(z.string()).catch([]).optional(),
});
const IdAnswerSchema = z.looseObject({ id: z.string().min(1) });
const num = z.number().nullish().catch(null);
const bool = z.boolean().nullish().catch(null);
const FieldSchema = z.looseObject({
  name: z.string(),
  label: z.string().nullish().catch(null),
  type: z.string().catch('anyType'),
  length: num,
  precision: num,
  scale: num,
  nillable: bool,
  createable: bool,
  updateable: bool,
  defaultedOnCreate: bool,
  externalId: bool,
  picklistValues: z
    .array(
      z.looseObject({
        value: z.string(),
        label: z.string().nullish().catch(null),
        active: bool,
      }),
    )
    .nullish()
    .catch(null),
});
const DescribeSchema = z.looseObject({
  name: z.string(),
  label: z.string().nullish().catch(null),
  custom: bool,
  fields: z.array(z.unknown()),
});
const SobjectsSchema = z.looseObject({
  sobjects: z.array(
    z.looseObject({
      name: z.string(),
      label: z.string().nullish().catch(null),
      custom: bool,
      createable: bool,
    }),
  ),
});
const QuerySchema = z.looseObject({
  done: z.boolean().catch(true),
  nextRecordsUrl: z.string().optional().catch(undefined),
  records: z.array(z.looseObject({ Id: z.string().optional().catch(undefined) })),
});

/** The login host's base URL: a bare host means https; a URL keeps its scheme and port, nothing else. */
export function loginBaseUrl(domain: string): string {
  const raw = domain.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new SalesforceError('invalid_client', 'the Salesforce domain is not a host name or URL');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new SalesforceError('invalid_client', 'the Salesforce domain is not an https host');
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new SalesforceError('invalid_client', 'the Salesforce domain has a path; give the host only');
  }
  return url.origin;
}

/** A SOQL string literal: backslash and quotes escaped, control characters as their escapes. */
export function soqlLiteral(value: string): string {
  const escaped = value.replace(/[\\'"\n\r\t\b\f]/g, (c) => {
    switch (c) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      case '\b':
        return '\\b';
      case '\f':
        return '\\f';
      default:
        return `\\${c}`;
    }
  });
  return `'${escaped}'`;
}

function apiName(kind: 'object' | 'field', name: string): string {
  if (!API_NAME.test(name) || name.length > 80) {
    throw new SalesforceError('invalid_data', `the ${kind} name is not a Salesforce API name`);
  }
  return name;
}

/**
 * A detail as kept: the exact secrets this call sent removed, then every credential shape (bearer values, named
 * tokens and secrets, Salesforce session ids and refresh tokens) by the outbound client's `redact`, bounded.
 */
function clean(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return redact(out, DETAIL_MAX - 1);
}

function parseApiErrors(res: OutboundResponse): SfApiError[] {
  let raw: unknown;
  try {
    raw = JSON.parse(res.text);
  } catch {
    return [];
  }
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? [raw] : [];
  const out: SfApiError[] = [];
  for (const item of list.slice(0, 50)) {
    const parsed = ApiErrorSchema.safeParse(item);
    if (parsed.success) {
      out.push({ message: parsed.data.message, errorCode: parsed.data.errorCode, fields: parsed.data.fields ?? [] });
    }
  }
  return out;
}

function parseUsage(res: OutboundResponse): SalesforceApiUsage | null {
  const m = /api-usage=(\d+)\/(\d+)/.exec(res.headers['sforce-limit-info'] ?? '');
  return m ? { used: Number(m[1]), max: Number(m[2]) } : null;
}

export function createSalesforceClient(outbound: Outbound): SalesforceClientWithUsage {
  /** Per instance origin (one org each); bounded, as a long-running server talks to many orgs. */
  const usage = new Map<string, SalesforceApiUsage>();

  /** Calls through the outbound client; refusals and failures become SalesforceErrors. */
  async function call(
    req: Parameters<Outbound['request']>[0],
    secrets: readonly (string | null | undefined)[],
  ): Promise<OutboundResponse> {
    try {
      return await outbound.request(req);
    } catch (err) {
      if (err instanceof OutboundRefused) {
        throw new SalesforceError('failed', clean(`call refused by the outbound policy: ${err.reason}`, secrets));
      }
      if (err instanceof OutboundFailed) {
        const kind: SalesforceErrorKind = err.kind === 'timeout' || err.kind === 'network' ? 'unavailable' : 'failed';
        throw new SalesforceError(kind, clean(`${err.kind}: ${err.message}`, secrets));
      }
      throw err;
    }
  }

  function oauthFailure(
    res: OutboundResponse,
    phase: 'exchange' | 'refresh' | 'revoke',
    secrets: readonly (string | null | undefined)[],
  ): SalesforceError {
    if (res.status >= 500) {
      return new SalesforceError('unavailable', clean(`${res.status} ${res.text}`, secrets), res.status);
    }
    let parsed: z.infer<typeof OAuthErrorSchema> | null = null;
    try {
      const r = OAuthErrorSchema.safeParse(JSON.parse(res.text));
      parsed = r.success ? r.data : null;
    } catch {
      parsed = null;
    }
    if (!parsed) return new SalesforceError('failed', clean(`${res.status} ${res.text}`, secrets), res.status);
    const description = parsed.error_description ?? '';
    const detail = clean(`${res.status} ${parsed.error}: ${description}`, secrets);
    let kind: SalesforceErrorKind = 'failed';
    if (['invalid_client_id', 'invalid_client', 'unauthorized_client'].includes(parsed.error)) kind = 'invalid_client';
    else if (parsed.error === 'invalid_grant') {
      if (phase === 'refresh') kind = 'expired_grant';
      else if (phase === 'exchange') kind = /verifier/i.test(description) ? 'failed' : 'expired_code';
    }
    return new SalesforceError(kind, detail, res.status);
  }

  function tokenSet(
    res: OutboundResponse,
    fallbackRefresh: string | null,
    secrets: readonly (string | null | undefined)[],
  ): SalesforceTokenSet {
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw new SalesforceError('failed', 'the token answer is not JSON', res.status);
    }
    const parsed = TokenSchema.safeParse(body);
    if (!parsed.success) throw new SalesforceError('failed', 'the token answer lacks access_token or instance_url');
    const instanceUrl = instanceBase(parsed.data.instance_url, secrets);
    const issued = Number(parsed.data.issued_at);
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token ?? fallbackRefresh,
      instanceUrl,
      issuedAt: Number.isFinite(issued) && issued > 0 ? issued : Date.now(),
    };
  }

  /** An instance URL we may call: an origin only, https (or a configured test host), allowed by the policy. */
  function instanceBase(raw: string, secrets: readonly (string | null | undefined)[] = []): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new SalesforceError('failed', 'instance_url is not a URL');
    }
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
    if (!bare || url.username || url.password || !outbound.allows('salesforce', url.origin)) {
      throw new SalesforceError('failed', clean(`instance_url ${url.host} is not an allowed Salesforce host`, secrets));
    }
    return url.origin;
  }

  function dataUrl(s: SalesforceSession, path: string): string {
    return `${instanceBase(s.instanceUrl)}/services/data/${SALESFORCE_API_VERSION}${path}`;
  }

  function dataFailure(res: OutboundResponse, s: SalesforceSession): SalesforceError {
    const errors = parseApiErrors(res);
    const summary = errors.length
      ? errors
          .map((e) => `${e.errorCode}: ${e.message}${e.fields.length ? ` [${e.fields.join(', ')}]` : ''}`)
          .join('; ')
      : res.text;
    const detail = clean(`${res.status} ${summary}`, [s.accessToken]);
    const codes = new Set(errors.map((e) => e.errorCode));
    let kind: SalesforceErrorKind = 'failed';
    if (res.status === 401) kind = 'invalid_session';
    else if (codes.has('REQUEST_LIMIT_EXCEEDED')) kind = 'limit_exceeded';
    else if (res.status === 400) kind = 'invalid_data';
    else if (res.status === 404) kind = 'not_found';
    else if (res.status === 300) kind = 'multiple_matches';
    else if (res.status >= 500) kind = 'unavailable';
    return new SalesforceError(kind, detail, res.status, errors);
  }

  async function data(
    s: SalesforceSession,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    json?: Record<string, unknown>,
  ): Promise<OutboundResponse> {
    const url = dataUrl(s, path);
    const res = await call(
      {
        provider: 'salesforce',
        method,
        url,
        headers: { authorization: `Bearer ${s.accessToken}`, accept: 'application/json' },
        ...(json === undefined ? {} : { json }),
      },
      [s.accessToken],
    );
    const seen = parseUsage(res);
    if (seen) {
      const origin = new URL(url).origin;
      usage.delete(origin);
      if (usage.size >= 1000) usage.delete(usage.keys().next().value as string);
      usage.set(origin, seen);
    }
    return res;
  }

  function readJson(res: OutboundResponse, s: SalesforceSession): unknown {
    try {
      return JSON.parse(res.text);
    } catch {
      throw new SalesforceError('failed', clean(`${res.status} answer is not JSON`, [s.accessToken]), res.status);
    }
  }

  function shapeError(what: string, res: OutboundResponse): SalesforceError {
    return new SalesforceError('failed', `the ${what} answer has an unexpected shape`, res.status);
  }

  return {
    lastApiUsage(instanceUrl) {
      try {
        return usage.get(new URL(instanceUrl).origin) ?? null;
      } catch {
        return null;
      }
    },

    authorizeUrl(app, p) {
      const base = loginBaseUrl(app.domain);
      // the browser is sent there: never to a host the token call would be refused (an open redirect otherwise)
      if (!outbound.allows('salesforce', base)) {
        throw new SalesforceError('invalid_client', 'the Salesforce domain is not a Salesforce login host');
      }
      const url = new URL(`${base}/services/oauth2/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: app.consumerKey,
        redirect_uri: p.redirectUri,
        state: p.state,
        scope: 'api refresh_token',
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async exchangeCode(app, p) {
      const secrets = [app.consumerSecret, p.code, p.codeVerifier];
      const res = await call(
        {
          provider: 'salesforce',
          method: 'POST',
          url: `${loginBaseUrl(app.domain)}/services/oauth2/token`,
          headers: { accept: 'application/json' },
          form: {
            grant_type: 'authorization_code',
            code: p.code,
            client_id: app.consumerKey,
            client_secret: app.consumerSecret,
            redirect_uri: p.redirectUri,
            code_verifier: p.codeVerifier,
          },
        },
        secrets,
      );
      if (res.status !== 200) throw oauthFailure(res, 'exchange', secrets);
      return tokenSet(res, null, secrets);
    },

    async refresh(app, refreshToken) {
      const secrets = [app.consumerSecret, refreshToken];
      const res = await call(
        {
          provider: 'salesforce',
          method: 'POST',
          url: `${loginBaseUrl(app.domain)}/services/oauth2/token`,
          headers: { accept: 'application/json' },
          form: {
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: app.consumerKey,
            client_secret: app.consumerSecret,
          },
        },
        secrets,
      );
      if (res.status !== 200) throw oauthFailure(res, 'refresh', secrets);
      // without rotation Salesforce sends no refresh token: the one we hold stays valid
      return tokenSet(res, refreshToken, secrets);
    },

    async revoke(app, session, token) {
      const secrets = [app.consumerSecret, session.accessToken, token];
      const res = await call(
        {
          provider: 'salesforce',
          method: 'POST',
          url: `${instanceBase(session.instanceUrl)}/services/oauth2/revoke`,
          form: { token },
        },
        secrets,
      );
      if (res.status === 200) return;
      // a token already expired or revoked is what we wanted
      if (res.status === 400 && /invalid_token|unsupported_token_type/.test(res.text)) return;
      throw oauthFailure(res, 'revoke', secrets);
    },

    async listObjects(s) {
      const res = await data(s, 'GET', '/sobjects');
      if (res.status !== 200) throw dataFailure(res, s);
      const parsed = SobjectsSchema.safeParse(readJson(res, s));
      if (!parsed.success) throw shapeError('sobjects', res);
      return parsed.data.sobjects.map(
        (o): SfObjectSummary => ({
          name: o.name,
          label: o.label ?? o.name,
          custom: o.custom ?? o.name.endsWith('__c'),
          createable: o.createable ?? false,
        }),
      );
    },

    async describe(s, object) {
      const res = await data(s, 'GET', `/sobjects/${apiName('object', object)}/describe`);
      if (res.status !== 200) throw dataFailure(res, s);
      const parsed = DescribeSchema.safeParse(readJson(res, s));
      if (!parsed.success) throw shapeError('describe', res);
      const fields: SfField[] = [];
      for (const raw of parsed.data.fields) {
        const f = FieldSchema.safeParse(raw);
        if (!f.success) continue; // a field we cannot read is one the mapping cannot offer
        fields.push({
          name: f.data.name,
          label: f.data.label ?? f.data.name,
          type: f.data.type,
          length: f.data.length ?? 0,
          precision: f.data.precision ?? 0,
          scale: f.data.scale ?? 0,
          nillable: f.data.nillable ?? true,
          createable: f.data.createable ?? false,
          updateable: f.data.updateable ?? false,
          defaultedOnCreate: f.data.defaultedOnCreate ?? false,
          externalId: f.data.externalId ?? false,
          picklistValues: (f.data.picklistValues ?? []).map((v) => ({
            value: v.value,
            label: v.label ?? v.value,
            active: v.active ?? true,
          })),
        });
      }
      const describe: SfObjectDescribe = {
        name: parsed.data.name,
        label: parsed.data.label ?? parsed.data.name,
        custom: parsed.data.custom ?? parsed.data.name.endsWith('__c'),
        fields,
      };
      return describe;
    },

    async upsert(s, object, externalIdField, value, record) {
      if (value === '') throw new SalesforceError('invalid_data', 'the external id value is empty');
      const path = `/sobjects/${apiName('object', object)}/${apiName('field', externalIdField)}/${encodeURIComponent(value)}`;
      const res = await data(s, 'PATCH', path, record);
      if (res.status === 201 || res.status === 200) {
        const parsed = IdAnswerSchema.safeParse(readJson(res, s));
        if (!parsed.success) throw shapeError('upsert', res);
        return { id: parsed.data.id, created: res.status === 201 };
      }
      // an update by upsert before API 46.0 (and some proxies) answer 204 without the id
      if (res.status === 204) return { id: null, created: false };
      if (res.status === 300) {
        throw new SalesforceError(
          'multiple_matches',
          clean(`300 several ${object} records have ${externalIdField} = the value: ${res.text}`, [s.accessToken]),
          300,
        );
      }
      throw dataFailure(res, s);
    },

    async create(s, object, record) {
      const res = await data(s, 'POST', `/sobjects/${apiName('object', object)}`, record);
      if (res.status !== 201 && res.status !== 200) throw dataFailure(res, s);
      const parsed = IdAnswerSchema.safeParse(readJson(res, s));
      if (!parsed.success) throw shapeError('create', res);
      return { id: parsed.data.id };
    },

    async update(s, object, id, record) {
      if (!/^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$/.test(id)) {
        throw new SalesforceError('invalid_data', 'the record id is not a Salesforce id');
      }
      const res = await data(s, 'PATCH', `/sobjects/${apiName('object', object)}/${id}`, record);
      if (res.status !== 204 && res.status !== 200) throw dataFailure(res, s);
    },

    async findIds(s, object, field, value) {
      const soql = `SELECT Id FROM ${apiName('object', object)} WHERE ${apiName('field', field)} = ${soqlLiteral(value)}`;
      const ids: string[] = [];
      let path = `/query?q=${encodeURIComponent(soql)}`;
      for (let page = 0; page < 20; page++) {
        const res = await data(s, 'GET', path);
        if (res.status !== 200) throw dataFailure(res, s);
        const parsed = QuerySchema.safeParse(readJson(res, s));
        if (!parsed.success) throw shapeError('query', res);
        for (const r of parsed.data.records) if (r.Id) ids.push(r.Id);
        const next = parsed.data.nextRecordsUrl;
        const prefix = `/services/data/${SALESFORCE_API_VERSION}/query/`;
        if (parsed.data.done || !next || !next.startsWith(prefix) || next.includes('..')) break;
        path = next.slice(`/services/data/${SALESFORCE_API_VERSION}`.length);
      }
      return ids;
    },
  };
}
