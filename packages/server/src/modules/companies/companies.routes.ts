import {
  CompanyParamsSchema,
  CompanySchema,
  CompanySummarySchema,
  LogoSchema,
  LogoUploadUrlBodySchema,
  LogoUploadUrlSchema,
  MembershipListSchema,
  SetLogoBodySchema,
  SubscriptionQuerySchema,
  SubscriptionSchema,
  SubscriptionSummarySchema,
} from '@under/core/accounts/company.schema';
import { WhitelistDomainsBodySchema, WhitelistDomainsSchema } from '@under/core/accounts/domain';
import { MembershipSchema } from '@under/core/accounts/membership.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access';
import type { CompaniesService } from './companies.service';

/** Company, plan, subscription and application settings (spec 2 §7 "Team and company", "Membership"). */
export function registerCompanyRoutes(app: FastifyInstance, deps: { companies: CompaniesService }) {
  const { companies } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];

  r.get(
    '/api/companies/summary',
    { config: { access: 'client' }, schema: { tags, response: { 200: CompanySummarySchema } } },
    async (req) => companies.getSummary({ auth: requireAuth(req) }),
  );

  r.get(
    '/api/companies/whitelist-domains',
    { config: { access: 'client' }, schema: { tags, response: { 200: WhitelistDomainsSchema } } },
    async (req) => companies.getWhitelistDomains({ auth: requireAuth(req) }),
  );

  r.post(
    '/api/companies/whitelist-domains',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, body: WhitelistDomainsBodySchema, response: { 200: WhitelistDomainsSchema } },
    },
    async (req) => companies.setWhitelistDomains({ auth: requireAuth(req), domains: req.body.domains }),
  );

  r.post(
    '/api/companies/gen-upload-logo-url',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, body: LogoUploadUrlBodySchema.nullish(), response: { 200: LogoUploadUrlSchema } },
    },
    async (req) => companies.createLogoUploadUrl({ auth: requireAuth(req) }),
  );

  r.put(
    '/api/companies-logo/:companyId',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, params: CompanyParamsSchema, body: SetLogoBodySchema, response: { 200: LogoSchema } },
    },
    async (req) =>
      companies.setLogo({ auth: requireAuth(req), companyId: req.params.companyId, fileUrl: req.body.fileUrl }),
  );

  r.get(
    '/api/companies/:companyId',
    { config: { access: 'client' }, schema: { tags, params: CompanyParamsSchema, response: { 200: CompanySchema } } },
    async (req) => companies.getCompany({ auth: requireAuth(req), companyId: req.params.companyId }),
  );

  r.get(
    '/api/companies/:companyId/membership',
    {
      config: { access: 'client' },
      schema: { tags, params: CompanyParamsSchema, response: { 200: MembershipSchema } },
    },
    async (req) => companies.getCompanyMembership({ auth: requireAuth(req), companyId: req.params.companyId }),
  );

  r.get(
    '/api/memberships',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: MembershipListSchema } } },
    async () => companies.listMemberships(),
  );

  r.get(
    '/api/subscription',
    {
      config: { access: 'client' },
      schema: { tags, querystring: SubscriptionQuerySchema, response: { 200: SubscriptionSchema } },
    },
    async (req) => companies.getSubscription({ auth: requireAuth(req), companyId: req.query.companyId }),
  );

  r.get(
    '/api/subscription/summary',
    { config: { access: 'client' }, schema: { tags, response: { 200: SubscriptionSummarySchema } } },
    async (req) => companies.getSubscriptionSummary({ auth: requireAuth(req) }),
  );
}
