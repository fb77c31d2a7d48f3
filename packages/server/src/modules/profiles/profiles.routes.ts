import { ACCOUNTS_API } from '@under/core/api/accounts.contract';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_LOOKUP_THROTTLE, requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { ProfilesService } from './profiles.service';

/** Profiles and company registration (spec 2 §7 "Authentication": profile calls). */
export function registerProfileRoutes(app: FastifyInstance, deps: { profiles: ProfilesService }) {
  const { profiles } = deps;
  const api = ACCOUNTS_API;

  defineRoute(app, api.createProfile, { access: 'client' }, ({ req, body }) =>
    profiles.createProfile({ auth: requireAuth(req), ...body }),
  );
  defineRoute(app, api.saveTempProfile, { access: 'client' }, ({ req, body }) =>
    profiles.saveTempProfile({ auth: requireAuth(req), draft: body }),
  );
  defineRoute(app, api.checkEmail, { access: 'public', throttle: ACCOUNT_LOOKUP_THROTTLE }, ({ body }) =>
    profiles.checkEmail({ email: body.email }),
  );
  defineRoute(app, api.getProfile, { access: 'client' }, ({ req }) => profiles.getProfile({ auth: requireAuth(req) }));
  defineRoute(app, api.updateProfile, { access: 'client' }, ({ req, body }) =>
    profiles.updateProfile({ auth: requireAuth(req), ...body }),
  );
}
