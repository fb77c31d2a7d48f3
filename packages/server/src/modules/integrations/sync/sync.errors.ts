import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import { IntegrationUnavailable } from '../ports';
import { SalesforceError } from '../salesforce/salesforce.port';

/**
 * What a failed attempt means for the sync: `retry` (the provider may answer later: back-off) or `attention` (a
 * person must change the data, the mapping or the connection: not retried until they do or press "Sync again").
 * `words` are shown on the application; `detail` goes to the sync log and admins, redacted and bounded.
 */
export interface SyncFailure {
  kind: 'retry' | 'attention';
  words: string;
  detail?: string;
  httpStatus?: number | null;
}

/** The longest provider detail kept on a sync row. */
export const DETAIL_MAX = 1000;

/**
 * The provider's detail as we keep it: bearer tokens, OAuth tokens and secrets, e-mail addresses and long digit runs
 * (account numbers, SSNs a validation message may echo) removed; one line; bounded.
 */
export function redactDetail(detail: string): string {
  return detail
    .replace(/Bearer\s+[\w.~+/=-]+/gi, 'Bearer [redacted]')
    .replace(
      /("?(?:access_token|refresh_token|client_secret|code_verifier|password|token|authorization)"?\s*[:=]\s*)("[^"]*"|[^\s,&}]+)/gi,
      '$1[redacted]',
    )
    .replace(/00D\w{12,15}![\w.]+/g, '[redacted]')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]')
    .replace(/\d{6,}/g, '[digits]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DETAIL_MAX);
}

/**
 * Salesforce's answer to a record with encrypted answers in it, without them (decision 079): its messages may quote
 * the value it refused (`"Tax Id: value not valid: 123-45-6789"`), and they become the sync's words and detail. A
 * message about a field filled from an encrypted answer, or quoting one of their values, is replaced by
 * SYNC_WORDS.encryptedValueRefused (the field names stay); the detail is then rebuilt from the errors kept, or
 * withheld when it cannot be. Anything else is answered as it is.
 */
export function withoutSealedAnswers(
  err: unknown,
  sealed: { fields: readonly string[]; values: readonly unknown[] },
): unknown {
  if (!(err instanceof SalesforceError) || sealed.fields.length === 0) return err;
  const names = new Set(sealed.fields.map((f) => f.toLowerCase()));
  const values = sealed.values
    .map((v) => (v === null || v === undefined ? '' : String(v)))
    .filter((v) => v.length >= 3);
  const quotes = (text: string) => values.some((v) => text.includes(v));
  const errors = err.errors.map((e) =>
    e.fields.some((f) => names.has(f.toLowerCase())) || quotes(e.message)
      ? { ...e, message: SYNC_WORDS.encryptedValueRefused }
      : e,
  );
  const changed = errors.some((e, i) => e !== err.errors[i]);
  if (!changed && !quotes(err.detail)) return err;
  const status = err.status === null ? '' : `${err.status} `;
  const detail = errors.length
    ? `${status}${errors.map((e) => `${e.errorCode}: ${e.message}${e.fields.length ? ` [${e.fields.join(', ')}]` : ''}`).join('; ')}`
    : `${status}Salesforce's answer is withheld: it quotes an encrypted answer`;
  return new SalesforceError(err.kind, detail, err.status, errors);
}

/** A thrown error of an attempt in words (SalesforceError kinds, IntegrationUnavailable states, anything else). */
export function classifyFailure(err: unknown): SyncFailure {
  if (err instanceof IntegrationUnavailable) {
    const words =
      err.state === 'expired'
        ? SYNC_WORDS.expired
        : err.state === 'turned_off'
          ? SYNC_WORDS.turnedOff
          : SYNC_WORDS.notConnected;
    return { kind: 'attention', words, detail: err.message };
  }
  if (err instanceof SalesforceError) {
    const base = { detail: err.detail, httpStatus: err.status };
    switch (err.kind) {
      case 'invalid_data':
        return { kind: 'attention', words: SYNC_WORDS.invalidData(fieldMessages(err)), ...base };
      case 'multiple_matches':
        return { kind: 'attention', words: SYNC_WORDS.multipleMatchesUpsert, ...base };
      case 'not_found':
        return { kind: 'attention', words: SYNC_WORDS.notFound, ...base };
      case 'invalid_client':
        return { kind: 'attention', words: SYNC_WORDS.invalidClient, ...base };
      case 'expired_grant':
      case 'expired_code':
        return { kind: 'attention', words: SYNC_WORDS.expired, ...base };
      case 'limit_exceeded':
        return { kind: 'retry', words: SYNC_WORDS.limitExceeded, ...base };
      case 'unavailable':
        return { kind: 'retry', words: SYNC_WORDS.unavailable, ...base };
      case 'invalid_session':
      case 'failed':
        return { kind: 'retry', words: SYNC_WORDS.failed, ...base };
    }
  }
  const message = err instanceof Error ? err.message : String(err);
  return { kind: 'retry', words: SYNC_WORDS.unexpected, detail: message };
}

/**
 * Salesforce's field errors as a person reads them: "Annual_Revenue__c: Value must be numeric", each message
 * bounded (Salesforce writes them for people; the values they may quote are the application's own).
 */
function fieldMessages(err: SalesforceError): string[] {
  return err.errors.slice(0, 5).map((e) => {
    const message = redactDetail(e.message).slice(0, 200);
    return e.fields.length ? `${e.fields.join(', ')}: ${message}` : message;
  });
}
