import { VANTIV_API } from '@under/core/api/integrations/vantiv.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { VantivService } from './vantiv.service';

/**
 * Worldpay/Vantiv (issue #24 §2; decision 088). Only a client ADMINISTRATOR sets up the credentials (members read the
 * state, no masks); staging is an action on an application, open to those who may see it (as a manual sync is).
 */
export function registerVantivRoutes(app: FastifyInstance, deps: { vantiv: VantivService }) {
  const { vantiv } = deps;
  defineRoute(app, VANTIV_API.get, { access: 'client' }, ({ req }) => vantiv.get({ auth: requireAuth(req) }));
  defineRoute(app, VANTIV_API.integrate, { access: 'clientAdmin' }, ({ req, body }) =>
    vantiv.integrate({ auth: requireAuth(req), body }),
  );
  // each stage sends the company's password and the merchant's data to Worldpay: throttled
  defineRoute(app, VANTIV_API.stage, { access: 'client', throttle: { max: 20, windowMs: 60_000 } }, ({ req, body }) =>
    vantiv.stage({ auth: requireAuth(req), applicationId: body.applicationId }),
  );
  defineRoute(app, VANTIV_API.lastStage, { access: 'client' }, ({ req, params }) =>
    vantiv.lastStage({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
}
