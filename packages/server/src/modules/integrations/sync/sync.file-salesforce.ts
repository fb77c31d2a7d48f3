import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SalesforceMapping } from '@under/core/integrations/integrations';
import type { SalesforceClient } from '../salesforce/salesforce.port';
import type { SyncSalesforce } from './sync.service';

/**
 * NODE_ENV=test only (the kill -9 soak, decision 074): Salesforce's parts kept in a JSON file that outlives the
 * server process, so a test can kill the server at any moment and count the records and creates the "provider"
 * made. Every company is connected; `upsertFormId`'s form maps on `Under_Application_Id__c`, every other form is
 * created then updated, with our application id in `Note__c`. Each call waits `delayMs` (a provider's latency).
 * Never used outside tests: `sync.module.ts` takes it only when the configuration's env is `test`.
 */
interface FileState {
  creates: number;
  records: Record<string, Record<string, unknown>>;
}

export function fileSalesforce(opts: { file: string; upsertFormId: string; delayMs: number }): SyncSalesforce {
  const read = (): FileState => {
    try {
      return JSON.parse(readFileSync(opts.file, 'utf8')) as FileState;
    } catch {
      return { creates: 0, records: {} };
    }
  };
  // written whole and renamed: a kill leaves the old file or the new one, never half of one
  const write = (state: FileState) => {
    writeFileSync(`${opts.file}.tmp`, JSON.stringify(state));
    renameSync(`${opts.file}.tmp`, opts.file);
  };
  const wait = () => new Promise((r) => setTimeout(r, opts.delayMs));
  const make = (state: FileState, record: Record<string, unknown>) => {
    const id = `00Q${randomUUID().replace(/-/g, '').slice(0, 15)}`;
    state.creates++;
    state.records[id] = record;
    return id;
  };
  const unused = (): never => {
    throw new Error('not used by the sync');
  };
  const client: SalesforceClient = {
    authorizeUrl: unused,
    exchangeCode: unused,
    refresh: unused,
    revoke: unused,
    listObjects: unused,
    describe: async (_s, object) => ({ name: object, label: object, custom: false, fields: [] }),
    async upsert(_s, _object, field, value, record) {
      await wait();
      const state = read();
      const hit = Object.entries(state.records).find(([, r]) => r[field] === value);
      if (hit) {
        state.records[hit[0]] = { ...hit[1], ...record, [field]: value };
        write(state);
        return { id: hit[0], created: false };
      }
      const id = make(state, { ...record, [field]: value });
      write(state);
      return { id, created: true };
    },
    async create(_s, _object, record) {
      await wait();
      const state = read();
      const id = make(state, record);
      write(state);
      return { id };
    },
    async update(_s, _object, id, record) {
      await wait();
      const state = read();
      state.records[id] = { ...state.records[id], ...record };
      write(state);
    },
    async findIds(_s, _object, field, value) {
      await wait();
      return Object.entries(read().records)
        .filter(([, r]) => r[field] === value)
        .map(([id]) => id);
    },
  };
  const mappingFor = async (customFormId: string): Promise<SalesforceMapping> => ({
    object: 'Lead',
    mode: 'auto-sync',
    externalIdField: customFormId === opts.upsertFormId ? 'Under_Application_Id__c' : null,
    fields: [],
  });
  return {
    client,
    connections: {
      state: async () => 'connected',
      withSession: (_companyId, fn) => fn({ accessToken: 'test', instanceUrl: 'https://test.my.salesforce.com' }),
    },
    mappings: {
      mappingFor,
      async recordFor({ customFormId, applicationId }) {
        const mapping = await mappingFor(customFormId);
        return {
          ok: true,
          object: 'Lead',
          externalIdField: mapping.externalIdField,
          record: { LastName: 'Soak', Note__c: applicationId },
          sealedFields: [],
        };
      },
    },
  };
}
