import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../infra/outbound/outbound';
import { consentInSimulator, type SalesforceSimulator, startSalesforceSimulator } from '../../simulators/salesforce';
import { bearer, registerCompany } from '../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../test/helpers';
import { createSalesforceClient } from './salesforce/salesforce.client';
import type { SalesforceClient } from './salesforce/salesforce.port';

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

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
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
