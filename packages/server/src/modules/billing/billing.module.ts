import { defineModule } from '../../module';
import { registerBillingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import { createLedger } from './billing-ledger';
import { createRenewalService, RENEWAL_CRON, RENEWAL_QUEUE } from './renewal.service';

/** Charges and their records (decision 032). */
export const ledgerModule = defineModule({
  name: 'ledger',
  needs: ['mail', 'auth'],
  create: ({ db, gateway, log, config, now }, { mail, auth }) =>
    createLedger({ db, gateway, mail, auth, log, publicUrl: config.publicUrl, now }),
});

/** Plans, subscriptions and payments of client companies. */
export const billingModule = defineModule({
  name: 'billing',
  needs: ['ledger', 'renewals'],
  create: ({ db, gateway, log, config, now }, { ledger }) =>
    createBillingService({
      db,
      gateway,
      ledger,
      log,
      now,
      config: {
        gateway: config.payments.gateway,
        publishableKey: config.payments.gateway === 'stripe' ? config.payments.publishableKey : null,
      },
    }),
  routes: (app, billing, { renewals }) => registerBillingRoutes(app, { billing, renewals }),
});

/** Renewals, trial ends and retries of failed payments (decision 032), on a schedule. */
export const renewalsModule = defineModule({
  name: 'renewals',
  needs: ['ledger'],
  create: ({ db, log, now }, { ledger }) => createRenewalService({ db, ledger, log, now }),
  start: (renewals, { platform }) =>
    platform.jobs.schedule(RENEWAL_QUEUE, RENEWAL_CRON, async () => {
      await renewals.run();
    }),
});
