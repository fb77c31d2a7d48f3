import { COMPANIES_API } from '@under/core/api/companies.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { CompaniesService } from './companies.service';

/** Company, plan, subscription and application settings (spec 2 §7 "Team and company", "Membership"). */
export function registerCompanyRoutes(app: FastifyInstance, deps: { companies: CompaniesService }) {
  const { companies } = deps;
  const api = COMPANIES_API;

  defineRoute(app, api.getSummary, { access: 'client' }, ({ req }) => companies.getSummary({ auth: requireAuth(req) }));

  defineRoute(app, api.getWhitelistDomains, { access: 'client' }, ({ req }) =>
    companies.getWhitelistDomains({ auth: requireAuth(req) }),
  );

  defineRoute(app, api.setWhitelistDomains, { access: 'clientAdmin' }, ({ req, body }) =>
    companies.setWhitelistDomains({ auth: requireAuth(req), domains: body.domains }),
  );

  defineRoute(app, api.createLogoUploadUrl, { access: 'clientAdmin' }, ({ req }) =>
    companies.createLogoUploadUrl({ auth: requireAuth(req) }),
  );

  defineRoute(app, api.setLogo, { access: 'clientAdmin' }, ({ req, params, body }) =>
    companies.setLogo({ auth: requireAuth(req), companyId: params.companyId, fileUrl: body.fileUrl }),
  );

  defineRoute(app, api.getCompany, { access: 'client' }, ({ req, params }) =>
    companies.getCompany({ auth: requireAuth(req), companyId: params.companyId }),
  );

  defineRoute(app, api.getCompanyMembership, { access: 'client' }, ({ req, params }) =>
    companies.getCompanyMembership({ auth: requireAuth(req), companyId: params.companyId }),
  );

  defineRoute(app, api.listMemberships, { access: 'authenticated' }, () => companies.listMemberships());

  defineRoute(app, api.getSubscriptionSummary, { access: 'client' }, ({ req }) =>
    companies.getSubscriptionSummary({ auth: requireAuth(req) }),
  );
}
