import { defineModule } from '../../../module';
import { registerApplicationDetailRoutes } from './detail.routes';
import { createApplicationDetailService } from './detail.service';

/** The institution's reading and edit of one application and its attachments (issues 13, 14). */
export const applicationDetailModule = defineModule({
  name: 'applicationDetail',
  needs: ['customForms', 'files', 'signing', 'mail'],
  create: ({ db, fieldCrypto, now, events }, { customForms, files, signing, mail }) =>
    createApplicationDetailService({
      db,
      fieldCrypto,
      forms: customForms,
      files,
      now,
      signatures: signing,
      mail,
      events,
    }),
  routes: (app, detail) => registerApplicationDetailRoutes(app, { detail }),
});
