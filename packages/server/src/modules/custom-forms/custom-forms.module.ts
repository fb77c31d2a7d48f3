import { defineModule } from '../../module';
import { registerCustomFormRoutes } from './custom-forms.routes';
import { createCustomFormsService } from './custom-forms.service';

/** A company's own forms made from master forms, and the public form applicants fill in. */
export const customFormsModule = defineModule({
  name: 'customForms',
  needs: ['files'],
  create: ({ db, log }, { files }) => createCustomFormsService({ db, files, log }),
  routes: (app, customForms) => registerCustomFormRoutes(app, { customForms }),
});
