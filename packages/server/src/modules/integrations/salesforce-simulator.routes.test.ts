import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSyncAttempts, integrationSyncs } from '../../db/schema';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../infra/outbound/outbound';
import { consentInSimulator, type SalesforceSimulator, startSalesforceSimulator } from '../../simulators/salesforce';
import { bearer, type Caller, registerCompany } from '../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../test/helpers';
import { activeForm } from '../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../custom-forms/custom-forms.fixtures';
import { createSalesforceClient } from './salesforce/salesforce.client';
import type { SalesforceClient } from './salesforce/salesforce.port';
import { leadMapping, until } from './sync/sync.fixtures';

// The whole portal with its real Salesforce client and outbound client, against the loopback simulator (decision 072:
// a simulator, never Salesforce): what the person does in the browser is done by `consentInSimulator`.
describe.each(testDatabases())('Salesforce through the simulator on %s', (kind) => {
  let t: TestApp;
  let sim: SalesforceSimulator;
  let consumerKey: string;
  let consumerSecret: string;
  let client: SalesforceClient;

  beforeAll(async () => {
    sim = await startSalesforceSimulator();
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: sim.testHosts,
      timeoutMs: 5_000,
      maxBodyBytes: 1_000_000,
    });
    client = createSalesforceClient(outbound);
    t = await createTestApp(kind, { outbound, salesforce: client });
    const app = sim.state.registerApp({ callbackUrl: `${t.config.publicUrl}/api/salesforce/callback` });
    consumerKey = app.consumerKey;
    consumerSecret = app.consumerSecret;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('connects with PKCE through the consent page, keeps a live session across an expired token, and turns off with a revoke', async () => {
    const a = await registerCompany(t, { companyName: 'Simulated Bank', membershipId: 'MEMBERSHIP_004' });
    const started = await call('POST', '/api/salesforce/add-info', a.token, {
      consumerKey,
      consumerSecret,
      salesForceDomain: sim.loginUrl,
    });
    expect(started.statusCode, started.body).toBe(200);
    const back = await consentInSimulator(started.json().authorizeUrl);
    expect(back.pathname).toBe('/api/salesforce/callback');
    const done = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/manage-integration?salesforce=connected');
    const check = await call('POST', '/api/salesforce/check-info', a.token);
    expect(check.json()).toMatchObject({ connected: true, expired: false, instanceUrl: sim.instanceUrl });

    // a data call with the stored session; then every access token dies and the session is refreshed once
    const describeLead = () => t.services.integrations.withSession(a.companyId, (s) => client.describe(s, 'Lead'));
    expect((await describeLead()).name).toBe('Lead');
    const tokenCalls = sim.state.stats().tokenCalls;
    sim.state.expireAccessTokens();
    const [one, two] = await Promise.all([describeLead(), describeLead()]);
    expect([one.name, two.name]).toEqual(['Lead', 'Lead']);
    expect(sim.state.stats().tokenCalls).toBe(tokenCalls + 1);

    // turned off: the tokens are revoked at the simulator and the state says so
    const off = await call('PATCH', `/api/salesforce/${a.companyId}/turn-off`, a.token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await call('POST', '/api/salesforce/check-info', a.token)).json()).toMatchObject({ connected: false });
    await expect(describeLead()).rejects.toMatchObject({ state: 'turned_off' });
  });

  /** add-info, consent on the simulator's page, the browser back at the callback: connected. */
  async function connect(c: Caller) {
    const started = await call('POST', '/api/salesforce/add-info', c.token, {
      consumerKey,
      consumerSecret,
      salesForceDomain: sim.loginUrl,
    });
    expect(started.statusCode, started.body).toBe(200);
    const back = await consentInSimulator(started.json().authorizeUrl);
    const done = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(done.headers.location).toBe('/manage-integration?salesforce=connected');
  }

  it('the whole loop: the submitted application of a mapped form becomes one Lead, a failure shows in words and Sync again fixes it', async () => {
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, {
      name: 'Simulated Loop Bank',
      extra: [{ type: 'textfield', key: 'bank_name', label: 'Bank name', input: true }],
    });
    const a = await registerCompany(t, { companyName: 'Loop Bank', membershipId: 'MEMBERSHIP_006' });
    const formId = await activeForm(t, a, masterId, 'Loop form');
    await connect(a);
    // the describe of Lead through the real client: the mapping is checked against it
    const attributes = await call('GET', '/api/sf-attributes?object=Lead', a.token);
    expect(attributes.statusCode, attributes.body).toBe(200);
    const mapping = leadMapping({ fields: [...leadMapping().fields, { formKey: 'Email', sfField: 'Email' }] });
    const saved = await call('PUT', `/api/salesforce/mapping/${formId}`, a.token, mapping);
    expect(saved.statusCode, saved.body).toBe(200);

    // an applicant submits: the event queues the sync, the worker upserts on Under_Application_Id__c
    const headers = { 'x-api-key': t.config.secrets.publicApiKey };
    const address = uniqueAddress();
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers,
      payload: { customFormId: formId, email: uniqueEmail('loop'), data: { bank_name: 'One' } },
      remoteAddress: address,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const { applicationId, code } = draft.json();
    const data = {
      Firstname: 'Ada',
      Lastname: 'Lovelace',
      PhoneNumber: '(555) 123-4567',
      Email: 'ada@example.com',
      CompanyName: 'Analytical Engines',
      bank_name: 'First',
    };
    const submit = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers,
      payload: { data, revision: 1 },
      remoteAddress: address,
    });
    expect(submit.statusCode, submit.body).toBe(200);
    await t.events.drain();
    const syncs = async () => (await call('GET', `/api/applications/${applicationId}/syncs`, a.token)).json().items;
    const synced = await until('the first sync', async () => {
      const [item] = await syncs();
      return item?.state === 'synced' && item;
    });
    expect(synced.recordId).toBeTruthy();
    expect(sim.state.records('Lead')).toEqual([
      expect.objectContaining({
        Id: synced.recordId,
        LastName: 'Lovelace',
        Company: 'Analytical Engines',
        Email: 'ada@example.com',
        Under_Application_Id__c: applicationId,
      }),
    ]);
    expect(sim.state.stats().creates.Lead).toBe(1);

    // Salesforce answers 503 for a while: the sync says so in words; Sync again after it is back updates the record
    sim.state.failNext(3);
    const again = await call('POST', `/api/salesforce/sync/${applicationId}`, a.token);
    expect(again.statusCode, again.body).toBe(202);
    const failed = await until('the failed attempt', async () => {
      const [item] = await syncs();
      return item?.lastError && item.state !== 'running' && item;
    });
    expect(failed.lastError).toMatch(/Salesforce/);
    expect(failed.lastError).toBe(SYNC_WORDS.unavailable);
    sim.state.failNext(0);
    expect((await call('POST', `/api/salesforce/sync/${applicationId}`, a.token)).statusCode).toBe(202);
    const fixed = await until('the sync again', async () => {
      const [item] = await syncs();
      return item?.state === 'synced' && item.lastError === null && item;
    });
    expect(fixed.recordId).toBe(synced.recordId);
    expect(sim.state.stats().creates.Lead).toBe(1);
    expect(sim.state.records('Lead')).toHaveLength(1);
  });

  it("Salesforce's message quoting an encrypted answer is kept as the field's name only, in the words, the detail and the attempts", async () => {
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, {
      name: 'Simulated Sealed Bank',
      extra: [{ type: 'textfield', key: 'tax_note', label: 'Tax note', input: true, euEncrypted: true }],
    });
    const a = await registerCompany(t, { companyName: 'Sealed Bank', membershipId: 'MEMBERSHIP_006' });
    const formId = await activeForm(t, a, masterId, 'Sealed form');
    await connect(a);
    const mapping = leadMapping({ fields: [...leadMapping().fields, { formKey: 'tax_note', sfField: 'Title' }] });
    const saved = await call('PUT', `/api/salesforce/mapping/${formId}`, a.token, mapping);
    expect(saved.statusCode, saved.body).toBe(200);
    // the org's validation rule quotes the value it refuses, as Salesforce's messages may
    sim.state.validationRule({ object: 'Lead', field: 'Title', message: 'Title {value} is not an accepted title' });
    try {
      const secret = 'SEALED-741-22-ZZ';
      const headers = { 'x-api-key': t.config.secrets.publicApiKey };
      const address = uniqueAddress();
      const draft = await t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers,
        payload: { customFormId: formId, email: uniqueEmail('sealed'), data: {} },
        remoteAddress: address,
      });
      expect(draft.statusCode, draft.body).toBe(201);
      const { applicationId, code } = draft.json();
      const data = {
        Firstname: 'Ada',
        Lastname: 'Lovelace',
        PhoneNumber: '(555) 123-4567',
        Email: 'ada@example.com',
        CompanyName: 'Analytical Engines',
        tax_note: secret,
      };
      const submit = await t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${applicationId}/submit?code=${code}`,
        headers,
        payload: { data, revision: 1 },
        remoteAddress: address,
      });
      expect(submit.statusCode, submit.body).toBe(200);
      await t.events.drain();
      const answer = await until('the refused sync', async () => {
        const res = await call('GET', `/api/applications/${applicationId}/syncs`, a.token);
        const [item] = res.json().items;
        return item?.state === 'needs_attention' && res;
      });
      const [item] = answer.json().items;
      expect(item.lastError).toContain(`Title: ${SYNC_WORDS.encryptedValueRefused}`);
      expect(answer.body).not.toContain(secret);
      const rows = await t.database.db
        .select()
        .from(integrationSyncs)
        .where(eq(integrationSyncs.applicationId, applicationId));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.lastErrorDetail).toContain('FIELD_CUSTOM_VALIDATION_EXCEPTION');
      const attempts = await t.database.db
        .select()
        .from(integrationSyncAttempts)
        .where(eq(integrationSyncAttempts.syncId, rows[0]?.id as string));
      expect(attempts.length).toBeGreaterThan(0);
      expect(JSON.stringify({ rows, attempts })).not.toContain(secret);
      expect(sim.state.records('Lead').filter((r) => r.Under_Application_Id__c === applicationId)).toEqual([]);
    } finally {
      sim.state.validationRule(null);
    }
  });

  it('a denied consent and a code used twice answer the spec messages and connect nothing', async () => {
    const a = await registerCompany(t, { companyName: 'Denied Bank', membershipId: 'MEMBERSHIP_004' });
    const started = await call('POST', '/api/salesforce/add-info', a.token, {
      consumerKey,
      consumerSecret,
      salesForceDomain: sim.loginUrl,
    });
    const denied = await consentInSimulator(started.json().authorizeUrl, 'deny');
    const back = await t.app.inject({ url: `${denied.pathname}${denied.search}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).not.toBe('/manage-integration?salesforce=connected');
    expect((await call('POST', '/api/salesforce/check-info', a.token)).json()).toMatchObject({ connected: false });
  });
});
