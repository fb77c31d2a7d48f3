import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { TRANSAX_MESSAGES } from '@under/core/integrations/transax.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, transaxPricingLists } from '../../../db/schema';
import { startTransaxSimulator, type TransaxSimulator } from '../../../simulators/transax';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress } from '../../../test/helpers';
import { adminToken } from '../../custom-forms/custom-forms.fixtures';

/**
 * Transax stored pricing (issue #24 §2) against the Transax simulator: the list retrieved with the client's gateway URL,
 * user and password and stored for the company, the password never kept; the gateway URL, typed by the client and
 * sent a password, reaches only an allowlisted Transax host (or the simulator's test host); a client ADMINISTRATOR's
 * call, scoped to the company.
 */
describe.each(testDatabases())('Transax pricing on %s', (kind) => {
  let t: TestApp;
  let sim: TransaxSimulator;
  let a: Caller;
  let b: Caller;

  beforeAll(async () => {
    sim = await startTransaxSimulator({ port: 0 });
    t = await createTestApp(kind, {
      config: { outbound: { testHosts: sim.testHosts, timeoutMs: 5_000, maxBodyBytes: 1024 * 1024 } },
    });
    a = await registerCompany(t, { companyName: 'Transax A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Transax B', membershipId: 'MEMBERSHIP_006' });
  });
  afterAll(async () => {
    await t.close();
    await sim.stop();
  });

  /** From an address of its own each time: the call is throttled per address (20 a minute) against guessing. */
  const retrieve = (payload: object, caller: Caller = a) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transax/retrieve-transax-pricing',
      headers: bearer(caller.token),
      payload,
      remoteAddress: uniqueAddress(),
    });
  const stored = (caller: Caller = a) => t.app.inject({ url: '/api/transax/pricing', headers: bearer(caller.token) });
  const faults = (f: object) => fetch(`${sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify(f) });

  it('retrieves and stores the pricing list; the password is never kept; another company sees none', async () => {
    const res = await retrieve({ gatewayUrl: sim.url, user: sim.user, password: sim.password });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.gatewayHost).toBe(new URL(sim.url).host);
    expect(body.pricing).toEqual([
      {
        id: 'TX-RETAIL-IC',
        name: 'Retail interchange plus',
        description: 'Interchange + 0.25% + $0.10 per item',
        discountRatePct: 0.25,
        perItemFee: 0.1,
        monthlyFee: 9.95,
      },
      {
        id: 'TX-ECOM-FLAT',
        name: 'E-commerce flat rate',
        description: '2.9% + $0.30 per item',
        discountRatePct: 2.9,
        perItemFee: 0.3,
        monthlyFee: null,
      },
      {
        id: '4411',
        name: 'Restaurant tiered',
        description: null,
        discountRatePct: 1.79,
        perItemFee: 0.15,
        monthlyFee: 14.5,
      },
    ]);
    expect((await stored()).json()).toEqual(body);
    expect((await stored(b)).json()).toEqual({ gatewayHost: null, retrievedAt: null, pricing: [] });
    const rows = JSON.stringify(await t.database.db.select().from(transaxPricingLists));
    const audit = JSON.stringify(await t.database.db.select().from(auditEvents));
    expect(audit).toContain('integration.transax-pricing');
    for (const text of [rows, audit]) {
      expect(text).not.toContain(sim.password);
      expect(text).not.toContain(Buffer.from(`${sim.user}:${sim.password}`).toString('base64'));
    }
  });

  it('says Transax refused a wrong password, and words a down or malformed gateway; the stored list stays', async () => {
    const before = (await stored()).json();
    const wrong = await retrieve({ gatewayUrl: sim.url, user: sim.user, password: 'not-it' });
    expect(wrong.statusCode).toBe(424);
    expect(wrong.json()).toMatchObject({ code: ERROR_CODES.integrationFailed, message: TRANSAX_MESSAGES.refused });
    await faults({ fail: 1 });
    const down = await retrieve({ gatewayUrl: sim.url, user: sim.user, password: sim.password });
    expect(down.statusCode).toBe(424);
    expect(down.json().message).toBe('Connection Failed !');
    await faults({ malformed: 1 });
    const bad = await retrieve({ gatewayUrl: sim.url, user: sim.user, password: sim.password });
    expect(bad.statusCode).toBe(424);
    expect((await stored()).json()).toEqual(before);
  });

  it('sends the password to no host but an allowlisted Transax gateway (the SSRF table for gatewayUrl)', async () => {
    const calls = sim.stats.calls;
    for (const gatewayUrl of [
      'https://evil.example.com/',
      'https://secure.transaxgateway.com.evil.example/',
      'https://evil.example/?next=secure.transaxgateway.com',
      'http://secure.transaxgateway.com/',
      'https://secure.transaxgateway.com:8443/',
      'https://user:pw@secure.transaxgateway.com/',
      'https://secure.transaxgateway.com@169.254.169.254/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[::1]/',
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://localhost/',
      `http://127.0.0.1:${Number(new URL(sim.url).port) + 1}/`,
      `${sim.url.replace('127.0.0.1', 'localhost')}/`,
      'file:///etc/passwd',
      'gopher://secure.transaxgateway.com:70/_x',
      'not a url',
    ]) {
      const res = await retrieve({ gatewayUrl, user: sim.user, password: sim.password });
      expect(res.statusCode, gatewayUrl).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.integrationDomain,
        message: TRANSAX_MESSAGES.gatewayNotAllowed,
      });
    }
    expect(sim.stats.calls).toBe(calls);
  });

  it('follows no redirect of the gateway: the password never reaches the host it points to', async () => {
    let hits = 0;
    const elsewhere = createServer((_req, res) => {
      hits++;
      res.end('{"pricing":[]}');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', () => r()));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/api/boarding/pricing`;
    try {
      await faults({ redirectTo: target });
      const res = await retrieve({ gatewayUrl: sim.url, user: sim.user, password: sim.password });
      expect(res.statusCode).toBe(424);
      expect(res.json().message).toBe('Connection Failed !');
      expect(hits).toBe(0);
    } finally {
      await faults({});
      await new Promise((r) => elsewhere.close(r));
    }
  });

  it('is throttled per address: the 21st call in a minute is refused before any gateway is asked', async () => {
    const remoteAddress = uniqueAddress();
    const once = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/transax/retrieve-transax-pricing',
        headers: bearer(a.token),
        payload: { gatewayUrl: 'https://10.0.0.1/', user: 'u', password: 'guess' },
        remoteAddress,
      });
    for (let i = 0; i < 20; i++) expect((await once()).statusCode).toBe(400);
    expect((await once()).statusCode).toBe(429);
  });

  it('is a client ADMINISTRATOR’s: a STANDARD member and the platform admin are refused', async () => {
    const member = await joinTeam(t, a, 'STANDARD');
    const calls = sim.stats.calls;
    const res = await retrieve({ gatewayUrl: sim.url, user: sim.user, password: sim.password }, member);
    expect(res.statusCode).toBe(403);
    expect((await stored(member)).statusCode).toBe(403);
    const admin = await adminToken(t);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/transax/retrieve-transax-pricing',
      headers: bearer(admin),
      payload: { gatewayUrl: sim.url, user: sim.user, password: sim.password },
    });
    expect([401, 403]).toContain(byAdmin.statusCode);
    expect(sim.stats.calls).toBe(calls);
    // the processors list names TSYS/Transax beside CardConnect
    const processors = await t.app.inject({ url: '/api/processors', headers: bearer(admin) });
    expect(processors.json()).toEqual(expect.arrayContaining([{ id: 'tsys', name: 'TSYS/Transax' }]));
  });
});
