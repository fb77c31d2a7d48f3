import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canActivate, canInvite, isAtQuota, isUnlimited, remaining, statusAtSignUp } from './quota';

const quota = fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 1000 }));
const count = fc.integer({ min: 0, max: 2000 });

describe('quota rules', () => {
  it('-1 is unlimited', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(0)).toBe(false);
    expect(remaining(-1, 10_000)).toBe(Number.POSITIVE_INFINITY);
    fc.assert(fc.property(count, count, (a, p) => canInvite({ userQuota: -1, activeUsers: a, pendingInvitations: p })));
  });

  it('a Basic plan of one user is full with its administrator', () => {
    expect(canInvite({ userQuota: 1, activeUsers: 1, pendingInvitations: 0 })).toBe(false);
    expect(canActivate({ userQuota: 1, activeUsers: 1 })).toBe(false);
    expect(statusAtSignUp({ userQuota: 1, activeUsers: 1 })).toBe('inactive');
    expect(statusAtSignUp({ userQuota: 3, activeUsers: 2 })).toBe('active');
  });

  it('open invitations count against the quota when inviting', () => {
    expect(canInvite({ userQuota: 3, activeUsers: 1, pendingInvitations: 1 })).toBe(true);
    expect(canInvite({ userQuota: 3, activeUsers: 1, pendingInvitations: 2 })).toBe(false);
  });

  it('remaining is never negative and adds up to the quota while within it', () => {
    fc.assert(
      fc.property(quota, count, (q, used) => {
        const r = remaining(q, used);
        expect(r).toBeGreaterThanOrEqual(0);
        if (q !== -1 && used <= q) expect(r + used).toBe(q);
        expect(isAtQuota(q, used)).toBe(r === 0);
      }),
    );
  });

  it('activation is allowed exactly while there is room, and sign-up status follows it', () => {
    fc.assert(
      fc.property(quota, count, (q, active) => {
        const can = canActivate({ userQuota: q, activeUsers: active });
        expect(can).toBe(remaining(q, active) > 0);
        expect(statusAtSignUp({ userQuota: q, activeUsers: active })).toBe(can ? 'active' : 'inactive');
      }),
    );
  });

  it('inviting is never allowed when activating is not', () => {
    fc.assert(
      fc.property(quota, count, count, (q, a, p) => {
        if (canInvite({ userQuota: q, activeUsers: a, pendingInvitations: p }))
          expect(canActivate({ userQuota: q, activeUsers: a })).toBe(true);
      }),
    );
  });
});
