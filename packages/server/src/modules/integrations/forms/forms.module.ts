import { defineModule } from '../../../module';
import { registerFormIntegrationRoutes } from './forms.routes';
import { createFormIntegrationsService } from './forms.service';

/**
 * The custom forms' integrations and the syncability check (issue #23 §3; decision 078). Reads the companies'
 * connection states and the forms' mappings through the same ports the sync uses.
 */
export const formIntegrationsModule = defineModule({
  name: 'formIntegrations',
  needs: ['customForms'],
  later: ['integrations', 'salesforceMappings'],
  create: ({ db, now }, services) =>
    createFormIntegrationsService({
      db,
      now,
      grants: services.customForms,
      // made later than this module: read at each use
      salesforce: () => ({ connections: services.integrations, mappings: services.salesforceMappings }),
    }),
  routes: (app, forms) => registerFormIntegrationRoutes(app, { forms }),
});
