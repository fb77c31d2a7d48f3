import { REVIEW_API } from '@under/core/api/applications/review.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationCorrectionsService } from './corrections.service';

/** Edit links, copies and repopulation of an application by its institution (issue 14, decision 052). */
export function registerApplicationCorrectionsRoutes(
  app: FastifyInstance,
  deps: { corrections: ApplicationCorrectionsService },
) {
  const { corrections } = deps;
  defineRoute(app, REVIEW_API.editUrl, { access: 'client' }, ({ req, params, body }) =>
    corrections.editUrl({ auth: requireAuth(req), applicationId: params.applicationId, email: body.email }),
  );
  defineRoute(app, REVIEW_API.inviteEdit, { access: 'client' }, ({ req, params, body }) =>
    corrections.inviteEdit({ auth: requireAuth(req), applicationId: params.applicationId, email: body.email }),
  );
  defineRoute(app, REVIEW_API.copy, { access: 'client' }, ({ req, params, body }) =>
    corrections.copy({ auth: requireAuth(req), applicationId: params.applicationId, email: body.email }),
  );
  defineRoute(app, REVIEW_API.repopulate, { access: 'client' }, ({ req, params }) =>
    corrections.repopulate({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
}
