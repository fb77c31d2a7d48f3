import { describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNTS_MESSAGES } from '../admin-accounts/admin-accounts-messages';
import { COUPON_MESSAGES } from '../coupons/coupon-messages';
import { CARDCONNECT_MESSAGES } from '../integrations/cardconnect-messages';
import { INTEGRATION_MESSAGES } from '../integrations/connection-messages';
import { SF_MAPPING_MESSAGES } from '../integrations/salesforce-mapping-messages';
import { MESSAGES } from '../messages';
import { defaultMessageOf, ERROR_CODES, ERRORS, statusOf } from './error.schema';

describe('the error catalogue', () => {
  it('gives every error one code, used by no other name', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every error a 4xx or 5xx status', () => {
    for (const [name, e] of Object.entries(ERRORS)) {
      expect(e.status >= 400 && e.status < 600, `${name}: ${e.status}`).toBe(true);
    }
  });

  it('names the codes and finds their statuses', () => {
    expect(ERROR_CODES.noUser).toBe('auth/no-user');
    expect(statusOf(ERROR_CODES.noUser)).toBe(401);
    expect(statusOf(ERROR_CODES.templateNameUsed)).toBe(409);
    expect(statusOf(ERROR_CODES.pdfTooComplex)).toBe(422);
  });

  it("takes every default message verbatim from core's texts of the spec", () => {
    const texts = new Set(
      [
        MESSAGES,
        COUPON_MESSAGES,
        ADMIN_ACCOUNTS_MESSAGES,
        INTEGRATION_MESSAGES,
        SF_MAPPING_MESSAGES,
        CARDCONNECT_MESSAGES,
      ].flatMap((m) => Object.values(m).filter((v) => typeof v === 'string')),
    );
    const defaults = Object.entries(ERRORS).flatMap(([name, e]) => ('message' in e ? [[name, e.message]] : []));
    expect(defaults.length).toBeGreaterThan(80);
    for (const [name, message] of defaults) expect(texts.has(message as string), name).toBe(true);
    expect(defaultMessageOf(ERROR_CODES.codeMismatch)).toBe(MESSAGES.codeInvalid);
    expect(defaultMessageOf(ERROR_CODES.applicationNotFound)).toBeUndefined();
  });
});
