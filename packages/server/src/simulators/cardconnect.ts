import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import {
  CC_LOOKUPS,
  type CcBoardingStatus,
  type CcSignatureStatus,
} from '@under/core/integrations/cardconnect-lookups';
import { checkMerchantBody, missingForSignature, type SimFieldError } from './cardconnect-rules';
import { closeServer, listen, readBody } from './http';

/**
 * A loopback SIMULATOR of a card processor's merchant-boarding API, shaped like CardPointe CoPilot's public API
 * reference (issue #24 §1, decision 083). It is not CardConnect or CardPointe and never says it is: every answer
 * carries `X-Simulator`, the signature page says "simulator". It reproduces what breaks naive clients:
 * - a Keycloak-style token endpoint (`/auth/realms/cardconnect/protocol/openid-connect/token`): form-encoded
 *   password grant only, `{error, error_description}` errors (401 invalid_grant / unauthorized_client), access
 *   tokens of 300 s;
 * - `Authorization: Bearer` and `X-CopilotAPI-Version: 1.0` on every API call, JSON bodies only;
 * - `POST /merchant` makes a NEW merchant on every call (no idempotency of its own); `PUT /merchant/{id}` sets the
 *   merchant's children the body omits to null, and is refused unless the account is in progress (INPROG);
 * - the boarding machine: INPROG -> (PUT signature) OFS -> (the owner signs) QUALIFY -> UNDER -> BOARDING ->
 *   BOARDED -> LIVE, or DECLINED / CANCELLED; DELETE signature while OFS returns to INPROG;
 * - validation errors as `{"errors":[{"code","message","errorField","status"}]}` (`errorfield` when asked),
 *   fields the client does not know in every answer, and injectable 503s, slow and malformed answers.
 * Control and inspection under `/__sim/` (and through the returned `state`).
 */

export interface CardConnectSimOptions {
  port?: number;
  host?: string;
  /** Added to every answer (a bench's provider latency). */
  latencyMs?: number;
  /** The clock of tokens (tests move it). */
  now?: () => number;
  /** Access tokens live this long (the provider: 300 s). */
  tokenTtlMs?: number;
}

/** One API user of the simulated partner account: what the portal's credentials form takes. */
export interface CcSimUser {
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  /** The sales codes and application template ids this partner has. */
  salesCodes: string[];
  templateIds: string[];
}

export interface CcSimMerchant {
  merchantId: string;
  templateId: string;
  merchant: Record<string, unknown>;
  ownerSiteUser: Record<string, unknown> | null;
  boardingProcessStatusCd: CcBoardingStatus;
  boardingProcessPendingFlg: boolean;
  gatewayBoardingStatusCd: 'NOT_BOARDED' | 'BOARDED';
  signatureStatusCd: CcSignatureStatus;
  signatureUrl: string | null;
  signedDatetime: string | null;
  /** Transition times by status, as the provider's `…Datetime` fields (MM/DD/YYYY hh:mm:ss AM). */
  times: Partial<Record<CcBoardingStatus, string>>;
}

export interface CcSimStats {
  creates: number;
  updates: number;
  tokenCalls: number;
  apiCalls: number;
}

export interface CardConnectSimState {
  registerUser(u: Partial<CcSimUser>): CcSimUser;
  /** The next `count` calls (token and API, not `/__sim/`) answer `status` (503 by default). */
  failNext(count: number, status?: number): void;
  /** Every answer waits this long more (0 turns it off). */
  slow(ms: number): void;
  /** The next `count` API answers are 200 with a body that is not JSON. */
  malformedNext(count: number): void;
  /** Error objects spell their field `errorfield` (as some of the provider's answers do). */
  lowerCaseErrorField(on: boolean): void;
  /** Every access token issued so far is expired. */
  expireTokens(): void;
  /** The owner signs the application sent out for signature: OFS -> QUALIFY, signature SIGNED. */
  sign(merchantId: string): CcSimMerchant;
  /** Moves a merchant on: the next status of the machine, or `to` (DECLINED, CANCELLED, any later one). */
  advance(merchantId: string, to?: CcBoardingStatus): CcSimMerchant;
  /** Sets `boardingProcessPendingFlg` (the provider is still processing a change). */
  setPending(merchantId: string, pending: boolean): void;
  merchants(): CcSimMerchant[];
  merchant(merchantId: string): CcSimMerchant | undefined;
  stats(): CcSimStats;
  /** Forgets merchants and counters (users stay). */
  resetData(): void;
}

