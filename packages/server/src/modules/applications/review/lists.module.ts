import { defineModule } from '../../../module';
import { registerApplicationListRoutes } from './lists.routes';
import { createApplicationListsService } from './lists.service';

/** The institution's lists of applications and their statistics. */
export const applicationListsModule = defineModule({
  name: 'applicationLists',
  needs: ['customForms'],
  create: ({ db, now }, { customForms }) => createApplicationListsService({ db, forms: customForms, now }),
  routes: (app, lists) => registerApplicationListRoutes(app, { lists }),
});
