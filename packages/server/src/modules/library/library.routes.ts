import { OkResponseSchema } from '@under/core/auth/auth.schema';
import {
  DictionaryInputSchema,
  DictionaryListSchema,
  DictionaryParamsSchema,
  DictionarySchema,
  ListDictionariesQuerySchema,
} from '@under/core/templates/dictionary.schema';
import {
  PROCESSORS,
  ProcessorListSchema,
  PushBodySchema,
  PushUpdateSchema,
} from '@under/core/templates/master-form.schema';
import { SectionInputSchema, SectionSchema } from '@under/core/templates/section.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access';
import type { LibraryService } from './library.service';
import type { PushUpdatesService } from './push-updates.service';

const SectionParamsSchema = z.strictObject({ sectionId: z.uuid() });
const SectionsQuerySchema = z.strictObject({
  q: z.string().max(50).optional(),
  processors: z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]).optional(),
});
const PushParamsSchema = z.strictObject({ pushId: z.uuid() });

/** Dictionaries, sections, their pushes to master forms, and the processors (spec 2 §7); admins only. */
export function registerLibraryRoutes(
  app: FastifyInstance,
  deps: { library: LibraryService; pushUpdates: PushUpdatesService },
) {
  const { library, pushUpdates } = deps;
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
      async (req, reply) =>
        reply.code(202).send(await pushUpdates.push({ auth: requireAuth(req), kind, id: req.body.id })),
    );
  }
  r.get(
    '/api/push-updates/:pushId',
    { config: admin, schema: { tags: ['jobs'], params: PushParamsSchema, response: { 200: PushUpdateSchema } } },
    async (req) => pushUpdates.getPush(req.params),
  );

  // ---- processors, which sections and master forms name
  r.get(
    '/api/processors',
    { config: admin, schema: { tags: ['master-forms'], response: { 200: ProcessorListSchema } } },
    async () => [...PROCESSORS],
  );
}
