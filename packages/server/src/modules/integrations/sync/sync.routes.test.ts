import { ERROR_CODES } from '@under/core/api/error.schema';
import type { SalesforceMapping } from '@under/core/integrations/integrations';
import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { domainEvents, integrationSyncRequests, integrationSyncs } from '../../../db/schema';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { consentInSimulator, type SalesforceSimulator, startSalesforceSimulator } from '../../../simulators/salesforce';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { activeForm } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { createSalesforceClient } from '../salesforce/salesforce.client';
import { leadMapping, until } from './sync.fixtures';

const EXTRA = [{ type: 'textfield', key: 'bank_name', label: 'Bank name', input: true }];
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  bank_name: 'First',
};

/**
 * The syncs through the app (issue #23 §4; decision 074): queued by the domain events of submit, an edit and a
 * status change (auto-sync only), "Sync now", the application's syncs, and tenancy. Salesforce is the loopback
 * simulator (decision 072) behind the real client, connection and mapping (BuildAppOptions.salesforce); the job
 * queue is the app's pg-boss.
 */
describe.each(testDatabases())('application syncs on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let formId: string;
  let sim: SalesforceSimulator;
  let consumerKey: string;
  let consumerSecret: string;

  /** add-info, consent on the simulator's page, the browser back at the callback: connected. */
  async function connect(c: Caller) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/salesforce/add-info',
      headers: bearer(c.token),
      payload: { consumerKey, consumerSecret, salesForceDomain: sim.loginUrl },
    });
    expect(started.statusCode, started.body).toBe(200);
    const back = await consentInSimulator(started.json().authorizeUrl);
    const done = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(done.headers.location).toBe('/manage-integration?salesforce=connected');
  }
  async function mapForm(mapping: SalesforceMapping) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/salesforce/mapping/${formId}`,
      headers: bearer(a.token),
      payload: mapping,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const leads = () => sim.state.records('Lead');
  const creates = () => sim.state.stats().creates.Lead ?? 0;
  /** Upserts that reached the simulator's records: creates by upsert, and updates. */
  const upserts = () => (sim.state.stats().upsertCreates.Lead ?? 0) + (sim.state.stats().updates.Lead ?? 0);

  beforeAll(async () => {
    sim = await startSalesforceSimulator();
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: sim.testHosts,
      timeoutMs: 5_000,
      maxBodyBytes: 1_000_000,
    });
    t = await createTestApp(kind, { outbound, salesforce: createSalesforceClient(outbound) });
    ({ consumerKey, consumerSecret } = sim.state.registerApp({
      callbackUrl: `${t.config.publicUrl}/api/salesforce/callback`,
    }));
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Sync Routes Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Sync Routes A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Sync Routes B', membershipId: 'MEMBERSHIP_006' });
    formId = await activeForm(t, a, masterId, 'Sync routes form');
    await connect(a);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });
  beforeEach(async () => {
    sim.state.failNext(0);
    sim.state.resetData();
    await mapForm(leadMapping());
  });

  const headers = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  /** A submitted application made through the applicant's API (its events delivered in the request). */
  async function submitted() {
    const address = uniqueAddress();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: headers(),
      payload: { customFormId: formId, email: uniqueEmail('sync'), data: { bank_name: 'One' } },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId, code } = res.json();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers: headers(),
      payload: { data: FULL, revision: 1 },
      remoteAddress: address,
    });
    expect(done.statusCode, done.body).toBe(200);
    await t.events.drain();
    return applicationId as string;
  }
  const syncs = (id: string, caller: Caller = a) =>
    t.app.inject({ url: `/api/applications/${id}/syncs`, headers: bearer(caller.token) });
  const syncNow = (id: string, caller: Caller = a) =>
    t.app.inject({ method: 'POST', url: `/api/salesforce/sync/${id}`, headers: bearer(caller.token) });
  const rows = (id: string) =>
    t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id));
  const syncedAfter = (id: string, count: number) =>
    until(`sync of ${id}`, async () => {
      const [item] = (await syncs(id)).json().items;
      return item?.state === 'synced' && upserts() >= count && item;
    });

  it('auto-sync: submit, an edit and a status change each sync the application, one record at Salesforce', async () => {
    const id = await submitted();
    const first = await syncedAfter(id, 1);
    expect(first).toMatchObject({ integration: 'salesforce', state: 'synced', lastError: null, attempts: 1 });
    expect(first.recordUrl).toContain(`/lightning/r/Lead/${first.recordId}/view`);
    expect(first.history[0]).toMatchObject({ outcome: 'synced', httpStatus: 201 });
    expect(leads()).toEqual([
      expect.objectContaining({ LastName: 'Lovelace', Company: 'Analytical Engines', Under_Application_Id__c: id }),
    ]);

    // the institution's edit: data-changed
    const detail = (await t.app.inject({ url: `/api/applications/${id}`, headers: bearer(a.token) })).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${id}`,
      headers: bearer(a.token),
      payload: { data: { ...FULL, Lastname: 'Byron' }, revision: detail.revision },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.events.drain();
    await syncedAfter(id, 2);
    expect(leads()[0]).toMatchObject({ LastName: 'Byron' });

    // the decision: status-changed
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${id}/status`,
      headers: bearer(a.token),
      payload: { newStatus: 'approved' },
    });
    expect(status.statusCode, status.body).toBe(200);
    await t.events.drain();
    await syncedAfter(id, 3);
    expect(creates()).toBe(1);
    expect(await rows(id)).toHaveLength(1);
    expect(await t.database.db.select().from(integrationSyncRequests)).toEqual([]);
  });

  it("a draft's autosaves write no event; a signature queues the sync again", async () => {
    const address = uniqueAddress();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: headers(),
      payload: { customFormId: formId, email: uniqueEmail('draft'), data: { bank_name: 'One' } },
      remoteAddress: address,
    });
    const { applicationId: draft, code } = res.json();
    for (let revision = 1; revision <= 2; revision++) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/public/applications/${draft}/draft?code=${code}`,
        headers: headers(),
        payload: { data: { bank_name: `Rev ${revision}` }, revision },
        remoteAddress: address,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    expect(await t.database.db.select().from(domainEvents).where(eq(domainEvents.applicationId, draft))).toEqual([]);

    const id = await submitted();
    await syncedAfter(id, 1);
    const [submittedEvent] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.applicationId, id), eq(domainEvents.type, 'application.submitted')));
    expect(submittedEvent).toBeDefined();
    // a signature (as signing publishes it): the sync runs again, still one record
    const event = await t.database.db.transaction((tx) =>
      t.events.publish(tx, 'application.signed', {
        applicationId: id,
        signatureId: id,
        ownerId: id,
        ownerKind: 'primaryApplicant',
        email: 'ada@example.com',
        dataHash: 'x',
        allSigned: false,
      }),
    );
    await t.events.dispatch([event]);
    await syncedAfter(id, 2);
    expect(creates()).toBe(1);
  });

  it('manual-sync queues nothing on events; "Sync now" syncs', async () => {
    await mapForm(leadMapping({ mode: 'manual-sync' }));
    const id = await submitted();
    expect(await rows(id)).toEqual([]);
    expect((await syncs(id)).json()).toEqual({ items: [] });
    expect(await t.database.db.select().from(integrationSyncRequests)).toEqual([]);
    const res = await syncNow(id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: 'queued' });
    await syncedAfter(id, 1);
    expect(creates()).toBe(1);
  });

  it('a company whose Salesforce is turned off: events queue nothing; "Sync now" shows why in words, "Sync again" after reconnecting fixes it', async () => {
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/salesforce/${a.companyId}/turn-off`,
      headers: bearer(a.token),
    });
    expect(off.statusCode, off.body).toBe(200);
    const id = await submitted();
    expect(await rows(id)).toEqual([]);
    expect((await syncNow(id)).statusCode).toBe(202);
    const failed = await until('needs attention', async () => {
      const [item] = (await syncs(id)).json().items;
      return item?.state === 'needs_attention' && item;
    });
    expect(failed.lastError).toBe(SYNC_WORDS.turnedOff);
    expect(failed.history[0]).toMatchObject({ outcome: 'needs_attention', message: SYNC_WORDS.turnedOff });
    // the applications list filters by sync state (server side, the shared filter)
    const listed = async (states: string) =>
      (await t.app.inject({ url: `/api/applications?pageSize=100&${states}`, headers: bearer(a.token) }))
        .json()
        .items.map((i: { applicationId: string }) => i.applicationId);
    expect(await listed('syncStates=needs_attention')).toEqual([id]);
    expect(await listed('syncStates=synced&syncStates=failed')).not.toContain(id);
    const other = await submitted();
    expect(await listed('')).toEqual(expect.arrayContaining([id, other]));
    expect(await listed('syncStates=needs_attention')).toEqual([id]);
    // the company's ADMINISTRATOR is told once
    await t.mailer.settle();
    expect(t.mailer.sent.filter((m) => m.to === a.email && /Salesforce/.test(m.text))).toHaveLength(1);
    await connect(a);
    expect((await syncNow(id)).json()).toEqual({ status: 'queued' });
    const fixed = await syncedAfter(id, 1);
    expect(fixed.lastError).toBeNull();
    expect(fixed.history.map((h: { outcome: string }) => h.outcome)).toEqual(['synced', 'needs_attention']);
  });

  it('"Sync again" during a back-off runs now, not at the retry\'s time', async () => {
    await mapForm(leadMapping({ mode: 'manual-sync' }));
    const id = await submitted();
    // the simulator's next answer is a 503
    sim.state.failNext(1, 503);
    expect((await syncNow(id)).statusCode).toBe(202);
    const waiting = await until('a retry waiting', async () => {
      const [item] = (await syncs(id)).json().items;
      return item?.state === 'queued' && item.attempts === 1 && item;
    });
    expect(waiting.lastError).toBe(SYNC_WORDS.unavailable);
    expect(new Date(waiting.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await syncNow(id)).json()).toEqual({ status: 'queued' });
    const done = await syncedAfter(id, 1);
    expect(done.history.map((h: { outcome: string }) => h.outcome)).toEqual(['synced', 'retry']);
  });

  it("another company's user gets 404 on both routes and changes nothing; so does a member without the form", async () => {
    await mapForm(leadMapping({ mode: 'manual-sync' }));
    const id = await submitted();
    for (const res of [await syncs(id, b), await syncNow(id, b)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ERROR_CODES.applicationNotFound);
    }
    const member = await joinTeam(t, a);
    for (const res of [await syncs(id, member), await syncNow(id, member)]) expect(res.statusCode).toBe(404);
    expect(await rows(id)).toEqual([]);
    expect(upserts()).toBe(0);
  });
});
