import { defineModule } from '../../../module';
import { registerApplicationStatusRoutes } from './status.routes';
import { createApplicationStatusService } from './status.service';

/** The institution's decision on an application: approve, deny, reopen (the applicant told if asked). */
export const applicationStatusModule = defineModule({
  name: 'applicationStatus',
  needs: ['mail', 'customForms'],
  create: ({ db, now, events }, { mail, customForms }) =>
    createApplicationStatusService({ db, mail, forms: customForms, now, events }),
  routes: (app, status) => registerApplicationStatusRoutes(app, { status }),
});
