import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS, invitationState } from './invitation';

describe('invitationState', () => {
  it('a pending invitation expires at its expiry time', () => {
    const now = Date.now();
    expect(invitationState({ status: 'pending', expiresAt: new Date(now + 1) }, now)).toBe('pending');
    expect(invitationState({ status: 'pending', expiresAt: new Date(now) }, now)).toBe('expired');
  });
  it('a link sent now works for 7 days and not a moment longer', () => {
    const sent = Date.UTC(2025, 0, 1);
    const week = 7 * 24 * 3_600_000;
    const invitation = { status: 'pending' as const, expiresAt: sent + INVITATION_TTL_MS };
    expect(invitationState(invitation, sent + week - 1)).toBe('pending');
    expect(invitationState(invitation, sent + week)).toBe('expired');
  });
  it('accepted and revoked invitations keep their state whatever the time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('accepted', 'revoked') as fc.Arbitrary<'accepted' | 'revoked'>,
        fc.integer(),
        fc.integer(),
        (status, exp, now) => {
          expect(invitationState({ status, expiresAt: exp }, now)).toBe(status);
        },
      ),
    );
  });
});
