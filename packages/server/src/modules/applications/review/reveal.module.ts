import { defineModule } from '../../../module';
import { registerRevealRoutes } from './reveal.routes';
import { createRevealService } from './reveal.service';

/** The institution reads one encrypted value, audited. */
export const revealModule = defineModule({
  name: 'reveal',
  needs: ['customForms'],
  create: ({ db, fieldCrypto }, { customForms }) => createRevealService({ db, fieldCrypto, forms: customForms }),
  routes: (app, reveal) => registerRevealRoutes(app, { reveal }),
});
