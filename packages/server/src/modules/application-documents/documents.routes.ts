import { APPLICATION_DETAIL_API } from '@under/core/api/application-detail.contract';
import { SIGNING_API } from '@under/core/api/signing.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { DocumentsService } from './documents.service';

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Generated documents (issue 13; decision 046): the institution's list and actions, the applicant's, the files. */
export function registerDocumentRoutes(app: FastifyInstance, deps: { documents: DocumentsService }) {
  const { documents } = deps;
  defineRoute(app, APPLICATION_DETAIL_API.agreements, { access: 'client' }, ({ req, query }) =>
    documents.agreements({ auth: requireAuth(req), ...query }),
  );
  defineRoute(app, APPLICATION_DETAIL_API.documents, { access: 'client' }, ({ req, params, query }) =>
    documents.list({ auth: requireAuth(req), applicationId: params.applicationId, ...query }),
  );
  defineRoute(app, APPLICATION_DETAIL_API.generate, { access: 'client' }, ({ req, params }) =>
    documents.regenerate({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
  defineRoute(app, APPLICATION_DETAIL_API.deleteDocument, { access: 'clientAdmin' }, async ({ req, reply, params }) => {
    await documents.deleteDocument({ auth: requireAuth(req), ...params });
    return reply.code(204).send();
  });
  defineRoute(app, APPLICATION_DETAIL_API.documentUrl, { access: 'client' }, ({ req, params }) =>
    documents.documentUrl({ auth: requireAuth(req), ...params }),
  );
  // the signed URL is the credential (like /api/files)
  defineRoute(app, APPLICATION_DETAIL_API.documentFile, { access: 'public' }, async ({ reply, query }) => {
    const { file, name } = await documents.openFile(query.token);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.size)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition(name))
      .send(file.body);
  });
  defineRoute(app, APPLICATION_DETAIL_API.confirmPage, { access: 'client' }, async ({ req, reply, params }) => {
    const pdf = await documents.confirmPage({ auth: requireAuth(req), customFormId: params.customFormId });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('confirm-page.pdf'))
      .send(Buffer.from(pdf));
  });
  defineRoute(app, SIGNING_API.documents, { access: 'applicant' }, ({ params, query }) =>
    documents.applicantDocuments({ applicationId: params.applicationId, code: query.code }),
  );
  defineRoute(app, SIGNING_API.preview, { access: 'applicant' }, async ({ req, reply, params, query }) => {
    const pdf = await documents.preview({ applicationId: params.applicationId, code: query.code, ip: req.ip });
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition('preview.pdf').replace('attachment', 'inline'))
      .send(Buffer.from(pdf));
  });
}
