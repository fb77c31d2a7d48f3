import { effectiveUserStatus } from '@under/core/accounts/enums';
import type {
  EmailCheckResponse,
  Profile,
  TempProfileBody,
  UpdateProfileBody,
} from '@under/core/accounts/profile.schema';
import { statusAtSignUp } from '@under/core/accounts/quota';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { AuthContext } from '../../auth-context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../errors';
import { noUserError } from '../accounts/errors';
import type { TeamJoiningService } from '../team/team-joining.service';
import { createProfilesRepository } from './profiles.repository';

/** Spec: a new company starts on Basic. */
const STARTING_MEMBERSHIP = 'MEMBERSHIP_001';

const accountExists = () => new AppError(ERROR_CODES.accountExists);

export function createProfilesService(deps: { db: Db; joining: TeamJoiningService }) {
  const { db, joining } = deps;
  const repo = createProfilesRepository(db);
  const users = createUsersRepository(db);

  async function loadProfile(userId: string): Promise<Profile> {
    const row = await users.findUserWithCompany(userId);
    if (!row) throw noUserError();
    const { user, company } = row;
    const draft = company ? undefined : await repo.findDraft(userId);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      role: user.role,
      status: effectiveUserStatus(user.status, company?.status),
      company: company ? { id: company.id, name: company.name, status: company.status } : null,
      membershipId: company?.membershipId ?? null,
      draft: draft ? { id: draft.id, ...draft.data } : null,
    };
  }

  return {
    /**
     * POST /api/profiles. Without an invitation: the signed-up user registers their company and becomes its
     * ADMINISTRATOR on Basic. With one: the user joins the inviting team with the invited role, deactivated
     * when the team is at its user quota (spec 1 §4). The e-mail must be the signed-in one; a user who already
     * belongs to a company gets "The Under account is already exists".
     */
    async createProfile(opts: {
      auth: AuthContext;
      email: string;
      firstName: string;
      lastName: string;
      phoneNumber: string;
      companyName?: string;
      invitationCode?: string;
    }): Promise<Profile> {
      const row = await users.findUserWithCompany(opts.auth.userId);
      if (!row) throw noUserError();
      const { user } = row;
      if (user.companyId) throw accountExists();
      const names = { firstName: opts.firstName, lastName: opts.lastName, phoneNumber: opts.phoneNumber };

      if (opts.invitationCode) {
        const inv = await joining.findPendingInvitation({ code: opts.invitationCode });
        // the invited e-mail cannot change: the account must be the invited address
        if (inv.email !== user.email || opts.email !== user.email) {
          throw new AppError(ERROR_CODES.invitationEmailMismatch, MESSAGES.invitationEmailMismatch(inv.email));
        }
        await db.transaction(async (tx) => {
          const companies = createCompaniesRepository(tx);
          await companies.lockCompany(inv.companyId);
          const company = await companies.findCompanyWithMembership(inv.companyId);
          if (!company) throw new AppError(ERROR_CODES.invitationNotFound);
          await joining.acceptInvitation({ tx, invitationId: inv.id, userId: user.id });
          const status = statusAtSignUp({
            userQuota: company.membership.userQuota,
            activeUsers: await companies.countActiveUsers(inv.companyId),
          });
          await createUsersRepository(tx).updateUser(user.id, {
            ...names,
            companyId: inv.companyId,
            role: inv.role,
            status,
          });
          await createProfilesRepository(tx).deleteDraft(user.id);
          await writeAudit(tx, {
            actorUserId: user.id,
            companyId: inv.companyId,
            action: 'team.join',
            targetType: 'invitation',
            targetId: inv.id,
            details: { role: inv.role, status },
          });
        });
        return loadProfile(user.id);
      }

      if (opts.email !== user.email) {
        throw new AppError(ERROR_CODES.profileEmailMismatch);
      }
      await db.transaction(async (tx) => {
        const company = await createCompaniesRepository(tx).insertCompany({
          name: opts.companyName ?? '',
          membershipId: STARTING_MEMBERSHIP,
          status: 'active',
        });
        await createUsersRepository(tx).updateUser(user.id, {
          ...names,
          companyId: company.id,
          role: 'ADMINISTRATOR',
          status: 'active',
        });
        await createProfilesRepository(tx).deleteDraft(user.id);
        await writeAudit(tx, {
          actorUserId: user.id,
          companyId: company.id,
          action: 'company.register',
          targetType: 'company',
          targetId: company.id,
        });
      });
      return loadProfile(user.id);
    },

    /** POST /api/profiles/temp: keeps the half-filled register-company form; returns the draft's id. */
    async saveTempProfile(opts: { auth: AuthContext; draft: TempProfileBody }): Promise<{ id: string }> {
      const data = Object.fromEntries(Object.entries(opts.draft).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >;
      return { id: await repo.saveDraft(opts.auth.userId, data) };
    },

    /**
     * POST /api/signup_check/email: whether a client account exists for the address. Sign-up tells the same,
     * so this reveals nothing new; the answer is a value, not an error (spec 2 §8).
     */
    async checkEmail(opts: { email: string }): Promise<EmailCheckResponse> {
      const user = await users.findUserByEmail('client', opts.email);
      return user ? { exists: true, message: MESSAGES.accountAlreadyExists } : { exists: false };
    },

    /** GET /api/profile. */
    getProfile: (opts: { auth: AuthContext }) => loadProfile(opts.auth.userId),

    /** PUT /api/profile: the caller's names and phone. */
    async updateProfile(opts: { auth: AuthContext } & UpdateProfileBody): Promise<Profile> {
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).updateUser(opts.auth.userId, {
          firstName: opts.firstName,
          lastName: opts.lastName,
          phoneNumber: opts.phoneNumber,
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId: opts.auth.companyId,
          action: 'profile.update',
          targetType: 'user',
          targetId: opts.auth.userId,
        });
      });
      return loadProfile(opts.auth.userId);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
