import {
  AccessibilityBodySchema,
  BriefMasterFormSchema,
  BriefMasterFormsQuerySchema,
  CreateMasterFormBodySchema,
  GeneralBodySchema,
  GlobalPermissionBodySchema,
  GrantPermissionBodySchema,
  MasterFormListItemSchema,
  MasterFormParamsSchema,
  MasterFormSchema,
  ModeBodySchema,
  PermissionDetailSchema,
  StatusBodySchema,
  UpdateMasterFormBodySchema,
} from '@under/core/templates/master-form.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access';
import type { MasterFormsService } from './master-forms.service';

/** Master forms, their versions, template access and permissions (spec 2 §6, §7); admins only. */
export function registerMasterFormRoutes(app: FastifyInstance, deps: { masterForms: MasterFormsService }) {
  const { masterForms } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  const tags = ['master-forms'];

  r.post(
    '/api/master_forms',
    { config: admin, schema: { tags, body: CreateMasterFormBodySchema, response: { 201: MasterFormSchema } } },
    async (req, reply) =>
      reply.code(201).send(await masterForms.createMasterForm({ auth: requireAuth(req), ...req.body })),
  );
  r.get(
    '/api/brief_master_forms',
    {
      config: admin,
      schema: { tags, querystring: BriefMasterFormsQuerySchema, response: { 200: z.array(BriefMasterFormSchema) } },
    },
    async (req) => masterForms.briefMasterForms(req.query),
  );
  r.get(
    '/api/master_forms_with_total_form',
    {
      config: admin,
      schema: { tags, response: { 200: z.array(MasterFormListItemSchema) } },
    },
    async () => masterForms.masterFormsWithTotalForm(),
  );
  r.get(
    '/api/master_forms/:formId',
    { config: admin, schema: { tags, params: MasterFormParamsSchema, response: { 200: MasterFormSchema } } },
    async (req) => masterForms.getMasterForm(req.params),
  );
  r.post(
    '/api/master_forms/:formId',
    {
      config: admin,
      schema: {
        tags,
        params: MasterFormParamsSchema,
        body: UpdateMasterFormBodySchema,
        response: { 200: MasterFormSchema },
      },
    },
    async (req) =>
      masterForms.updateMasterForm({
        auth: requireAuth(req),
        formId: req.params.formId,
        structure: req.body.structure,
      }),
  );
  r.patch(
    '/api/master_forms/:formId/mode',
    {
      config: admin,
      schema: { tags, params: MasterFormParamsSchema, body: ModeBodySchema, response: { 200: MasterFormSchema } },
    },
    async (req) => masterForms.setMode({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
  );
  r.patch(
    '/api/master_forms/:formId/general',
    {
      config: admin,
      schema: { tags, params: MasterFormParamsSchema, body: GeneralBodySchema, response: { 200: MasterFormSchema } },
    },
    async (req) => masterForms.setGeneral({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
  );
  r.patch(
    '/api/master_forms/:formId/accessibility',
    {
      config: admin,
      schema: {
        tags,
        params: MasterFormParamsSchema,
        body: AccessibilityBodySchema,
        response: { 200: MasterFormSchema },
      },
    },
    async (req) => masterForms.setAccessibility({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
  );
  r.patch(
    '/api/master_forms/:formId/status',
    {
      config: admin,
      schema: { tags, params: MasterFormParamsSchema, body: StatusBodySchema, response: { 200: MasterFormSchema } },
    },
    async (req) => masterForms.setStatus({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
  );
  r.patch(
    '/api/master_forms/:formId/versions',
    {
      config: admin,
      schema: {
        tags,
        params: MasterFormParamsSchema,
        body: z.unknown().optional(),
        response: { 200: MasterFormSchema },
      },
    },
    async (req) => masterForms.publish({ auth: requireAuth(req), formId: req.params.formId }),
  );
  r.get(
    '/api/master_forms/:formId/versions',
    {
      config: admin,
      schema: {
        tags,
        params: MasterFormParamsSchema,
        response: {
          200: z.array(z.object({ version: z.number(), mappingFieldsVersion: z.number(), publishedAt: z.string() })),
        },
      },
    },
    async (req) => masterForms.listVersions(req.params),
  );

  r.get(
    '/api/master_forms/:formId/permission',
    { config: admin, schema: { tags, params: MasterFormParamsSchema, response: { 200: PermissionDetailSchema } } },
    async (req) => masterForms.getPermission(req.params),
  );
  r.patch(
    '/api/master_forms/:formId/permission',
    {
      config: admin,
      schema: {
        tags,
        params: MasterFormParamsSchema,
        body: GlobalPermissionBodySchema,
        response: { 200: MasterFormSchema },
      },
    },
    async (req) =>
      masterForms.setGlobalPermission({ auth: requireAuth(req), formId: req.params.formId, global: req.body.global }),
  );
  r.post(
    '/api/master_forms/:formId/permission',
    {
      config: admin,
      schema: {
        tags,
        params: MasterFormParamsSchema,
        body: GrantPermissionBodySchema,
        response: { 200: PermissionDetailSchema },
      },
    },
    async (req) => masterForms.grantPermission({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
  );

  r.get(
    '/api/pdf_templates/:templateId/master_form',
    {
      config: admin,
      schema: {
        tags,
        params: z.strictObject({ templateId: z.uuid() }),
        response: { 200: z.object({ formId: z.string().nullable() }) },
      },
    },
    async (req) => masterForms.formIdByTemplate(req.params),
  );
}
