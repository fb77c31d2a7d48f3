import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { auditEvents, memberships } from '../../db/schema/index';
import { bearer, type Caller, registerCompany } from '../../test/accounts';
import { createTestApp, PARALLEL_POOL_SIZE, signIn, type TestApp, testDatabases } from '../../test/helpers';

const DAY = 86_400_000;
let codes = 0;
const code = (prefix = 'C') => `${prefix}${Date.now().toString(36)}${++codes}`.toUpperCase();

describe.each(testDatabases())('coupons on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let client: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    await t.services.auth.ensureAdmin({ email: 'coupon-admin@under.test', password: 'Admin12345' });
    adminToken = (await signIn(t, 'admin', 'coupon-admin@under.test', 'Admin12345')).accessToken;
    client = await registerCompany(t, { companyName: 'Coupon Bank', membershipId: 'MEMBERSHIP_002' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = adminToken) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = (body: Record<string, unknown>) =>
    call('POST', '/api/coupon', { code: code(), name: 'Launch', durationInMonths: 3, ...body });
  /** A company straight in the database: these tests are about coupons, not sign-up. */
  const newCompany = async (name = 'Bank', membershipId = 'MEMBERSHIP_003') =>
    (await createCompaniesRepository(t.database.db).insertCompany({ name, membershipId })).id;
  const apply = (companyId: string, couponId: string) => call('POST', `/api/company/${companyId}/coupon/${couponId}`);
  const remove = (companyId: string, couponId: string) =>
    call('DELETE', `/api/company/${companyId}/coupon/${couponId}`);

  describe('who may call', () => {
    it('refuses client users, a client ADMINISTRATOR included, and anonymous callers', async () => {
      const c = (await create({ percentage: 10 })).json();
      for (const [method, url] of [
        ['GET', '/api/coupons'],
        ['POST', '/api/coupon'],
        ['GET', `/api/coupon/${c.id}`],
        ['PATCH', `/api/coupon/${c.id}`],
        ['GET', `/api/coupon/${c.id}/companies`],
        ['POST', `/api/company/${client.companyId}/coupon/${c.id}`],
        ['DELETE', `/api/company/${client.companyId}/coupon/${c.id}`],
      ] as const) {
        const asClient = await call(
          method,
          url,
          method === 'GET' || method === 'DELETE' ? undefined : {},
          client.token,
        );
        expect(asClient.statusCode, `${method} ${url}`).toBe(403);
        const anonymous = await t.app.inject({ method, url });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('POST /api/coupon', () => {
    it('creates a percentage coupon, stores the code in upper case and audits it', async () => {
      const res = await call('POST', '/api/coupon', {
        code: 'spring-sale-26',
        name: 'Spring sale',
        percentage: 25,
        durationInMonths: 6,
        redemptionLimit: 10,
        expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
      });
      expect(res.statusCode).toBe(201);
      const c = res.json();
      expect(c).toMatchObject({
        code: 'SPRING-SALE-26',
        percentage: 25,
        amount: null,
        durationInMonths: 6,
        redemptionLimit: 10,
        redemptionCount: 0,
        status: 'active',
        companiesUsing: 0,
      });
      const audits = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'coupon.create'), eq(auditEvents.targetId, c.id)));
      expect(audits).toHaveLength(1);
      expect(audits[0]?.details).toEqual({ code: 'SPRING-SALE-26' });
    });

    it('refuses a code already used, in any case', async () => {
      const first = code('DUP');
      expect((await create({ code: first, percentage: 5 })).statusCode).toBe(201);
      const again = await create({ code: first.toLowerCase(), percentage: 5 });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(ERROR_CODES.couponCodeUsed);
    });

    it.each([0, 13, 1.5, -1])("refuses %s months with 'Month must be from 1 to 12'", async (months) => {
      const res = await create({ percentage: 10, durationInMonths: months });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'durationInMonths', message: MESSAGES.monthRange });
    });

    it('takes 1 and 12 months', async () => {
      expect((await create({ percentage: 10, durationInMonths: 1 })).statusCode).toBe(201);
      expect((await create({ percentage: 10, durationInMonths: 12 })).statusCode).toBe(201);
    });

    it.each([0, 101, -5, 12.5])('refuses a percentage of %s', async (percentage) => {
      const res = await create({ percentage });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('percentage');
    });

    it('takes percentages of 1 and 100', async () => {
      expect((await create({ percentage: 1 })).statusCode).toBe(201);
      expect((await create({ percentage: 100 })).statusCode).toBe(201);
    });

    it.each([0, 99, 299_001, 10.5])('refuses an amount of %s cents (value 1-2990 dollars)', async (amount) => {
      const res = await create({ amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('amount');
    });

    it('takes $1.00 and the highest plan price, $2,990.00', async () => {
      expect((await create({ amount: 100 })).json().amount).toBe(100);
      expect((await create({ amount: 299_000 })).json().amount).toBe(299_000);
    });

    it('refuses an amount above the highest plan price as the plans stand', async () => {
      const db = t.database.db;
      await db.update(memberships).set({ priceCents: 100_000 }).where(eq(memberships.id, 'MEMBERSHIP_006'));
      try {
        const res = await create({ amount: 150_000 });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([
          { path: 'amount', message: 'The amount must be from $1.00 to $1,000.00 (the highest plan price).' },
        ]);
        expect((await create({ amount: 100_000 })).statusCode).toBe(201);
      } finally {
        await db.update(memberships).set({ priceCents: 299_000 }).where(eq(memberships.id, 'MEMBERSHIP_006'));
      }
    });

    it('refuses both a percentage and an amount, and neither', async () => {
      expect((await create({ percentage: 10, amount: 500 })).statusCode).toBe(400);
      expect((await create({})).statusCode).toBe(400);
    });

    it('refuses an expiry in the past and a redemption limit of 0', async () => {
      const past = await create({ percentage: 10, expiresAt: new Date(Date.now() - DAY).toISOString() });
      expect(past.statusCode).toBe(400);
      expect(past.json().errors[0].path).toBe('expiresAt');
      const zero = await create({ percentage: 10, redemptionLimit: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().errors[0].path).toBe('redemptionLimit');
    });
  });

  describe('GET /api/coupons', () => {
    it('searches code and name, pages and sorts', async () => {
      const tag = code('FIND');
      for (let i = 0; i < 3; i++) await create({ code: `${tag}${i}`, name: `Find me ${i}`, percentage: 10 + i });
      const page1 = await call('GET', `/api/coupons?q=${tag}&pageSize=10&sort=code&order=asc`);
      expect(page1.statusCode).toBe(200);
      expect(page1.json().total).toBe(3);
      expect(page1.json().items.map((c: { code: string }) => c.code)).toEqual([`${tag}0`, `${tag}1`, `${tag}2`]);
      const desc = await call('GET', `/api/coupons?q=${tag}&sort=code&order=desc&page=1&pageSize=10`);
      expect(desc.json().items[0].code).toBe(`${tag}2`);
      const beyond = await call('GET', `/api/coupons?q=${tag}&page=2&pageSize=10`);
      expect(beyond.json().items).toEqual([]);
      expect((await call('GET', '/api/coupons?q=ab')).statusCode).toBe(400);
    });
  });

  describe('apply and remove', () => {
    it('applies a coupon, lists the company under it, shows its discount and audits both changes', async () => {
      const c = (await create({ percentage: 20, durationInMonths: 2 })).json();
      const res = await apply(client.companyId, c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ companyId: client.companyId, companyName: 'Coupon Bank', removedAt: null });
      const companies = (await call('GET', `/api/coupon/${c.id}/companies`)).json().items;
      expect(companies).toHaveLength(1);
      expect(companies[0].companyId).toBe(client.companyId);

      // Simple costs $49.00: 20% is $9.80; the client sees its own discount too
      const asAdmin = (await call('GET', `/api/companies/${client.companyId}/discount`)).json();
      expect(asAdmin).toMatchObject({ planPriceCents: 4900, discountCents: 980 });
      expect(asAdmin.coupon.id).toBe(c.id);
      const asClient = await call('GET', `/api/companies/${client.companyId}/discount`, undefined, client.token);
      expect(asClient.json().discountCents).toBe(980);
      // the coupon without what other companies do with it
      expect(asClient.json().coupon).toEqual({
        id: c.id,
        code: c.code,
        name: c.name,
        percentage: 20,
        amount: null,
        durationInMonths: c.durationInMonths,
        expiresAt: null,
      });
      const counted = (await call('GET', `/api/coupon/${c.id}`)).json();
      expect(counted).toMatchObject({ redemptionCount: 1, companiesUsing: 1 });

      const removed = await remove(client.companyId, c.id);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().removedAt).not.toBeNull();
      expect((await call('GET', `/api/companies/${client.companyId}/discount`)).json()).toMatchObject({
        coupon: null,
        discountCents: 0,
      });
      const actions = (
        await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, client.companyId))
      ).map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['coupon.apply', 'coupon.remove']));
    });

    it('never lets a client read another company’s discount', async () => {
      const other = await newCompany('Other Bank');
      const res = await call('GET', `/api/companies/${other}/discount`, undefined, client.token);
      expect(res.statusCode).toBe(404);
    });

    it('refuses a coupon the company used and removed', async () => {
      const company = await newCompany();
      const c = (await create({ amount: 1000 })).json();
      expect((await apply(company, c.id)).statusCode).toBe(200);
      expect((await remove(company, c.id)).statusCode).toBe(200);
      const again = await apply(company, c.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(ERROR_CODES.couponUsedBefore);
    });

    it('applying the coupon the company has changes nothing; a second coupon is refused', async () => {
      const company = await newCompany();
      const a = (await create({ percentage: 10 })).json();
      const b = (await create({ percentage: 15 })).json();
      const first = await apply(company, a.id);
      const twice = await apply(company, a.id);
      expect(twice.statusCode).toBe(200);
      expect(twice.json().appliedAt).toBe(first.json().appliedAt);
      expect((await call('GET', `/api/coupon/${a.id}`)).json().redemptionCount).toBe(1);
      const second = await apply(company, b.id);
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe(ERROR_CODES.companyHasCoupon);
    });

    it("refuses an expired coupon with 'This coupon is expired'", async () => {
      const company = await newCompany();
      const c = (await create({ percentage: 10, expiresAt: new Date(Date.now() + 60_000).toISOString() })).json();
      // past the expiry, within the access token's 15 minutes
      t.clock.offsetMs = 5 * 60_000;
      try {
        const res = await apply(company, c.id);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.couponExpired, message: MESSAGES.couponExpired });
        expect((await call('GET', `/api/coupon/${c.id}`)).json().status).toBe('expired');
      } finally {
        t.clock.offsetMs = 0;
      }
    });

    it('refuses a coupon past its redemption limit; a removal does not give the redemption back', async () => {
      const c = (await create({ percentage: 10, redemptionLimit: 1 })).json();
      const first = await newCompany();
      expect((await apply(first, c.id)).statusCode).toBe(200);
      expect((await remove(first, c.id)).statusCode).toBe(200);
      const res = await apply(await newCompany(), c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(ERROR_CODES.couponLimitReached);
      expect((await call('GET', `/api/coupon/${c.id}`)).json()).toMatchObject({
        status: 'used-up',
        redemptionCount: 1,
      });
    });

    it('parallel redemptions never exceed the limit', async () => {
      const c = (await create({ percentage: 10, redemptionLimit: 3 })).json();
      const companies = await Promise.all(Array.from({ length: 8 }, (_, i) => newCompany(`Race ${i}`)));
      const results = await Promise.all(companies.map((id) => apply(id, c.id)));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
      for (const r of results.filter((r) => r.statusCode === 409)) {
        expect(r.json().code).toBe(ERROR_CODES.couponLimitReached);
      }
      const after = (await call('GET', `/api/coupon/${c.id}`)).json();
      expect(after).toMatchObject({ redemptionCount: 3, companiesUsing: 3 });
    });

    it('two coupons applied to one company at once: one wins', async () => {
      const company = await newCompany();
      const coupons = await Promise.all([create({ percentage: 10 }), create({ percentage: 20 })]);
      const results = await Promise.all(coupons.map((c) => apply(company, c.json().id)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const total = await Promise.all(
        coupons.map(async (c) => (await call('GET', `/api/coupon/${c.json().id}`)).json().redemptionCount),
      );
      expect(total.reduce((a, b) => a + b, 0)).toBe(1);
    });

    it('answers 404 for an unknown company or coupon, and for removing a coupon not applied', async () => {
      const c = (await create({ percentage: 10 })).json();
      expect((await apply('00000000-0000-4000-8000-000000000000', c.id)).statusCode).toBe(404);
      expect((await apply(client.companyId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const res = await remove(await newCompany(), c.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ERROR_CODES.couponNotApplied);
    });
  });

  describe('PATCH /api/coupon/{couponId}', () => {
    it('changes anything before the coupon is used; a percentage replaces the amount', async () => {
      const c = (await create({ amount: 500 })).json();
      const res = await call('PATCH', `/api/coupon/${c.id}`, { percentage: 30, durationInMonths: 12, name: 'New' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ percentage: 30, amount: null, durationInMonths: 12, name: 'New' });
      const audit = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'coupon.update'), eq(auditEvents.targetId, c.id)));
      expect(audit[0]?.details).toEqual({ fields: ['name', 'percentage', 'amount', 'durationInMonths'] });
    });

    it('once used, keeps code, discount and duration but changes name, limit and expiry', async () => {
      const c = (await create({ percentage: 10, redemptionLimit: 5 })).json();
      await apply(await newCompany(), c.id);
      await apply(await newCompany(), c.id);
      for (const body of [{ percentage: 50 }, { amount: 100 }, { durationInMonths: 6 }, { code: code('NEW') }]) {
        const res = await call('PATCH', `/api/coupon/${c.id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(409);
        expect(res.json().code).toBe(ERROR_CODES.couponLocked);
      }
      const ok = await call('PATCH', `/api/coupon/${c.id}`, {
        name: 'Renamed',
        redemptionLimit: 2,
        expiresAt: new Date(Date.now() + DAY).toISOString(),
        percentage: 10,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ name: 'Renamed', redemptionLimit: 2, percentage: 10 });
      const below = await call('PATCH', `/api/coupon/${c.id}`, { redemptionLimit: 1 });
      expect(below.statusCode).toBe(400);
      expect(below.json().errors[0].path).toBe('redemptionLimit');
    });

    it("refuses 13 months with 'Month must be from 1 to 12'", async () => {
      const c = (await create({ percentage: 10 })).json();
      const res = await call('PATCH', `/api/coupon/${c.id}`, { durationInMonths: 13 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.monthRange);
    });
  });
});
