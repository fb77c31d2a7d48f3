import { defineModule } from '../../../module';
import { registerNotesRoutes } from './notes.routes';
import { createNotesService } from './notes.service';

/** The team's notes on an application. */
export const notesModule = defineModule({
  name: 'notes',
  needs: ['customForms'],
  create: ({ db }, { customForms }) => createNotesService({ db, forms: customForms }),
  routes: (app, notes) => registerNotesRoutes(app, { notes }),
});
