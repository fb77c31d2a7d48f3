import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSyncAttempts, integrationSyncs } from '../../../db/schema';
import type { Jobs } from '../../../infra/jobs/jobs';
import { type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { activeForm, insertApplication } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import type { SalesforceClient } from '../salesforce/salesforce.port';
import { fakeSalesforce, leadMapping } from './sync.fixtures';
import { createSyncRepository } from './sync.repository';
import { createIntegrationSyncService, LEASE_MS, queueSync, SALESFORCE_TARGET } from './sync.service';

const APPLICATIONS = 200;
const CRASHES = 3;

const WORKERS = 5;

/**
 * The kill -9 soak, in one process (decision 074): 200 applications syncing, half upserted on an external
 * id and half created then updated; three "processes" are killed mid-run, each at a moment when several attempts
 * are in flight (a killed process's calls never return and it never commits again: its provider calls and
 * commits after the kill hang forever), and a restarted one resumes (`resume()`, then the due syncs). Every
 * application ends synced with exactly one record at Salesforce; nothing is left queued or running. The real
 * process kill with the Salesforce simulator is the lead's (see the report): this proves the idempotency and the
 * resume it relies on.
 */
describe.each(testDatabases())('the sync soak on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let upsertForm: string;
  let createForm: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Soak Bank' });
    a = await registerCompany(t, { companyName: 'Soak A', membershipId: 'MEMBERSHIP_006' });
    upsertForm = await activeForm(t, a, masterId, 'Soak upsert');
    createForm = await activeForm(t, a, masterId, 'Soak create');
    // the app's own worker and sweep (pg-boss started by the sign-up mail) stay out: the instances here are the
    // only workers, each attempt the test's
    await t.jobs.stop();
  });
  afterAll(() => t.close());

  it(`${APPLICATIONS} applications, ${CRASHES} crashes mid-run: each synced once, one record each`, async () => {
    const sf = fakeSalesforce();
    sf.states.set(a.companyId, 'connected');
    sf.forms.set(upsertForm, leadMapping());
    const idField = { formKey: '$applicationId', sfField: 'Note__c' };
    sf.forms.set(createForm, leadMapping({ externalIdField: null, fields: [...leadMapping().fields, idField] }));
    const formOf = new Map<string, string>();
    const ids: string[] = [];
    for (let i = 0; i < APPLICATIONS; i++) {
      const customFormId = i % 2 ? createForm : upsertForm;
      const app = await insertApplication(t.database.db, { companyId: a.companyId, customFormId });
      formOf.set(app.id, customFormId);
      ids.push(app.id);
      await queueSync(t.database.db, {
        applicationId: app.id,
        companyId: a.companyId,
        kind: 'salesforce',
        target: SALESFORCE_TARGET,
        at: new Date(),
        force: false,
      });
    }
    let clock = Date.now();
    const noJobs = { sendOnce: async () => null } as unknown as Jobs;
    const never = () => new Promise<never>(() => undefined);

    /** One process: its workers take due syncs until it is killed or nothing is due. */
    function process_(kill: { after: number; of: string | null } | null) {
      let calls = 0;
      let killed = false;
      const guard =
        <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          if (killed) return never();
          const r = await fn(...args);
          if (kill && (kill.of === null || kill.of === name)) calls++;
          if (kill && calls >= kill.after) killed = true;
          // the answer arrived, the process died before acting on it
          if (killed) return never();
          return r;
        };
      const client: SalesforceClient = {
        ...sf.client,
        describe: guard('describe', sf.client.describe),
        upsert: guard('upsert', sf.client.upsert),
        create: guard('create', sf.client.create),
        update: guard('update', sf.client.update),
        findIds: guard('findIds', sf.client.findIds),
      };
      const syncs = createIntegrationSyncService({
        db: t.database.db,
        jobs: noJobs,
        log: t.app.log,
        now: () => clock,
        forms: { grantedMasterFormIds: async () => undefined },
        applications: {
          syncSource: async (applicationId) => ({
            applicationId,
            companyId: a.companyId,
            customFormId: formOf.get(applicationId) as string,
            data: { Lastname: `L-${applicationId.slice(0, 8)}`, CompanyName: 'Soak Co' },
          }),
        },
        notifications: { syncFailed: async () => [], dispatch: async () => undefined },
        salesforce: () => ({ ...sf, client }),
        afterProvider: async () => (killed ? never() : undefined),
      });
      async function run(): Promise<'killed' | 'idle'> {
        await syncs.resume();
        const queue: string[] = [];
        const worker = async () => {
          for (;;) {
            if (killed) return;
            if (queue.length === 0) {
              queue.push(...(await createSyncRepository(t.database.db).listDue(new Date(clock), 50)));
              if (queue.length === 0) return;
            }
            const id = queue.shift() as string;
            await syncs.runSync(id);
          }
        };
        const workers = Array.from({ length: WORKERS }, worker);
        // a killed process's workers hang: the race ends when it is killed or every worker is idle
        const killedNow = new Promise<'killed'>((resolve) => {
          const check = setInterval(() => {
            if (killed) {
              clearInterval(check);
              // a dead process renews no lease
              syncs.stop();
              resolve('killed');
            }
          }, 5);
          void Promise.all(workers).then(() => clearInterval(check));
        });
        return Promise.race([Promise.all(workers).then(() => 'idle' as const), killedNow]);
      }
      return { run };
    }

    // killed right after Salesforce answered a create, an upsert, then any call
    const kills = [
      { after: 20, of: 'create' },
      { after: 20, of: 'upsert' },
      { after: 15, of: null },
    ];
    for (const kill of kills) {
      expect(await process_(kill).run()).toBe('killed');
      // the next start: after the lease of the killed process's claims
      clock += LEASE_MS + 1;
    }
    expect(await process_(null).run()).toBe('idle');

    const rows = await t.database.db
      .select()
      .from(integrationSyncs)
      .where(inArray(integrationSyncs.applicationId, ids));
    expect(rows).toHaveLength(APPLICATIONS);
    const notSynced = rows.filter((r) => r.state !== 'synced');
    expect(notSynced.map((r) => `${r.state}: ${r.lastError}`)).toEqual([]);
    // exactly one record per application
    expect(sf.counts.creates).toBe(APPLICATIONS);
    const records = sf.all('Lead');
    expect(records).toHaveLength(APPLICATIONS);
    const keyOf = (r: Record<string, unknown>) => (r.Under_Application_Id__c ?? r.Note__c) as string;
    expect(new Set(records.map(keyOf)).size).toBe(APPLICATIONS);
    for (const r of rows) {
      expect(sf.records.get('Lead')?.get(r.providerRecordId as string)).toBeDefined();
      expect(keyOf(sf.records.get('Lead')?.get(r.providerRecordId as string) ?? {})).toBe(r.applicationId);
    }
    const [one] = await t.database.db
      .select()
      .from(integrationSyncs)
      .where(eq(integrationSyncs.applicationId, ids[0] as string));
    expect(one?.leaseUntil).toBeNull();
    // the kills did cut attempts short after the provider answered (each resumed and finished by a later process)
    const cut = await t.database.db
      .select()
      .from(integrationSyncAttempts)
      .where(eq(integrationSyncAttempts.outcome, 'interrupted'));
    expect(cut.length).toBeGreaterThanOrEqual(CRASHES);
    expect(sf.counts.upserts + sf.counts.updates).toBeGreaterThan(APPLICATIONS / 2);
    // a create whose answer the kill lost was looked up, not sent again
    expect(sf.counts.findIds).toBeGreaterThan(0);
  }, 300_000);
});
