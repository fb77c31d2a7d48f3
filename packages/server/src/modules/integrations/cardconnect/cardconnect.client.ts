import { z } from 'zod';
import {
  type Outbound,
  OutboundFailed,
  OutboundRefused,
  type OutboundResponse,
  redact,
} from '../../../infra/outbound/outbound';
import type { CardConnectEndpoints } from './cardconnect.endpoints';
import {
  type CardConnectClient,
  CardConnectError,
  type CardConnectToken,
  type CcApiError,
  type CcMerchantStatus,
  type CcSignature,
  COPILOT_API_VERSION,
} from './cardconnect.port';

/**
 * The real CardPointe CoPilot client (issue #24 §1, decision 083) on the one guarded outbound client (provider
 * 'cardconnect'): the password grant at the Keycloak token endpoint, then `Authorization: Bearer` and
 * `X-CopilotAPI-Version: 1.0` on every call. Written against the provider's public API reference and tested
 * against the loopback simulator.
 * - Answers are read loosely: what we use is checked, unknown keys are ignored.
 * - An `errors` array is an error whatever the HTTP status (the provider documents failed creates under 200).
 * - Every failure is a CardConnectError whose `kind` says what the portal does next; its `detail` is redacted and
 *   bounded and never carries a credential or token we sent.
 */

const TokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive().catch(300),
});
const KeycloakErrorSchema = z.looseObject({ error: z.string(), error_description: z.string().optional() });
const ApiErrorSchema = z.looseObject({
  code: z.union([z.string(), z.number()]).transform(String).catch(''),
  message: z.string().catch(''),
  errorField: z.string().nullish().catch(null),
  errorfield: z.string().nullish().catch(null),
  status: z.string().catch(''),
});
const ErrorsSchema = z.looseObject({ errors: z.array(z.unknown()).nullish().catch(null) });
const StatusSchema = z.looseObject({
  boardingProcessStatusCd: z.string(),
  boardingProcessPendingFlg: z.boolean().nullish().catch(null),
  gatewayBoardingStatusCd: z.string().nullish().catch(null),
});
const SignatureSchema = z.looseObject({
  signatureStatusCd: z.string(),
  signatureUrl: z.string().nullish().catch(null),
  signedDatetime: z.string().nullish().catch(null),
});
const LookupEntrySchema = z.looseObject({ code: z.string(), name: z.string().catch('') });
/** Merchant ids are digits (at most 19): never anything that could change the URL's path. */
const MERCHANT_ID = /^[0-9]{1,19}$/;
const LOOKUP_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
/** Renew a token this long before the provider's expiry. */
export const TOKEN_MARGIN_MS = 30_000;

/** At most this many of CoPilot's field errors are kept, each string cut to ERROR_TEXT_MAX characters. */
export const MAX_API_ERRORS = 20;
export const ERROR_TEXT_MAX = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is stripped
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A provider string as we may store and show it: no control characters (PostgreSQL refuses a NUL), bounded. */
function bounded(text: string): string {
  return text.replace(CONTROL, ' ').slice(0, ERROR_TEXT_MAX);
}

/**
 * CoPilot's `errors` array, bounded where it enters: at most MAX_API_ERRORS, every string without control
 * characters and at most ERROR_TEXT_MAX long (the sync's words and the status poll's `problems` store them).
 */
export function parsedErrors(raw: unknown): CcApiError[] {
  const list = ErrorsSchema.safeParse(raw);
  if (!list.success || !list.data.errors) return [];
  return list.data.errors
    .slice(0, MAX_API_ERRORS * 5)
    .flatMap((e) => {
      const p = ApiErrorSchema.safeParse(e);
      if (!p.success) return [];
      const { code, message, errorField, errorfield, status } = p.data;
      const field = errorField ?? errorfield ?? null;
      return [
        {
          code: bounded(code),
          message: bounded(message),
          errorField: field === null ? null : bounded(field),
          status: bounded(status),
        },
      ];
    })
    .slice(0, MAX_API_ERRORS);
}

