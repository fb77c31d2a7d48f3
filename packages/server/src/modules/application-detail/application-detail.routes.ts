import { APPLICATION_DETAIL_API } from '@under/core/api/application-detail.contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { applications } from '../../db/schema/index';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { ApplicationDetailService } from './application-detail.service';

/** The institution's reading of one application and its attachments (issues 13 and 14). */
export function registerApplicationDetailRoutes(
  app: FastifyInstance,
  deps: {
    detail: ApplicationDetailService;
    onDataChanged: (tx: DbOrTx, application: typeof applications.$inferSelect, path: string) => Promise<string[]>;
    onEdited: (
      tx: DbOrTx,
      application: typeof applications.$inferSelect,
      fields: string[],
    ) => Promise<{ invalidated: number; outbox: string[] }>;
    dispatch: (outboxId: string) => Promise<void>;
  },
) {
  const { detail } = deps;
  defineRoute(app, APPLICATION_DETAIL_API.detail, { access: 'client' }, ({ req, params, query }) =>
    detail.detail({ auth: requireAuth(req), applicationId: params.applicationId, companyId: query.companyId }),
  );
  defineRoute(app, APPLICATION_DETAIL_API.update, { access: 'client' }, async ({ req, params, query, body }) => {
    const { response, outbox } = await detail.update(
      { auth: requireAuth(req), applicationId: params.applicationId, companyId: query.companyId, ...body },
      deps.onEdited,
    );
    for (const id of outbox) await deps.dispatch(id);
    return response;
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
      const outbox = await detail.deleteAttachment({ auth: requireAuth(req), ...params }, deps.onDataChanged);
      for (const id of outbox) await deps.dispatch(id);
      return reply.code(204).send();
    },
  );
}
