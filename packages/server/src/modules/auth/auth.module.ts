import { defineModule } from '../../module';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService } from './auth.service';

/** Sign-up, sign-in and sessions of both pools (client and admin). */
export const authModule = defineModule({
  name: 'auth',
  needs: ['mail'],
  create: ({ db, throttles, log, config, now }, { mail }) =>
    createAuthService({
      db,
      throttles,
      mail,
      log,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      now,
    }),
  routes: (app, auth, _, { config }) => {
    for (const pool of ['client', 'admin'] as const) {
      registerAuthRoutes(app, { auth, pool, secureCookies: config.secureCookies });
    }
  },
});
