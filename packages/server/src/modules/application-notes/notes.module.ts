import { defineModule } from '../../module';
import { registerNotesRoutes } from './notes.routes';
import { createNotesService } from './notes.service';

/** The team's notes on an application. */
export const notesModule = defineModule({
  name: 'notes',
  needs: ['applicationDetail'],
  create: ({ db }, { applicationDetail }) =>
    createNotesService({ db, visible: (tx, auth, id) => applicationDetail.visible(tx, auth, id) }),
  routes: (app, notes) => registerNotesRoutes(app, { notes }),
});
