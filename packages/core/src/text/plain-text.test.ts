import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { hasControlCharacters, PLAIN_NAME } from './plain-text';

describe('hasControlCharacters', () => {
  it.each([
    ['line feed', 'Acme\nBank'],
    ['carriage return', 'Acme\rBcc: x@example.com'],
    ['tab', 'Acme\tBank'],
    ['NUL', 'Acme\u0000'],
    ['escape', '\u001b[31mAcme'],
    ['C1 control', 'Acme\u0085Bank'],
    ['right-to-left override', 'invoice\u202Efdp.exe'],
    ['left-to-right isolate', 'Acme\u2066Bank'],
    ['right-to-left mark', 'Acme\u200fBank'],
    ['Arabic letter mark', 'Acme\u061cBank'],
  ])('finds a %s', (_name, text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each([
    'Acme Bank',
    'Ægir & Søn A/S',
    'Zoë O’Brien-Smith',
    'شركة المدفوعات',
    'קופת תשלומים',
    '株式会社アンダー',
    'Crème brûlée 🍮',
  ])('lets real names through: %s', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });

  it('agrees with the list of forbidden code points on any text', () => {
    const forbidden = (cp: number) =>
      cp <= 0x1f ||
      (cp >= 0x7f && cp <= 0x9f) ||
      cp === 0x61c ||
      cp === 0x200e ||
      cp === 0x200f ||
      (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2066 && cp <= 0x2069);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const expected = [...s].some((c) => forbidden(c.codePointAt(0) ?? 0));
        expect(hasControlCharacters(s)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('PLAIN_NAME refuses with the message', () => {
    const schema = z.string().refine(...PLAIN_NAME);
    const result = schema.safeParse('Acme\u202EBank');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.nameHasControlCharacters);
  });
});
