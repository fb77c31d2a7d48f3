import { TRANSAX_API } from '@under/core/api/integrations/transax.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { TransaxService } from './transax.service';

/** Transax pricing: a client ADMINISTRATOR sets up the company's integrations, so only they retrieve it. */
export function registerTransaxRoutes(app: FastifyInstance, deps: { transax: TransaxService }) {
  defineRoute(app, TRANSAX_API.retrievePricing, { access: 'clientAdmin' }, ({ req, body }) =>
    deps.transax.retrievePricing({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, TRANSAX_API.storedPricing, { access: 'clientAdmin' }, ({ req }) =>
    deps.transax.storedPricing({ auth: requireAuth(req) }),
  );
}
