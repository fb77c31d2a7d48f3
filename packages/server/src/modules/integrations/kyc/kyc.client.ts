import { kycReasonWords } from '@under/core/ui-text/kyc';
import { z } from 'zod';
import {
  type Outbound,
  OutboundFailed,
  OutboundRefused,
  type OutboundResponse,
  redact,
} from '../../../infra/outbound/outbound';
import type { KycEndpoints } from './kyc.endpoints';
import { type KycCheck, KycError, type KycPerson, type KycProvider } from './kyc.port';

/**
 * The real KYC client (issue #24 §3; decision 089) for the documented-style JSON API of decision 089, on the one
 * guarded outbound client (provider 'kyc', the host of KYC_API_URL allowlisted):
 * - `Authorization: Bearer <API key>` on every call; `GET /v1/account` checks a key;
 * - `POST /v1/checks` with `Idempotency-Key: <our submission id>` answers 202 (or 200 for a repeat) with the check;
 * - `GET /v1/checks/{id}` answers it with each person's `outcome` (pass, review, fail; null while pending);
 * - errors `{"error":{"code","message","fields"?}}`; 429 and 5xx are tried again later.
 * Answers are read loosely (unknown keys ignored); an answer that is not as documented is `unavailable`. Nothing
 * we sent (a date of birth, an SSN, an address, the key) is ever put in an error's detail.
 */

/** Check ids are the provider's, but never anything that could change our URL's path. */
const CHECK_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** At most this many reasons per person are kept (they are stored and served on every poll). */
export const KYC_MAX_REASONS = 20;
/** C0/C1 control characters (a NUL makes PostgreSQL refuse the jsonb write). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const clean = (s: string, max: number) => s.replace(CONTROL, '').slice(0, max);

const ReasonSchema = z.looseObject({ code: z.string().catch('unknown'), message: z.string().catch('') });
const PersonSchema = z.looseObject({
  reference: z.string(),
  outcome: z.enum(['pass', 'review', 'fail']).nullish().catch(null),
  reasons: z.array(ReasonSchema).nullish().catch([]),
  // an ISO 8601 date-time, else null (never an arbitrary provider string in our jsonb)
  decidedAt: z.iso.datetime({ offset: true }).nullish().catch(null),
});
const CheckSchema = z.looseObject({
  id: z.string().regex(CHECK_ID),
  status: z.enum(['pending', 'completed']),
  persons: z.array(PersonSchema),
});
const ErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.string().catch('error'),
    message: z.string().catch(''),
    fields: z.array(z.string()).nullish().catch(null),
  }),
});
/** Each call's time: a provider answers a submission at once and works later. */
export const KYC_CALL_TIMEOUT_MS = 20_000;

function jsonOf(res: OutboundResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

/**
 * A reason as it is kept: the provider's code (letters, digits, `_.-` only, else "unknown") and OUR words for it, never
 * the provider's message, which may quote the SSN, birth date or address we sent (decision 089).
 */
export function reasonOf(code: string): { code: string; message: string } {
  const safe = /^[A-Za-z0-9_.-]{1,100}$/.test(code) ? code : 'unknown';
  return { code: safe, message: kycReasonWords(safe) };
}

/** A check answer read (exported for its test): bounded, control characters stripped, dates ISO or null. */
export function readKycCheck(body: unknown, status: number): KycCheck {
  const p = CheckSchema.safeParse(body);
  if (!p.success) throw new KycError('unavailable', 'the check answer is not as documented', status);
  return {
    id: p.data.id,
    status: p.data.status,
    persons: p.data.persons.map((x) => ({
      reference: clean(x.reference, 100),
      outcome: x.outcome ?? null,
      reasons: (x.reasons ?? []).slice(0, KYC_MAX_REASONS).map((r) => reasonOf(r.code)),
      decidedAt: x.decidedAt ?? null,
    })),
  };
}

/** A person as the API takes it. */
function personBody(p: KycPerson) {
  return {
    reference: p.reference,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    nationalId: p.ssn ? { type: 'us_ssn', number: p.ssn } : null,
    address: p.address
      ? {
          line1: p.address.line1,
          city: p.address.city,
          region: p.address.state,
          postalCode: p.address.postalCode,
          country: 'US',
        }
      : null,
  };
}

export function createKycClient(outbound: Pick<Outbound, 'request'>, endpoints: KycEndpoints): KycProvider {
  const base = () => {
    if (!endpoints.apiUrl) throw new KycError('not_configured', 'KYC_API_URL is not set');
    return endpoints.apiUrl.replace(/\/+$/, '');
  };

  async function call(
    apiKey: string,
    method: 'GET' | 'POST',
    path: string,
    opts: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown }> {
    let res: OutboundResponse;
    try {
      res = await outbound.request({
        provider: 'kyc',
        method,
        url: `${base()}${path}`,
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...opts.headers },
        ...(opts.json === undefined ? {} : { json: opts.json }),
        timeoutMs: KYC_CALL_TIMEOUT_MS,
      });
    } catch (err) {
      if (err instanceof OutboundRefused) throw new KycError('refused', err.reason);
      if (err instanceof OutboundFailed) throw new KycError('unavailable', err.message);
      throw err;
    }
    const body = jsonOf(res);
    if (res.status >= 200 && res.status < 300) return { status: res.status, body };
    const e = ErrorSchema.safeParse(body);
    // the provider's code and our status only: its message may quote what we sent (an SSN, a date of birth)
    const code = e.success ? clean(e.data.error.code, 100) : null;
    const detail = redact(code ? `${code} HTTP ${res.status}` : `HTTP ${res.status}`, 300);
    if (res.status === 401 || res.status === 403) throw new KycError('invalid_key', detail, res.status);
    if (res.status === 404) throw new KycError('not_found', detail, 404);
    if (res.status === 429 || res.status >= 500) throw new KycError('unavailable', detail, res.status);
    if (res.status === 400 || res.status === 422) {
      const fields = e.success ? (e.data.error.fields ?? []).slice(0, 50).map((f) => clean(f, 100)) : [];
      throw new KycError('invalid_request', detail, res.status, fields);
    }
    throw new KycError('unavailable', detail, res.status);
  }

  return {
    async verifyKey(apiKey) {
      await call(apiKey, 'GET', '/v1/account');
    },
    async submit(apiKey, request) {
      const { status, body } = await call(apiKey, 'POST', '/v1/checks', {
        headers: { 'idempotency-key': request.reference },
        json: { reference: request.reference, persons: request.persons.map(personBody) },
      });
      return readKycCheck(body, status);
    },
    async check(apiKey, checkId) {
      if (!CHECK_ID.test(checkId)) throw new KycError('not_found', 'not a check id');
      const { status, body } = await call(apiKey, 'GET', `/v1/checks/${checkId}`);
      return readKycCheck(body, status);
    },
  };
}
