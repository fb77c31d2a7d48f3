import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';

let common: ReadonlySet<string> | undefined;

/**
 * True for one of the most common passwords (SecLists' 10,000, see common-passwords.data.ts), in any letter case:
 * 'Password1' is guessed as early as 'password1'.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split(/\s+/).filter(Boolean));
  return common.has(password.toLowerCase());
}
