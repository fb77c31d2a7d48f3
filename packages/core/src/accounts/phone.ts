import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * Spec 1 §5: an optional plus, 3 digits (optionally in brackets), 3 digits, then 4-6 digits, each group
 * optionally separated by a dash, dot or space. At least 10 digits follow from the groups.
 */
export const PHONE_PATTERN = /^\+?\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4,6}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** Display (spec 1 §5): the form engine's formatter, one rule for forms and profiles. */
export { formatPhone } from '../forms/format';

export const PhoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .regex(PHONE_PATTERN, MESSAGES.invalidPhone);
