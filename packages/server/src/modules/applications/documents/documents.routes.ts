import { DOCUMENTS_API } from '@under/core/api/applications/documents.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { DocumentsService } from './documents.service';

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Generated documents (issue 13; decision 046): the institution's list and actions, the applicant's, the files. */
export function registerDocumentRoutes(app: FastifyInstance, deps: { documents: DocumentsService }) {
  const { documents } = deps;
  defineRoute(app, DOCUMENTS_API.agreements, { access: 'client' }, ({ req, query }) =>
    documents.agreements({ auth: requireAuth(req), ...query }),
  );
  defineRoute(app, DOCUMENTS_API.documents, { access: 'client' }, ({ req, params, query }) =>
    documents.list({ auth: requireAuth(req), applicationId: params.applicationId, ...query }),
  );
  defineRoute(app, DOCUMENTS_API.generate, { access: 'client' }, ({ req, params }) =>
    documents.regenerate({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
  defineRoute(app, DOCUMENTS_API.deleteDocument, { access: 'clientAdmin' }, async ({ req, reply, params }) => {
    await documents.deleteDocument({ auth: requireAuth(req), ...params });
    return reply.code(204).send();
  });
  defineRoute(app, DOCUMENTS_API.documentUrl, { access: 'client' }, ({ req, params }) =>
    documents.documentUrl({ auth: requireAuth(req), ...params }),
  );
  // the signed URL is the credential (like /api/files)
  defineRoute(app, DOCUMENTS_API.documentFile, { access: 'public' }, async ({ reply, query }) => {
    const { file, name } = await documents.openFile(query.token);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.size)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition(name))
      .send(file.body);
  });
  defineRoute(app, DOCUMENTS_API.confirmPage, { access: 'client' }, async ({ req, reply, params }) => {
    const pdf = await documents.confirmPage({ auth: requireAuth(req), customFormId: params.customFormId });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('confirm-page.pdf'))
      .send(Buffer.from(pdf));
  });
  defineRoute(app, DOCUMENTS_API.applicantDocuments, { access: 'applicant' }, ({ params, query }) =>
    documents.applicantDocuments({ applicationId: params.applicationId, code: query.code }),
  );
  defineRoute(app, DOCUMENTS_API.preview, { access: 'applicant' }, async ({ req, reply, params, query }) => {
    const pdf = await documents.preview({ applicationId: params.applicationId, code: query.code, ip: req.ip });
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition('preview.pdf').replace('attachment', 'inline'))
      .send(Buffer.from(pdf));
  });
}
