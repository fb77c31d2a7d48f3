import { BUTTON_LINKS_API } from '@under/core/api/integrations/button-links.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ButtonLinksService } from './button-links.service';

/** Button-link integrations (issue #24 §4): the platform's admin only; a client never sets nor reads a button link. */
export function registerButtonLinksRoutes(app: FastifyInstance, deps: { buttonLinks: ButtonLinksService }) {
  const s = deps.buttonLinks;
  defineRoute(app, BUTTON_LINKS_API.list, { access: 'admin' }, () => s.list());
  defineRoute(app, BUTTON_LINKS_API.create, { access: 'admin' }, ({ req, body }) =>
    s.create({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, BUTTON_LINKS_API.update, { access: 'admin' }, ({ req, params, body }) =>
    s.update({ auth: requireAuth(req), buttonLinkId: params.buttonLinkId, ...body }),
  );
  defineRoute(app, BUTTON_LINKS_API.rotateSecret, { access: 'admin' }, ({ req, params }) =>
    s.rotateSecret({ auth: requireAuth(req), buttonLinkId: params.buttonLinkId }),
  );
  defineRoute(app, BUTTON_LINKS_API.deliveries, { access: 'admin' }, ({ params, query }) =>
    s.deliveries({ buttonLinkId: params.buttonLinkId, page: query.page, pageSize: query.pageSize }),
  );
  defineRoute(app, BUTTON_LINKS_API.resend, { access: 'admin' }, ({ req, params }) =>
    s.resend({ auth: requireAuth(req), buttonLinkId: params.buttonLinkId, deliveryId: params.deliveryId }),
  );
}
