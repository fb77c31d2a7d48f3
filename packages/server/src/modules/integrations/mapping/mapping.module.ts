import { defineModule } from '../../../module';
import { registerMappingRoutes } from './mapping.routes';
import { createSalesforceMappingsService } from './mapping.service';

/**
 * Custom forms' Salesforce mappings (issue #23 §5; decision 075); provides `SalesforceMappings` to the sync. Made
 * with the platform's Salesforce ports (`platform.salesforce`: the connections and the client).
 */
export const salesforceMappingsModule = defineModule({
  name: 'salesforceMappings',
  needs: ['customForms', 'applicationDetail'],
  create: ({ db, config, log, now, salesforce }, { customForms, applicationDetail }) =>
    createSalesforceMappingsService({
      db,
      customForms,
      applicationDetail,
      salesforce,
      publicUrl: config.publicUrl,
      log,
      now,
    }),
  routes: (app, mappings) => registerMappingRoutes(app, { mappings }),
});
