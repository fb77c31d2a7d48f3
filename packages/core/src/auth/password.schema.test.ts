import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';
import { isValidPassword } from './credentials';
import {
  ChangePasswordBodySchema,
  ConfirmForgotPasswordBodySchema,
  PasswordSchema,
  SignUpBodySchema,
} from './password.schema';

const entries = COMMON_PASSWORDS_TEXT.split(/\s+/).filter(Boolean);
const message = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('the common-password list', () => {
  it('holds only lowercase passwords that the rule alone would accept, each once', () => {
    expect(entries.length).toBe(1084);
    expect(new Set(entries).size).toBe(entries.length);
    for (const p of entries) {
      expect(isValidPassword(p), p).toBe(true);
      expect(p).toBe(p.toLowerCase());
    }
  });

  it.each(['password1', 'Password1', 'PASSWORD1', 'abc123', 'Abc12345', 'passw0rd', 'qwerty123', '1q2w3e4r'])(
    'knows %s in any case',
    (p) => {
      expect(isCommonPassword(p)).toBe(true);
    },
  );

  it.each(['Secret123', 'Admin12345', 'Fresh12345', 'k7#Lm2pQ'])('does not list %s', (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});

describe('PasswordSchema (a password being set)', () => {
  it.each(['password1', 'Password1', 'abc123', 'Qwerty123'])('refuses the common %s with the spec message', (p) => {
    expect(message(PasswordSchema.safeParse(p))).toBe('Password does not meet requirements');
  });

  it('still refuses what breaks the rule, with the same message', () => {
    expect(message(PasswordSchema.safeParse('short'))).toBe('Password does not meet requirements');
    expect(message(PasswordSchema.safeParse(''))).toBe('Password is required');
  });

  it('accepts exactly the passwords that follow the rule and are not common', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom(...entries)), (s) => {
        expect(PasswordSchema.safeParse(s).success).toBe(isValidPassword(s) && !isCommonPassword(s));
      }),
    );
  });

  it('applies to sign-up, reset and change of password', () => {
    expect(SignUpBodySchema.safeParse({ email: 'a@example.com', password: 'password1' }).success).toBe(false);
    expect(
      ConfirmForgotPasswordBodySchema.safeParse({ email: 'a@example.com', code: '123456', newPassword: 'abc123' })
        .success,
    ).toBe(false);
    expect(ChangePasswordBodySchema.safeParse({ oldPassword: 'abc123', newPassword: 'Trustno1' }).success).toBe(false);
    // the old password is whatever the account has: a common one is still accepted there
    expect(ChangePasswordBodySchema.safeParse({ oldPassword: 'abc123', newPassword: 'k7#Lm2pQ' }).success).toBe(true);
  });
});
