import type { KycResult } from '@under/core/integrations/kyc.schema';

/**
 * What the portal asks of a KYC (identity check) provider (issue #24 §3; decision 089). No provider was named by
 * the spec: the port is written for any provider that takes a batch of people, answers at once with a check id and
 * finishes later (the common shape), and `kyc.client.ts` implements it for the documented-style JSON API of decision
 * 089 (`KYC_API_URL`), which the loopback simulator (`src/simulators/kyc.ts`) speaks. Another provider is another
 * implementation of this port.
 */

/** One owner as sent: decrypted only for the call, never stored, never logged. */
export interface KycPerson {
  /** Ours: `owner1`, `owner2`, … (the answer's persons carry it back). */
  reference: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, or null when the application has none readable. */
  dateOfBirth: string | null;
  /** Digits only (a US SSN). */
  ssn: string | null;
  address: { line1: string; city: string; state: string; postalCode: string } | null;
}

export interface KycCheckPerson {
  reference: string;
  /** Null while pending. */
  outcome: KycResult | null;
  reasons: { code: string; message: string }[];
  decidedAt: string | null;
}

export interface KycCheck {
  id: string;
  /** `completed` once every person has an outcome. */
  status: 'pending' | 'completed';
  persons: KycCheckPerson[];
}

/**
 * - `invalid_key`: the provider refused the API key (401/403): nothing works until the institution enters another;
 * - `invalid_request`: the provider refused what we sent (400/422): `fields` names the fields, never their values;
 * - `not_found`: no such check (404);
 * - `unavailable`: 429, 5xx, timeout, network, an answer that is not as documented: tried again later;
 * - `refused`: the outbound client would not call the URL (a settings problem), never called;
 * - `not_configured`: this server has no KYC_API_URL.
 */
export type KycErrorKind =
  | 'invalid_key'
  | 'invalid_request'
  | 'not_found'
  | 'unavailable'
  | 'refused'
  | 'not_configured';

export class KycError extends Error {
  constructor(
    readonly kind: KycErrorKind,
    /** For logs (redacted, bounded): never a value sent. */
    readonly detail: string,
    readonly status: number | null = null,
    readonly fields: string[] = [],
  ) {
    super(`kyc ${kind}: ${detail}`);
    this.name = 'KycError';
  }
}

export interface KycProvider {
  /** Checks an API key (the credentials check before it is kept). */
  verifyKey(apiKey: string): Promise<void>;
  /**
   * Starts a check of the persons. `reference` (our submission id) is the idempotency key: sending it again
   * answers the same check, never a second one.
   */
  submit(apiKey: string, request: { reference: string; persons: KycPerson[] }): Promise<KycCheck>;
  /** A check's status and, once decided, each person's outcome and reasons. */
  check(apiKey: string, checkId: string): Promise<KycCheck>;
}
