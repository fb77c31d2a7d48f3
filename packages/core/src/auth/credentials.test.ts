import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmailSchema, isValidEmail, isValidPassword } from './credentials';
import { PasswordSchema } from './password.schema';

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last@example.com', 'x-y@sub.example.org', 'UPPER@EXAMPLE.COM'])('accepts %s', (v) => {
    expect(isValidEmail(v)).toBe(true);
  });
  it.each(['', 'a@b', 'no-at.example.com', 'a@b.c', 'a b@example.com', `${'a'.repeat(95)}@example.com`])(
    'refuses %j',
    (v) => {
      expect(isValidEmail(v)).toBe(false);
    },
  );
  it('answers hostile input in linear time', () => {
    const started = Date.now();
    for (const n of [30, 60, 99]) isValidEmail(`${'a'.repeat(n)}!`);
    isValidEmail(`a@${'a.'.repeat(45)}!`);
    expect(Date.now() - started).toBeLessThan(200);
  });
  it('lowercases and trims through the schema', () => {
    expect(EmailSchema.parse('  Me@Example.COM ')).toBe('me@example.com');
  });
});

describe('isValidPassword', () => {
  it.each(['abc123', 'Secret123', 'p@ss-w0rd!', 'a1'.repeat(10)])('accepts %s', (v) => {
    expect(isValidPassword(v)).toBe(true);
  });
  it.each(['abc12', 'abcdefgh', '12345678', 'has space1', `${'a1'.repeat(10)}x`, 'pässwort1'])('refuses %j', (v) => {
    expect(isValidPassword(v)).toBe(false);
  });
  it('holds for any length and alphabet', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const ok = isValidPassword(s);
        const expected =
          s.length >= 6 && s.length <= 20 && /[A-Za-z]/.test(s) && /\d/.test(s) && /^[\x21-\x7e]*$/.test(s);
        expect(ok).toBe(expected);
      }),
    );
  });
  it('gives the spec message', () => {
    expect(PasswordSchema.safeParse('short').error?.issues[0]?.message).toBe('Password does not meet requirements');
  });
});
