import { ERROR_CODES } from '@under/core/api/error.schema';
import { COUPON_MESSAGES } from '@under/core/coupons/coupon-messages';
import { MESSAGES } from '@under/core/messages';
import { describe, expect, it } from 'vitest';
import { AppError, notFound } from './errors';

describe('AppError', () => {
  it("answers with its catalogue entry's default text when the site passes none", () => {
    expect(new AppError(ERROR_CODES.codeMismatch).message).toBe(MESSAGES.codeInvalid);
    expect(new AppError(ERROR_CODES.couponExpired).message).toBe(COUPON_MESSAGES.expired);
    expect(new AppError(ERROR_CODES.customFormInactive).statusCode).toBe(409);
  });

  it('keeps a message the site words for its own situation', () => {
    expect(new AppError(ERROR_CODES.applicationNotEditable, MESSAGES.repopulateUndecidedOnly).message).toBe(
      MESSAGES.repopulateUndecidedOnly,
    );
  });

  it("falls back to the status's text for an entry without a default", () => {
    expect(new AppError(ERROR_CODES.applicationNotFound).message).toBe(MESSAGES.http404);
    expect(new AppError(ERROR_CODES.permissionDenied).message).toBe(MESSAGES.http403);
  });

  it('has one notFound: the generic 404, named by its message', () => {
    const e = notFound(MESSAGES.paymentNotFound);
    expect([e.code, e.statusCode, e.message]).toEqual([ERROR_CODES.notFound, 404, MESSAGES.paymentNotFound]);
    expect(notFound().message).toBe(MESSAGES.http404);
  });
});
