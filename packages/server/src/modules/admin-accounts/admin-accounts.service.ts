import { randomBytes } from 'node:crypto';
import { effectiveUserStatus } from '@under/core/accounts/enums';
import {
  type Account,
  type AccountSummary,
  type AdminOverview,
  type AdminUser,
  APPLICATION_STATUSES,
  type InviteAdminBody,
  type UpdateAccountBody,
} from '@under/core/admin-accounts/admin-accounts.schema';
import { ADMIN_ACCOUNTS_MESSAGES as M } from '@under/core/admin-accounts/admin-accounts-messages';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { adminInvitationText } from '@under/core/ui-text/mails';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { createUsersRepository, type UserRow } from '../../db/repositories/users.repository';
import { AppError, notFound } from '../../errors';
import { composeMail } from '../../infra/mail/compose';
import { hashPassword } from '../../security/secrets';
import { companyNotFound } from '../accounts/tenant';
import type { AuthService } from '../auth/auth.service';
import { dropScheduledDowngrade } from '../billing/billing.service';
import type { MailService } from '../mail/mail.service';
import type { MasterFormsService } from '../master-forms/master-forms.service';
import { type AccountListParams, type AccountRow, createAdminAccountsRepository } from './admin-accounts.repository';
import { monthBounds } from './revenue';

/** The summary lists at most this many members; the team screen pages through all of them. */
const SUMMARY_MEMBERS_MAX = 100;

interface AdminAccountsServiceDeps {
  db: Db;
  auth: Pick<AuthService, 'revokeCompanySessions' | 'revokeUserSessions'>;
  mail: Pick<MailService, 'queueMail' | 'dispatch'>;
  masterForms: Pick<MasterFormsService, 'briefMasterForms'>;
  publicUrl: string;
  now?: Clock;
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    membershipId: row.membershipId,
    membershipName: row.membershipName,
    activeMembers: row.activeMembers,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAdminAccountsService(deps: AdminAccountsServiceDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const repo = createAdminAccountsRepository(db);

  async function load(companyId: string): Promise<AccountRow> {
    const row = await repo.findAccount(companyId);
    if (!row) throw companyNotFound();
    return row;
  }

  return {
    /** GET /api/accounts: search by name, filter by plans, sort, page. */
    async list(p: AccountListParams) {
      const { rows, total } = await repo.listAccounts(p);
      return { items: rows.map(toAccount), total, page: p.page, pageSize: p.pageSize };
    },

    /** GET /api/accounts/{companyId} */
    async get(opts: { companyId: string }): Promise<Account> {
      return toAccount(await load(opts.companyId));
    },

    /**
     * PUT /api/accounts/{companyId}: name and status. Making the company inactive signs every one of its users out
     * at once, on every instance; their own status is kept, and the company's overrides it until it is active again
     * (spec 1 §4).
     */
    async update(opts: { auth: AuthContext; companyId: string; body: UpdateAccountBody }): Promise<Account> {
      await db.transaction(async (tx) => {
        const companies = createCompaniesRepository(tx);
        const current = await companies.lockCompany(opts.companyId);
        if (!current) throw companyNotFound();
        const fields = [
          ...(current.name !== opts.body.name ? ['name'] : []),
          ...(current.status !== opts.body.status ? ['status'] : []),
        ];
        if (fields.length === 0) return;
        await companies.updateCompany(current.id, { name: opts.body.name, status: opts.body.status });
        if (opts.body.status === 'inactive' && current.status !== 'inactive') {
          await deps.auth.revokeCompanySessions(tx, current.id);
        }
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId: current.id,
          action: 'account.update',
          targetType: 'company',
          targetId: current.id,
          details: { fields, ...(fields.includes('status') ? { status: opts.body.status } : {}) },
        });
      });
      return toAccount(await load(opts.companyId));
    },

