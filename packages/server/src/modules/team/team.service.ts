import { effectiveUserStatus, type TeamRole } from '@under/core/accounts/enums';
import { INVITATION_TTL_MS, invitationState } from '@under/core/accounts/invitation';
import { canActivate, canInvite } from '@under/core/accounts/quota';
import type {
  InviteTemplate,
  Member,
  MemberInfoBody,
  MemberSort,
  MembersPage,
  PublicInvitation,
} from '@under/core/accounts/team.schema';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { writeAudit } from '../../db/repositories/audit.repository';
import { type CompaniesRepository, createCompaniesRepository } from '../../db/repositories/companies.repository';
import { createUsersRepository, type UserRow } from '../../db/repositories/users.repository';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../security/secrets';
import { addressKey, THROTTLE_RULES, type Throttles } from '../../security/throttles';
import { companyNotFound, memberNotFound, requireCompanyId } from '../accounts/tenant';
import type { AuthService } from '../auth/auth.service';
import type { MailService } from '../mail/mail.service';
import { invitationMail, inviteTemplate } from './team.mails';
import { createTeamRepository, type InvitationRow, type MemberRow } from './team.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

function memberFromRow(row: MemberRow, now: number): Member {
  const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    role: row.role,
    status: row.status,
    createdAt: iso(row.created_at),
    invitation: expiresAt ? { expiresAt: expiresAt.toISOString(), expired: expiresAt.getTime() <= now } : null,
  };
}

function memberFromUser(user: UserRow, companyStatus: string | null | undefined): Member {
  return {
    id: user.id,
    kind: 'user',
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    role: user.role,
    status: effectiveUserStatus(user.status, companyStatus),
    createdAt: user.createdAt.toISOString(),
    invitation: null,
  };
}

function memberFromInvitation(inv: InvitationRow, now: number): Member {
  return {
    id: inv.id,
    kind: 'invitation',
    email: inv.email,
    firstName: null,
    lastName: null,
    phoneNumber: null,
    role: inv.role,
    status: 'INVITED SENT',
    createdAt: inv.createdAt.toISOString(),
    invitation: { expiresAt: inv.expiresAt.toISOString(), expired: inv.expiresAt.getTime() <= now },
  };
}

/** The message and code of an invitation that can no longer be used. */
export function invitationUnusable(state: 'accepted' | 'revoked' | 'expired'): AppError {
  if (state === 'accepted') return new AppError(ERROR_CODES.invitationUsed);
  if (state === 'revoked') return new AppError(ERROR_CODES.invitationRevoked);
  return new AppError(ERROR_CODES.invitationExpired);
}

const STATE_MESSAGES = {
  pending: undefined,
  accepted: MESSAGES.invitationUsed,
  revoked: MESSAGES.invitationRevoked,
  expired: MESSAGES.invitationExpired,
} as const;

interface TeamServiceDeps {
  db: Db;
  /** Invitation e-mails are written to the outbox with the invitation (decision 023). */
  mail: MailService;
  auth: AuthService;
  publicUrl: string;
  now?: Clock;
  /** Shared throttles (decisions 019, 020). */
  throttles: Throttles;
}