export interface CardConnectSimulator {
  /** The API base (CARDCONNECT_API_URL). */
  apiUrl: string;
  /** The token endpoint (CARDCONNECT_TOKEN_URL). */
  tokenUrl: string;
  /** The `host:port` pair to put in INTEGRATION_TEST_HOSTS. */
  testHosts: string[];
  state: CardConnectSimState;
  stop(): Promise<void>;
}

type Answer = { status: number; body?: unknown; raw?: string; html?: string; headers?: Record<string, string> };

export const CC_SIM_NOTICE = 'Card-processor boarding SIMULATOR for development and tests (not CardConnect)';
export const CC_TOKEN_PATH = '/auth/realms/cardconnect/protocol/openid-connect/token';
const NEXT: Partial<Record<CcBoardingStatus, CcBoardingStatus>> = {
  INPROG: 'OFS',
  OFS: 'QUALIFY',
  QUALIFY: 'UNDER',
  UNDER: 'BOARDING',
  BOARDING: 'BOARDED',
  BOARDED: 'LIVE',
};
const FINAL: ReadonlySet<CcBoardingStatus> = new Set(['LIVE', 'DECLINED', 'CANCELLED']);

function keycloak(status: number, error: string, description: string): Answer {
  return { status, body: { error, error_description: description } };
}

