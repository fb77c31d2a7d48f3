import { z } from 'zod';
import { CODE_LENGTH } from '../constants';
import { EMAIL_REGEX } from '../forms/regex-samples';
import { MESSAGES } from '../messages';
import { PLAIN_NAME } from '../text/plain-text';

/**
 * Spec 1 §5: word characters with optional dots or hyphens, an @, a domain, a suffix of 2 or more
 * letters. The one definition is the form engine's, written to run in linear time: the classic
 * `([.-]?\w+)*` shape backtracks exponentially on input such as 'aaaa…!'.
 */
export const EMAIL_PATTERN = EMAIL_REGEX;

/** Spec 1 §5: 6-20 characters, letters and numbers, special characters allowed, no spaces. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;

/** The spec's rule alone; a password being set also must not be a common one (password.schema.ts). */
export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export function isValidEmail(value: string): boolean {
  return value.length >= 3 && value.length <= 100 && EMAIL_PATTERN.test(value);
}

// users can type the e-mail in any case, but we store and compare it in lowercase
export const EmailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .min(3, MESSAGES.emailLength)
  .max(100, MESSAGES.emailLength)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

/** The password given at sign-in is only checked for presence: old passwords may predate the rules. */
export const SignInPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(200, MESSAGES.passwordRules);

export const CodeSchema = z
  .string({ error: MESSAGES.verificationCodeRequired })
  .trim()
  .min(1, MESSAGES.verificationCodeRequired)
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), MESSAGES.verificationCodeFormat);

export const NameSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.nameLength)
  .max(100, MESSAGES.nameLength)
  .refine(...PLAIN_NAME);

export const CompanyNameSchema = z
  .string({ error: MESSAGES.companyNameRequired })
  .trim()
  .min(1, MESSAGES.companyNameRequired)
  .min(3, MESSAGES.companyNameLength)
  .max(100, MESSAGES.companyNameLength)
  .refine(...PLAIN_NAME);

/** Adds the 'Passwords do not match' rule to a form that has password and confirmPassword. */
export function withConfirmPassword<T extends z.ZodObject<{ confirmPassword: z.ZodString }>>(
  schema: T,
  passwordKey: string,
) {
  return schema.refine((v) => (v as Record<string, unknown>)[passwordKey] === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
}
