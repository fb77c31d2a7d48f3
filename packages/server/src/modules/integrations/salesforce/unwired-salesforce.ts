import { type SalesforceClient, SalesforceError } from './salesforce.port';

/**
 * The Salesforce client until the real one (`salesforce.client.ts`) is wired in `app.ts`: every call fails as
 * `unavailable`, so the app starts and the pages answer "Connection Failed !" instead of crashing.
 */
export function unwiredSalesforceClient(): SalesforceClient {
  const fail = (): never => {
    throw new SalesforceError('unavailable', 'client not wired');
  };
  return {
    authorizeUrl: fail,
    exchangeCode: async () => fail(),
    refresh: async () => fail(),
    revoke: async () => fail(),
    listObjects: async () => fail(),
    describe: async () => fail(),
    upsert: async () => fail(),
    create: async () => fail(),
    update: async () => fail(),
    findIds: async () => fail(),
  };
}
