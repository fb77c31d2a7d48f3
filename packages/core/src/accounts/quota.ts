import { UNLIMITED } from '../constants';

/** Spec 1 §9: -1 is unlimited. */
export function isUnlimited(quota: number): boolean {
  return quota === UNLIMITED;
}

/** Seats or forms still free; `Infinity` when unlimited, never below 0. */
export function remaining(quota: number, used: number): number {
  if (isUnlimited(quota)) return Number.POSITIVE_INFINITY;
  return Math.max(0, quota - used);
}

/** True when `used` has reached the quota (never for unlimited). */
export function isAtQuota(quota: number, used: number): boolean {
  return !isUnlimited(quota) && used >= quota;
}

/**
 * An invitation may be sent while active members plus open invitations stay within the user quota, so that
 * every invitation can be honoured (decision 006).
 */
export function canInvite(opts: { userQuota: number; activeUsers: number; pendingInvitations: number }): boolean {
  return !isAtQuota(opts.userQuota, opts.activeUsers + opts.pendingInvitations);
}

/** A member may be activated while the active members stay within the user quota. */
export function canActivate(opts: { userQuota: number; activeUsers: number }): boolean {
  return !isAtQuota(opts.userQuota, opts.activeUsers);
}

/** Spec 1 §4: a member who signs up while the team is at its quota is created deactivated. */
export function statusAtSignUp(opts: { userQuota: number; activeUsers: number }): 'active' | 'inactive' {
  return canActivate(opts) ? 'active' : 'inactive';
}
