import type { Pool } from '@under/core/auth/pools';
import { readSessionJson, removeSessionItem, writeSessionJson } from '../../lib/browser-storage';

/**
 * The password-recovery steps (forgot -> verify code -> new password) carry the e-mail and the code
 * between pages; sessionStorage keeps them across a reload of the tab and nowhere else. One key per pool:
 * the client and admin apps share the origin, and a recovery begun in one must not continue in the other.
 */
const keyOf = (pool: Pool) => `under.passwordReset.${pool}`;

interface PasswordResetState {
  email: string;
  code?: string;
}

function isState(value: unknown): value is PasswordResetState {
  const candidate = value as Partial<PasswordResetState> | null;
  return typeof candidate?.email === 'string' && (candidate.code === undefined || typeof candidate.code === 'string');
}

export function getPasswordReset(pool: Pool): PasswordResetState | null {
  return readSessionJson(keyOf(pool), isState);
}

export function setPasswordReset(pool: Pool, state: PasswordResetState): void {
  writeSessionJson(keyOf(pool), state);
}

export function clearPasswordReset(pool: Pool): void {
  removeSessionItem(keyOf(pool));
}
