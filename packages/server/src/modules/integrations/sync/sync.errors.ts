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
