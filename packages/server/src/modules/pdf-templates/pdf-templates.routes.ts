import { MappingSchema, SaveMappingBodySchema } from '@under/core/templates/pdf-field.schema';
import {
  CheckNameBodySchema,
  CheckNameResultSchema,
  CloneTemplateBodySchema,
  ConfirmPageBodySchema,
  CreatePdfTemplateBodySchema,
  ListTemplatesQuerySchema,
  PdfTemplateListSchema,
  PdfTemplateParamsSchema,
  PdfTemplateSchema,
  PdfUploadUrlSchema,
  ReplacePdfBodySchema,
  ReplacePdfResultSchema,
  ReviewBodySchema,
  TemplateSettingsSchema,
} from '@under/core/templates/pdf-template.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access';
import type { PdfTemplatesService } from './pdf-templates.service';

const ArchiveBodySchema = z.strictObject({ archived: z.boolean().default(true) }).nullish();

/** PDF templates and their mapping (spec 2 §7 "PDF templates and master forms (admin)"); admins only. */
export function registerPdfTemplateRoutes(app: FastifyInstance, deps: { templates: PdfTemplatesService }) {
  const { templates } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pdf-templates'];
  const admin = { access: 'admin' as const };

  r.post(
    '/api/pdf_templates/gen_presigned_url',
    { config: admin, schema: { tags, body: z.unknown().optional(), response: { 200: PdfUploadUrlSchema } } },
    async (req) => templates.createUploadUrl({ auth: requireAuth(req) }),
  );

  r.post(
    '/api/create_form_check/name',
    { config: admin, schema: { tags, body: CheckNameBodySchema, response: { 200: CheckNameResultSchema } } },
    async (req) => templates.checkName({ value: req.body.value }),
  );

  r.post(
    '/api/pdf_templates',
    { config: admin, schema: { tags, body: CreatePdfTemplateBodySchema, response: { 201: PdfTemplateSchema } } },
    async (req, reply) => {
      const created = await templates.create({ auth: requireAuth(req), ...req.body });
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/pdf_templates',
    {
      config: admin,
      schema: { tags, querystring: ListTemplatesQuerySchema, response: { 200: PdfTemplateListSchema } },
    },
    async (req) => templates.list(req.query),
  );

  r.get(
    '/api/pdf_templates/:templateId',
    { config: admin, schema: { tags, params: PdfTemplateParamsSchema, response: { 200: PdfTemplateSchema } } },
    async (req) => templates.get({ templateId: req.params.templateId }),
  );

  r.patch(
    '/api/pdf_templates/:templateId/replace-pdf-file',
    {
      config: admin,
      schema: {
        tags,
        params: PdfTemplateParamsSchema,
        body: ReplacePdfBodySchema,
        response: { 200: ReplacePdfResultSchema },
      },
    },
    async (req) =>
      templates.replaceFile({ auth: requireAuth(req), templateId: req.params.templateId, fileUrl: req.body.fileUrl }),
  );

  r.patch(
    '/api/pdf_templates/:templateId/archive',
    {
      config: admin,
      schema: { tags, params: PdfTemplateParamsSchema, body: ArchiveBodySchema, response: { 200: PdfTemplateSchema } },
    },
    async (req) =>
      templates.setArchived({
        auth: requireAuth(req),
        templateId: req.params.templateId,
        archived: req.body?.archived ?? true,
      }),
  );

  r.post(
    '/api/templates/:templateId/clone',
    {
      config: admin,
      schema: {
        tags,
        params: PdfTemplateParamsSchema,
        body: CloneTemplateBodySchema,
        response: { 201: PdfTemplateSchema },
      },
    },
    async (req, reply) => {
      const created = await templates.clone({ auth: requireAuth(req), templateId: req.params.templateId, ...req.body });
      return reply.code(201).send(created);
    },
  );

  r.post(
    '/api/pdf_templates/:templateId/mapping_fields',
    {
      config: admin,
      schema: { tags, params: PdfTemplateParamsSchema, body: SaveMappingBodySchema, response: { 200: MappingSchema } },
    },
    async (req) =>
      templates.saveMapping({ auth: requireAuth(req), templateId: req.params.templateId, data: req.body.data }),
  );

  r.get(
    '/api/pdf_templates/:templateId/mapping_fields',
    { config: admin, schema: { tags, params: PdfTemplateParamsSchema, response: { 200: MappingSchema } } },
    async (req) => templates.getMapping({ templateId: req.params.templateId }),
  );

  for (const [path, useSamples] of [
    ['/api/pdf_templates/:templateId/review', true],
    ['/api/pdf_templates/:templateId/draft_pdf', false],
  ] as const) {
    r.post(
      path,
      { config: admin, schema: { tags, params: PdfTemplateParamsSchema, body: ReviewBodySchema } },
      async (req, reply) => {
        const pdf = await templates.render({
          templateId: req.params.templateId,
          values: req.body?.values,
          fields: req.body?.data,
          useSamples: req.body?.draft === true ? false : useSamples,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'inline; filename="review.pdf"')
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      },
    );
  }

  r.get(
    '/api/pdf_templates/:templateId/general-setting',
    { config: admin, schema: { tags, params: PdfTemplateParamsSchema, response: { 200: TemplateSettingsSchema } } },
    async (req) => templates.getSettings({ templateId: req.params.templateId }),
  );
  r.put(
    '/api/pdf_templates/:templateId/general-setting',
    {
      config: admin,
      schema: {
        tags,
        params: PdfTemplateParamsSchema,
        body: TemplateSettingsSchema,
        response: { 200: TemplateSettingsSchema },
      },
    },
    async (req) =>
      templates.setSettings({ auth: requireAuth(req), templateId: req.params.templateId, settings: req.body }),
  );
  r.get(
    '/api/pdf_templates/:templateId/confirm-page-mapper',
    { config: admin, schema: { tags, params: PdfTemplateParamsSchema, response: { 200: ConfirmPageBodySchema } } },
    async (req) => templates.getConfirmPage({ templateId: req.params.templateId }),
  );
  r.post(
    '/api/pdf_templates/:templateId/confirm-page-mapper',
    {
      config: admin,
      schema: {
        tags,
        params: PdfTemplateParamsSchema,
        body: ConfirmPageBodySchema,
        response: { 200: ConfirmPageBodySchema },
      },
    },
    async (req) =>
      templates.setConfirmPage({ auth: requireAuth(req), templateId: req.params.templateId, items: req.body.items }),
  );
}
