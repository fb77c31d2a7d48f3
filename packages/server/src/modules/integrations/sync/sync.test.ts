import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationSyncAttempts, integrationSyncRequests, integrationSyncs } from '../../../db/schema';
import type { Jobs } from '../../../infra/jobs/jobs';
import { type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { activeForm, insertApplication } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { SalesforceError } from '../salesforce/salesforce.port';
import { type FakeSalesforce, fakeSalesforce, INSTANCE_URL, leadMapping, until } from './sync.fixtures';
import {
  createIntegrationSyncService,
  type IntegrationSyncDeps,
  LEASE_MS,
  MAX_ATTEMPTS,
  queueSync,
  RETRY_DELAYS_MS,
  SALESFORCE_TARGET,
} from './sync.service';

const DATA = { Lastname: 'Lovelace', CompanyName: 'Analytical Engines', Revenue: '40000' };

/**
 * The worker on its own (decision 074): service instances built here on the test app's database, with in-memory
 * Salesforce parts, no job queue and a clock of their own, so each attempt, crash and retry is the test's to make.
 * A crash is an instance whose attempt never returns after the provider answered (a killed process never commits);
 * a second instance past the lease stands for the restarted server.
 */
describe.each(testDatabases())('the sync worker on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let formId: string;
  let sf: FakeSalesforce;
  let clock: number;
  const notices: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Sync Bank' });
    a = await registerCompany(t, { companyName: 'Sync A', membershipId: 'MEMBERSHIP_006' });
    formId = await activeForm(t, a, masterId, 'Sync form');
    // the app's own worker and sweep (pg-boss started by the sign-up mail) stay out: the instances here are the
    // only workers, each attempt the test's
    await t.jobs.stop();
  });
  afterAll(async () => {
    for (const m of made) m.stop();
    await t.close();
  });
  beforeEach(() => {
    sf = fakeSalesforce();
    sf.states.set(a.companyId, 'connected');
    sf.forms.set(formId, leadMapping());
    clock = Date.now();
    notices.length = 0;
  });

  const noJobs = { sendOnce: async () => null, sendManyOnce: async () => undefined } as unknown as Jobs;
  /** Every instance made, stopped after the file: a hung attempt's lease renewal must not outlive the database. */
  const made: { stop(): void }[] = [];
  function instance(over: Partial<IntegrationSyncDeps> = {}) {
    const service = createIntegrationSyncService({
      db: t.database.db,
      jobs: noJobs,
      log: t.app.log,
      now: () => clock,
      forms: { grantedMasterFormIds: async () => undefined },
      applications: {
        syncSource: async (applicationId) => ({
          applicationId,
          companyId: a.companyId,
          customFormId: formId,
          data: DATA,
        }),
      },
      notifications: {
        syncFailed: async (_tx, applicationId, opts) => {
          notices.push(`${applicationId}:${opts.attempt}`);
          return [];
        },
        dispatch: async () => undefined,
      },
      salesforce: () => sf,
      ...over,
    });
    made.push(service);
    return service;
  }
  /** A pending application and its queued sync, as an event or "Sync now" leaves it. */
  async function queued(force = false) {
    const app = await insertApplication(t.database.db, { companyId: a.companyId, customFormId: formId });
    const row = await queueSync(t.database.db, {
      applicationId: app.id,
      companyId: a.companyId,
      kind: 'salesforce',
      target: SALESFORCE_TARGET,
      at: new Date(clock),
      force,
    });
    return { applicationId: app.id, syncId: row.id };
  }
  const rowOf = async (syncId: string) => {
    const [row] = await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.id, syncId));
    if (!row) throw new Error('no sync row');
    return row;
  };
  const hang = () => new Promise<void>(() => undefined);

  it('upserts on the external id: a crash between the answer and our commit, then the retry updates, one record', async () => {
    const { applicationId, syncId } = await queued();
    const crashed = instance({ afterProvider: hang });
    void crashed.runSync(syncId);
    await until('the provider answered', async () => sf.counts.upserts === 1);
    expect((await rowOf(syncId)).state).toBe('running');
    // the restarted server: not before the lease ends
    const restarted = instance();
    expect(await restarted.runSync(syncId)).toBeNull();
    clock += LEASE_MS + 1;
    expect(await restarted.runSync(syncId)).toBe('synced');
    expect(sf.counts.creates).toBe(1);
    expect(sf.counts.upserts).toBe(2);
    const [record] = sf.all('Lead');
    expect(record).toMatchObject({ LastName: 'Lovelace', Under_Application_Id__c: applicationId });
    const row = await rowOf(syncId);
    const id = [...(sf.records.get('Lead')?.keys() ?? [])][0];
    expect(row).toMatchObject({ state: 'synced', providerRecordId: id, attempts: 2, lastError: null });
    expect(row.providerRecordUrl).toBe(`${INSTANCE_URL}/lightning/r/Lead/${id}/view`);
    const attempts = await t.database.db
      .select()
      .from(integrationSyncAttempts)
      .where(eq(integrationSyncAttempts.syncId, syncId))
      .orderBy(integrationSyncAttempts.attempt);
    expect(attempts.map((x) => x.outcome)).toEqual(['interrupted', 'synced']);
  });

  it('a worker whose claim was lost stops renewing it and ends without writing; the new holder syncs', async () => {
    const { syncId } = await queued();
    const warned: string[] = [];
    const log = Object.create(t.app.log) as typeof t.app.log;
    log.warn = ((_o: unknown, msg?: string) => {
      if (msg) warned.push(msg);
    }) as typeof log.warn;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = instance({ leaseMs: 150, log, afterProvider: () => gate });
    const ended = slow.runSync(syncId);
    await until('the provider answered', async () => sf.counts.upserts === 1);
    clock += 1_000;
    expect(await instance().runSync(syncId)).toBe('synced');
    await until('the claim was found lost', async () =>
      warned.includes('sync claim lost: the attempt ends without writing'),
    );
    release();
    expect(await ended).toBeNull();
    expect(warned.filter((w) => w.startsWith('sync claim lost'))).toHaveLength(1);
    expect((await rowOf(syncId)).state).toBe('synced');
  });

  it('a worker past its lease that nobody took keeps its claim: its renewal holds and its result is written', async () => {
    const { syncId } = await queued();
    const warned: string[] = [];
    const log = Object.create(t.app.log) as typeof t.app.log;
    log.warn = ((_o: unknown, msg?: string) => {
      if (msg) warned.push(msg);
    }) as typeof log.warn;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = instance({ leaseMs: 150, log, afterProvider: () => gate });
    const ended = slow.runSync(syncId);
    await until('the provider answered', async () => sf.counts.upserts === 1);
    // a stall: the lease runs out on the clock, and a renewal comes after it, with no other worker about
    clock += 1_000;
    await new Promise((r) => setTimeout(r, 200));
    release();
    expect(await ended).toBe('synced');
    expect(warned.filter((w) => w.startsWith('sync claim lost'))).toEqual([]);
    expect((await rowOf(syncId)).state).toBe('synced');
  });

  it('without an external id: create, then update the stored record on the next sync', async () => {
    sf.forms.set(formId, leadMapping({ externalIdField: null }));
    const { syncId } = await queued();
    const syncs = instance();
    expect(await syncs.runSync(syncId)).toBe('synced');
    const first = await rowOf(syncId);
    expect(first.providerRecordId).toBeTruthy();
    expect(first.createPending).toBe(false);
    await queueSync(t.database.db, {
      applicationId: first.applicationId,
      companyId: a.companyId,
      kind: 'salesforce',
      target: SALESFORCE_TARGET,
      at: new Date(clock),
      force: false,
    });
    expect(await syncs.runSync(syncId)).toBe('synced');
    expect((await rowOf(syncId)).providerRecordId).toBe(first.providerRecordId);
    expect(sf.counts.creates).toBe(1);
    expect(sf.counts.updates).toBe(1);
  });

  it('a create whose answer was lost is looked up by the field holding our application id, never sent twice', async () => {
    sf.forms.set(
      formId,
      leadMapping({
        externalIdField: null,
        fields: [...leadMapping().fields, { formKey: '$applicationId', sfField: 'Note__c' }],
      }),
    );
    const { applicationId, syncId } = await queued();
    void instance({ afterProvider: hang }).runSync(syncId);
    await until('the create was answered', async () => sf.counts.creates === 1);
    expect((await rowOf(syncId)).createPending).toBe(true);
    clock += LEASE_MS + 1;
    expect(await instance().runSync(syncId)).toBe('synced');
    expect(sf.counts.creates).toBe(1);
    expect(sf.counts.findIds).toBe(1);
    expect(sf.counts.updates).toBe(1);
    const row = await rowOf(syncId);
    expect(sf.records.get('Lead')?.get(row.providerRecordId as string)).toMatchObject({ Note__c: applicationId });
    expect(row.createPending).toBe(false);
  });

  it('a create whose answer was lost, with nothing to look it up by: needs attention in words, no second create', async () => {
    sf.forms.set(formId, leadMapping({ externalIdField: null }));
    const { syncId } = await queued();
    void instance({ afterProvider: hang }).runSync(syncId);
    await until('the create was answered', async () => sf.counts.creates === 1);
    clock += LEASE_MS + 1;
    const syncs = instance();
    expect(await syncs.runSync(syncId)).toBe('needs_attention');
    expect(sf.counts.creates).toBe(1);
    const row = await rowOf(syncId);
    expect(row.lastError).toBe(SYNC_WORDS.uncertainCreate);
    expect(row.createPending).toBe(true);
    expect(notices).toEqual([`${row.applicationId}:sync:${syncId}:1`]);
    // an event does not retry it blindly either: the next attempt says the same
    const again = {
      applicationId: row.applicationId,
      companyId: a.companyId,
      kind: 'salesforce',
      target: SALESFORCE_TARGET,
    };
    await queueSync(t.database.db, { ...again, at: new Date(clock), force: false });
    expect(await syncs.runSync(syncId)).toBe('needs_attention');
    expect(sf.counts.creates).toBe(1);
    // a person's "Sync again" (they were told to check Salesforce) creates
    await queueSync(t.database.db, { ...again, at: new Date(clock), force: true });
    expect(await syncs.runSync(syncId)).toBe('synced');
    expect(sf.counts.creates).toBe(2);
  });

  it('backs off 1 min doubling to 8 h while Salesforce is unavailable, then fails in words after about a day, one notice', async () => {
    const { applicationId, syncId } = await queued();
    const syncs = instance();
    const waits: number[] = [];
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      sf.failures.push(new SalesforceError('unavailable', 'HTTP 503 Service Unavailable', 503));
      const state = await syncs.runSync(syncId);
      const row = await rowOf(syncId);
      if (i < MAX_ATTEMPTS) {
        expect(state).toBe('queued');
        expect(row.lastError).toBe(SYNC_WORDS.unavailable);
        waits.push(row.nextAttemptAt.getTime() - clock);
        // not before its time
        expect(await syncs.runSync(syncId)).toBeNull();
        clock = row.nextAttemptAt.getTime();
      } else {
        expect(state).toBe('failed');
        expect(row.lastError).toBe(SYNC_WORDS.gaveUp(SYNC_WORDS.unavailable));
        expect(row.lastErrorDetail).toContain('503');
      }
    }
    expect(waits).toEqual(RETRY_DELAYS_MS);
    expect(waits.map((w) => w / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 480, 480]);
    const total = waits.reduce((x, y) => x + y, 0);
    expect(total).toBeGreaterThan(23 * 3_600_000);
    expect(total).toBeLessThan(26 * 3_600_000);
    expect(notices).toEqual([`${applicationId}:sync:${syncId}:1`]);
    expect(sf.counts.creates).toBe(0);
  });

  it('waits for a person, in words, on mapping problems, refused data and an expired connection (no retry)', async () => {
    const syncs = instance();
    // the mapping cannot convert a value
    sf.forms.set(formId, leadMapping({ fields: [{ formKey: 'CompanyName', sfField: 'AnnualRevenue' }] }));
    const one = await queued();
    expect(await syncs.runSync(one.syncId)).toBe('needs_attention');
    expect((await rowOf(one.syncId)).lastError).toBe(
      "The Salesforce field AnnualRevenue expects a number; the form gives 'Analytical Engines'",
    );
    // Salesforce refuses the record
    sf.forms.set(formId, leadMapping());
    sf.failures.push(
      new SalesforceError('invalid_data', '[{"errorCode":"STRING_TOO_LONG"}]', 400, [
        { message: 'Company: data value too large', errorCode: 'STRING_TOO_LONG', fields: ['Company'] },
      ]),
    );
    const two = await queued();
    expect(await syncs.runSync(two.syncId)).toBe('needs_attention');
    const refused = await rowOf(two.syncId);
    expect(refused.lastError).toBe(SYNC_WORDS.invalidData(['Company: Company: data value too large']));
    expect(refused.providerRecordId).toBeNull();
    // the connection expired
    sf.states.set(a.companyId, 'expired');
    const three = await queued();
    expect(await syncs.runSync(three.syncId)).toBe('needs_attention');
    expect((await rowOf(three.syncId)).lastError).toBe(
      'Salesforce connection expired: Update Token on Manage Integration, then Sync again.',
    );
    // none of them is retried by time
    clock += 48 * 3_600_000;
    for (const s of [one, two, three]) expect(await syncs.runSync(s.syncId)).toBeNull();
    expect(notices).toHaveLength(3);
    expect(sf.counts.creates).toBe(0);
    // one describe of Lead for the company, cached across the syncs of this process
    expect(sf.counts.describes).toBe(1);
  });

  it('coalesces requests: one row per target; a request while running makes one more run', async () => {
    const { applicationId, syncId } = await queued();
    const again = { applicationId, companyId: a.companyId, kind: 'salesforce', target: SALESFORCE_TARGET };
    for (let i = 0; i < 3; i++) {
      const r = await queueSync(t.database.db, { ...again, at: new Date(clock), force: false });
      expect(r.id).toBe(syncId);
    }
    const rows = await t.database.db
      .select()
      .from(integrationSyncs)
      .where(eq(integrationSyncs.applicationId, applicationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.generation).toBe(4);
    // a request that arrives while the attempt is at the provider
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const syncs = instance({ afterProvider: () => gate });
    const running = syncs.runSync(syncId);
    await until('the provider answered', async () => sf.counts.upserts === 1);
    await queueSync(t.database.db, { ...again, at: new Date(clock), force: false });
    release();
    expect(await running).toBe('queued');
    expect(await instance().runSync(syncId)).toBe('synced');
    expect(sf.counts.upserts).toBe(2);
    expect(sf.counts.creates).toBe(1);
  });
  it("decides requests together: one read of the form's mapping and of the company's connection per batch", async () => {
    const calls = { mappingFor: 0, state: 0 };
    const { mappingFor } = sf.mappings;
    const { state } = sf.connections;
    sf.mappings.mappingFor = (id) => {
      calls.mappingFor++;
      return mappingFor(id);
    };
    sf.connections.state = (id) => {
      calls.state++;
      return state(id);
    };
    const sent: string[][] = [];
    const jobs = {
      sendOnce: async () => {
        throw new Error('one job at a time');
      },
      sendManyOnce: async (_q: string, js: { key: string }[]) => {
        sent.push(js.map((j) => j.key));
      },
    } as unknown as Jobs;
    const syncs = instance({ jobs });
    // a delivery's batch: three requests in one transaction, then their after-commits in turn
    const apps = await Promise.all(
      [1, 2, 3].map(() => insertApplication(t.database.db, { companyId: a.companyId, customFormId: formId })),
    );
    const afters = await t.database.db.transaction(async (tx) => {
      const out = [];
      for (const app of apps) out.push(await syncs.request(tx, app.id));
      return out;
    });
    for (const after of afters) await after();
    expect(calls).toEqual({ mappingFor: 1, state: 1 });
    expect(sent).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(integrationSyncs)
      .where(
        inArray(
          integrationSyncs.applicationId,
          apps.map((x) => x.id),
        ),
      );
    expect(rows.map((r) => r.state)).toEqual(['queued', 'queued', 'queued']);
    expect(new Set(sent[0])).toEqual(new Set(rows.map((r) => r.id)));
    const left = await t.database.db
      .select()
      .from(integrationSyncRequests)
      .where(
        inArray(
          integrationSyncRequests.applicationId,
          apps.map((x) => x.id),
        ),
      );
    expect(left).toEqual([]);

    // requests a crash left undecided: the sweep decides them together too, and sends every due job in one call
    calls.mappingFor = 0;
    calls.state = 0;
    sent.length = 0;
    const more = await Promise.all(
      [1, 2, 3, 4].map(() => insertApplication(t.database.db, { companyId: a.companyId, customFormId: formId })),
    );
    await t.database.db.transaction(async (tx) => {
      for (const app of more) await syncs.request(tx, app.id);
    });
    clock += 60_000;
    await syncs.sweep();
    expect(calls).toEqual({ mappingFor: 1, state: 1 });
    // the decided ones' jobs, then the sweep's due ones (theirs among them): two calls, not one per sync
    expect(sent).toHaveLength(2);
    const queuedIds = (
      await t.database.db
        .select({ id: integrationSyncs.id })
        .from(integrationSyncs)
        .where(
          inArray(
            integrationSyncs.applicationId,
            more.map((x) => x.id),
          ),
        )
    ).map((r) => r.id);
    expect(queuedIds).toHaveLength(4);
    for (const id of queuedIds) expect(sent[1]).toContain(id);
  });

  it('a form nothing auto-syncs: its requests are decided from the mapping and config alone and taken, no sync (decision 094)', async () => {
    const calls = { mappingFor: 0, state: 0 };
    const { mappingFor } = sf.mappings;
    const { state } = sf.connections;
    sf.mappings.mappingFor = (id) => {
      calls.mappingFor++;
      return mappingFor(id);
    };
    sf.connections.state = (id) => {
      calls.state++;
      return state(id);
    };
    const master = await publishedMaster(t, await adminToken(t), { name: 'Sync Manual Bank' });
    const manualForm = await activeForm(t, a, master, 'Manual sync form');
    const unmappedForm = await activeForm(t, a, master, 'Unmapped form');
    sf.forms.set(manualForm, leadMapping({ mode: 'manual-sync' }));
    const syncs = instance();
    const apps = await Promise.all(
      [manualForm, manualForm, unmappedForm].map((customFormId) =>
        insertApplication(t.database.db, { companyId: a.companyId, customFormId }),
      ),
    );
    const ids = apps.map((x) => x.id);
    // a delivery's batch of three events: their requests in one call
    const after = await t.database.db.transaction((tx) => syncs.requestMany(tx, ids));
    expect(
      await t.database.db
        .select()
        .from(integrationSyncRequests)
        .where(inArray(integrationSyncRequests.applicationId, ids)),
    ).toHaveLength(3);
    await after();
    // one mapping read per form; the connection (and the rest of the full check) never asked
    expect(calls).toEqual({ mappingFor: 2, state: 0 });
    expect(
      await t.database.db
        .select()
        .from(integrationSyncRequests)
        .where(inArray(integrationSyncRequests.applicationId, ids)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(integrationSyncs).where(inArray(integrationSyncs.applicationId, ids)),
    ).toEqual([]);
  });

  it('at start, only leases that ran out are taken: a live instance keeps the sync it runs (its lease renewed)', async () => {
    const live = await queued();
    const dead = await queued();
    // two instances at the provider: one killed (renewing nothing), one alive (renewing its lease), claimed 1 s apart
    const killed = instance({ afterProvider: hang, leaseMs: 1_500 });
    const alive = instance({ afterProvider: hang, leaseMs: 1_500 });
    const t0 = clock;
    void killed.runSync(dead.syncId);
    await until('the first at the provider', async () => sf.counts.upserts === 1);
    killed.stop();
    clock = t0 + 1_000;
    void alive.runSync(live.syncId);
    await until('both at the provider', async () => sf.counts.upserts === 2);
    // the killed one's lease runs out; the live one's is renewed by its worker
    clock = t0 + 1_600;
    await until(
      'the live lease renewed',
      async () => ((await rowOf(live.syncId)).leaseUntil?.getTime() ?? 0) > t0 + 2_500,
    );
    expect((await rowOf(dead.syncId)).leaseUntil?.getTime()).toBeLessThan(clock);
    const sent: string[][] = [];
    const jobs = {
      sendManyOnce: async (_q: string, js: { key: string }[]) => {
        sent.push(js.map((j) => j.key));
      },
    } as unknown as Jobs;
    const restarted = instance({ jobs, leaseMs: 1_500 });
    await restarted.resume();
    restarted.stop();
    // (other tests' due syncs of this database may be sent with it)
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(dead.syncId);
    expect(sent[0]).not.toContain(live.syncId);
    // the live one is not taken (no second call at the provider while the first still runs)
    expect(await instance().runSync(live.syncId)).toBeNull();
    expect(await instance().runSync(dead.syncId)).toBe('synced');
    // once its worker dies too, its lease runs out and it is taken
    alive.stop();
    clock += 3_000;
    expect(await instance().runSync(live.syncId)).toBe('synced');
    expect(sf.counts.creates).toBe(2);
  });

  it('answers the latest ten attempts of each sync, newest first', async () => {
    const { applicationId, syncId } = await queued();
    const syncs = instance();
    for (let i = 1; i <= 12; i++) {
      sf.failures.push(new SalesforceError('unavailable', 'HTTP 503 Service Unavailable', 503));
      expect(await syncs.runSync(syncId)).toBe(i < MAX_ATTEMPTS ? 'queued' : 'failed');
      clock = (await rowOf(syncId)).nextAttemptAt.getTime();
    }
    const { createSyncRepository } = await import('./sync.repository');
    const [listed] = await createSyncRepository(t.database.db).listForApplication(applicationId, 10);
    expect(listed?.attempts.map((x) => x.attempt)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });
});
