import { defineModule } from '../../../module';
import { registerMappingRoutes } from './mapping.routes';
import { createSalesforceMappingsService } from './mapping.service';

/**
 * Custom forms' Salesforce mappings (issue #23 §5; decision 075); provides `SalesforceMappings` to the sync. Made
 * with the platform's Salesforce client and the connections' `SalesforceConnections`.
 */
export const salesforceMappingsModule = defineModule({
  name: 'salesforceMappings',
  needs: ['customForms', 'applicationDetail', 'integrations'],
  create: ({ db, config, log, now, salesforce }, { customForms, applicationDetail, integrations }) =>
    createSalesforceMappingsService({
      db,
      customForms,
      applicationDetail,
      salesforce: { client: salesforce, connections: integrations },
      publicUrl: config.publicUrl,
      log,
      now,
    }),
  routes: (app, mappings) => registerMappingRoutes(app, { mappings }),
});
