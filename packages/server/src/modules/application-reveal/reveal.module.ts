import { defineModule } from '../../module';
import { registerRevealRoutes } from './reveal.routes';
import { createRevealService } from './reveal.service';

/** The institution reads one encrypted value, audited. */
export const revealModule = defineModule({
  name: 'reveal',
  create: ({ db, fieldCrypto }) => createRevealService({ db, fieldCrypto }),
  routes: (app, reveal) => registerRevealRoutes(app, { reveal }),
});
