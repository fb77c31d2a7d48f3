import { REVIEW_API } from '@under/core/api/applications/review.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationDetailService } from './detail.service';

/** The institution's reading of one application and its attachments (issues 13 and 14). */
export function registerApplicationDetailRoutes(app: FastifyInstance, deps: { detail: ApplicationDetailService }) {
  const { detail } = deps;
  defineRoute(app, REVIEW_API.detail, { access: 'client' }, ({ req, params, query }) =>
    detail.detail({ auth: requireAuth(req), applicationId: params.applicationId, companyId: query.companyId }),
  );
  defineRoute(app, REVIEW_API.update, { access: 'client' }, async ({ req, params, query, body }) => {
    return detail.update({
      auth: requireAuth(req),
      applicationId: params.applicationId,
      companyId: query.companyId,
      ...body,
    });
  });
  defineRoute(app, REVIEW_API.attachments, { access: 'client' }, ({ req, params, query }) =>
    detail.attachments({ auth: requireAuth(req), applicationId: params.applicationId, ...query }),
  );
  defineRoute(app, REVIEW_API.attachmentUrl, { access: 'client' }, ({ req, params }) =>
    detail.attachmentUrl({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, REVIEW_API.deleteAttachment, { access: 'clientAdmin' }, async ({ req, reply, params }) => {
    await detail.deleteAttachment({ auth: requireAuth(req), ...params });
    return reply.code(204).send();
  });
}
