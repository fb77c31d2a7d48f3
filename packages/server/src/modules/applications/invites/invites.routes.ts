import { INVITES_API } from '@under/core/api/applications/invites.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationInvitesService } from './invites.service';

/** The institution invites a customer to a form (spec 2 §7 "send invite"; decision 041). Any member of the team. */
export function registerApplicationInviteRoutes(app: FastifyInstance, deps: { invites: ApplicationInvitesService }) {
  defineRoute(app, INVITES_API.invite, { access: 'client' }, ({ req, body }) =>
    deps.invites.invite({ auth: requireAuth(req), ...body }),
  );
}
