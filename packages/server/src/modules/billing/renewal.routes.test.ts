import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createPostgresDatabase } from '../../db/client';
import { billingPayments, mailOutbox, users } from '../../db/schema/index';
import { bearer, type Caller, joinTeam, registerCompany } from '../../test/accounts';
import { createTestApp, PARALLEL_POOL_SIZE, signIn, type TestApp, testDatabases } from '../../test/helpers';
import { adminToken, publishedMaster } from '../custom-forms/custom-forms.fixtures';
import { billingCalls, DAY_MS, gatewayOf } from './billing.test-support';
import { STALE_PENDING_MS } from './renewal.service';

describe.each(testDatabases())('renewals on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof billingCalls>;
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    api = billingCalls(t);
    await t.services.auth.ensureAdmin({ email: 'renewal-admin@under.test', password: 'Admin12345' });
  });
  afterAll(() => t.close());

  /** A company paying for Simple, with the clock moved just past its period's end. */
  async function dueCompany(): Promise<Caller & { periodEnd: number }> {
    t.clock.offsetMs = 0;
    const a = await registerCompany(t);
    const sub = (await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa')).json();
    const periodEnd = Date.parse(sub.billing.currentPeriodEnd);
    await api.advance(periodEnd - Date.now() + 60_000, a);
    return { ...a, periodEnd };
  }

  const chargesOf = (companyId: string) =>
    t.database.db
      .select()
      .from(billingPayments)
      .where(and(eq(billingPayments.companyId, companyId), eq(billingPayments.kind, 'renewal')));

  it('charges the next period once, however often and however concurrently the job runs', async () => {
    const a = await dueCompany();
    const before = gatewayOf(t).charges.length;
    await Promise.all([api.runRenewals(), api.runRenewals(), api.runRenewals()]);
    await api.runRenewals();
    expect(gatewayOf(t).charges.length - before).toBe(1);
    expect(await chargesOf(a.companyId)).toMatchObject([{ status: 'paid', amountCents: 4900 }]);
    const sub = await api.subscription(a);
    expect(Date.parse(sub.billing.currentPeriodStart)).toBe(a.periodEnd);
    expect(sub.billing.status).toBe('active');
    // the admin's "run now" is the same pass
    // (the clock moved a month: the admin signs in again)
    const adminToken = (await signIn(t, 'admin', 'renewal-admin@under.test', 'Admin12345')).accessToken;
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/billing/renewals', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(gatewayOf(t).charges.length - before).toBe(1);
    t.clock.offsetMs = 0;
  });

  it('a charge cut off by a crash is completed with its own key: the gateway charges once', async () => {
    const a = await dueCompany();
    const before = gatewayOf(t).charges.length;
    // the crash: the row was written and the gateway charged, but the process died before recording the answer
    const realCharge = gatewayOf(t).charge;
    let crashed = false;
    gatewayOf(t).charge = async (opts) => {
      const result = await realCharge(opts);
      if (!crashed) {
        crashed = true;
        throw new Error('process died');
      }
      return result;
    };
    await api.runRenewals();
    gatewayOf(t).charge = realCharge;
    expect(await chargesOf(a.companyId)).toMatchObject([{ status: 'pending' }]);
    // the next passes find the same period held by the pending row: nothing new is charged
    await api.runRenewals();
    expect(gatewayOf(t).charges.length - before).toBe(1);
    // once the row is stale, a pass completes it with the same key, and the gateway answers the first result
    t.clock.offsetMs += STALE_PENDING_MS + 1000;
    await api.runRenewals();
    expect(await chargesOf(a.companyId)).toMatchObject([{ status: 'paid' }]);
    expect(gatewayOf(t).charges.length - before).toBe(1);
    expect(
      (await api.subscription({ ...a, token: (await signIn(t, 'client', a.email)).accessToken })).billing.status,
    ).toBe('active');
    t.clock.offsetMs = 0;
  });

  it('a failed renewal is retried after 1, 3 and 7 days with e-mails, then the company drops to Basic', async () => {
    t.clock.offsetMs = 0;
    const a = await registerCompany(t, { companyName: 'Retry Bank' });
    await api.subscribe(a, 'MEMBERSHIP_003', 'tok_test_visa');
    const m1 = await joinTeam(t, a);
    const m2 = await joinTeam(t, a);
    // a card that saves but whose charges are declined
    expect(
      (await api.send('PATCH', `/api/card/${a.companyId}`, a.token, { token: 'tok_test_charge_fail' })).statusCode,
    ).toBe(200);
    const end = Date.parse((await api.subscription(a)).billing.currentPeriodEnd);
    await api.advance(end - Date.now() + 60_000, a);
    expect(await api.runRenewals()).toMatchObject({ charged: 0, failed: 1 });
    const due = await api.subscription(a);
    expect(due).toMatchObject({ membershipId: 'MEMBERSHIP_003', billing: { status: 'past_due' } });
    expect(Date.parse(due.billing.retryUntil) - Date.now()).toBeGreaterThan(6.9 * DAY_MS);
    // the time-subscription check tells the client (spec 2 §8)
    const check = await api.get(`/api/check-times-subscription/${a.companyId}`, a.token);
    expect(check.statusCode).toBe(402);
    expect(check.json()).toMatchObject({ code: 'billing/past-due' });
    expect(check.json().message).toMatch(/^Your last payment failed\. Update your card/);
    await t.mailer.settle();
    const failedMails = () => t.mailer.sent.filter((m) => m.to === a.email && /Payment for Retry Bank/.test(m.subject));
    expect(failedMails()).toHaveLength(1);
    expect(failedMails()[0]?.text).toContain('$99.00');

    // no retry before its day
    expect(await api.runRenewals()).toMatchObject({ failed: 0 });
    for (const [days, attempts] of [
      [1, 2],
      [2, 3],
    ] as const) {
      await api.advance(days * DAY_MS, a);
      await api.runRenewals();
      expect(await chargesOf(a.companyId)).toHaveLength(attempts);
    }
    await api.advance(3 * DAY_MS, a);
    expect(await api.runRenewals()).toMatchObject({ failed: 0, ended: 0 });
    await api.advance(DAY_MS, a);
    expect(await api.runRenewals()).toMatchObject({ failed: 1, ended: 1 });
    expect(await chargesOf(a.companyId)).toHaveLength(4);
    expect((await chargesOf(a.companyId)).every((r) => r.status === 'failed')).toBe(true);
    await t.mailer.settle();
    expect(failedMails()).toHaveLength(4);
    expect(t.mailer.sent.find((m) => m.to === a.email && /is now on the Basic plan/.test(m.subject))).toBeTruthy();

    expect(await api.subscription(a)).toMatchObject({ membershipId: 'MEMBERSHIP_001', billing: { status: 'none' } });
    expect((await api.get(`/api/check-times-subscription/${a.companyId}`, a.token)).json()).toEqual({
      valid: true,
      status: 'none',
    });
    // the administrator stays; the members beyond Basic's one seat are deactivated
    const statuses = await t.database.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(eq(users.companyId, a.companyId));
    const statusOf = (id: string) => statuses.find((s) => s.id === id)?.status;
    expect([statusOf(a.userId), statusOf(m1.userId), statusOf(m2.userId)]).toEqual(['active', 'inactive', 'inactive']);
    // the member's session ended with it
    expect((await api.get('/api/me', m1.token)).statusCode).toBeGreaterThanOrEqual(401);
    const kinds = await t.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox);
    expect(kinds.some((k) => k.kind === 'plan-ended')).toBe(true);
    t.clock.offsetMs = 0;
  });

  it("a plan that ends keeps the oldest forms within Basic's quota and deactivates the newest", async () => {
    t.clock.offsetMs = 0;
    const a = await registerCompany(t);
    const sub = (await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa')).json();
    const master = await publishedMaster(t, await adminToken(t), { name: `Ending Bank ${Date.now()}` });
    const ids: string[] = [];
    for (const name of ['Oldest form', 'Newer form']) {
      const created = await api.send('POST', '/api/custom_forms', a.token, { masterFormId: master, name });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().customFormId as string;
      const activated = await api.send('PATCH', `/api/custom_forms/${id}/status`, a.token, { status: 'active' });
      expect(activated.statusCode, activated.body).toBe(200);
      ids.push(id);
    }
    expect((await api.subscription(a)).activatedForm).toBe(2);
    expect((await api.send('POST', '/api/subscription/cancel', a.token)).statusCode).toBe(200);

    await api.advance(Date.parse(sub.billing.currentPeriodEnd) - Date.now() + 60_000, a);
    expect((await api.runRenewals()).ended).toBeGreaterThanOrEqual(1);
    const status = async (id: string) => (await api.get(`/api/custom_forms/${id}`, a.token)).json().status as string;
    expect([await status(ids[0] as string), await status(ids[1] as string)]).toEqual(['active', 'inactive']);
    expect(await api.subscription(a)).toMatchObject({ membershipId: 'MEMBERSHIP_001', activatedForm: 1 });
    t.clock.offsetMs = 0;
  });

  it('a coupon applied by an admin takes its discount off the next renewal, and records it on the payment', async () => {
    t.clock.offsetMs = 0;
    const a = await registerCompany(t);
    const sub = (await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa')).json();
    const adminToken = (await signIn(t, 'admin', 'renewal-admin@under.test', 'Admin12345')).accessToken;
    const admin = (method: 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
    const coupon = await admin('POST', '/api/coupon', {
      code: `RENEW${Date.now().toString(36).toUpperCase()}`,
      name: 'Renewal 20',
      percentage: 20,
      durationInMonths: 3,
    });
    expect(coupon.statusCode).toBe(201);
    const couponId = coupon.json().id as string;
    expect((await admin('POST', `/api/company/${a.companyId}/coupon/${couponId}`)).statusCode).toBeLessThan(300);

    await api.advance(Date.parse(sub.billing.currentPeriodEnd) - Date.now() + 60_000, a);
    const before = gatewayOf(t).charges.length;
    await api.runRenewals();
    expect(gatewayOf(t).charges.length - before).toBe(1);
    // Simple is $49.00: 20 % off is $9.80, so $39.20 is charged
    expect(gatewayOf(t).charges.at(-1)?.amountCents).toBe(3920);
    expect(await chargesOf(a.companyId)).toMatchObject([
      { status: 'paid', priceCents: 4900, discountCents: 980, amountCents: 3920, couponId },
    ]);
    t.clock.offsetMs = 0;
  });

  it.runIf(kind === 'postgres')('two app instances over one PostgreSQL database charge once', async () => {
    const a = await dueCompany();
    const [{ name }] = (await t.database.executeSql('select current_database() as name')).rows as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    const database = createPostgresDatabase(url.toString());
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'under-test-')),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    });
    const second = await buildApp({
      config,
      database,
      logger: false,
      mailer: { outboxDir: undefined, send: async () => {} },
      // both instances talk to the same gateway, as two servers talk to Stripe
      gateway: t.gateway,
      now: () => Date.now() + t.clock.offsetMs,
      webDist: path.join(config.dataDir, 'no-web'),
    });
    try {
      const before = gatewayOf(t).charges.length;
      await Promise.all([
        api.runRenewals(),
        second.services.renewals.run(),
        api.runRenewals(),
        second.services.renewals.run(),
      ]);
      expect(gatewayOf(t).charges.length - before).toBe(1);
      expect(await chargesOf(a.companyId)).toMatchObject([{ status: 'paid' }]);
    } finally {
      await second.app.close();
      await database.close();
      t.clock.offsetMs = 0;
    }
  });
});
