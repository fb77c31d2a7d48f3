import { defineModule } from '../../../module';
import { createVantivClient } from './vantiv.client';
import { registerVantivRoutes } from './vantiv.routes';
import { createVantivService } from './vantiv.service';

/**
 * Worldpay/Vantiv PayFac merchant staging (issue #24 §2; decision 088). Its client is made here on the platform's
 * guarded outbound client and VANTIV_API_URL (tests point it at the simulator through the config).
 */
export const vantivModule = defineModule({
  name: 'vantiv',
  needs: ['customForms'],
  create: ({ db, fieldCrypto, outbound, config, now, log }, { customForms }) =>
    createVantivService({
      db,
      fieldCrypto,
      client: createVantivClient(outbound, config.vantiv),
      apiUrl: config.vantiv.apiUrl,
      grants: customForms,
      now,
      log,
    }),
  routes: (app, vantiv) => registerVantivRoutes(app, { vantiv }),
});