function jsonOf(res: OutboundResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

function statusOf(raw: unknown): CcMerchantStatus {
  const p = StatusSchema.safeParse(raw);
  if (!p.success) throw new CardConnectError('unavailable', 'the merchant status answer is not as documented');
  return {
    boardingProcessStatusCd: p.data.boardingProcessStatusCd,
    boardingProcessPendingFlg: p.data.boardingProcessPendingFlg === true,
    gatewayBoardingStatusCd: p.data.gatewayBoardingStatusCd ?? null,
  };
}

function signatureOf(raw: unknown): CcSignature {
  const p = SignatureSchema.safeParse(raw);
  if (!p.success) throw new CardConnectError('unavailable', 'the signature answer is not as documented');
  return {
    signatureStatusCd: p.data.signatureStatusCd,
    signatureUrl: p.data.signatureUrl ?? null,
    signedDatetime: p.data.signedDatetime ?? null,
  };
}

function merchantPath(merchantId: string, rest = ''): string {
  if (!MERCHANT_ID.test(merchantId)) throw new CardConnectError('not_found', 'not a CoPilot merchant id');
  return `/merchant/${merchantId}${rest}`;
}

export function createCardConnectClient(
  outbound: Pick<Outbound, 'request'>,
  endpoints: CardConnectEndpoints,
  now: () => number = Date.now,
): CardConnectClient {
  const apiBase = endpoints.apiUrl.replace(/\/+$/, '');

  async function send(req: Parameters<Outbound['request']>[0]): Promise<OutboundResponse> {
    try {
      return await outbound.request(req);
    } catch (err) {
      if (err instanceof OutboundRefused) throw new CardConnectError('refused', err.reason);
      if (err instanceof OutboundFailed) {
        throw new CardConnectError(err.kind === 'too_large' ? 'failed' : 'unavailable', err.message);
      }
      throw err;
    }
  }

  /** One API call: the answer's JSON, or a CardConnectError by status and `errors`. */
  async function call(
    t: CardConnectToken,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    json?: unknown,
  ): Promise<Record<string, unknown>> {
    const res = await send({
      provider: 'cardconnect',
      method,
      url: `${apiBase}${path}`,
      headers: {
        authorization: `Bearer ${t.accessToken}`,
        'x-copilotapi-version': COPILOT_API_VERSION,
        accept: 'application/json',
      },
      ...(json === undefined ? {} : { json }),
    });
    const body = jsonOf(res);
    const errors = parsedErrors(body);
    const detail = () =>
      redact(
        errors.length ? errors.map((e) => `${e.code} ${e.message}`).join('; ') : res.text.replace(CONTROL, ' '),
        500,
      );
    if (res.status === 401) throw new CardConnectError('invalid_token', detail(), 401);
    if (res.status === 404) throw new CardConnectError('not_found', detail(), 404, errors);
    if (res.status === 409) throw new CardConnectError('pending', detail(), 409, errors);
    if (res.status >= 500 || res.status === 429) throw new CardConnectError('unavailable', detail(), res.status);
    if (errors.length > 0 || res.status >= 400) {
      throw new CardConnectError(errors.length > 0 ? 'invalid_data' : 'failed', detail(), res.status, errors);
    }
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new CardConnectError('unavailable', 'the answer is not a JSON object', res.status);
    }
    return body as Record<string, unknown>;
  }

  return {
    async token(c) {
      const started = now();
      const res = await send({
        provider: 'cardconnect',
        method: 'POST',
        url: endpoints.tokenUrl,
        // the token endpoint is Keycloak's, outside the API: no X-CopilotAPI-Version
        form: {
          grant_type: 'password',
          username: c.username,
          password: c.password,
          client_id: c.clientId,
          client_secret: c.clientSecret,
        },
      });
      const body = jsonOf(res);
      if (res.status === 200) {
        const t = TokenSchema.safeParse(body);
        if (!t.success) throw new CardConnectError('unavailable', 'the token answer is not as documented', 200);
        return { accessToken: t.data.access_token, expiresAt: started + t.data.expires_in * 1000 };
      }
      const e = KeycloakErrorSchema.safeParse(body);
      const detail = e.success ? `${e.data.error}: ${e.data.error_description ?? ''}` : `HTTP ${res.status}`;
      if (res.status >= 500 || !e.success) {
        throw new CardConnectError(res.status >= 500 ? 'unavailable' : 'failed', redact(detail, 300), res.status);
      }
      if (e.data.error === 'invalid_grant') throw new CardConnectError('invalid_credentials', detail, res.status);
      if (e.data.error === 'invalid_client' || e.data.error === 'unauthorized_client') {
        throw new CardConnectError('invalid_client', detail, res.status);
      }
      throw new CardConnectError('failed', redact(detail, 300), res.status);
    },

    async createMerchant(t, body) {
      const answer = await call(t, 'POST', '/merchant', body);
      const id = answer.merchantId;
      const merchantId = typeof id === 'number' ? String(id) : id;
      if (typeof merchantId !== 'string' || !MERCHANT_ID.test(merchantId)) {
        // the create may have happened: the caller must not simply create again
        throw new CardConnectError('unavailable', 'the create answer has no merchant id');
      }
      return { merchantId };
    },

    async getMerchant(t, merchantId) {
      const answer = await call(t, 'GET', merchantPath(merchantId));
      const m = answer.merchant;
      if (!m || typeof m !== 'object' || Array.isArray(m)) {
        throw new CardConnectError('unavailable', 'the merchant answer has no merchant');
      }
      const { merchantStatus, signatureStatus, ...merchant } = m as Record<string, unknown>;
      const owner = answer.ownerSiteUser;
      return {
        merchant,
        ownerSiteUser: owner && typeof owner === 'object' ? (owner as Record<string, unknown>) : null,
        status: statusOf(merchantStatus),
        signature: signatureStatus
          ? signatureOf(signatureStatus)
          : { signatureStatusCd: 'NOT_SENT', signatureUrl: null, signedDatetime: null },
      };
    },

    async updateMerchant(t, merchantId, body) {
      const { templateId: _ignored, ...rest } = body;
      await call(t, 'PUT', merchantPath(merchantId), rest);
    },

    async status(t, merchantId) {
      return statusOf((await call(t, 'GET', merchantPath(merchantId, '/status'))).merchantStatus);
    },

    async requestSignature(t, merchantId) {
      const answer = await call(t, 'PUT', merchantPath(merchantId, '/signature'), {});
      return { signatureUrl: typeof answer.signatureUrl === 'string' ? answer.signatureUrl : null };
    },

    async signature(t, merchantId) {
      return signatureOf(await call(t, 'GET', merchantPath(merchantId, '/signature')));
    },

    async withdrawSignature(t, merchantId) {
      await call(t, 'DELETE', merchantPath(merchantId, '/signature'));
    },

    async lookup(t, list) {
      if (!LOOKUP_NAME.test(list)) throw new CardConnectError('not_found', 'not a lookup list name');
      const answer = await call(t, 'GET', `/lookup/${list}`);
      const entries = answer[list];
      if (!Array.isArray(entries)) throw new CardConnectError('unavailable', `the lookup answer has no ${list}`);
      return entries.flatMap((e) => {
        const p = LookupEntrySchema.safeParse(e);
        return p.success ? [{ code: p.data.code, name: p.data.name }] : [];
      });
    },
  };
}

