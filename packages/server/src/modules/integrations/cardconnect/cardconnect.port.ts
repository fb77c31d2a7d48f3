import type { CcLookupEntry } from '@under/core/integrations/cardconnect-lookups';

/**
 * What the portal asks of CardPointe CoPilot, the card processor's merchant-boarding API (issue #24 §1, decision
 * 083), written against its public API reference (`../shared/integrations.md`). `cardconnect.client.ts` implements
 * it on the guarded outbound client; the loopback simulator (`src/simulators/cardconnect.ts`) speaks the same
 * protocol for development and tests.
 */

/** The institution's API user (spec 2 §3 card-processor credentials, less sale code and template id). */
export interface CardConnectCredentials {
  username: string;
  password: string;
  clientId: string;
  /** The spec's "client secret key". */
  clientSecret: string;
}

/** A bearer token of the password grant; CoPilot's last about 300 s. */
export interface CardConnectToken {
  accessToken: string;
  /** ms since the epoch, from `expires_in`. */
  expiresAt: number;
}

/** `POST /merchant` and `PUT /merchant/{id}`: dotted attribute names are paths in this object. */
export interface CcMerchantBody {
  /** The application template (the spec's pricing template id); create only. */
  templateId?: string;
  merchant: Record<string, unknown>;
  ownerSiteUser?: Record<string, unknown> | null;
}

export interface CcMerchantStatus {
  /** INPROG, OFS, QUALIFY, UNDER, BOARDING, BOARDED, LIVE, DECLINED, CANCELLED (others kept as sent). */
  boardingProcessStatusCd: string;
  /** The provider is still processing a change: "request still processing, try again". */
  boardingProcessPendingFlg: boolean;
  gatewayBoardingStatusCd: string | null;
}

export interface CcSignature {
  /** NOT_SENT, PENDING, SIGNED. */
  signatureStatusCd: string;
  signatureUrl: string | null;
  signedDatetime: string | null;
}

/** One entry of CoPilot's error array; `errorfield` in some answers is read as `errorField`. */
export interface CcApiError {
  code: string;
  message: string;
  errorField: string | null;
  status: string;
}

/**
 * What went wrong, as the portal acts on it:
 * - `invalid_credentials`: the token endpoint refused the username or password (`invalid_grant`);
 * - `invalid_client`: it refused the client id or client secret key (`invalid_client`, `unauthorized_client`);
 * - `invalid_token`: an API call answered 401 (the token expired early): take a new token, retry once;
 * - `invalid_data`: the answer's `errors` (field errors: `errors[].errorField` names the attribute);
 * - `not_editable`: an update while the merchant is past in progress (or out for signature, before a retraction);
 * - `pending`: the provider is still processing a change (try again later);
 * - `not_found`: no such merchant (404);
 * - `unavailable`: 5xx, timeout, network failure or an answer that is not JSON (retried);
 * - `refused`: the URL is not allowed (never called; a settings problem);
 * - `failed`: anything else.
 */
export type CardConnectErrorKind =
  | 'invalid_credentials'
  | 'invalid_client'
  | 'invalid_token'
  | 'invalid_data'
  | 'not_editable'
  | 'pending'
  | 'not_found'
  | 'unavailable'
  | 'refused'
  | 'failed';

export class CardConnectError extends Error {
  constructor(
    readonly kind: CardConnectErrorKind,
    /** For logs and the sync's detail (redacted, bounded), never shown to users as is. */
    readonly detail: string,
    readonly status: number | null = null,
    readonly errors: CcApiError[] = [],
  ) {
    super(`cardconnect ${kind}: ${detail}`);
    this.name = 'CardConnectError';
  }
}

export const COPILOT_API_VERSION = '1.0';

export interface CardConnectClient {
  /** The password grant, form-encoded, at the token endpoint (CARDCONNECT_TOKEN_URL). */
  token(credentials: CardConnectCredentials): Promise<CardConnectToken>;
  /** `POST /merchant`: a NEW merchant on every call (the provider has no idempotency): never retry blindly. */
  createMerchant(t: CardConnectToken, body: CcMerchantBody): Promise<{ merchantId: string }>;
  getMerchant(
    t: CardConnectToken,
    merchantId: string,
  ): Promise<{
    merchant: Record<string, unknown>;
    ownerSiteUser: Record<string, unknown> | null;
    status: CcMerchantStatus;
    signature: CcSignature;
  }>;
  /** `PUT /merchant/{id}`: children the body omits are set to null by the provider: send the whole object. */
  updateMerchant(t: CardConnectToken, merchantId: string, body: CcMerchantBody): Promise<void>;
  status(t: CardConnectToken, merchantId: string): Promise<CcMerchantStatus>;
  /** `PUT /merchant/{id}/signature`: out for signature; the owner's digital application URL. */
  requestSignature(t: CardConnectToken, merchantId: string): Promise<{ signatureUrl: string | null }>;
  signature(t: CardConnectToken, merchantId: string): Promise<CcSignature>;
  /** `DELETE /merchant/{id}/signature`: only while PENDING; the merchant returns to INPROG. */
  withdrawSignature(t: CardConnectToken, merchantId: string): Promise<void>;
  /** `GET /lookup/{list}` (ownershipTypes, bankAcctTypes, stateCodes, …). */
  lookup(t: CardConnectToken, list: string): Promise<CcLookupEntry[]>;
}
