import { REVIEW_API } from '@under/core/api/applications/review.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationStatusService } from './status.service';

/** The institution's status decisions (issue 14; decision 042); platform admins do not decide applications. */
export function registerApplicationStatusRoutes(app: FastifyInstance, deps: { status: ApplicationStatusService }) {
  defineRoute(app, REVIEW_API.changeStatus, { access: 'client' }, ({ req, params, query, body }) =>
    deps.status.changeStatus({ auth: requireAuth(req), ...params, ...query, ...body }),
  );
}
