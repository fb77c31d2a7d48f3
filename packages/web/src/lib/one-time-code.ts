import { CODE_LENGTH } from '@under/core/constants';

/**
 * Every e-mailed code the portal asks for (sign-up verification, password reset, the signing code, the saved
 * answers' code) is entered the same way: a numeric keyboard, the browser's one-time-code autofill, at most
 * CODE_LENGTH characters, only digits kept, complete at exactly CODE_LENGTH digits.
 */
export const ONE_TIME_CODE_INPUT = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: CODE_LENGTH,
} as const;

/** What the field keeps of a typed or pasted code ("123 456", "123-456" become "123456"). */
export const codeDigits = (value: string) => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

const COMPLETE = new RegExp(`^\\d{${CODE_LENGTH}}$`);
export const isCompleteCode = (value: string) => COMPLETE.test(value);