export function createTeamService(deps: TeamServiceDeps) {
  const { db, mail, publicUrl } = deps;
  const now = deps.now ?? Date.now;
  const repo = createTeamRepository(db);
  const accounts = createCompaniesRepository(db);
  const users = createUsersRepository(db);
  const { throttles } = deps;

  async function loadCompany(companyId: string) {
    const row = await accounts.findCompanyWithMembership(companyId);
    if (!row) throw companyNotFound();
    return row;
  }

  async function templateFor(auth: AuthContext, companyName: string, role: string): Promise<InviteTemplate> {
    const actor = await users.findUserWithCompany(auth.userId);
    const name = [actor?.user.firstName, actor?.user.lastName].filter(Boolean).join(' ') || auth.email;
    return inviteTemplate({ companyName, inviterName: name, role });
  }

  /** Inside a transaction: locks the company row (quota decisions of one team run one at a time) and reads its plan. */
  async function lockedCompany(a: CompaniesRepository, companyId: string) {
    await a.lockCompany(companyId);
    const row = await a.findCompanyWithMembership(companyId);
    if (!row) throw companyNotFound();
    return row;
  }

  const linkFor = (code: string) => `${publicUrl}/register/${code}`;

  async function loadMember(companyId: string, memberId: string): Promise<UserRow> {
    const user = await users.findClientUserOfCompany(companyId, memberId);
    if (!user) throw memberNotFound();
    return user;
  }

  return {
    /** GET /api/members: one page of users and open invitations of the caller's team. */
    async listMembers(opts: {
      auth: AuthContext;
      page: number;
      pageSize: number;
      q?: string;
      sort: MemberSort;
      order: 'asc' | 'desc';
    }): Promise<MembersPage> {
      const companyId = requireCompanyId(opts.auth);
      const { rows, total } = await repo.listMembers({
        companyId,
        q: opts.q,
        sort: opts.sort,
        order: opts.order,
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
      });
      const t = now();
      return { items: rows.map((r) => memberFromRow(r, t)), total, page: opts.page, pageSize: opts.pageSize };
    },

    /** GET /api/members/{memberId}: a user of the team, or an open invitation. */
    async getMember(opts: { auth: AuthContext; memberId: string }): Promise<Member> {
      const companyId = requireCompanyId(opts.auth);
      const user = await users.findClientUserOfCompany(companyId, opts.memberId);
      if (user) {
        const { company } = await loadCompany(companyId);
        return memberFromUser(user, company.status);
      }
      const inv = await repo.findInvitation(companyId, opts.memberId);
      if (inv?.status !== 'pending') throw memberNotFound();
      return memberFromInvitation(inv, now());
    },

    /**
     * POST /api/invitations: invites an e-mail into the caller's team with a role and mails the link. Refused
     * for someone already in this team or invited to it ('Email already add'), for someone in another team,
     * and when active members plus open invitations fill the user quota. Every call counts against the company
     * and the caller's address before anything is looked up, so the answers (which tell whether an e-mail is in
     * another team) cannot be collected in bulk (decision 020).
     */
    async invite(opts: { auth: AuthContext; email: string; role: TeamRole; ip: string }): Promise<Member> {
      const companyId = requireCompanyId(opts.auth);
      await throttles.take([
        [THROTTLE_RULES.inviteCompany, companyId],
        [THROTTLE_RULES.inviteAddress, addressKey(opts.ip)],
      ]);
      const { company } = await loadCompany(companyId);
      const existing = await users.findUserByEmail('client', opts.email);
      if (existing?.companyId === companyId) {
        throw new AppError(ERROR_CODES.emailAlreadyAdded);
      }
      if (existing?.companyId) {
        throw new AppError(ERROR_CODES.joinedAnotherTeam, MESSAGES.joinedAnotherTeam(opts.email));
      }
      if (await repo.findOpenInvitation(companyId, opts.email)) {
        throw new AppError(ERROR_CODES.emailAlreadyAdded);
      }
      const code = newToken('inv');
      const t = now();
      const template = await templateFor(opts.auth, company.name, opts.role);
      let invitation: InvitationRow | undefined;
      let outboxId: string | undefined;
      try {
        invitation = await db.transaction(async (tx) => {
          const a = createCompaniesRepository(tx);
          const r = createTeamRepository(tx);
          const { membership } = await lockedCompany(a, companyId);
          const activeUsers = await a.countActiveUsers(companyId);
          const pendingInvitations = await a.countPendingInvitations(companyId, new Date(t));
          if (!canInvite({ userQuota: membership.userQuota, activeUsers, pendingInvitations })) {
            throw new AppError(ERROR_CODES.userQuota);
          }
          const row = await r.insertInvitation({
            companyId,
            email: opts.email,
            role: opts.role,
            codeHash: hashToken(code),
            expiresAt: new Date(t + INVITATION_TTL_MS),
            invitedByUserId: opts.auth.userId,
            lastSentAt: new Date(t),
          });
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            companyId,
            action: 'team.invite',
            targetType: 'invitation',
            targetId: row.id,
            details: { email: opts.email, role: opts.role },
          });
          outboxId = await mail.queueMail(tx, {
            kind: 'invitation',
            key: `invitation:${row.id}:${row.codeHash}`,
            message: invitationMail(opts.email, template, linkFor(code)),
          });
          return row;
        });
      } catch (err) {
        // two invitations of one e-mail racing: the partial unique index decides
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.emailAlreadyAdded);
        throw err;
      }
      await mail.dispatch(outboxId);
      return memberFromInvitation(invitation, t);
    },

    /** POST /api/invitations/{memberId}/resend: a new link (the old one stops working) and a new 7 days. */
    async resendInvitation(opts: { auth: AuthContext; invitationId: string }): Promise<Member> {
      const companyId = requireCompanyId(opts.auth);
      const { company } = await loadCompany(companyId);
      const inv = await repo.findInvitation(companyId, opts.invitationId);
      if (!inv) throw memberNotFound();
      if (inv.status !== 'pending') throw invitationUnusable(inv.status as 'accepted' | 'revoked');
      const code = newToken('inv');
      const t = now();
      const wasExpired = inv.expiresAt.getTime() <= t;
      const template = await templateFor(opts.auth, company.name, inv.role);
      const codeHash = hashToken(code);
      const outboxId = await db.transaction(async (tx) => {
        const a = createCompaniesRepository(tx);
        const r = createTeamRepository(tx);
        await a.lockCompany(companyId);
        if (wasExpired) {
          // an expired invitation held no seat; renewing it takes one again
          const { membership } = await lockedCompany(a, companyId);
          const activeUsers = await a.countActiveUsers(companyId);
          const pendingInvitations = await a.countPendingInvitations(companyId, new Date(t));
          if (!canInvite({ userQuota: membership.userQuota, activeUsers, pendingInvitations })) {
            throw new AppError(ERROR_CODES.userQuota);
          }
        }
        await r.updateInvitation(inv.id, {
          codeHash,
          expiresAt: new Date(t + INVITATION_TTL_MS),
          lastSentAt: new Date(t),
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'team.invite-resend',
          targetType: 'invitation',
          targetId: inv.id,
        });
        return mail.queueMail(tx, {
          kind: 'invitation',
          key: `invitation:${inv.id}:${codeHash}`,
          message: invitationMail(inv.email, template, linkFor(code)),
        });
      });
      await mail.dispatch(outboxId);
      return memberFromInvitation({ ...inv, expiresAt: new Date(t + INVITATION_TTL_MS) }, t);
    },

    /** DELETE /api/invitations/{memberId}: the link stops working and the seat is freed. */
    async revokeInvitation(opts: { auth: AuthContext; invitationId: string }): Promise<void> {
      const companyId = requireCompanyId(opts.auth);
      const inv = await repo.findInvitation(companyId, opts.invitationId);
      if (!inv) throw memberNotFound();
      if (inv.status === 'revoked') return;
      if (inv.status === 'accepted') throw invitationUnusable('accepted');
      await db.transaction(async (tx) => {
        const r = createTeamRepository(tx);
        await r.updateInvitation(inv.id, { status: 'revoked' });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'team.invite-revoke',
          targetType: 'invitation',
          targetId: inv.id,
        });
      });
    },

    /** GET /api/invitations/{id}: what the link's holder may see (the company and the invited e-mail). */
    async getPublicInvitation(opts: { code: string }): Promise<PublicInvitation> {
      const found = /^[A-Za-z0-9_-]{20,100}$/.test(opts.code)
        ? await repo.findInvitationByCodeHash(hashToken(opts.code))
        : undefined;
      if (!found) throw new AppError(ERROR_CODES.invitationNotFound);
      const { invitation } = found;
      const state = invitationState(
        { status: invitation.status as 'pending' | 'accepted' | 'revoked', expiresAt: invitation.expiresAt },
        now(),
      );
      const message = STATE_MESSAGES[state];
      return {
        email: invitation.email,
        companyName: found.companyName,
        role: invitation.role,
        status: state,
        expiresAt: invitation.expiresAt.toISOString(),
        ...(message ? { message } : {}),
      };
    },

    /**
     * PUT /api/members/{memberId}/status. Activation respects the user quota; deactivation ends every
     * session of the member at once. Nobody changes their own status, so a team always keeps an administrator.
     */
    async setMemberStatus(opts: {
      auth: AuthContext;
      memberId: string;
      status: 'active' | 'inactive';
    }): Promise<Member> {
      const companyId = requireCompanyId(opts.auth);
      const user = await loadMember(companyId, opts.memberId);
      if (user.id === opts.auth.userId) {
        throw new AppError(ERROR_CODES.ownMembership, MESSAGES.cannotChangeOwnStatus);
      }
      const { company } = await loadCompany(companyId);
      if (user.status === opts.status) return memberFromUser(user, company.status);
      await db.transaction(async (tx) => {
        const a = createCompaniesRepository(tx);
        await a.lockCompany(companyId);
        if (opts.status === 'active') {
          const { membership } = await lockedCompany(a, companyId);
          const activeUsers = await a.countActiveUsers(companyId);
          if (!canActivate({ userQuota: membership.userQuota, activeUsers })) {
            throw new AppError(ERROR_CODES.userQuota, MESSAGES.userQuotaActivate);
          }
        }
        await createUsersRepository(tx).updateUser(user.id, { status: opts.status });
        // signed out everywhere in the same transaction, through auth (the sessions are auth's)
        if (opts.status === 'inactive') await deps.auth.revokeUserSessions(tx, user.id);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: opts.status === 'active' ? 'team.activate' : 'team.deactivate',
          targetType: 'user',
          targetId: user.id,
        });
      });
      return memberFromUser({ ...user, status: opts.status }, company.status);
    },

    /** PUT /api/members/{memberId}/role: takes effect on the member's next call. */
    async setMemberRole(opts: { auth: AuthContext; memberId: string; role: TeamRole }): Promise<Member> {
      const companyId = requireCompanyId(opts.auth);
      const user = await loadMember(companyId, opts.memberId);
      if (user.id === opts.auth.userId) {
        throw new AppError(ERROR_CODES.ownMembership, MESSAGES.cannotChangeOwnRole);
      }
      const { company } = await loadCompany(companyId);
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).updateUser(user.id, { role: opts.role });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'team.role',
          targetType: 'user',
          targetId: user.id,
          details: { from: user.role, to: opts.role },
        });
      });
      return memberFromUser({ ...user, role: opts.role }, company.status);
    },

    /** PUT /api/members/{memberId}/info: names and phone of a member. */
    async setMemberInfo(opts: { auth: AuthContext; memberId: string } & MemberInfoBody): Promise<Member> {
      const companyId = requireCompanyId(opts.auth);
      const user = await loadMember(companyId, opts.memberId);
      const { company } = await loadCompany(companyId);
      const patch = { firstName: opts.firstName, lastName: opts.lastName, phoneNumber: opts.phoneNumber };
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).updateUser(user.id, patch);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'team.info',
          targetType: 'user',
          targetId: user.id,
        });
      });
      return memberFromUser({ ...user, ...patch }, company.status);
    },

    /**
     * POST /api/members/{memberId}/password: e-mails the member a password-reset code (decision 006). The
     * administrator never sees or sets the password; the member's sessions end when they set a new one.
     */
    async resetMemberPassword(opts: { auth: AuthContext; memberId: string }): Promise<void> {
      const companyId = requireCompanyId(opts.auth);
      const user = await loadMember(companyId, opts.memberId);
      await writeAudit(db, {
        actorUserId: opts.auth.userId,
        companyId,
        action: 'team.password-reset',
        targetType: 'user',
        targetId: user.id,
      });
      await deps.auth.forgotPassword({ pool: 'client', email: user.email });
    },

    /** GET /api/companies/activated-members-count. */
    async activatedMembersCount(opts: { auth: AuthContext }): Promise<{ count: number; userQuota: number }> {
      const companyId = requireCompanyId(opts.auth);
      const { company, membership } = await loadCompany(companyId);
      const count = company.status === 'inactive' ? 0 : await accounts.countActiveUsers(companyId);
      return { count, userQuota: membership.userQuota };
    },

    /** GET /api/companies/invite-template. */
    async getInviteTemplate(opts: { auth: AuthContext }): Promise<InviteTemplate> {
      const companyId = requireCompanyId(opts.auth);
      const { company } = await loadCompany(companyId);
      return templateFor(opts.auth, company.name, 'STANDARD');
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
