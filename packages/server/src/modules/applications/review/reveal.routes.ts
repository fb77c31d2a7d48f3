import { REVIEW_API } from '@under/core/api/applications/review.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { RevealService } from './reveal.service';

/** A client ADMINISTRATOR reveals one encrypted value of an application (decision 038). */
export function registerRevealRoutes(app: FastifyInstance, deps: { reveal: RevealService }) {
  // per address: a burst of reveals (scraping every application's SSNs) is slowed, one look at a value is not
  defineRoute(
    app,
    REVIEW_API.reveal,
    { access: 'clientAdmin', throttle: { max: 60, windowMs: 60_000 } },
    ({ req, params, body }) =>
      deps.reveal.reveal({ auth: requireAuth(req), applicationId: params.applicationId, path: body.path }),
  );
}
