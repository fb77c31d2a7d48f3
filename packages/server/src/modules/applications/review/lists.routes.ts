import { REVIEW_API } from '@under/core/api/applications/review.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationListsService } from './lists.service';

/**
 * The institution's application lists and statistics (issue 14; decision 042). Any member of the
 * team (a STANDARD member's view is narrowed to granted forms by the service); the admin's list is per account.
 * Platform admins do not decide applications: the status change is the institution's.
 */
export function registerApplicationListRoutes(app: FastifyInstance, deps: { lists: ApplicationListsService }) {
  defineRoute(app, REVIEW_API.list, { access: 'client' }, ({ req, query }) =>
    deps.lists.list({ auth: requireAuth(req), ...query }),
  );
  defineRoute(app, REVIEW_API.customers, { access: 'client' }, ({ req, query }) =>
    deps.lists.customers({ auth: requireAuth(req), ...query }),
  );
  defineRoute(app, REVIEW_API.statusStatistics, { access: 'client' }, ({ req, query }) =>
    deps.lists.statusStatistics({ auth: requireAuth(req), months: query.months }),
  );
  defineRoute(app, REVIEW_API.adminList, { access: 'admin' }, ({ query }) => deps.lists.adminList(query));
}