/**
 * A session on one set of credentials for a sync or a status poll: one token reused until shortly before it
 * expires, and a call that meets 401 retried once with a new token.
 */
export function createCardConnectSession(
  client: CardConnectClient,
  credentials: Parameters<CardConnectClient['token']>[0],
  now: () => number = Date.now,
) {
  let current: CardConnectToken | null = null;
  async function fresh(force: boolean): Promise<CardConnectToken> {
    if (force || !current || current.expiresAt - TOKEN_MARGIN_MS <= now()) current = await client.token(credentials);
    return current;
  }
  return {
    async run<T>(work: (t: CardConnectToken) => Promise<T>): Promise<T> {
      try {
        return await work(await fresh(false));
      } catch (err) {
        if (err instanceof CardConnectError && err.kind === 'invalid_token') return work(await fresh(true));
        throw err;
      }
    },
  };
}

/**
 * Updates a merchant the way the provider requires (issue #24 §1): the whole object each time; while it is out for
 * signature the signature request is withdrawn first (the merchant returns to in progress), and the caller requests
 * a new one afterwards when `withdrew`. Refused as `pending` while the provider still processes a change, and as
 * `not_editable` once signed or later.
 */
export async function updateMerchantWithdrawing(
  client: CardConnectClient,
  t: CardConnectToken,
  merchantId: string,
  body: Parameters<CardConnectClient['updateMerchant']>[2],
): Promise<{ withdrew: boolean }> {
  const status = await client.status(t, merchantId);
  if (status.boardingProcessPendingFlg) {
    throw new CardConnectError('pending', 'the provider is still processing a change');
  }
  let withdrew = false;
  if (status.boardingProcessStatusCd === 'OFS') {
    await client.withdrawSignature(t, merchantId);
    withdrew = true;
  } else if (status.boardingProcessStatusCd !== 'INPROG') {
    throw new CardConnectError('not_editable', `the merchant is ${status.boardingProcessStatusCd}`);
  }
  await client.updateMerchant(t, merchantId, body);
  return { withdrew };
}
