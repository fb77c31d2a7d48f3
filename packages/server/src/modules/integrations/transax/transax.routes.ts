import { TRANSAX_API } from '@under/core/api/integrations/transax.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { TransaxService } from './transax.service';

/** Transax pricing: a client ADMINISTRATOR sets up the company's integrations, so only they retrieve it. */
export function registerTransaxRoutes(app: FastifyInstance, deps: { transax: TransaxService }) {
  // each call sends the typed user and password to the gateway: throttled against password guessing, as CardConnect's
  defineRoute(
    app,
    TRANSAX_API.retrievePricing,
    { access: 'clientAdmin', throttle: { max: 20, windowMs: 60_000 } },
    ({ req, body }) => deps.transax.retrievePricing({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, TRANSAX_API.storedPricing, { access: 'clientAdmin' }, ({ req }) =>
    deps.transax.storedPricing({ auth: requireAuth(req) }),
  );
}
