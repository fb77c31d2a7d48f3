import { defineModule } from '../../../module';
import { registerApplicationHistoryRoutes } from './history.routes';
import { createApplicationHistoryService } from './history.service';

/** An application's chained history (decision 044). */
export const historyModule = defineModule({
  name: 'history',
  needs: ['customForms'],
  create: ({ db }, { customForms }) => createApplicationHistoryService({ db, forms: customForms }),
  routes: (app, history) => registerApplicationHistoryRoutes(app, { history }),
});
