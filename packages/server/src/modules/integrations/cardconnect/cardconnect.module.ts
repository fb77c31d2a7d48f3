import { defineModule } from '../../../module';
import { registerCardConnectRoutes } from './cardconnect.routes';
import { createCardConnectService } from './cardconnect.service';

/**
 * CardConnect, the card processor's merchant boarding (issue #24 §1; decision 083): the company's sealed
 * credentials checked by a token, turn off and on, and (for the sync) the opened setup. Its client is the
 * platform's (`platform.cardConnect`, on `platform.outbound`).
 */
export const cardConnectModule = defineModule({
  name: 'cardConnect',
  needs: ['mail', 'masterForms'],
  create: ({ db, fieldCrypto, cardConnect, config, now, log }, { mail, masterForms }) =>
    createCardConnectService({
      db,
      masterForms,
      fieldCrypto,
      cardConnect,
      endpoints: config.cardConnect,
      mail,
      publicUrl: config.publicUrl,
      now,
      log,
    }),
  routes: (app, cardConnect) => registerCardConnectRoutes(app, { cardConnect }),
});
