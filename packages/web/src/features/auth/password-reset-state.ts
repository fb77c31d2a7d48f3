import { readSessionJson, removeSessionItem, writeSessionJson } from '../../lib/browser-storage';

/**
 * The password-recovery steps (forgot -> verify code -> new password) carry the e-mail and the code
 * between pages; sessionStorage keeps them across a reload of the tab and nowhere else.
 */
const KEY = 'under.passwordReset';

export interface PasswordResetState {
  email: string;
  code?: string;
}

function isState(value: unknown): value is PasswordResetState {
  const candidate = value as Partial<PasswordResetState> | null;
  return typeof candidate?.email === 'string' && (candidate.code === undefined || typeof candidate.code === 'string');
}

export function getPasswordReset(): PasswordResetState | null {
  return readSessionJson(KEY, isState);
}

export function setPasswordReset(state: PasswordResetState): void {
  writeSessionJson(KEY, state);
}

export function clearPasswordReset(): void {
  removeSessionItem(KEY);
}
