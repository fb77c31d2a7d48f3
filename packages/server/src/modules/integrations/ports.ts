import type { IntegrationState, SalesforceMapping } from '@under/core/integrations/integrations';
import type { SalesforceClient, SalesforceSession, SfObjectDescribe } from './salesforce/salesforce.port';

/**
 * The seams between the integration modules (issue #23), so that connections, mapping and sync are built apart:
 * - `integrations/connections` (the IntegrationsService) keeps each company's sealed credentials and tokens and
 *   provides `SalesforceConnections`;
 * - `integrations/mapping` keeps each custom form's Salesforce mapping and provides `SalesforceMappings`;
 * - `integrations/sync` runs the durable syncs with both.
 */

/** Thrown when a company's connection cannot be used now; the sync shows it in words and waits (not retried). */
export class IntegrationUnavailable extends Error {
  constructor(readonly state: Exclude<IntegrationState, 'connected'>) {
    super(`integration ${state}`);
    this.name = 'IntegrationUnavailable';
  }
}

export interface SalesforceConnections {
  /** The company's Salesforce state (not_connected, connected, expired, turned_off). */
  state(companyId: string): Promise<IntegrationState>;
  /**
   * Runs `fn` with a live session of the company's connection. On `invalid_session` it refreshes (one refresh at a
   * time per connection, the rotated refresh token stored before use) and runs `fn` once more. Throws
   * IntegrationUnavailable when there is no usable connection; a refresh refused as `expired_grant` marks the
   * connection expired and throws IntegrationUnavailable('expired').
   */
  withSession<T>(companyId: string, fn: (s: SalesforceSession) => Promise<T>): Promise<T>;
}

/** A value the mapping could not turn into what the Salesforce field expects, in words a person can act on. */
export interface MappingProblem {
  formKey: string | null;
  sfField: string;
  /** e.g. "The Salesforce field Annual_Revenue__c expects a number; the form gives 'about 40k'". */
  message: string;
}

export type RecordOutcome =
  | {
      ok: true;
      object: string;
      externalIdField: string | null;
      record: Record<string, unknown>;
      /**
       * The record's Salesforce fields filled from encrypted answers: what Salesforce says about them may quote the
       * value, so the sync keeps only their names (decision 079).
       */
      sealedFields: string[];
    }
  | { ok: false; object: string; problems: MappingProblem[] };

export interface SalesforceMappings {
  /** The custom form's mapping, or null when it has none. */
  mappingFor(customFormId: string): Promise<SalesforceMapping | null>;
  /**
   * The record an application produces under its form's mapping: values converted as the describe demands (numbers,
   * dates, booleans, picklist values checked, lengths), files and signatures as links, required fields checked.
   * `data` is the application's data with encrypted values opened.
   */
  recordFor(input: {
    customFormId: string;
    applicationId: string;
    data: Record<string, unknown>;
    describe: SfObjectDescribe;
  }): Promise<RecordOutcome>;
}

/** The Salesforce client and the companies' connections, as the mapping and the sync are made with them. */
export interface SalesforcePorts {
  client: SalesforceClient;
  connections: SalesforceConnections;
}
