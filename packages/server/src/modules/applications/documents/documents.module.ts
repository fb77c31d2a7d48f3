import { defineModule } from '../../../module';
import { registerDocumentRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';

/** The documents of signed applications: a job per run and a sweep of lost runs (issue 13; decision 046). */
export const documentsModule = defineModule({
  name: 'documents',
  needs: ['templates', 'customForms'],
  create: (p, { templates, customForms }) =>
    createDocumentsService({
      db: p.db,
      storage: p.storage,
      pdf: p.pdfPool,
      templates,
      fieldCrypto: p.fieldCrypto,
      sealer: p.sealer,
      jobs: p.jobs,
      forms: customForms,
      signer: p.signer,
      codeSecret: p.config.secrets.codeSecret,
      publicUrl: p.config.publicUrl,
      log: p.log,
      now: p.now,
      afterDocument: p.afterDocument,
      throttles: p.throttles,
      events: p.events,
    }),
  routes: (app, documents) => registerDocumentRoutes(app, { documents }),
  start: (documents) => documents.register(),
});
