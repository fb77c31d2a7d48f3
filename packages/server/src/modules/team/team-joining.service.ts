import { invitationState } from '@under/core/accounts/invitation';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken } from '../../security/secrets';
import { createTeamRepository, type InvitationRow } from './team.repository';
import { invitationUnusable } from './team.service';

/**
 * Joining a team by invitation, as the invited sign-up (profiles) does it: other modules find and accept
 * invitations through this service, never through the team's repository.
 */
export function createTeamJoiningService(deps: { db: Db; now?: Clock }) {
  const now = deps.now ?? Date.now;
  const repo = createTeamRepository(deps.db);
  return {
    /** The invitation behind a link's code while it can be accepted; otherwise the error its state answers with. */
    async findPendingInvitation(opts: { code: string }): Promise<InvitationRow> {
      const found = await repo.findInvitationByCodeHash(hashToken(opts.code));
      if (!found) throw new AppError(ERROR_CODES.invitationNotFound);
      const inv = found.invitation;
      const state = invitationState(
        { status: inv.status as 'pending' | 'accepted' | 'revoked', expiresAt: inv.expiresAt },
        now(),
      );
      if (state !== 'pending') throw invitationUnusable(state);
      return inv;
    },

    /** Marks the invitation accepted in the caller's transaction; a second acceptance (a race) is refused. */
    async acceptInvitation(opts: { tx: DbOrTx; invitationId: string; userId: string }): Promise<void> {
      const accepted = await createTeamRepository(opts.tx).acceptInvitation(opts.invitationId, opts.userId);
      if (!accepted) throw invitationUnusable('accepted');
    },
  };
}

export type TeamJoiningService = ReturnType<typeof createTeamJoiningService>;
