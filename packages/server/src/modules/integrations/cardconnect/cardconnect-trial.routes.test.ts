import { CC_TRIAL_WORDS } from '@under/core/integrations/cardconnect-trial';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPayments, subscriptions, users } from '../../../db/schema/index';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { type CardConnectSimulator, type CcSimUser, startCardConnectSimulator } from '../../../simulators/cardconnect';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../../test/helpers';
import { createSyncability } from '../forms/syncability';

const ADMIN_EMAIL = 'cc-trial-admin@under.test';
const DAY = 86_400_000;

// The 30-day card-processor trial (decision 090), moved through time with the test clock; the simulator, not CardConnect.
describe.each(testDatabases())('CardConnect trial on %s', (kind) => {
  let t: TestApp;
  let sim: CardConnectSimulator;
  let user: CcSimUser;

  beforeAll(async () => {
    sim = await startCardConnectSimulator();
    user = sim.state.registerUser({
      username: 'trial-api-user',
      password: 'Copilot-Pass-1',
      clientId: 'merchapi-trial',
      clientSecret: 'Client-Secret-Key-77',
      salesCodes: ['API1'],
      templateIds: ['4242'],
    });
    t = await createTestApp(kind, {
      outbound: createOutbound({
        allow: DEFAULT_OUTBOUND_ALLOW,
        testHosts: sim.testHosts,
        timeoutMs: 5_000,
        maxBodyBytes: 1_000_000,
      }),
      config: { cardConnect: { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl } },
    });
    await t.services.auth.ensureAdmin({ email: ADMIN_EMAIL, password: 'Admin12345' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const integrate = (c: Caller) =>
    call('POST', '/api/companies/card-connect', c.token, {
      username: user.username,
      password: user.password,
      saleCode: 'API1',
      pricingTemplateId: '4242',
      clientSecretKey: user.clientSecret,
      clientId: user.clientId,
    });
  const check = () =>
    createSyncability({
      db: t.database.db,
      now: () => Date.now() + t.clock.offsetMs,
      salesforce: () => {
        throw new Error('not asked');
      },
    });
  const trialReasons = async (c: Caller) =>
    (
      await check().cardconnect({ companyId: c.companyId, customFormId: c.companyId, masterFormId: c.companyId })
    ).reasons.filter((r) => r.includes('trial'));

  it('starts with the first connection, counts down, stops the sync in words at its end, and a paid plan resumes it', async () => {
    t.clock.offsetMs = 0;
    const a = await registerCompany(t, { companyName: 'Trial Bank' });
    expect((await call('GET', '/api/companies/card-connect', a.token)).json().trial).toBeNull();
    expect(await trialReasons(a)).toEqual([]);
    const first = await integrate(a);
    expect(first.statusCode, first.body).toBe(200);
    const trial = first.json().trial;
    expect(trial).toMatchObject({ phase: 'trial', daysLeft: 30 });
    expect(new Date(trial.endsAt).getTime() - new Date(trial.startedAt).getTime()).toBe(30 * DAY);

    // ten days on, turned off and on again (Edit): the same trial, 20 days left
    t.clock.offsetMs = 10 * DAY;
    a.token = (await signIn(t, 'client', a.email)).accessToken;
    await call('PATCH', '/api/companies/card-connect/status', a.token, { status: 'inactive' });
    const again = await integrate(a);
    expect(again.json().trial).toEqual({ ...trial, daysLeft: 20 });
    expect(await trialReasons(a)).toEqual([]);

    // its end: nothing is charged (no card, no billing row), the sync's check says why it stops
    t.clock.offsetMs = 30 * DAY + 1000;
    a.token = (await signIn(t, 'client', a.email)).accessToken;
    expect((await call('GET', '/api/companies/card-connect', a.token)).json().trial).toMatchObject({
      phase: 'ended',
      daysLeft: 0,
    });
    const verdict = await check().cardconnect({ companyId: a.companyId, customFormId: a.companyId });
    expect(verdict.syncable).toBe(false);
    expect(verdict.reasons).toContain(CC_TRIAL_WORDS.ended(trial.endsAt.slice(0, 10)));
    expect(
      await t.database.db.select().from(billingPayments).where(eq(billingPayments.companyId, a.companyId)),
    ).toEqual([]);
    const subs = await t.database.db.select().from(subscriptions).where(eq(subscriptions.companyId, a.companyId));
    expect(subs.filter((s) => s.cardLast4 !== null || s.status === 'active')).toEqual([]);

    // a paid plan: syncing goes on
    await t.database.db
      .insert(subscriptions)
      .values({ companyId: a.companyId, status: 'active' })
      .onConflictDoUpdate({ target: subscriptions.companyId, set: { status: 'active' } });
    expect(await trialReasons(a)).toEqual([]);
    expect((await call('GET', '/api/companies/card-connect', a.token)).json().trial.phase).toBe('paid');
    t.clock.offsetMs = 0;
  });

  it('tells the platform admins and the company administrators once when a trial ends', async () => {
    t.clock.offsetMs = 0;
    const b = await registerCompany(t, { companyName: 'Ending Bank' });
    // a client user whose role is not ADMINISTRATOR is not told (billing's rule: the same people get both mails)
    await t.database.db.insert(users).values({
      pool: 'client',
      email: 'ending-other@under.test',
      passwordHash: 'x',
      role: 'admin',
      companyId: b.companyId,
    });
    expect((await integrate(b)).statusCode).toBe(200);
    expect(await t.services.cardConnect.sweepTrialEnds()).toBe(0);
    t.clock.offsetMs = 30 * DAY + 60_000;
    const before = t.mailer.sent.length;
    expect(await t.services.cardConnect.sweepTrialEnds()).toBeGreaterThanOrEqual(2);
    await t.mailer.settle();
    const mails = t.mailer.sent.slice(before).filter((m) => m.subject.startsWith('Ending Bank'));
    expect(mails.map((m) => m.to).sort()).toEqual([ADMIN_EMAIL, b.email].sort());
    expect(mails[0]?.subject).toBe('Ending Bank: the 30-day CardConnect trial has ended');
    expect(mails[0]?.text).toContain('Nothing is charged');
    expect(await t.services.cardConnect.sweepTrialEnds()).toBe(0);
    t.clock.offsetMs = 0;
  });
});
