import { createHmac, randomBytes } from 'node:crypto';

/**
 * Applicant link codes (issue 12): 256 random bits in base64url, given once in the owner's link and stored only as
 * an HMAC under the server's code secret, so a database copy holds nothing that opens an application.
 */
export function newAccessCode(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a code (HMAC-SHA-256 under `secret`, base64url). */
export function hashAccessCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`applicant-link:${code}`).digest('base64url');
}
