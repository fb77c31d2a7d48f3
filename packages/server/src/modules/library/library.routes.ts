import { OkResponseSchema } from '@under/core/auth/auth.schema';
import {
  DictionaryInputSchema,
  DictionaryListSchema,
  DictionaryParamsSchema,
  DictionarySchema,
  ListDictionariesQuerySchema,
} from '@under/core/templates/dictionary.schema';
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
  PROCESSORS,
  ProcessorListSchema,
  PushBodySchema,
  PushUpdateSchema,
  StatusBodySchema,
  UpdateMasterFormBodySchema,
} from '@under/core/templates/master-form.schema';
import { SectionInputSchema, SectionSchema } from '@under/core/templates/section.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access';
import type { LibraryService } from './library.service';

const SectionParamsSchema = z.strictObject({ sectionId: z.uuid() });
const SectionsQuerySchema = z.strictObject({
  q: z.string().max(50).optional(),
  processors: z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]).optional(),
});
const PushParamsSchema = z.strictObject({ pushId: z.uuid() });

/** Dictionaries, sections and master forms (spec 2 §7); admins only. */
export function registerLibraryRoutes(app: FastifyInstance, deps: { library: LibraryService }) {
  const { library } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  // ---- dictionaries
  {
    const tags = ['dictionaries'];
    r.get(
      '/api/dictionaries',
      {
        config: admin,
        schema: { tags, querystring: ListDictionariesQuerySchema, response: { 200: DictionaryListSchema } },
      },
      async (req) => library.listDictionaries(req.query),
    );
    r.get(
      '/api/dictionary/:dictionaryId',
      { config: admin, schema: { tags, params: DictionaryParamsSchema, response: { 200: DictionarySchema } } },
      async (req) => library.getDictionary(req.params),
    );
    r.post(
      '/api/dictionaries',
      { config: admin, schema: { tags, body: DictionaryInputSchema, response: { 201: DictionarySchema } } },
      async (req, reply) =>
        reply.code(201).send(await library.saveDictionary({ auth: requireAuth(req), input: req.body })),
    );
    r.patch(
      '/api/dictionaries/:dictionaryId',
      {
        config: admin,
        schema: {
          tags,
          params: DictionaryParamsSchema,
          body: DictionaryInputSchema,
          response: { 200: DictionarySchema },
        },
      },
      async (req) =>
        library.saveDictionary({ auth: requireAuth(req), dictionaryId: req.params.dictionaryId, input: req.body }),
    );
    r.delete(
      '/api/dictionaries/:dictionaryId',
      { config: admin, schema: { tags, params: DictionaryParamsSchema, response: { 200: OkResponseSchema } } },
      async (req) => library.deleteDictionary({ auth: requireAuth(req), dictionaryId: req.params.dictionaryId }),
    );
  }

  // ---- sections
  {
    const tags = ['sections'];
    r.get(
      '/api/sections',
      { config: admin, schema: { tags, querystring: SectionsQuerySchema, response: { 200: z.array(SectionSchema) } } },
      async (req) => {
        const p = req.query.processors;
        return library.listSections({
          q: req.query.q,
          processors: p === undefined ? undefined : Array.isArray(p) ? p : [p],
        });
      },
    );
    r.get(
      '/api/sections/:sectionId',
      { config: admin, schema: { tags, params: SectionParamsSchema, response: { 200: SectionSchema } } },
      async (req) => library.getSection(req.params),
    );
    r.post(
      '/api/new-section',
      { config: admin, schema: { tags, body: SectionInputSchema, response: { 201: SectionSchema } } },
      async (req, reply) =>
        reply.code(201).send(await library.saveSection({ auth: requireAuth(req), input: req.body })),
    );
    r.patch(
      '/api/sections/:sectionId',
      {
        config: admin,
        schema: { tags, params: SectionParamsSchema, body: SectionInputSchema, response: { 200: SectionSchema } },
      },
      async (req) => library.saveSection({ auth: requireAuth(req), sectionId: req.params.sectionId, input: req.body }),
    );
  }

  // ---- pushes (durable jobs)
  for (const [path, kind] of [
    ['/api/push-update-by-dictionaries', 'dictionary'],
    ['/api/push-update-by-sections', 'section'],
  ] as const) {
    r.post(
      path,
      { config: admin, schema: { tags: ['jobs'], body: PushBodySchema, response: { 202: PushUpdateSchema } } },
      async (req, reply) => reply.code(202).send(await library.push({ auth: requireAuth(req), kind, id: req.body.id })),
    );
  }
  r.get(
    '/api/push-updates/:pushId',
    { config: admin, schema: { tags: ['jobs'], params: PushParamsSchema, response: { 200: PushUpdateSchema } } },
    async (req) => library.getPush(req.params),
  );

  // ---- master forms
  const tags = ['master-forms'];
  r.get('/api/processors', { config: admin, schema: { tags, response: { 200: ProcessorListSchema } } }, async () => [
    ...PROCESSORS,
  ]);
  r.post(
    '/api/master_forms',
    { config: admin, schema: { tags, body: CreateMasterFormBodySchema, response: { 201: MasterFormSchema } } },
    async (req, reply) => reply.code(201).send(await library.createMasterForm({ auth: requireAuth(req), ...req.body })),
  );
  r.get(
    '/api/brief_master_forms',
    {
      config: admin,
      schema: { tags, querystring: BriefMasterFormsQuerySchema, response: { 200: z.array(BriefMasterFormSchema) } },
    },
    async (req) => library.briefMasterForms(req.query),
  );
  r.get(
    '/api/master_forms_with_total_form',
    {
      config: admin,
      schema: { tags, response: { 200: z.array(MasterFormListItemSchema) } },
    },
    async () => library.masterFormsWithTotalForm(),
  );
  r.get(
    '/api/master_forms/:formId',
    { config: admin, schema: { tags, params: MasterFormParamsSchema, response: { 200: MasterFormSchema } } },
    async (req) => library.getMasterForm(req.params),
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
      library.updateMasterForm({ auth: requireAuth(req), formId: req.params.formId, structure: req.body.structure }),
  );
  r.patch(
    '/api/master_forms/:formId/mode',
    {
      config: admin,
      schema: { tags, params: MasterFormParamsSchema, body: ModeBodySchema, response: { 200: MasterFormSchema } },
    },
    async (req) => library.setMode({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
  );
  r.patch(
    '/api/master_forms/:formId/general',
    {
      config: admin,
      schema: { tags, params: MasterFormParamsSchema, body: GeneralBodySchema, response: { 200: MasterFormSchema } },
    },
    async (req) => library.setGeneral({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
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
    async (req) => library.setAccessibility({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
  );
  r.patch(
    '/api/master_forms/:formId/status',
    {
      config: admin,
      schema: { tags, params: MasterFormParamsSchema, body: StatusBodySchema, response: { 200: MasterFormSchema } },
    },
    async (req) => library.setStatus({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
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
    async (req) => library.publish({ auth: requireAuth(req), formId: req.params.formId }),
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
    async (req) => library.listVersions(req.params),
  );

  r.get(
    '/api/master_forms/:formId/permission',
    { config: admin, schema: { tags, params: MasterFormParamsSchema, response: { 200: PermissionDetailSchema } } },
    async (req) => library.getPermission(req.params),
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
      library.setGlobalPermission({ auth: requireAuth(req), formId: req.params.formId, global: req.body.global }),
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
    async (req) => library.grantPermission({ auth: requireAuth(req), formId: req.params.formId, ...req.body }),
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
    async (req) => library.formIdByTemplate(req.params),
  );
}
