import { defineModule } from '../../../module';
import { registerApplicationInviteRoutes } from './invites.routes';
import { createApplicationInvitesService } from './invites.service';

/** The institution invites an applicant to a form. */
export const applicationInvitesModule = defineModule({
  name: 'applicationInvites',
  needs: ['mail', 'customForms'],
  create: ({ db, throttles, config, now }, { mail, customForms }) =>
    createApplicationInvitesService({
      db,
      mail,
      forms: customForms,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      now,
      throttles,
    }),
  routes: (app, invites) => registerApplicationInviteRoutes(app, { invites }),
});
