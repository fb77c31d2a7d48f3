/**
 * What the portal asks of Salesforce (issue #23 §5), written against Salesforce's documented REST and OAuth 2.0 API
 * (`../shared/integrations.md`). `salesforce.client.ts` implements it on the guarded outbound client; the loopback
 * simulator (`src/simulators/salesforce`) speaks the same protocol for development and tests.
 */

/** The institution's connected app (External Client App): the spec's consumer key, consumer secret and domain. */
export interface SalesforceApp {
  consumerKey: string;
  consumerSecret: string;
  /** The login host or base URL: `login.salesforce.com`, `test.salesforce.com`, `acme.my.salesforce.com`, or a
   * simulator's `http://127.0.0.1:4010`. A bare host means https. */
  domain: string;
}

/** What a token answer gives: every data call goes to `instanceUrl` (another host than the login domain). */
export interface SalesforceTokenSet {
  accessToken: string;
  /** A rotated refresh token on every refresh (the old one is then dead; presenting it revokes the family). */
  refreshToken: string | null;
  instanceUrl: string;
  issuedAt: number;
}

export interface SalesforceSession {
  accessToken: string;
  instanceUrl: string;
}

export interface SfPicklistValue {
  value: string;
  label: string;
  active: boolean;
}

/** One field of an object's describe (wire names: `boolean`, `datetime`, `double`, `currency`, `picklist`...). */
export interface SfField {
  name: string;
  label: string;
  type: string;
  length: number;
  precision: number;
  scale: number;
  nillable: boolean;
  createable: boolean;
  updateable: boolean;
  defaultedOnCreate: boolean;
  externalId: boolean;
  picklistValues: SfPicklistValue[];
}

export interface SfObjectDescribe {
  name: string;
  label: string;
  custom: boolean;
  fields: SfField[];
}

export interface SfObjectSummary {
  name: string;
  label: string;
  custom: boolean;
  createable: boolean;
}

/** One entry of Salesforce's error array `[{message, errorCode, fields}]`. */
export interface SfApiError {
  message: string;
  errorCode: string;
  fields: string[];
}

/**
 * What went wrong, as the portal acts on it:
 * - `expired_code`: the authorization code is expired or used ("Expired authorization code");
 * - `invalid_client`: consumer key or secret refused (connection failed: re-enter them);
 * - `expired_grant`: the refresh token is expired, revoked or reused (connection expired: Update Token);
 * - `invalid_session`: the access token expired (401 INVALID_SESSION_ID): refresh once and retry;
 * - `limit_exceeded`: 403 REQUEST_LIMIT_EXCEEDED (retry later);
 * - `invalid_data`: 400 with field errors (the person must change the mapping or the data; not retried as is);
 * - `multiple_matches`: 300 on an upsert by external id;
 * - `not_found`: 404 (object or record);
 * - `unavailable`: 5xx, timeout or network failure (retried);
 * - `failed`: anything else.
 */
export type SalesforceErrorKind =
  | 'expired_code'
  | 'invalid_client'
  | 'expired_grant'
  | 'invalid_session'
  | 'limit_exceeded'
  | 'invalid_data'
  | 'multiple_matches'
  | 'not_found'
  | 'unavailable'
  | 'failed';

export class SalesforceError extends Error {
  constructor(
    readonly kind: SalesforceErrorKind,
    /** For the sync log (redacted, bounded), never shown to users as is. */
    readonly detail: string,
    readonly status: number | null = null,
    readonly errors: SfApiError[] = [],
  ) {
    super(`salesforce ${kind}: ${detail}`);
    this.name = 'SalesforceError';
  }
}

export const SALESFORCE_API_VERSION = 'v62.0';

export interface SalesforceClient {
  /** The browser goes here: response_type=code, client_id, redirect_uri, state, scope "api refresh_token",
   * code_challenge (S256). */
  authorizeUrl(app: SalesforceApp, p: { redirectUri: string; state: string; codeChallenge: string }): string;
  /** grant_type=authorization_code with client_secret AND code_verifier. */
  exchangeCode(
    app: SalesforceApp,
    p: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<SalesforceTokenSet>;
  /** grant_type=refresh_token; the answer's refresh token replaces the old one (kept when Salesforce sends none). */
  refresh(app: SalesforceApp, refreshToken: string): Promise<SalesforceTokenSet>;
  /** POST {instanceUrl}/services/oauth2/revoke; a token already dead is not an error. */
  revoke(app: SalesforceApp, session: SalesforceSession, token: string): Promise<void>;
  listObjects(s: SalesforceSession): Promise<SfObjectSummary[]>;
  describe(s: SalesforceSession, object: string): Promise<SfObjectDescribe>;
  /** PATCH /sobjects/{object}/{externalIdField}/{value}: 201 created, 200/204 updated, 300 multiple_matches. */
  upsert(
    s: SalesforceSession,
    object: string,
    externalIdField: string,
    value: string,
    record: Record<string, unknown>,
  ): Promise<{ id: string | null; created: boolean }>;
  create(s: SalesforceSession, object: string, record: Record<string, unknown>): Promise<{ id: string }>;
  update(s: SalesforceSession, object: string, id: string, record: Record<string, unknown>): Promise<void>;
  /** Ids of records whose `field` equals `value` (a SOQL query), to look a create up before retrying it. */
  findIds(s: SalesforceSession, object: string, field: string, value: string): Promise<string[]>;
}
