import { randomUUID } from 'node:crypto';
import type { IntegrationState, SalesforceMapping } from '@under/core/integrations/integrations';
import { IntegrationUnavailable, type MappingProblem } from '../ports';
import {
  type SalesforceClient,
  SalesforceError,
  type SalesforceSession,
  type SfObjectDescribe,
} from '../salesforce/salesforce.port';
import type { SyncSalesforce } from './sync.service';

/**
 * Test support: in-memory Salesforce parts behaving like Salesforce for what the sync uses (upsert by external id,
 * create, update, findIds, describe), counting every create; connections by company and mappings by form.
 */
export const INSTANCE_URL = 'https://acme.my.salesforce.com';

export interface FakeSalesforce extends SyncSalesforce {
  /** Records by object, then id. */
  records: Map<string, Map<string, Record<string, unknown>>>;
  counts: { creates: number; updates: number; upserts: number; describes: number; findIds: number };
  states: Map<string, IntegrationState>;
  forms: Map<string, SalesforceMapping>;
  /** Errors the next calls throw, in order (then they succeed). */
  failures: SalesforceError[];
  /** Every record of an object. */
  all(object: string): Record<string, unknown>[];
}

const DESCRIBE = (object: string): SfObjectDescribe => ({
  name: object,
  label: object,
  custom: false,
  fields: ['FirstName', 'LastName', 'Company', 'AnnualRevenue', 'Under_Application_Id__c', 'Note__c'].map((name) => ({
    name,
    label: name,
    type: name === 'AnnualRevenue' ? 'currency' : 'string',
    length: 255,
    precision: 0,
    scale: 0,
    nillable: true,
    createable: true,
    updateable: true,
    defaultedOnCreate: false,
    externalId: name === 'Under_Application_Id__c',
    picklistValues: [],
  })),
});

/** `formKey: '$applicationId'` maps our application id (what the create-then-update lookup finds records by). */
export function fakeSalesforce(): FakeSalesforce {
  const records = new Map<string, Map<string, Record<string, unknown>>>();
  const counts = { creates: 0, updates: 0, upserts: 0, describes: 0, findIds: 0 };
  const states = new Map<string, IntegrationState>();
  const forms = new Map<string, SalesforceMapping>();
  const failures: SalesforceError[] = [];
  const objectOf = (object: string) => {
    const m = records.get(object) ?? new Map<string, Record<string, unknown>>();
    records.set(object, m);
    return m;
  };
  const maybeFail = () => {
    const f = failures.shift();
    if (f) throw f;
  };
  const make = (object: string, record: Record<string, unknown>) => {
    counts.creates++;
    const id = `00Q${randomUUID().replace(/-/g, '').slice(0, 15)}`;
    objectOf(object).set(id, { ...record });
    return id;
  };
  const notWired = (): never => {
    throw new Error('not used by the sync');
  };
  const client: SalesforceClient = {
    authorizeUrl: notWired,
    exchangeCode: notWired,
    refresh: notWired,
    revoke: notWired,
    listObjects: notWired,
    async describe(_s, object) {
      counts.describes++;
      return DESCRIBE(object);
    },
    async upsert(_s, object, field, value, record) {
      counts.upserts++;
      maybeFail();
      const found = [...objectOf(object)].filter(([, r]) => r[field] === value);
      if (found.length > 1) throw new SalesforceError('multiple_matches', 'several', 300);
      const [hit] = found;
      if (hit) {
        objectOf(object).set(hit[0], { ...hit[1], ...record, [field]: value });
        return { id: hit[0], created: false };
      }
      return { id: make(object, { ...record, [field]: value }), created: true };
    },
    async create(_s, object, record) {
      maybeFail();
      return { id: make(object, record) };
    },
    async update(_s, object, id, record) {
      maybeFail();
      const r = objectOf(object).get(id);
      if (!r) throw new SalesforceError('not_found', `no ${object} ${id}`, 404);
      counts.updates++;
      objectOf(object).set(id, { ...r, ...record });
    },
    async findIds(_s, object, field, value) {
      counts.findIds++;
      return [...objectOf(object)].filter(([, r]) => r[field] === value).map(([id]) => id);
    },
  };
  return {
    records,
    counts,
    states,
    forms,
    failures,
    all: (object) => [...objectOf(object).values()],
    client,
    connections: {
      state: async (companyId) => states.get(companyId) ?? 'not_connected',
      async withSession<T>(companyId: string, fn: (s: SalesforceSession) => Promise<T>) {
        const state = states.get(companyId) ?? 'not_connected';
        if (state !== 'connected') throw new IntegrationUnavailable(state);
        return fn({ accessToken: 'token', instanceUrl: INSTANCE_URL });
      },
    },
    mappings: {
      mappingFor: async (customFormId) => forms.get(customFormId) ?? null,
      async recordFor({ customFormId, applicationId, data }) {
        const mapping = forms.get(customFormId);
        if (!mapping) throw new Error('no mapping');
        const record: Record<string, unknown> = {};
        const problems: MappingProblem[] = [];
        for (const f of mapping.fields) {
          const value = f.formKey === '$applicationId' ? applicationId : data[f.formKey];
          if (f.sfField === 'AnnualRevenue' && value !== undefined && !/^\d+(\.\d+)?$/.test(String(value))) {
            problems.push({
              formKey: f.formKey,
              sfField: f.sfField,
              message: `The Salesforce field ${f.sfField} expects a number; the form gives '${String(value)}'`,
            });
            continue;
          }
          if (value !== undefined) record[f.sfField] = value;
        }
        if (problems.length) return { ok: false, object: mapping.object, problems };
        return { ok: true, object: mapping.object, externalIdField: mapping.externalIdField, record, sealedFields: [] };
      },
    },
  };
}

/** A Lead mapping of the test forms' fields, upserted on `Under_Application_Id__c` unless `externalIdField: null`. */
export function leadMapping(over: Partial<SalesforceMapping> = {}): SalesforceMapping {
  return {
    object: 'Lead',
    mode: 'auto-sync',
    externalIdField: 'Under_Application_Id__c',
    fields: [
      { formKey: 'Lastname', sfField: 'LastName' },
      { formKey: 'CompanyName', sfField: 'Company' },
    ],
    ...over,
  };
}

/** Waits for a condition (no sleeps as such: each round checks). */
export async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
