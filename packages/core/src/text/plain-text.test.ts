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

  it('lets through any text made only of printable characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const printable = s.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
        expect(hasControlCharacters(printable)).toBe(false);
      }),
    );
  });

  it('PLAIN_NAME refuses with the message', () => {
    const schema = z.string().refine(...PLAIN_NAME);
    const result = schema.safeParse('Acme\u202EBank');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.nameHasControlCharacters);
  });
});
