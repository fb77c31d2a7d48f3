import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS, statusOf } from './error.schema';

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
});
