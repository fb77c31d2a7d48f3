import { on } from '../../../infra/events/events';
import { defineModule } from '../../../module';
import { registerKycRoutes } from './kyc.routes';
import { createKycService } from './kyc.service';

/**
 * KYC, identity checks of an application's owners (issue #24 §3; decision 089): started by `application.signed`
 * when the form's config asks for it, sent and polled by a durable job, shown on the application. Its provider is
 * the platform's (`platform.kyc`, on `platform.outbound`).
 */
export const kycModule = defineModule({
  name: 'kyc',
  needs: ['customForms'],
  create: ({ db, kyc, config, fieldCrypto, jobs, log, now }, { customForms }) =>
    createKycService({
      db,
      provider: kyc,
      endpoints: config.kyc,
      fieldCrypto,
      jobs,
      grants: customForms,
      log,
      now,
    }),
  routes: (app, kyc) => registerKycRoutes(app, { kyc }),
  subscribers: (kyc) => [on('kyc', 'application.signed', (tx, e) => kyc.onSigned(tx, e.payload))],
  start: async (kyc) => {
    await kyc.register();
    await kyc.resume();
  },
});
