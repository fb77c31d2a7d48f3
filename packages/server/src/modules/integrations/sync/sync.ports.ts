import { IntegrationUnavailable } from '../ports';
import { SalesforceError } from '../salesforce/salesforce.port';
import type { SalesforcePorts } from './sync.service';

const notWired = (): never => {
  throw new SalesforceError('failed', 'the Salesforce client is not wired');
};

/**
 * The Salesforce parts until the lead wires the real ones (integrations' SalesforceConnections, salesforceMappings'
 * SalesforceMappings, the client): every company "not connected", every form without a mapping, so events queue
 * nothing and "Sync now" shows "not connected" in words. The app starts and every route answers without them.
 */
export const NOT_WIRED_SALESFORCE: SalesforcePorts = {
  connections: {
    state: async () => 'not_connected',
    withSession: async () => {
      throw new IntegrationUnavailable('not_connected');
    },
  },
  mappings: {
    mappingFor: async () => null,
    recordFor: async () => ({ ok: false, object: '', problems: [] }),
  },
  client: {
    authorizeUrl: notWired,
    exchangeCode: notWired,
    refresh: notWired,
    revoke: notWired,
    listObjects: notWired,
    describe: notWired,
    upsert: notWired,
    create: notWired,
    update: notWired,
    findIds: notWired,
  },
};
