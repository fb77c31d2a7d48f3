import { ACCOUNTS_API } from '@under/core/api/accounts.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { AccountsService } from './accounts.service';

export function registerMeRoutes(app: FastifyInstance, deps: { accounts: AccountsService }) {
  // a deactivated user may still learn that they are deactivated
  defineRoute(app, ACCOUNTS_API.getMe, { access: 'authenticated', allowDeactivated: true }, ({ req }) =>
    deps.accounts.getMe({ auth: requireAuth(req) }),
  );
}
