import { on } from '../../../infra/events/events';
import { defineModule } from '../../../module';
import { registerVaultRoutes } from './vault.routes';
import { createVaultService } from './vault.service';

/** The applicant vault (decision 039): remembered answers, prefilled on the next form. */
export const vaultModule = defineModule({
  name: 'vault',
  needs: ['mail', 'customForms'],
  create: ({ db, throttles, config, vaultCrypto, now }, { mail, customForms }) =>
    createVaultService({
      db,
      mail,
      throttles,
      secret: config.secrets.codeSecret,
      // remembered answers of encrypted fields stay sealed with the field encryption (decisions 038, 039)
      crypto: vaultCrypto,
      publicForm: (opts) => customForms.getPublic(opts),
      now,
    }),
  routes: (app, vault) => registerVaultRoutes(app, { vault }),
  // "Remember my answers": taken once the primary's signing code proved the mailbox (decision 050)
  subscribers: (vault) => [on('vault', 'application.signed', (tx, event) => vault.rememberSigned(tx, event))],
});
