import { APPLICATION_DETAIL_API } from '@under/core/api/application-detail.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { ApplicationDetailService } from './application-detail.service';

/** The institution's reading of one application and its attachments (issues 13 and 14). */
export function registerApplicationDetailRoutes(app: FastifyInstance, deps: { detail: ApplicationDetailService }) {
  const { detail } = deps;
  defineRoute(app, APPLICATION_DETAIL_API.detail, { access: 'client' }, ({ req, params, query }) =>
    detail.detail({ auth: requireAuth(req), applicationId: params.applicationId, companyId: query.companyId }),
  );
  defineRoute(app, APPLICATION_DETAIL_API.update, { access: 'client' }, async ({ req, params, query, body }) => {
    return detail.update({
      auth: requireAuth(req),
      applicationId: params.applicationId,
      companyId: query.companyId,
      ...body,
    });
  });
  defineRoute(app, APPLICATION_DETAIL_API.attachments, { access: 'client' }, ({ req, params, query }) =>
    detail.attachments({ auth: requireAuth(req), applicationId: params.applicationId, ...query }),
  );
  defineRoute(app, APPLICATION_DETAIL_API.attachmentUrl, { access: 'client' }, ({ req, params }) =>
    detail.attachmentUrl({ auth: requireAuth(req), ...params }),
  );
  defineRoute(
    app,
    APPLICATION_DETAIL_API.deleteAttachment,
    { access: 'clientAdmin' },
    async ({ req, reply, params }) => {
      await detail.deleteAttachment({ auth: requireAuth(req), ...params });
      return reply.code(204).send();
    },
  );
}
