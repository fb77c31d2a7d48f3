import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS, invitationState } from './invitation';

describe('invitationState', () => {
  it('a pending invitation expires at its expiry time', () => {
    const now = Date.now();
    expect(invitationState({ status: 'pending', expiresAt: new Date(now + 1) }, now)).toBe('pending');
    expect(invitationState({ status: 'pending', expiresAt: new Date(now) }, now)).toBe('expired');
    expect(INVITATION_TTL_MS).toBe(604_800_000);
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
