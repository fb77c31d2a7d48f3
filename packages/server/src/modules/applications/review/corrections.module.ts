import { defineModule } from '../../../module';
import { registerApplicationCorrectionsRoutes } from './corrections.routes';
import { createApplicationCorrectionsService } from './corrections.service';

/** The institution's corrections: edit links, copies, the move to the latest version (decision 052). */
export const correctionsModule = defineModule({
  name: 'corrections',
  needs: ['mail', 'customForms', 'signing'],
  create: ({ db, fieldCrypto, throttles, config, now, events }, { mail, customForms, signing }) =>
    createApplicationCorrectionsService({
      db,
      mail,
      fieldCrypto,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      forms: customForms,
      signatures: signing,
      now,
      throttles,
      events,
    }),
  routes: (app, corrections) => registerApplicationCorrectionsRoutes(app, { corrections }),
});