/** The provider's local-time stamp, `07/19/2017 04:44:28 PM` (UTC here). */
function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours();
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()} ${p(h % 12 || 12)}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export async function startCardConnectSimulator(options: CardConnectSimOptions = {}): Promise<CardConnectSimulator> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const tokenTtl = options.tokenTtlMs ?? 300_000;

  const users = new Map<string, CcSimUser>();
  const tokens = new Map<string, { username: string; expiresAt: number }>();
  const merchants = new Map<string, CcSimMerchant>();
  let nextMerchant = 0;
  const counters: CcSimStats = { creates: 0, updates: 0, tokenCalls: 0, apiCalls: 0 };
  const faults = { failCount: 0, failStatus: 503, slowMs: 0, malformedCount: 0, lowerCaseField: false };
  let baseUrl = '';

  const errorsAnswer = (status: number, errors: SimFieldError[]): Answer => ({
    status,
    body: {
      errors: faults.lowerCaseField
        ? errors.map(({ errorField, ...rest }) => ({ ...rest, errorfield: errorField }))
        : errors,
      requestId: randomUUID(),
    },
  });
  const oneError = (status: number, code: string, message: string, statusName: string, field: string | null = null) =>
    errorsAnswer(status, [{ code, message, errorField: field, status: statusName }]);
  const notFound = () => oneError(404, '1404', 'Merchant not found.', 'NOT_FOUND');

  function token(form: URLSearchParams, contentType: string): Answer {
    counters.tokenCalls += 1;
    if (!contentType.startsWith('application/x-www-form-urlencoded')) {
      return keycloak(400, 'invalid_request', 'Missing form parameter: grant_type');
    }
    const grant = form.get('grant_type');
    if (!grant) return keycloak(400, 'invalid_request', 'Missing form parameter: grant_type');
    const user = [...users.values()].find((u) => u.clientId === form.get('client_id'));
    if (!user) return keycloak(401, 'invalid_client', 'Invalid client credentials');
    if (form.get('client_secret') !== user.clientSecret) {
      return keycloak(401, 'unauthorized_client', 'Invalid client secret');
    }
    if (grant !== 'password') return keycloak(400, 'unsupported_grant_type', 'Unsupported grant_type');
    const candidate = users.get(form.get('username') ?? '');
    if (!candidate || candidate.clientId !== user.clientId || candidate.password !== form.get('password')) {
      return keycloak(401, 'invalid_grant', 'Invalid user credentials');
    }
    const access = `eyJhbGciOiJSUzI1NiJ9.${randomBytes(48).toString('base64url')}.sim`;
    tokens.set(access, { username: candidate.username, expiresAt: now() + tokenTtl });
    return {
      status: 200,
      body: {
        access_token: access,
        expires_in: Math.round(tokenTtl / 1000),
        refresh_expires_in: Math.round((tokenTtl * 2) / 1000),
        refresh_token: `eyJhbGciOiJIUzI1NiJ9.${randomBytes(32).toString('base64url')}.sim`,
        token_type: 'bearer',
        'not-before-policy': 0,
        session_state: randomUUID(),
        scope: 'profile email',
      },
    };
  }

  function caller(req: IncomingMessage): CcSimUser | Answer {
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    const entry = m ? tokens.get(m[1] as string) : undefined;
    if (!entry || entry.expiresAt <= now()) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Token is not active' } };
    }
    const version = req.headers['x-copilotapi-version'];
    if (version !== '1.0') {
      return oneError(
        400,
        '1001',
        version === undefined ? 'X-CopilotAPI-Version header is required.' : `Unsupported API version ${version}.`,
        'BAD_REQUEST',
      );
    }
    return users.get(entry.username) as CcSimUser;
  }

  function statusBody(m: CcSimMerchant) {
    return {
      approvedDatetime: m.times.QUALIFY ?? null,
      boardedDatetime: m.times.BOARDED ?? null,
      cancelledDatetime: m.times.CANCELLED ?? null,
      declinedDatetime: m.times.DECLINED ?? null,
      liveDatetime: m.times.LIVE ?? null,
      boardingProcessPendingFlg: m.boardingProcessPendingFlg,
      boardingProcessStatusCd: m.boardingProcessStatusCd,
      gatewayBoardingStatusCd: m.gatewayBoardingStatusCd,
      // a field this client version does not know: clients must ignore it
      riskReviewQueueCd: null,
    };
  }

  function signatureBody(m: CcSimMerchant) {
    const owner = isObject(m.ownerSiteUser) ? m.ownerSiteUser : {};
    return {
      signedSiteUserId: m.signatureStatusCd === 'SIGNED' ? 237332 : null,
      signedDatetime: m.signedDatetime,
      signer:
        m.signatureStatusCd === 'SIGNED'
          ? {
              email: owner.email ?? null,
              firstName: owner.firstName ?? null,
              lastName: owner.lastName ?? null,
              ipAddress: '192.0.2.10',
              personalGuaranteeFlg: true,
            }
          : null,
      signatureUrl: m.signatureUrl,
      signatureStatusCd: m.signatureStatusCd,
    };
  }

  function moveTo(m: CcSimMerchant, to: CcBoardingStatus) {
    m.boardingProcessStatusCd = to;
    m.times[to] = stamp(now());
    if (to === 'BOARDED' || to === 'LIVE') m.gatewayBoardingStatusCd = 'BOARDED';
  }

  function checkTemplateAndCode(user: CcSimUser, templateId: unknown, body: Record<string, unknown>) {
    const errors: SimFieldError[] = [];
    if (templateId !== undefined && !user.templateIds.includes(String(templateId))) {
      errors.push({
        code: '1010',
        message: 'Template not found for this partner.',
        errorField: 'templateId',
        status: 'BAD_REQUEST',
      });
    }
    const merchant = isObject(body.merchant) ? body.merchant : {};
    const sales = merchant.salesCode;
    if (sales !== undefined && sales !== null && !user.salesCodes.includes(String(sales))) {
      errors.push({
        code: '1011',
        message: 'Sales code not found for this partner.',
        errorField: 'merchant.salesCode',
        status: 'BAD_REQUEST',
      });
    }
    return errors;
  }

  async function api(req: IncomingMessage, url: URL, method: string): Promise<Answer> {
    const who = caller(req);
    if ('status' in who) return who;
    counters.apiCalls += 1;
    if (faults.malformedCount > 0) {
      faults.malformedCount -= 1;
      return { status: 200, raw: '{"merchantId": "12345", "errors": nu' };
    }
    const parts = url.pathname.split('/').filter(Boolean);
    let body: Record<string, unknown> = {};
    if (method === 'POST' || method === 'PUT') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return { status: 415, body: { error: 'Unsupported Media Type', status: 415 } };
      }
      const raw = await readBody(req);
      if (raw === null) return oneError(413, '1002', 'Request too large.', 'PAYLOAD_TOO_LARGE');
      if (raw !== '') {
        try {
          const parsed = JSON.parse(raw) as unknown;
          if (!isObject(parsed)) throw new Error('not an object');
          body = parsed;
        } catch {
          return oneError(400, '1003', 'Malformed JSON request.', 'BAD_REQUEST');
        }
      }
    }

    if (parts[0] === 'lookup' && parts.length === 2 && method === 'GET') {
      const list = CC_LOOKUPS[parts[1] as string];
      return list ? { status: 200, body: { [parts[1] as string]: list, errors: null } } : notFound();
    }
    if (parts[0] !== 'merchant') return oneError(404, '1404', 'Resource not found.', 'NOT_FOUND');

    if (parts.length === 1 && method === 'POST') {
      const errors = [...checkTemplateAndCode(who, body.templateId ?? null, body), ...checkMerchantBody(body)];
      if (!isObject(body.merchant)) {
        errors.push({ code: '1100', message: 'merchant is required.', errorField: 'merchant', status: 'BAD_REQUEST' });
      }
      if (errors.length > 0) return errorsAnswer(400, errors);
      nextMerchant += 1;
      const merchantId = String(840_000_000_000 + nextMerchant * 7919);
      const m: CcSimMerchant = {
        merchantId,
        templateId: String(body.templateId),
        merchant: body.merchant as Record<string, unknown>,
        ownerSiteUser: isObject(body.ownerSiteUser) ? body.ownerSiteUser : null,
        boardingProcessStatusCd: 'INPROG',
        boardingProcessPendingFlg: false,
        gatewayBoardingStatusCd: 'NOT_BOARDED',
        signatureStatusCd: 'NOT_SENT',
        signatureUrl: null,
        signedDatetime: null,
        times: { INPROG: stamp(now()) },
      };
      merchants.set(merchantId, m);
      counters.creates += 1;
      return { status: 200, body: { merchantId, errors: null, requestId: randomUUID() } };
    }

    const m = merchants.get(parts[1] ?? '');
    if (!m) return notFound();
    const sub = parts[2];
    if (parts.length === 2 && method === 'GET') {
      return {
        status: 200,
        body: {
          merchant: {
            merchantId: m.merchantId,
            ...m.merchant,
            merchantStatus: statusBody(m),
            signatureStatus: signatureBody(m),
          },
          ownerSiteUser: m.ownerSiteUser,
          errors: null,
          partnerNotes: [],
        },
      };
    }
    if (parts.length === 2 && method === 'PUT') {
      if (m.boardingProcessStatusCd !== 'INPROG') {
        return oneError(
          400,
          '1301',
          m.boardingProcessStatusCd === 'OFS'
            ? 'The merchant is out for signature. Retract the signature request before updating the merchant.'
            : 'The merchant can only be updated while the application is in progress.',
          'BAD_REQUEST',
        );
      }
      if (m.boardingProcessPendingFlg) {
        return oneError(409, '1302', 'A previous request is still processing. Try again later.', 'CONFLICT');
      }
      const errors = [...checkTemplateAndCode(who, undefined, body), ...checkMerchantBody(body)];
      if (errors.length > 0) return errorsAnswer(400, errors);
      if (isObject(body.merchant)) {
        // the provider's rule: a child the body omits is set to null, erasing what was there
        const next: Record<string, unknown> = {};
        for (const k of Object.keys(m.merchant)) next[k] = null;
        m.merchant = { ...next, ...body.merchant };
      }
      if ('ownerSiteUser' in body) m.ownerSiteUser = isObject(body.ownerSiteUser) ? body.ownerSiteUser : null;
      counters.updates += 1;
      return { status: 200, body: { errors: null, requestId: randomUUID() } };
    }
    if (parts.length === 3 && sub === 'status' && method === 'GET') {
      return { status: 200, body: { merchantStatus: statusBody(m), errors: null } };
    }
    if (parts.length === 3 && sub === 'signature') {
      if (method === 'GET') return { status: 200, body: { ...signatureBody(m), errors: null } };
      if (method === 'PUT') {
        if (m.boardingProcessStatusCd !== 'INPROG') {
          return oneError(400, '1310', 'A signature can only be requested while in progress.', 'BAD_REQUEST');
        }
        const missing = missingForSignature(m);
        if (missing.length > 0) return errorsAnswer(400, missing);
        m.signatureStatusCd = 'PENDING';
        m.signatureUrl = `${baseUrl}/__sim/sign/${m.merchantId}/${randomUUID()}`;
        moveTo(m, 'OFS');
        return { status: 200, body: { signatureUrl: m.signatureUrl, errors: null } };
      }
      if (method === 'DELETE') {
        if (m.signatureStatusCd !== 'PENDING') {
          return oneError(400, '1311', 'Only a pending signature request can be retracted.', 'BAD_REQUEST');
        }
        m.signatureStatusCd = 'NOT_SENT';
        m.signatureUrl = null;
        moveTo(m, 'INPROG');
        return { status: 200, body: { errors: null } };
      }
    }
    return oneError(405, '1405', `${method} is not allowed here.`, 'METHOD_NOT_ALLOWED');
  }

  const state: CardConnectSimState = {
    registerUser(p) {
      const u: CcSimUser = {
        username: p.username ?? `api-user-${randomBytes(4).toString('hex')}`,
        password: p.password ?? randomBytes(12).toString('base64url'),
        clientId: p.clientId ?? 'merchapi',
        clientSecret: p.clientSecret ?? randomBytes(24).toString('base64url'),
        salesCodes: p.salesCodes ?? ['SIM1'],
        templateIds: p.templateIds ?? ['1001'],
      };
      users.set(u.username, u);
      return u;
    },
    failNext(count, status = 503) {
      faults.failCount = Math.max(0, Math.floor(count));
      faults.failStatus = status;
    },
    slow(ms) {
      faults.slowMs = Math.max(0, ms);
    },
    malformedNext(count) {
      faults.malformedCount = Math.max(0, Math.floor(count));
    },
    lowerCaseErrorField(on) {
      faults.lowerCaseField = on;
    },
    expireTokens() {
      for (const t of tokens.values()) t.expiresAt = Math.min(t.expiresAt, now() - 1);
    },
    sign(id) {
      const m = merchants.get(id);
      if (!m) throw new Error(`no merchant ${id}`);
      if (m.signatureStatusCd !== 'PENDING') throw new Error(`merchant ${id} is not out for signature`);
      m.signatureStatusCd = 'SIGNED';
      m.signedDatetime = stamp(now());
      moveTo(m, 'QUALIFY');
      return m;
    },
    advance(id, to) {
      const m = merchants.get(id);
      if (!m) throw new Error(`no merchant ${id}`);
      if (FINAL.has(m.boardingProcessStatusCd)) throw new Error(`merchant ${id} is ${m.boardingProcessStatusCd}`);
      if (to === undefined && m.boardingProcessStatusCd === 'OFS') return state.sign(id);
      const target = to ?? NEXT[m.boardingProcessStatusCd];
      if (!target) throw new Error(`merchant ${id} cannot move on`);
      moveTo(m, target);
      return m;
    },
    setPending(id, pending) {
      const m = merchants.get(id);
      if (!m) throw new Error(`no merchant ${id}`);
      m.boardingProcessPendingFlg = pending;
    },
    merchants: () => [...merchants.values()].map((m) => structuredClone(m)),
    merchant: (id) => {
      const m = merchants.get(id);
      return m ? structuredClone(m) : undefined;
    },
    stats: () => ({ ...counters }),
    resetData() {
      merchants.clear();
      tokens.clear();
      Object.assign(counters, { creates: 0, updates: 0, tokenCalls: 0, apiCalls: 0 });
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
    const parts = url.pathname.split('/').filter(Boolean); // ['__sim', ...]
    try {
      if (method === 'POST' && parts[1] === 'merchants' && parts.length === 4) {
        const id = parts[2] as string;
        if (parts[3] === 'sign') return { status: 200, body: state.sign(id) };
        if (parts[3] === 'advance') return { status: 200, body: state.advance(id, str('to') as CcBoardingStatus) };
        if (parts[3] === 'pending') {
          state.setPending(id, body.pending !== false);
          return { status: 200, body: state.merchant(id) };
        }
      }
      if (method === 'GET' && parts[1] === 'sign' && parts.length === 4) {
        const m = state.merchant(parts[2] as string);
        return {
          status: m ? 200 : 404,
          html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Digital application (simulator)</title></head>
<body><p role="note"><strong>${CC_SIM_NOTICE}.</strong></p><main><h1>Digital application (simulated)</h1>
<p>Merchant ${m ? m.merchantId : 'unknown'}: sign with POST /__sim/merchants/{id}/sign.</p></main></body></html>`,
        };
      }
    } catch (err) {
      return { status: 409, body: { error: err instanceof Error ? err.message : String(err) } };
    }
    switch (`${method} ${url.pathname}`) {
      case 'POST /__sim/users':
        return {
          status: 201,
          body: state.registerUser({
            username: str('username'),
            password: str('password'),
            clientId: str('clientId'),
            clientSecret: str('clientSecret'),
            salesCodes: Array.isArray(body.salesCodes) ? body.salesCodes.map(String) : undefined,
            templateIds: Array.isArray(body.templateIds) ? body.templateIds.map(String) : undefined,
          }),
        };
      case 'POST /__sim/faults':
        if (num('fail') !== undefined) state.failNext(num('fail') as number, num('status') ?? 503);
        if (num('slowMs') !== undefined) state.slow(num('slowMs') as number);
        if (num('malformed') !== undefined) state.malformedNext(num('malformed') as number);
        if (typeof body.lowerCaseErrorField === 'boolean') state.lowerCaseErrorField(body.lowerCaseErrorField);
        return { status: 200, body: { ...faults } };
      case 'POST /__sim/expire-tokens':
        state.expireTokens();
        return { status: 200, body: { expired: true } };
      case 'POST /__sim/reset':
        state.resetData();
        return { status: 200, body: { reset: true } };
      case 'GET /__sim/merchants':
        return { status: 200, body: { merchants: state.merchants() } };
      case 'GET /__sim/stats':
        return { status: 200, body: state.stats() };
      default:
        return { status: 404, body: { error: 'unknown simulator call' } };
    }
  }

  async function route(req: IncomingMessage): Promise<Answer> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    if (url.pathname.startsWith('/__sim/')) return admin(req, url, method);
    if (faults.failCount > 0) {
      faults.failCount -= 1;
      return {
        status: faults.failStatus,
        html: '<html><body><h1>503 Service Unavailable (simulated)</h1></body></html>',
      };
    }
    if (url.pathname === CC_TOKEN_PATH) {
      if (method !== 'POST') return keycloak(405, 'invalid_request', 'HTTP 405 Method Not Allowed');
      const raw = await readBody(req);
      if (raw === null) return keycloak(400, 'invalid_request', 'request too large');
      return token(new URLSearchParams(raw), req.headers['content-type'] ?? '');
    }
    return api(req, url, method);
  }

  const server = createServer((req, res) => {
    route(req)
      .then(async (a) => {
        const isAdmin = (req.url ?? '').startsWith('/__sim/');
        const wait = isAdmin ? 0 : (options.latencyMs ?? 0) + faults.slowMs;
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const headers: Record<string, string> = { 'X-Simulator': CC_SIM_NOTICE, ...(a.headers ?? {}) };
        if (a.html !== undefined) {
          res.writeHead(a.status, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(a.html);
        } else if (a.raw !== undefined) {
          res.writeHead(a.status, { ...headers, 'Content-Type': 'application/json' }).end(a.raw);
        } else if (a.body !== undefined) {
          res.writeHead(a.status, { ...headers, 'Content-Type': 'application/json' }).end(JSON.stringify(a.body));
        } else {
          res.writeHead(a.status, headers).end();
        }
      })
      .catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ errors: [{ code: '9999', message: String(err), errorField: null, status: 'ERROR' }] }),
        );
      });
  });
  const port = await listen(server, options.port ?? 0, host);
  baseUrl = `http://${host}:${port}`;

  return {
    apiUrl: baseUrl,
    tokenUrl: `${baseUrl}${CC_TOKEN_PATH}`,
    testHosts: [`${host}:${port}`],
    state,
    async stop() {
      server.closeAllConnections();
      await closeServer(server);
    },
  };
}
