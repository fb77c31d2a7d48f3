import { defineModule } from '../../../module';
import { registerApplicationRoutes } from './applicant.routes';
import { createApplicationsService } from './applicant.service';

/** The applicant's application: start, save, submit through the link (issue 12). */
export const applicationsModule = defineModule({
  name: 'applications',
  needs: ['signing', 'mail', 'files', 'vault'],
  create: ({ db, throttles, fieldCrypto, log, config, now, events }, { signing, mail, files, vault }) =>
    createApplicationsService({
      signing,
      db,
      mail,
      files,
      throttles,
      fieldCrypto,
      log,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      now,
      fromVault: (opts) => vault.takeFromVault(opts),
      events,
    }),
  routes: (app, applications) => registerApplicationRoutes(app, { applications }),
});
