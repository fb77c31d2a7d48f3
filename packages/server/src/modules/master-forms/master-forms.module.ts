import { defineModule } from '../../module';
import { registerMasterFormRoutes } from './master-forms.routes';
import { createMasterFormsService } from './master-forms.service';

/** The platform's master forms, their versions and who may use them. */
export const masterFormsModule = defineModule({
  name: 'masterForms',
  needs: ['library', 'templates', 'customForms'],
  create: ({ db }, { library, templates, customForms }) =>
    createMasterFormsService({
      db,
      library,
      templates,
      clientForms: {
        published: (opts) => customForms.masterPublished(opts),
        accessChanged: (opts) => customForms.masterAccessChanged(opts),
        countByMaster: () => customForms.countByMaster(),
      },
    }),
  routes: (app, masterForms, { customForms }) =>
    registerMasterFormRoutes(app, { masterForms, clientBrief: (opts) => customForms.briefMasterForms(opts) }),
});
