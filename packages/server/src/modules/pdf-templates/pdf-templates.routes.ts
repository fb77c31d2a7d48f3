import { PDF_TEMPLATES_API } from '@under/core/api/pdf-templates.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { PdfTemplatesService } from './pdf-templates.service';

/** PDF templates and their mapping (spec 2 §7 "PDF templates and master forms (admin)"); admins only. */
export function registerPdfTemplateRoutes(app: FastifyInstance, deps: { templates: PdfTemplatesService }) {
  const { templates } = deps;
  const api = PDF_TEMPLATES_API;
  const admin = { access: 'admin' as const };

  defineRoute(app, api.createUploadUrl, admin, ({ req }) => templates.createUploadUrl({ auth: requireAuth(req) }));
  defineRoute(app, api.checkName, admin, ({ body }) => templates.checkName({ value: body.value }));
  defineRoute(app, api.create, admin, ({ req, body }) => templates.create({ auth: requireAuth(req), ...body }));
  defineRoute(app, api.list, admin, ({ query }) => templates.list(query));
  defineRoute(app, api.get, admin, ({ params }) => templates.get({ templateId: params.templateId }));
  defineRoute(app, api.replaceFile, admin, ({ req, params, body }) =>
    templates.replaceFile({ auth: requireAuth(req), templateId: params.templateId, fileUrl: body.fileUrl }),
  );
  defineRoute(app, api.setArchived, admin, ({ req, params, body }) =>
    templates.setArchived({ auth: requireAuth(req), templateId: params.templateId, archived: body?.archived ?? true }),
  );
  defineRoute(app, api.clone, admin, ({ req, params, body }) =>
    templates.clone({ auth: requireAuth(req), templateId: params.templateId, ...body }),
  );
  defineRoute(app, api.saveMapping, admin, ({ req, params, body }) =>
    templates.saveMapping({ auth: requireAuth(req), templateId: params.templateId, data: body.data }),
  );
  defineRoute(app, api.detectFields, admin, ({ params }) => templates.detectFields({ templateId: params.templateId }));
  defineRoute(app, api.getMapping, admin, ({ params }) => templates.getMapping({ templateId: params.templateId }));

  // binary answers: the PDF bytes, sent by the handler
  for (const [e, useSamples] of [
    [api.review, true],
    [api.draftPdf, false],
  ] as const) {
    defineRoute(app, e, admin, async ({ params, body, reply }) => {
      const pdf = await templates.render({
        templateId: params.templateId,
        values: body?.values,
        fields: body?.data,
        useSamples: body?.draft === true ? false : useSamples,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="review.pdf"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    });
  }

  defineRoute(app, api.getSettings, admin, ({ params }) => templates.getSettings({ templateId: params.templateId }));
  defineRoute(app, api.setSettings, admin, ({ req, params, body }) =>
    templates.setSettings({ auth: requireAuth(req), templateId: params.templateId, settings: body }),
  );
  defineRoute(app, api.getConfirmPage, admin, ({ params }) =>
    templates.getConfirmPage({ templateId: params.templateId }),
  );
  defineRoute(app, api.setConfirmPage, admin, ({ req, params, body }) =>
    templates.setConfirmPage({ auth: requireAuth(req), templateId: params.templateId, items: body.items }),
  );
}
