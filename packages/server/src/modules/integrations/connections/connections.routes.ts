import { CONNECTIONS_API } from '@under/core/api/integrations/connections.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { IntegrationsService } from './connections.service';

/**
 * The integrations' connections, configs and permissions (issue #23; decision 073). Only a client ADMINISTRATOR
 * manages (clientAdmin); members read states (client); platform admins read any company's and set permissions.
 */
export function registerConnectionRoutes(app: FastifyInstance, deps: { integrations: IntegrationsService }) {
  const { integrations } = deps;
  defineRoute(app, CONNECTIONS_API.salesforceAddInfo, { access: 'clientAdmin' }, ({ req, body }) =>
    integrations.addInfo({ auth: requireAuth(req), ...body }),
  );
  // a browser redirect from Salesforce carries no Authorization header: the single-use state, bound to the user
  // and company that started the flow, is its authentication (decision 073); throttled against state guessing
  defineRoute(
    app,
    CONNECTIONS_API.salesforceCallback,
    { access: 'public', throttle: { max: 30, windowMs: 60_000 } },
    async ({ query, reply }) => reply.redirect(await integrations.callback(query), 302),
  );
  defineRoute(app, CONNECTIONS_API.salesforceGetToken, { access: 'clientAdmin' }, ({ req, body }) =>
    integrations.getToken({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, CONNECTIONS_API.salesforceCheckInfo, { access: 'client' }, ({ req }) =>
    integrations.checkInfo({ auth: requireAuth(req) }),
  );
  defineRoute(app, CONNECTIONS_API.salesforceTurnOff, { access: 'clientAdmin' }, ({ req, params }) =>
    integrations.turnOff({ auth: requireAuth(req), companyId: params.companyId }),
  );
  defineRoute(app, CONNECTIONS_API.salesforceIntegrations, { access: 'authenticated' }, ({ req, params }) =>
    integrations.salesforceIntegration({ auth: requireAuth(req), companyId: params.companyId }),
  );
  defineRoute(app, CONNECTIONS_API.list, { access: 'authenticated' }, ({ req, query }) =>
    integrations.overview({ auth: requireAuth(req), companyId: query.companyId }),
  );
  defineRoute(app, CONNECTIONS_API.companyIntegrations, { access: 'authenticated' }, ({ req, params }) =>
    integrations.overview({ auth: requireAuth(req), companyId: params.companyId }),
  );
  defineRoute(app, CONNECTIONS_API.saveConfig, { access: 'clientAdmin' }, ({ req, body }) =>
    integrations.saveConfig({ auth: requireAuth(req), body }),
  );
  defineRoute(app, CONNECTIONS_API.credentials, { access: 'client' }, ({ req, body }) =>
    integrations.credentialsForApplication({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, CONNECTIONS_API.getPermissions, { access: 'admin' }, ({ req, body }) =>
    integrations.getPermissions({ auth: requireAuth(req), companyId: body.companyId }),
  );
  defineRoute(app, CONNECTIONS_API.setPermissions, { access: 'admin' }, ({ req, body }) =>
    integrations.setPermissions({ auth: requireAuth(req), rows: body }),
  );
  defineRoute(app, CONNECTIONS_API.ucPermissions, { access: 'client' }, ({ req }) =>
    integrations.ucPermissions({ auth: requireAuth(req) }),
  );
}
