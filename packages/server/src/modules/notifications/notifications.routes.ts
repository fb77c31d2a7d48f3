import { NOTIFICATIONS_API } from '@under/core/api/notifications.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { NotificationsService } from './notifications.service';

/** A member's own e-mail choices and Home's latest events (issue 21 §4; decision 060). */
export function registerNotificationRoutes(app: FastifyInstance, deps: { notifications: NotificationsService }) {
  // no user id in the path: a member reads and changes only their own choices
  defineRoute(app, NOTIFICATIONS_API.getPreferences, { access: 'client' }, ({ req }) =>
    deps.notifications.preferences({ auth: requireAuth(req) }),
  );
  defineRoute(app, NOTIFICATIONS_API.updatePreference, { access: 'client' }, ({ req, body }) =>
    deps.notifications.updatePreference({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, NOTIFICATIONS_API.homeEvents, { access: 'client' }, ({ req, query }) =>
    deps.notifications.homeEvents({ auth: requireAuth(req), limit: query.limit }),
  );
}
