import { defineModule } from '../../module';
import { registerPdfTemplateRoutes } from './pdf-templates.routes';
import { createPdfTemplatesService } from './pdf-templates.service';

/** PDF templates and their mappings. */
export const templatesModule = defineModule({
  name: 'templates',
  needs: ['files'],
  create: ({ db, storage, pdfPool, log }, { files }) =>
    createPdfTemplatesService({ db, storage, files, pdf: pdfPool, log }),
  routes: (app, templates) => registerPdfTemplateRoutes(app, { templates }),
});
