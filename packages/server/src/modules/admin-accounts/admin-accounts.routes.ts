import { ADMIN_ACCOUNTS_API } from '@under/core/api/admin-accounts.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { AdminAccountsService } from './admin-accounts.service';

/** The admin back office (spec 2 §7 "Accounts (admin)"): platform admins only. */
export function registerAdminAccountRoutes(app: FastifyInstance, deps: { adminAccounts: AdminAccountsService }) {
  const { adminAccounts: s } = deps;
  const api = ADMIN_ACCOUNTS_API;
  const access = 'admin' as const;

  defineRoute(app, api.listAccounts, { access }, ({ query }) => s.list(query));
  defineRoute(app, api.getAccount, { access }, ({ params }) => s.get(params));
  defineRoute(app, api.updateAccount, { access }, ({ req, params, body }) =>
    s.update({ auth: requireAuth(req), companyId: params.companyId, body }),
  );
  defineRoute(app, api.setSubscriptionLevel, { access }, ({ req, params, body }) =>
    s.setSubscriptionLevel({ auth: requireAuth(req), companyId: params.companyId, membershipId: body.membershipId }),
  );
  defineRoute(app, api.getAccountSummary, { access }, ({ params }) => s.summary(params));
  defineRoute(app, api.getOverview, { access }, () => s.overview());
  defineRoute(app, api.listAdminUsers, { access }, () => s.listAdminUsers());
  defineRoute(app, api.inviteAdminUser, { access }, ({ req, body }) =>
    s.inviteAdminUser({ auth: requireAuth(req), body }),
  );
  defineRoute(app, api.setAdminUserStatus, { access }, ({ req, params, body }) =>
    s.setAdminUserStatus({ auth: requireAuth(req), userId: params.userId, status: body.status }),
  );
}
