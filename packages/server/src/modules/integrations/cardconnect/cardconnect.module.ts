import { defineModule } from '../../../module';
import { registerCardConnectRoutes } from './cardconnect.routes';
import { createCardConnectService } from './cardconnect.service';

const CC_TRIAL_QUEUE = 'cardconnect-trial-ends';
/** Hourly: a trial ends at the time of day it started; an hour late is soon enough to tell the admins. */
const CC_TRIAL_CRON = '17 * * * *';

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
  // the end of each 30-day trial told to the admins, once (decision 090)
  start: (cardConnect, { platform }) =>
    platform.jobs.schedule(CC_TRIAL_QUEUE, CC_TRIAL_CRON, async () => {
      await cardConnect.sweepTrialEnds();
    }),
});
