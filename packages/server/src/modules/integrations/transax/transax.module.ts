import { defineModule } from '../../../module';
import { registerTransaxRoutes } from './transax.routes';
import { createTransaxService } from './transax.service';

/** TSYS/Transax stored pricing (issue #24 §2). */
export const transaxModule = defineModule({
  name: 'transax',
  create: ({ db, log, now, outbound }) => createTransaxService({ db, log, now, outbound }),
  routes: (app, transax) => registerTransaxRoutes(app, { transax }),
});
