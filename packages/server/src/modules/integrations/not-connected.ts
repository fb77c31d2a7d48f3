import { IntegrationUnavailable, type SalesforceConnections } from './ports';
import { type SalesforceClient, SalesforceError } from './salesforce/salesforce.port';

/**
 * What the app is made with until the connections module and the Salesforce client are wired in (issue #23): no
 * company is connected, and the client refuses every call. The mapping module answers "not connected" with them.
 */
export const NOT_CONNECTED: SalesforceConnections = {
  async state() {
    return 'not_connected';
  },
  async withSession() {
    throw new IntegrationUnavailable('not_connected');
  },
};

const refuse = async (): Promise<never> => {
  throw new SalesforceError('failed', 'no Salesforce client is wired');
};

export const NO_SALESFORCE_CLIENT: SalesforceClient = {
  authorizeUrl() {
    throw new SalesforceError('failed', 'no Salesforce client is wired');
  },
  exchangeCode: refuse,
  refresh: refuse,
  revoke: refuse,
  listObjects: refuse,
  describe: refuse,
  upsert: refuse,
  create: refuse,
  update: refuse,
  findIds: refuse,
};

/** The Salesforce ports the integration modules are made with (`Platform.salesforce`). */
export interface SalesforcePorts {
  client: SalesforceClient;
  connections: SalesforceConnections;
}
