import { defineModule } from '../../module';
import { registerVerifyRoutes } from './verify.routes';
import { createVerifyService } from './verify.service';

/** Anyone checks a document we sealed (decision 055). */
export const verifyModule = defineModule({
  name: 'verify',
  create: ({ db, sealer }) => createVerifyService({ db, sealer }),
  routes: (app, verify) => registerVerifyRoutes(app, { verify }),
});
