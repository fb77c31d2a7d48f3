import { defineModule } from '../../module';
import { registerApplicationCorrectionsRoutes } from './application-corrections.routes';
import { createApplicationCorrectionsService } from './application-corrections.service';

/** The institution's corrections: edit links, copies, the move to the latest version (decision 052). */
export const correctionsModule = defineModule({
  name: 'corrections',
  needs: ['mail', 'applicationDetail', 'signing'],
  create: ({ db, fieldCrypto, throttles, config, now }, { mail, applicationDetail, signing }) =>
    createApplicationCorrectionsService({
      db,
      mail,
      fieldCrypto,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      visible: (tx, auth, id, lock) => applicationDetail.visible(tx, auth, id, lock),
      signatures: signing,
      now,
      throttles,
    }),
  routes: (app, corrections) => registerApplicationCorrectionsRoutes(app, { corrections }),
});
