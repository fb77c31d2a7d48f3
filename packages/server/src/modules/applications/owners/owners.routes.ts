import { OWNERS_API } from '@under/core/api/applications/owners.contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationOwnersService } from './owners.service';

/**
 * Additional owners and applicant links (issue 12; decision 037). Applicant calls: the x-api-key header; the link's
 * code is the capability, checked by the service.
 */
export function registerApplicationOwnerRoutes(app: FastifyInstance, deps: { owners: ApplicationOwnersService }) {
  const { owners } = deps;

  defineRoute(app, OWNERS_API.setOwners, { access: 'applicant' }, ({ params, query, body }) =>
    owners.setOwners({ applicationId: params.applicationId, code: query.code, owners: body.owners }),
  );

  defineRoute(app, OWNERS_API.resendOwnerLink, { access: 'applicant' }, async ({ params, query }) => {
    await owners.resendOwnerLink({ applicationId: params.applicationId, ownerId: params.ownerId, code: query.code });
    return { ok: true as const };
  });

  defineRoute(app, OWNERS_API.requestLink, { access: 'applicant' }, async ({ req, body }) => {
    await owners.requestLink({ applicationId: body.applicationId, email: body.email, code: body.code, ip: req.ip });
    return { ok: true as const };
  });
}
