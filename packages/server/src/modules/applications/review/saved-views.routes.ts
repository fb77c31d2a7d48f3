import { REVIEW_API } from '@under/core/api/applications/review.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { SavedViewsService } from './saved-views.service';

/** A signed-in client user's own saved views of the applications list (issue 14). */
export function registerSavedViewRoutes(app: FastifyInstance, deps: { views: SavedViewsService }) {
  const { views } = deps;
  defineRoute(app, REVIEW_API.savedViews, { access: 'client' }, ({ req }) => views.list({ auth: requireAuth(req) }));
  defineRoute(app, REVIEW_API.saveView, { access: 'client' }, ({ req, body }) =>
    views.save({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, REVIEW_API.deleteView, { access: 'client' }, async ({ req, reply, params }) => {
    await views.remove({ auth: requireAuth(req), viewId: params.viewId });
    return reply.code(204).send();
  });
}
