import { readSessionJson, removeSessionItem, writeSessionJson } from './browser-storage';

/**
 * Spec 2 §4: sign-up, or a sign-in answered with UserNotConfirmedException, stores the e-mail and a
 * validation flag; verifying the code clears them. Kept in sessionStorage so it dies with the tab.
 */
const KEY = 'under.pendingVerification';

interface PendingVerification {
  isPending: true;
  email: string;
}

function isPendingVerification(value: unknown): value is PendingVerification {
  const candidate = value as Partial<PendingVerification> | null;
  return candidate?.isPending === true && typeof candidate.email === 'string' && candidate.email.length > 0;
}

export function getPendingVerification(): PendingVerification | null {
  return readSessionJson(KEY, isPendingVerification);
}

export function setPendingVerification(email: string): void {
  writeSessionJson(KEY, { isPending: true, email } satisfies PendingVerification);
}

export function clearPendingVerification(): void {
  removeSessionItem(KEY);
}
