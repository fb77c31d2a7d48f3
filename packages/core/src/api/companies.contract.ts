import {
  CompanyParamsSchema,
  CompanySchema,
  CompanySummarySchema,
  LogoSchema,
  LogoUploadUrlBodySchema,
  LogoUploadUrlSchema,
  MembershipListSchema,
  SetLogoBodySchema,
  SubscriptionSummarySchema,
} from '../accounts/company.schema';
import { WhitelistDomainsBodySchema, WhitelistDomainsSchema } from '../accounts/domain';
import { MembershipSchema } from '../accounts/membership.schema';
import { endpoint } from './contract';

const tag = 'companies';

/** Company, plan, subscription and application settings (spec 2 §7 "Team and company", "Membership"). */
export const COMPANIES_API = {
  getSummary: endpoint({ method: 'GET', path: '/api/companies/summary', response: CompanySummarySchema, tag }),
  getWhitelistDomains: endpoint({
    method: 'GET',
    path: '/api/companies/whitelist-domains',
    response: WhitelistDomainsSchema,
    tag,
  }),
  setWhitelistDomains: endpoint({
    method: 'POST',
    path: '/api/companies/whitelist-domains',
    body: WhitelistDomainsBodySchema,
    response: WhitelistDomainsSchema,
    tag,
  }),
  /** A signed upload URL for the logo (decision 007); the bytes go to it, then setLogo attaches them. */
  createLogoUploadUrl: endpoint({
    method: 'POST',
    path: '/api/companies/gen-upload-logo-url',
    body: LogoUploadUrlBodySchema.nullish(),
    response: LogoUploadUrlSchema,
    tag,
  }),
  setLogo: endpoint({
    method: 'PUT',
    path: '/api/companies-logo/:companyId',
    params: CompanyParamsSchema,
    body: SetLogoBodySchema,
    response: LogoSchema,
    tag,
  }),
  getCompany: endpoint({
    method: 'GET',
    path: '/api/companies/:companyId',
    params: CompanyParamsSchema,
    response: CompanySchema,
    tag,
  }),
  getCompanyMembership: endpoint({
    method: 'GET',
    path: '/api/companies/:companyId/membership',
    params: CompanyParamsSchema,
    response: MembershipSchema,
    tag,
  }),
  listMemberships: endpoint({ method: 'GET', path: '/api/memberships', response: MembershipListSchema, tag }),
  // GET /api/subscription (quotas with the plan's billing) is the billing module's (BILLING_API.getSubscription)
  getSubscriptionSummary: endpoint({
    method: 'GET',
    path: '/api/subscription/summary',
    response: SubscriptionSummarySchema,
    tag,
  }),
} as const;
