import { describe, expect, it } from 'vitest';
import { bearer, registerCompany } from '../../../test/accounts';
import { createFakeSalesforce } from '../../../test/fake-salesforce';
import { createTestApp, PARALLEL_POOL_SIZE, testDatabases } from '../../../test/helpers';
import { IntegrationUnavailable } from '../ports';

/**
 * The token-rotation race (issue #23 §5; decision 073): Salesforce revokes the whole family when an old refresh
 * token is presented, so two workers refreshing at once would end the connection. Refreshes take turns per
 * connection (row lock) and the second takes the first's token.
 */
describe.each(testDatabases())('withSession token rotation on %s', (kind) => {
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
