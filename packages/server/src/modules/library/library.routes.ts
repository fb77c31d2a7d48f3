import { LIBRARY_API } from '@under/core/api/library.contract';
import { PROCESSORS } from '@under/core/templates/master-form.schema';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { LibraryService } from './library.service';
import type { PushUpdatesService } from './push-updates.service';

/** Dictionaries, sections, their pushes to master forms, and the processors (spec 2 §7); admins only. */
export function registerLibraryRoutes(
  app: FastifyInstance,
  deps: { library: LibraryService; pushUpdates: PushUpdatesService },
) {
  const { library, pushUpdates } = deps;
  const api = LIBRARY_API;
  const admin = { access: 'admin' as const };

  // ---- dictionaries
  defineRoute(app, api.listDictionaries, admin, ({ query }) => library.listDictionaries(query));
  defineRoute(app, api.getDictionary, admin, ({ params }) => library.getDictionary(params));
  defineRoute(app, api.createDictionary, admin, ({ req, body }) =>
    library.saveDictionary({ auth: requireAuth(req), input: body }),
  );
  defineRoute(app, api.updateDictionary, admin, ({ req, params, body }) =>
    library.saveDictionary({ auth: requireAuth(req), dictionaryId: params.dictionaryId, input: body }),
  );
  defineRoute(app, api.deleteDictionary, admin, ({ req, params }) =>
    library.deleteDictionary({ auth: requireAuth(req), dictionaryId: params.dictionaryId }),
  );

  // ---- sections
  defineRoute(app, api.listSections, admin, ({ query }) => {
    const p = query.processors;
    return library.listSections({
      q: query.q,
      processors: p === undefined ? undefined : Array.isArray(p) ? p : [p],
    });
  });
  defineRoute(app, api.getSection, admin, ({ params }) => library.getSection(params));
  defineRoute(app, api.createSection, admin, ({ req, body }) =>
    library.saveSection({ auth: requireAuth(req), input: body }),
  );
  defineRoute(app, api.updateSection, admin, ({ req, params, body }) =>
    library.saveSection({ auth: requireAuth(req), sectionId: params.sectionId, input: body }),
  );

  // ---- pushes (durable jobs)
  for (const [e, kind] of [
    [api.pushDictionary, 'dictionary'],
    [api.pushSection, 'section'],
  ] as const) {
    defineRoute(app, e, admin, ({ req, body }) => pushUpdates.push({ auth: requireAuth(req), kind, id: body.id }));
  }
  defineRoute(app, api.getPush, admin, ({ params }) => pushUpdates.getPush(params));

  // ---- processors, which sections and master forms name
  defineRoute(app, api.listProcessors, admin, () => [...PROCESSORS]);
}
