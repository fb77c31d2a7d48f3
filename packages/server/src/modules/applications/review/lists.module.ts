import { defineModule } from '../../../module';
import { registerApplicationListRoutes } from './lists.routes';
import { createApplicationListsService } from './lists.service';

/** The institution's lists of applications, and their status. */
export const applicationListsModule = defineModule({
  name: 'applicationLists',
  needs: ['mail', 'customForms'],
  create: ({ db, now }, { mail, customForms }) => createApplicationListsService({ db, mail, forms: customForms, now }),
  routes: (app, lists) => registerApplicationListRoutes(app, { lists }),
});
