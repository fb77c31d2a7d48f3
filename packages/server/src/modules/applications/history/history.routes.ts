import { HISTORY_API } from '@under/core/api/applications/history.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationHistoryService } from './history.service';

/** The institution reads an application's chained history (issue 13; decision 044). */
export function registerApplicationHistoryRoutes(app: FastifyInstance, deps: { history: ApplicationHistoryService }) {
  defineRoute(app, HISTORY_API.history, { access: 'client' }, ({ req, params, query }) =>
    deps.history.history({ auth: requireAuth(req), applicationId: params.applicationId, ...query }),
  );
}
