import { APPLICATION_DETAIL_API } from '@under/core/api/application-detail.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { DocumentsService } from './documents.service';

/** The institution's generated documents of one application (issue 13; decision 046). */
export function registerDocumentRoutes(app: FastifyInstance, deps: { documents: DocumentsService }) {
  defineRoute(app, APPLICATION_DETAIL_API.documents, { access: 'client' }, ({ req, params, query }) =>
    deps.documents.list({ auth: requireAuth(req), applicationId: params.applicationId, ...query }),
  );
}
