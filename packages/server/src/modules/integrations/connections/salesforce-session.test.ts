import { describe, expect, it } from 'vitest';
import { bearer, registerCompany } from '../../../test/accounts';
import { createFakeSalesforce } from '../../../test/fake-salesforce';
import { createTestApp, PARALLEL_POOL_SIZE, testDatabases } from '../../../test/helpers';
import { IntegrationUnavailable } from '../ports';
import type { SalesforceClient } from '../salesforce/salesforce.port';

/**
 * The token-rotation race (issue #23 §5; decision 073): Salesforce revokes the whole family when an old refresh
 * token is presented, so two workers refreshing at once would end the connection. Refreshes take turns per
 * connection (row lock) and the second takes the first's token.
 */
/** Connects the company of `token` to the fake (add-info, then the callback with Salesforce's code). */
async function connect(
  t: Awaited<ReturnType<typeof createTestApp>>,
  sf: ReturnType<typeof createFakeSalesforce>,
  token: string,
) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/salesforce/add-info',
    headers: bearer(token),
    payload: {
      consumerKey: sf.consumerKey,
      consumerSecret: sf.consumerSecret,
      salesForceDomain: 'login.salesforce.com',
    },
  });
  const state = new URL(started.json().authorizeUrl).searchParams.get('state') as string;
  await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
}

/** `work` settled within `ms`, or a failure saying what was blocked. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe.each(testDatabases())('withSession token rotation on %s', (kind) => {
  it('a slow refresh holds no database connection: requests run while Salesforce answers, a second worker waits for it', async () => {
    const sf = createFakeSalesforce();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    let called: () => void = () => {};
    const refreshing = new Promise<void>((resolve) => {
      called = resolve;
    });
    // Salesforce's token endpoint answering only when the test says so (up to 60 s in life)
    const slow: SalesforceClient = {
      ...sf,
      async refresh(app, refreshToken) {
        calls += 1;
        called();
        await gate;
        return sf.refresh(app, refreshToken);
      },
    };
    // one connection on both databases (PGlite has one; the PostgreSQL test pool has one too)
    const t = await createTestApp(kind, { salesforce: slow });
    try {
      const a = await registerCompany(t, { companyName: 'Slow Bank', membershipId: 'MEMBERSHIP_004' });
      await connect(t, sf, a.token);
      sf.expireAccessTokens();
      const first = t.services.integrations.withSession(a.companyId, (s) => sf.listObjects(s));
      await within(10_000, 'the refresh call', refreshing);
      // while the refresh is out, the API reads and writes the database
      const list = await within(
        10_000,
        'GET /api/integrations',
        t.app.inject({ url: '/api/integrations', headers: bearer(a.token) }),
      );
      expect(list.statusCode).toBe(200);
      expect(await within(10_000, 'the state read', t.services.integrations.state(a.companyId))).toBe('connected');
      // a second worker on the expired token does not refresh too: it waits for the first's tokens
      const second = t.services.integrations.withSession(a.companyId, (s) => sf.listObjects(s));
      await new Promise((r) => setTimeout(r, 200));
      expect(calls).toBe(1);
      release();
      await expect(first).resolves.toHaveLength(1);
      await expect(second).resolves.toHaveLength(1);
      expect(calls).toBe(1);
      expect(sf.refreshes).toBe(1);
      expect(await t.services.integrations.state(a.companyId)).toBe('connected');
    } finally {
      release();
      await t.close();
    }
  }, 120_000);

  it('two concurrent sessions on an expired access token make exactly one refresh, and both succeed', async () => {
    const sf = createFakeSalesforce();
    const t = await createTestApp(kind, { salesforce: sf, poolSize: PARALLEL_POOL_SIZE });
    try {
      const a = await registerCompany(t, { companyName: 'Race Bank', membershipId: 'MEMBERSHIP_004' });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/salesforce/add-info',
        headers: bearer(a.token),
        payload: {
          consumerKey: sf.consumerKey,
          consumerSecret: sf.consumerSecret,
          salesForceDomain: 'login.salesforce.com',
        },
      });
      const state = new URL(started.json().authorizeUrl).searchParams.get('state') as string;
      await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
      expect(await t.services.integrations.state(a.companyId)).toBe('connected');

      // the refresh takes a while, so the second worker's refresh would overlap the first's without the lock
      sf.refreshDelayMs = 150;
      for (let round = 0; round < 3; round++) {
        sf.expireAccessTokens();
        const before = sf.refreshes;
        const results = await Promise.all(
          [1, 2, 3].map((n) =>
            t.services.integrations.withSession(a.companyId, async (s) => {
              await sf.listObjects(s);
              return n;
            }),
          ),
        );
        expect(results).toEqual([1, 2, 3]);
        expect(sf.refreshes - before, `round ${round}`).toBe(1);
      }
      expect(await t.services.integrations.state(a.companyId)).toBe('connected');
    } finally {
      await t.close();
    }
  }, 60_000);

  it('without the version check a second refresh would reuse the old token and expire the connection', async () => {
    // the fake is what makes the race matter: a second refresh with the first's (now old) token revokes the family
    const sf = createFakeSalesforce();
    const t = await createTestApp(kind, { salesforce: sf });
    try {
      const a = await registerCompany(t, { companyName: 'Stale Bank', membershipId: 'MEMBERSHIP_004' });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/salesforce/add-info',
        headers: bearer(a.token),
        payload: {
          consumerKey: sf.consumerKey,
          consumerSecret: sf.consumerSecret,
          salesForceDomain: 'login.salesforce.com',
        },
      });
      const state = new URL(started.json().authorizeUrl).searchParams.get('state') as string;
      await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
      const sessions = t.services.integrations;
      // worker one refreshes from version 1; worker two, which also saw version 1, finds version 2 and uses it
      const one = await sessions.refresh(a.companyId, 1);
      const two = await sessions.refresh(a.companyId, 1);
      expect(two.session.accessToken).toBe(one.session.accessToken);
      expect(sf.refreshes).toBe(1);
      // a worker that claims the current version refreshes (rotating again) and still works
      const three = await sessions.refresh(a.companyId, two.version);
      expect(three.version).toBe(two.version + 1);
      expect(sf.refreshes).toBe(2);
      await expect(sessions.withSession(a.companyId, (s) => sf.listObjects(s))).resolves.toHaveLength(1);
      await expect(sessions.refresh('00000000-0000-4000-8000-000000000000', 1)).rejects.toEqual(
        new IntegrationUnavailable('not_connected'),
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
