import { defineModule } from '../../../module';
import { registerSigningRoutes } from './signing.routes';
import { createSigningService } from './signing.service';

/** Every owner signs from their link with an e-mailed code (issue 13; decision 045). */
export const signingModule = defineModule({
  name: 'signing',
  needs: ['mail', 'customForms'],
  create: ({ db, storage, jobs, throttles, events, config, now }, { mail, customForms }) =>
    createSigningService({
      db,
      mail,
      storage,
      jobs,
      forms: customForms,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      throttles,
      now,
      events,
    }),
  routes: (app, signing) => registerSigningRoutes(app, { signing }),
});
