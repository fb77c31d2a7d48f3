import { defineModule } from '../../module';
import { registerLibraryRoutes } from './library.routes';
import { createLibraryService } from './library.service';
import { createPushUpdatesService } from './push-updates.service';

/**
 * Dictionary entries and sections. Master forms are made of library entries, so the library asks them (and the
 * templates) where an entry is used only when a delete asks: a later need.
 */
export const libraryModule = defineModule({
  name: 'library',
  later: ['masterForms', 'templates', 'pushUpdates'],
  create: ({ db }, services) =>
    createLibraryService({
      db,
      usage: {
        countUses: async (dictionaryId) => ({
          forms: (await services.masterForms.formsUsing({ kind: 'dictionary', id: dictionaryId })).length,
          templates: await services.templates.countBindingDictionary({ dictionaryId }),
        }),
      },
    }),
  routes: (app, library, { pushUpdates }) => registerLibraryRoutes(app, { library, pushUpdates }),
});

/** Library changes pushed into the master forms that use them. */
export const pushUpdatesModule = defineModule({
  name: 'pushUpdates',
  needs: ['library', 'masterForms'],
  create: ({ db, jobs, log }, { library, masterForms }) =>
    createPushUpdatesService({ db, jobs, log, library, masterForms }),
});
