/** Ours (the spec gives no lifetime): an invitation link works for 7 days; resending starts a new 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** What an invitation row records; `expired` is derived from the time. */
export type InvitationRecordStatus = 'pending' | 'accepted' | 'revoked';
export type InvitationState = InvitationRecordStatus | 'expired';

export function invitationState(
  invitation: { status: InvitationRecordStatus; expiresAt: Date | number },
  now: number,
): InvitationState {
  if (invitation.status !== 'pending') return invitation.status;
  const expiresAt = typeof invitation.expiresAt === 'number' ? invitation.expiresAt : invitation.expiresAt.getTime();
  return expiresAt <= now ? 'expired' : 'pending';
}
