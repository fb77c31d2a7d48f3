import { ADMIN_APPLICATIONS_API } from '@under/core/api/applications/admin.contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../plugins/route';
import type { AdminApplicationsService } from './admin.service';

/**
 * The platform admin's application figures and per-form screens (issue 14): admins only, over every account; they
 * read and never decide (decision 042: the decision is the institution's).
 */
export function registerAdminApplicationRoutes(
  app: FastifyInstance,
  deps: { adminApplications: AdminApplicationsService },
) {
  const { adminApplications: s } = deps;
  const api = ADMIN_APPLICATIONS_API;
  const access = 'admin' as const;

  defineRoute(app, api.statusStatistics, { access }, ({ query }) => s.statusStatistics(query));
  defineRoute(app, api.forms, { access }, ({ query }) => s.forms(query));
  defineRoute(app, api.members, { access }, ({ query }) => s.members(query));
}
