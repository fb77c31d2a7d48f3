import { defineModule } from '../../../module';
import { registerSavedViewRoutes } from './saved-views.routes';
import { createSavedViewsService } from './saved-views.service';

/** A member's saved filters of the applications list. */
export const savedViewsModule = defineModule({
  name: 'savedViews',
  create: ({ db }) => createSavedViewsService({ db }),
  routes: (app, views) => registerSavedViewRoutes(app, { views }),
});
