import { defineModule } from '../../../module';
import { registerAdminApplicationRoutes } from './admin.routes';
import { createAdminApplicationsService } from './admin.service';

/** The platform admins' view of applications. */
export const adminApplicationsModule = defineModule({
  name: 'adminApplications',
  create: ({ db, now }) => createAdminApplicationsService({ db, now }),
  routes: (app, adminApplications) => registerAdminApplicationRoutes(app, { adminApplications }),
});
