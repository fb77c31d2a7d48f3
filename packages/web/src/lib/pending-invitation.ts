import { readSessionJson, removeSessionItem, writeSessionJson } from './browser-storage';

/**
 * The invitation code of /register/{invitationCode}, kept while the invited person signs up, verifies the
 * e-mailed code and signs in; /register-company then joins that team. In sessionStorage, so it dies with the tab
 * (and with a log-out, which clears everything).
 */
const KEY = 'under.pendingInvitation';

interface PendingInvitation {
  code: string;
  email: string;
  companyName: string;
  /** The invited role, as the API gives it (ADMINISTRATOR or STANDARD). */
  role: string;
}

function isPendingInvitation(value: unknown): value is PendingInvitation {
  const c = value as Partial<PendingInvitation> | null;
  return (
    typeof c?.code === 'string' &&
    typeof c.email === 'string' &&
    typeof c.companyName === 'string' &&
    typeof c.role === 'string'
  );
}

export function getPendingInvitation(): PendingInvitation | null {
  return readSessionJson(KEY, isPendingInvitation);
}

export function setPendingInvitation(value: PendingInvitation): void {
  writeSessionJson(KEY, value);
}

export function clearPendingInvitation(): void {
  removeSessionItem(KEY);
}
