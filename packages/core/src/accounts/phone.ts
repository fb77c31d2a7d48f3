import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './messages';

/**
 * Spec 1 §5: an optional plus, 3 digits (optionally in brackets), 3 digits, then 4-6 digits, each group
 * optionally separated by a dash, dot or space. At least 10 digits follow from the groups.
 */
export const PHONE_PATTERN = /^\+?\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4,6}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/**
 * Spec 1 §5: display as (ddd) ddd-dddd, with +1 when the number was given with a plus. A leading country
 * code 1 after the plus is not repeated. Anything else (longer extensions) is shown as entered.
 */
export function formatPhone(value: string): string {
  const trimmed = value.trim();
  const hasPlus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (hasPlus && digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return trimmed;
  const national = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return hasPlus ? `+1 ${national}` : national;
}

export const PhoneSchema = z
  .string({ error: ACCOUNT_MESSAGES.phoneRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.phoneRequired)
  .regex(PHONE_PATTERN, ACCOUNT_MESSAGES.invalidPhone);
