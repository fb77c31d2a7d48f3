import type {
  Company,
  CompanySummary,
  LogoUploadUrl,
  Subscription,
  SubscriptionSummary,
} from '@under/core/accounts/company.schema';
import type { Membership } from '@under/core/accounts/membership.schema';
import { remaining } from '@under/core/accounts/quota';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { type CompanyRow, createCompaniesRepository } from '../../db/repositories/companies.repository';
import { companyNotFound, requireCompanyId, requireOwnCompany } from '../accounts/tenant';
import type { FilesService } from '../files/files.service';

const nullableRemaining = (quota: number, used: number) => {
  const r = remaining(quota, used);
  return Number.isFinite(r) ? r : null;
};

interface CompaniesServiceDeps {
  db: Db;
  files: FilesService;
  log: FastifyBaseLogger;
  now?: Clock;
}

export function createCompaniesService(deps: CompaniesServiceDeps) {
  const { db, files } = deps;
  const accounts = createCompaniesRepository(db);

  async function load(companyId: string) {
    const row = await accounts.findCompanyWithMembership(companyId);
    if (!row) throw companyNotFound();
    return row;
  }

  function logoUrl(company: CompanyRow): string | null {
    if (!company.logoFileUrl) return null;
    return files.downloadUrl(company.logoFileUrl);
  }

  function toCompany(company: CompanyRow): Company {
    return {
      id: company.id,
      name: company.name,
      status: company.status,
      membershipId: company.membershipId,
      logoUrl: logoUrl(company),
      whitelistedDomains: company.whitelistedDomains,
      createdAt: company.createdAt.toISOString(),
    };
  }

  async function subscriptionOf(company: CompanyRow, membership: Membership): Promise<Subscription> {
    const active = company.status === 'inactive' ? 0 : await accounts.countActiveUsers(company.id);
    return {
      userQuota: membership.userQuota,
      activatedUser: active,
      formQuota: membership.formQuota,
      activatedForm: company.status === 'inactive' ? 0 : await accounts.countActiveForms(company.id),
      accountStatus: company.status,
    };
  }

  return {
    /** GET /api/companies/{companyId}: the caller's own company; any other is 404. */
    async getCompany(opts: { auth: AuthContext; companyId: string }): Promise<Company> {
      const { company } = await load(requireOwnCompany(opts.auth, opts.companyId));
      return toCompany(company);
    },

    /** GET /api/companies/summary: company, plan, quotas used and the team's size, for the client home. */
    async getSummary(opts: { auth: AuthContext }): Promise<CompanySummary> {
      const companyId = requireCompanyId(opts.auth);
      const { company, membership } = await load(companyId);
      const counts = await accounts.countUsersByStatus(companyId);
      const invited = await accounts.countPendingInvitations(companyId, new Date(deps.now?.() ?? Date.now()));
      const inactiveCompany = company.status === 'inactive';
      return {
        company: toCompany(company),
        membership,
        subscription: await subscriptionOf(company, membership),
        team: {
          active: inactiveCompany ? 0 : counts.active,
          inactive: inactiveCompany ? counts.active + counts.inactive : counts.inactive,
          invited,
        },
      };
    },

    listMemberships: () => accounts.listMemberships(),

    /** The plan of the caller's own company. */
    async getCompanyMembership(opts: { auth: AuthContext; companyId: string }): Promise<Membership> {
      const { membership } = await load(requireOwnCompany(opts.auth, opts.companyId));
      return membership;
    },

    async getSubscriptionSummary(opts: { auth: AuthContext }): Promise<SubscriptionSummary> {
      const { company, membership } = await load(requireCompanyId(opts.auth));
      const subscription = await subscriptionOf(company, membership);
      return {
        membership,
        subscription,
        remainingUsers: nullableRemaining(membership.userQuota, subscription.activatedUser),
        remainingForms: nullableRemaining(membership.formQuota, subscription.activatedForm),
      };
    },

    async getWhitelistDomains(opts: { auth: AuthContext }): Promise<{ domains: string[] }> {
      const { company } = await load(requireCompanyId(opts.auth));
      return { domains: company.whitelistedDomains };
    },

    /** POST /api/companies/whitelist-domains: replaces the list (already validated as a whole). */
    async setWhitelistDomains(opts: { auth: AuthContext; domains: string[] }): Promise<{ domains: string[] }> {
      const companyId = requireCompanyId(opts.auth);
      await load(companyId);
      await db.transaction(async (tx) => {
        const r = createCompaniesRepository(tx);
        await r.updateCompany(companyId, { whitelistedDomains: opts.domains });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'company.whitelist-domains',
          targetType: 'company',
          targetId: companyId,
          details: { count: opts.domains.length },
        });
      });
      return { domains: opts.domains };
    },

    /** POST /api/companies/gen-upload-logo-url: a signed PUT URL for one new logo file, issued to the caller. */
    async createLogoUploadUrl(opts: { auth: AuthContext }): Promise<LogoUploadUrl> {
      const companyId = requireCompanyId(opts.auth);
      await load(companyId);
      return files.issueUpload({ purpose: 'company-logo', caller: { userId: opts.auth.userId, companyId } });
    },

    /**
     * PUT /api/companies-logo/{companyId}: makes an uploaded file the logo. The file must be a logo upload issued to
     * the caller, uploaded, and attached to nothing else; the previous logo is released in the same transaction and
     * its file deleted afterwards.
     */
    async setLogo(opts: {
      auth: AuthContext;
      companyId: string;
      fileUrl: string;
    }): Promise<{ logoUrl: string | null }> {
      const companyId = requireOwnCompany(opts.auth, opts.companyId);
      const { company } = await load(companyId);
      const key = opts.fileUrl;
      // setting the current logo again changes nothing
      if (company.logoFileUrl === key) return { logoUrl: logoUrl(company) };
      const owner = { kind: 'company-logo' as const, id: companyId };
      const caller = { userId: opts.auth.userId, companyId };
      const released = await db.transaction(async (tx) => {
        const r = createCompaniesRepository(tx);
        // two logo changes at once take turns: each releases what the other attached
        await r.lockCompany(companyId);
        const previous = await files.release(tx, { owner });
        await files.attach(tx, { key, purpose: 'company-logo', caller, owner });
        await r.updateCompany(companyId, { logoFileUrl: key });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'company.logo',
          targetType: 'company',
          targetId: companyId,
        });
        return previous;
      });
      await files.purgeReleased(released);
      return { logoUrl: logoUrl({ ...company, logoFileUrl: key }) };
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
