import { randomUUID } from 'node:crypto';
import type {
  Company,
  CompanySummary,
  LogoUploadUrl,
  Subscription,
  SubscriptionSummary,
} from '@under/core/accounts/company.schema';
import type { Membership } from '@under/core/accounts/membership.schema';
import { remaining } from '@under/core/accounts/quota';
import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createCompaniesRepository as createSharedCompaniesRepository } from '../../db/repositories/companies.repository';
import { AppError } from '../../errors';
import type { UrlSigner } from '../../infra/storage/signed-url';
import type { Storage } from '../../infra/storage/storage';
import { companyNotFound, requireCompanyId, requireOwnCompany } from '../accounts/tenant';
import type { AuthContext } from '../auth/auth.service';
import { type CompanyRow, createCompaniesRepository } from './companies.repository';

/** Ours: an upload URL works for 15 minutes, a download URL for an hour. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;
export const DOWNLOAD_URL_TTL_MS = 60 * 60_000;

const logoPrefix = (companyId: string) => `companies/${companyId}/logo/`;
const nullableRemaining = (quota: number, used: number) => {
  const r = remaining(quota, used);
  return Number.isFinite(r) ? r : null;
};

export interface CompaniesServiceDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  log: FastifyBaseLogger;
  now?: () => number;
}

export function createCompaniesService(deps: CompaniesServiceDeps) {
  const { db, storage, signer, log } = deps;
  const accounts = createSharedCompaniesRepository(db);

  async function load(companyId: string) {
    const row = await accounts.findCompanyWithMembership(companyId);
    if (!row) throw companyNotFound();
    return row;
  }

  function logoUrl(company: CompanyRow): string | null {
    if (!company.logoFileUrl) return null;
    return signer.sign({ m: 'GET', k: company.logoFileUrl }, DOWNLOAD_URL_TTL_MS).url;
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
      // forms arrive with the form-builder issue; until then no company has an active form
      activatedForm: 0,
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

    /** GET /api/subscription (optionally ?companyId=, which must be the caller's). */
    async getSubscription(opts: { auth: AuthContext; companyId?: string }): Promise<Subscription> {
      const companyId = opts.companyId ? requireOwnCompany(opts.auth, opts.companyId) : requireCompanyId(opts.auth);
      const { company, membership } = await load(companyId);
      return subscriptionOf(company, membership);
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
        await r.audit({
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

    /** POST /api/companies/gen-upload-logo-url: a signed PUT URL for one new logo object of the caller's company. */
    async createLogoUploadUrl(opts: { auth: AuthContext }): Promise<LogoUploadUrl> {
      const companyId = requireCompanyId(opts.auth);
      await load(companyId);
      const key = `${logoPrefix(companyId)}${randomUUID()}`;
      const signed = signer.sign({ m: 'PUT', k: key, n: UPLOAD_MAX_BYTES, t: 'image' }, UPLOAD_URL_TTL_MS);
      return {
        uploadUrl: signed.url,
        fileUrl: key,
        expiresAt: signed.expiresAt.toISOString(),
        maxBytes: UPLOAD_MAX_BYTES,
      };
    },

    /**
     * PUT /api/companies-logo/{companyId}: makes an uploaded file the logo. The file must be one of this company's
     * logo uploads and must exist; the previous logo is deleted afterwards.
     */
    async setLogo(opts: {
      auth: AuthContext;
      companyId: string;
      fileUrl: string;
    }): Promise<{ logoUrl: string | null }> {
      const companyId = requireOwnCompany(opts.auth, opts.companyId);
      const { company } = await load(companyId);
      const key = opts.fileUrl;
      if (!key.startsWith(logoPrefix(companyId)) || !/^[0-9a-f-]{36}$/.test(key.slice(logoPrefix(companyId).length))) {
        throw new AppError(400, 'file/not-yours', MESSAGES.fileUrlInvalid);
      }
      if (!(await storage.stat(key))) throw new AppError(400, 'file/missing', MESSAGES.fileMissing);
      await db.transaction(async (tx) => {
        const r = createCompaniesRepository(tx);
        await r.updateCompany(companyId, { logoFileUrl: key });
        await r.audit({
          actorUserId: opts.auth.userId,
          companyId,
          action: 'company.logo',
          targetType: 'company',
          targetId: companyId,
        });
      });
      const previous = company.logoFileUrl;
      if (previous && previous !== key) {
        await storage.delete(previous).catch((err) => log.warn({ err, key: previous }, 'old logo not deleted'));
      }
      return { logoUrl: logoUrl({ ...company, logoFileUrl: key }) };
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
