import { defineModule } from '../../module';
import { registerAdminAccountRoutes } from './admin-accounts.routes';
import { createAdminAccountsService } from './admin-accounts.service';

/** The platform admins' view of client accounts. */
export const adminAccountsModule = defineModule({
  name: 'adminAccounts',
  needs: ['auth', 'mail', 'masterForms'],
  create: ({ db, config, now }, { auth, mail, masterForms }) =>
    createAdminAccountsService({ db, auth, mail, masterForms, publicUrl: config.publicUrl, now }),
  routes: (app, adminAccounts) => registerAdminAccountRoutes(app, { adminAccounts }),
});