    /**
     * PUT /api/accounts/{companyId}/subscription-level: the plan, changed by staff without a charge (a courtesy
     * upgrade, a correction). Members and forms over a smaller plan's quota stay as they are; the quota applies to
     * the next invitation or activation (decision 033).
     */
    async setSubscriptionLevel(opts: { auth: AuthContext; companyId: string; membershipId: string }): Promise<Account> {
      await db.transaction(async (tx) => {
        const companies = createCompaniesRepository(tx);
        const current = await companies.lockCompany(opts.companyId);
        if (!current) throw companyNotFound();
        const plan = await createAdminAccountsRepository(tx).findMembership(opts.membershipId);
        if (!plan)
          throw new AppError(ERROR_CODES.validation, M.unknownPlan, [{ path: 'membershipId', message: M.unknownPlan }]);
        if (current.membershipId === plan.id) return;
        await companies.updateCompany(current.id, { membershipId: plan.id });
        // the customer's scheduled downgrade would undo this at the period's end
        await dropScheduledDowngrade(tx, current.id, now());
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId: current.id,
          action: 'account.subscription-level',
          targetType: 'company',
          targetId: current.id,
          details: { from: current.membershipId, to: plan.id },
        });
      });
      return toAccount(await load(opts.companyId));
    },

    /** GET /api/accounts/{companyId}/summary: members, forms and applications of one company. */
    async summary(opts: { companyId: string }): Promise<AccountSummary> {
      const account = await load(opts.companyId);
      const members = await repo.listMembers(account.id, SUMMARY_MEMBERS_MAX);
      const forms = await deps.masterForms.briefMasterForms({ companyId: account.id });
      const counted = await repo.countApplicationsByStatus(account.id);
      return {
        account: toAccount(account),
        members: members.map((m) => ({ ...m, status: effectiveUserStatus(m.status, account.status) })),
        forms: {
          masterForms: forms.filter((f) => f.status === 'active').length,
          customForms: await createCompaniesRepository(db).countCustomForms(account.id),
        },
        applicationsByStatus: Object.fromEntries(
          APPLICATION_STATUSES.map((s) => [s, counted[s] ?? 0]),
        ) as AccountSummary['applicationsByStatus'],
      };
    },

    /** GET /api/admin/overview */
    async overview(): Promise<AdminOverview> {
      const month = monthBounds(now());
      return {
        accounts: await repo.countAccounts(),
        // payments received in the calendar month (UTC) of now
        revenueThisMonthCents: await repo.revenueCents(month),
        // the calendar month (UTC) like the revenue beside it; unsubmitted drafts left out as in every list
        applicationsThisMonth: await repo.countApplicationsCreated(month.from, month.to),
      };
    },

    // ---- User Administration

    async listAdminUsers(): Promise<{ items: AdminUser[] }> {
      return { items: (await repo.listAdminUsers()).map(toAdminUser) };
    },

    /**
     * POST /api/admin-users: creates a confirmed admin account without a usable password and mails its owner how to
     * choose one (the password recovery of the admin app, whose code goes to this address).
     */
    async inviteAdminUser(opts: { auth: AuthContext; body: InviteAdminBody }): Promise<AdminUser> {
      // a random password nobody knows: the account is usable only after a reset through the mailbox
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const inviterName =
        [opts.auth.profile.firstName, opts.auth.profile.lastName].filter(Boolean).join(' ') || opts.auth.email;
      try {
        const { user, outboxId } = await db.transaction(async (tx) => {
          const user = await createUsersRepository(tx).insertUser({
            pool: 'admin',
            email: opts.body.email,
            passwordHash,
            emailVerified: true,
            role: 'admin',
            status: 'active',
            firstName: opts.body.firstName,
            lastName: opts.body.lastName,
          });
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            action: 'admin-user.invite',
            targetType: 'user',
            targetId: user.id,
            details: { email: user.email },
          });
          const outboxId = await deps.mail.queueMail(tx, {
            kind: 'admin-invitation',
            key: `admin-invitation:${user.id}`,
            message: composeMail(
              user.email,
              adminInvitationText({ to: user.email, inviterName, publicUrl: deps.publicUrl }),
            ),
          });
          return { user, outboxId };
        });
        await deps.mail.dispatch(outboxId);
        return toAdminUser(user);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.adminUserExists);
        throw err;
      }
    },

    /**
     * PATCH /api/admin-users/{userId}/status: deactivating signs the admin out everywhere. The last active admin
     * cannot be deactivated: the active admins are locked first, so two deactivations at once cannot both pass.
     */
    async setAdminUserStatus(opts: { auth: AuthContext; userId: string; status: 'active' | 'inactive' }) {
      const user = await db.transaction(async (tx) => {
        const admins = createAdminAccountsRepository(tx);
        const active = await admins.lockActiveAdmins();
        const users = createUsersRepository(tx);
        const target = (await users.findUserWithCompany(opts.userId))?.user;
        if (target?.pool !== 'admin') throw notFound(MESSAGES.memberNotFound);
        if (target.status === opts.status) return target;
        if (opts.status === 'inactive' && active.every((a) => a.id === target.id)) {
          throw new AppError(ERROR_CODES.lastActiveAdmin);
        }
        await users.updateUser(target.id, { status: opts.status });
        if (opts.status === 'inactive') await deps.auth.revokeUserSessions(tx, target.id);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: 'admin-user.status',
          targetType: 'user',
          targetId: target.id,
          details: { from: target.status, to: opts.status },
        });
        return { ...target, status: opts.status };
      });
      return toAdminUser(user);
    },
  };
}

export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;
