import { defineModule } from '../../../module';
import { registerConnectionRoutes } from './connections.routes';
import { createIntegrationsService } from './connections.service';

/**
 * The integrations' connections (issue #23 §2, §3, §5; decision 073): sealed credentials and tokens, the OAuth
 * flow, `SalesforceConnections` for the sync, integration configs and permissions. Its Salesforce client is the
 * platform's (`platform.salesforce`).
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  needs: ['mail', 'customForms'],
  create: ({ db, fieldCrypto, salesforce, outbound, config, now, log }, { mail, customForms }) =>
    createIntegrationsService({
      db,
      fieldCrypto,
      salesforce,
      outbound,
      mail,
      grants: customForms,
      publicUrl: config.publicUrl,
      now,
      log,
    }),
  routes: (app, integrations) => registerConnectionRoutes(app, { integrations }),
});
