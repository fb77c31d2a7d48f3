import { defineModule } from '../../module';
import { createAccountsService } from './accounts.service';
import { registerMeRoutes } from './me.routes';

/** Who the caller is (GET /api/me). */
export const accountsModule = defineModule({
  name: 'accounts',
  create: () => createAccountsService(),
  routes: (app, accounts) => registerMeRoutes(app, { accounts }),
});
