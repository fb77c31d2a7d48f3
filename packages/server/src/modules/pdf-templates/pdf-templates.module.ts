import { defineModule } from '../../module';
import { registerPdfTemplateRoutes } from './pdf-templates.routes';
import { createPdfTemplatesService } from './pdf-templates.service';

/** PDF templates and their mappings. */
export const templatesModule = defineModule({
  name: 'templates',
  needs: ['files'],
  // field detection binds what it finds to the dictionary: the library uses the templates too, so a later need
  // a clone with isCloneCcMapper copies the CardConnect mapping (decision 090): cardConnect needs the master forms
  later: ['library', 'cardConnect'],
  create: ({ db, storage, pdfPool, log }, services) =>
    createPdfTemplatesService({
      db,
      storage,
      files: services.files,
      pdf: pdfPool,
      log,
      dictionary: () => services.library.bindableEntries(),
      ccMapping: () => services.cardConnect,
    }),
  routes: (app, templates) => registerPdfTemplateRoutes(app, { templates }),
});
