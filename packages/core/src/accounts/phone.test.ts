import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, PhoneSchema } from './phone';

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const sep = fc.constantFrom('', '-', '.', ' ');

describe('isValidPhone', () => {
  it.each([
    '5551234567',
    '555-123-4567',
    '555.123.4567',
    '555 123 4567',
    '(555) 123-4567',
    '(555)123-4567',
    '+15551234567',
    '+555 123 456789',
    '555-123-45678',
  ])('accepts %s', (value) => expect(isValidPhone(value)).toBe(true));

  it.each([
    '',
    '555-1234',
    '555-123-456',
    '555-123-4567890',
    'abc-def-ghij',
    '555--123-4567',
    '++5551234567',
    '555_123_4567',
  ])('refuses %j', (value) => expect(isValidPhone(value)).toBe(false));

  it('accepts every number built from the spec groups', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        digits(3),
        sep,
        digits(3),
        sep,
        fc.integer({ min: 4, max: 6 }).chain(digits),
        (plus, brackets, a, s1, b, s2, c) => {
          const area = brackets ? `(${a})` : a;
          expect(isValidPhone(`${plus ? '+' : ''}${area}${s1}${b}${s2}${c}`)).toBe(true);
        },
      ),
    );
  });

  it('refuses anything with fewer than 10 digits', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9 }).chain(digits), (d) => !isValidPhone(d)));
  });
});

describe('formatPhone', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555.123.4567', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['+5551234567', '+1 (555) 123-4567'],
    ['+15551234567', '+1 (555) 123-4567'],
    ['555-123-456789', '555-123-456789'],
  ])('shows %s as %s', (value, shown) => expect(formatPhone(value)).toBe(shown));

  it('shows every valid 10-digit number as (ddd) ddd-dddd, with +1 when a plus was given', () => {
    fc.assert(
      fc.property(fc.boolean(), digits(10), (plus, d) => {
        const shown = formatPhone(`${plus ? '+' : ''}${d}`);
        expect(shown).toMatch(plus ? /^\+1 \(\d{3}\) \d{3}-\d{4}$/ : /^\(\d{3}\) \d{3}-\d{4}$/);
        expect(shown.replace(/\D/g, '').endsWith(d)).toBe(true);
      }),
    );
  });
});

describe('PhoneSchema', () => {
  it('answers with the spec message', () => {
    const res = PhoneSchema.safeParse('12345');
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Invalid contact number');
    expect(PhoneSchema.safeParse('').error?.issues[0]?.message).toBe('Contact number is required');
    expect(PhoneSchema.parse(' 555-123-4567 ')).toBe('555-123-4567');
  });
});
