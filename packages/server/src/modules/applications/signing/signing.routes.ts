import { SIGNING_API } from '@under/core/api/applications/signing.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { SigningService } from './signing.service';

/** Signing (issue 13; decision 045): the owners' public calls and the institution's reminders and removals. */
export function registerSigningRoutes(app: FastifyInstance, deps: { signing: SigningService }) {
  const { signing } = deps;
  defineRoute(app, SIGNING_API.signStatus, { access: 'applicant' }, ({ params, query }) =>
    signing.signStatus({ applicationId: params.applicationId, code: query.code }),
  );
  defineRoute(app, SIGNING_API.signCode, { access: 'applicant' }, ({ params, query }) =>
    signing.signCode({ applicationId: params.applicationId, code: query.code }),
  );
  // a burst of guesses from one address is slowed before the code's own 5 attempts
  defineRoute(
    app,
    SIGNING_API.sign,
    { access: 'applicant', throttle: { max: 30, windowMs: 15 * 60_000 } },
    ({ params, query, body }) => signing.sign({ applicationId: params.applicationId, code: query.code, body }),
  );
  defineRoute(app, SIGNING_API.remind, { access: 'applicant' }, ({ params, query, body }) =>
    signing.remindFromPrimary({ applicationId: params.applicationId, code: query.code, ownerId: body?.ownerId }),
  );
  defineRoute(app, SIGNING_API.clientRemind, { access: 'client' }, ({ req, params, body }) =>
    signing.remindFromClient({ auth: requireAuth(req), applicationId: params.applicationId, ownerId: body?.ownerId }),
  );
  defineRoute(app, SIGNING_API.removeSignature, { access: 'clientAdmin' }, ({ req, params, body }) =>
    signing.removeSignature({
      auth: requireAuth(req),
      applicationId: params.applicationId,
      ownerId: body?.ownerId,
      reason: body?.reason,
    }),
  );
}
