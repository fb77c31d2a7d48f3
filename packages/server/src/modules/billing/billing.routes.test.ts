import { TEST_CARDS } from '@under/core/billing/test-cards';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, billingPayments, companies, subscriptions, users } from '../../db/schema/index';
import { bearer, registerCompany } from '../../test/accounts';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/helpers';
import { billingCalls, DAY_MS, gatewayOf } from './billing.test-support';

const CARD_TEXT =
  'We were unsuccessful when validating your payment method. Please confirm the number, expiration, and/or CID and re-attempt.';

const DECLINED = 'The card was declined by its bank: use another card, or ask the bank why.';

describe.each(testDatabases())('subscriptions and payments on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let api: ReturnType<typeof billingCalls>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    api = billingCalls(t);
    await t.services.auth.ensureAdmin({ email: 'billing-admin@under.test', password: 'Admin12345' });
    adminToken = (await signIn(t, 'admin', 'billing-admin@under.test', 'Admin12345')).accessToken;
  });
  afterAll(() => t.close());
  // a test that moves the clock and fails midway must not leave it moved for the tests after it
  afterEach(() => {
    t.clock.offsetMs = 0;
  });

  it('GET /api/billing/config names the test gateway by default', async () => {
    const a = await registerCompany(t);
    expect((await api.get('/api/billing/config', a.token)).json()).toEqual({ gateway: 'test', publishableKey: null });
  });

  describe('POST /api/subscription', () => {
    it('charges the plan for a month, puts it in force and records the payment with the card brand and last 4', async () => {
      const a = await registerCompany(t);
      const before = gatewayOf(t).charges.length;
      const res = await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      expect(res.statusCode).toBe(200);
      const sub = res.json();
      expect(sub).toMatchObject({
        membershipId: 'MEMBERSHIP_002',
        membershipName: 'Simple',
        userQuota: 3,
        billing: { status: 'active', card: { brand: 'visa', last4: '4242' }, cancelAtPeriodEnd: false },
      });
      const days = (Date.parse(sub.billing.currentPeriodEnd) - Date.parse(sub.billing.currentPeriodStart)) / DAY_MS;
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(31);
      expect(gatewayOf(t).charges.length).toBe(before + 1);
      expect(gatewayOf(t).charges.at(-1)?.amountCents).toBe(4900);

      const list = await api.billings(a);
      expect(list.total).toBe(1);
      expect(list.items[0]).toMatchObject({
        kind: 'subscribe',
        membershipName: 'Simple',
        status: 'paid',
        amountCents: 4900,
        amount: '49.00',
        discountCents: 0,
        discount: '0.00',
        couponId: null,
        cardBrand: 'visa',
        cardLast4: '4242',
        hasInvoice: true,
      });
      const pdf = await api.get(`/api/billings/${list.items[0].id}/invoice`, a.token);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // the plan's quota is in force at once: the team may invite
      const invite = await t.app.inject({
        method: 'POST',
        url: '/api/invitations',
        headers: bearer(a.token),
        payload: { email: `x.${Date.now()}@example.com`, role: 'STANDARD' },
      });
      expect(invite.statusCode).toBe(201);
    });

    it.each([
      ['tok_test_decline', 'The card was declined by its bank: use another card, or ask the bank why.'],
      ['tok_test_cvc', 'The security code (CVC) does not match the card.'],
      ['tok_test_expired', 'The card has expired, or its expiration date is wrong.'],
      ['tok_unknown', 'The card could not be checked.'],
    ])('a refused card (%s) answers the spec text with what failed, and changes nothing', async (token, reason) => {
      const a = await registerCompany(t);
      const before = await api.subscription(a);
      const charges = gatewayOf(t).charges.length;
      const res = await api.subscribe(a, 'MEMBERSHIP_003', token);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ code: 'billing/card-validation', message: `${CARD_TEXT} ${reason}` });
      expect(await api.subscription(a)).toEqual(before);
      expect(before).toMatchObject({ membershipId: 'MEMBERSHIP_001', billing: { status: 'none', card: null } });
      expect((await api.billings(a)).total).toBe(0);
      expect(gatewayOf(t).charges.length).toBe(charges);
    });

    it('a card declined when charged is a failed payment in the history; the plan does not change', async () => {
      const a = await registerCompany(t);
      const res = await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_charge_fail');
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(`${CARD_TEXT} ${DECLINED}`);
      expect(await api.subscription(a)).toMatchObject({ membershipId: 'MEMBERSHIP_001', billing: { status: 'none' } });
      const list = await api.billings(a);
      expect(list.items).toMatchObject([{ status: 'failed', failure: `${CARD_TEXT} ${DECLINED}`, hasInvoice: false }]);
      expect((await api.get(`/api/billings/${list.items[0].id}/invoice`, a.token)).statusCode).toBe(404);
    });

    it('after a card declined when charged, another card buys the plan (the failed attempt does not block the next)', async () => {
      const a = await registerCompany(t);
      expect((await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_charge_fail')).statusCode).toBe(402);
      const res = await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ membershipId: 'MEMBERSHIP_002', billing: { status: 'active' } });
      expect((await api.billings(a)).items).toMatchObject([{ status: 'paid' }, { status: 'failed' }]);
    });

    it('a card number instead of a token is refused before anything else', async () => {
      const a = await registerCompany(t);
      const res = await api.subscribe(a, 'MEMBERSHIP_002', '4242424242424242');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).not.toContain('4242424242424242');
    });

    it('needs a card for a paid plan, and refuses an unknown plan', async () => {
      const a = await registerCompany(t);
      expect((await api.subscribe(a, 'MEMBERSHIP_002')).json()).toMatchObject({ code: 'billing/card-required' });
      expect((await api.subscribe(a, 'MEMBERSHIP_999', 'tok_test_visa')).statusCode).toBe(404);
    });

    it('is for administrators of the company', async () => {
      const a = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      const { joinTeam } = await import('../../test/accounts');
      const member = await joinTeam(t, a);
      const res = await api.subscribe({ ...a, token: member.token }, 'MEMBERSHIP_004', 'tok_test_visa');
      expect(res.statusCode).toBe(403);
    });

    it('upgrades now, charging the price difference for the rest of the period', async () => {
      const a = await registerCompany(t);
      await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      const sub = await api.subscription(a);
      const start = Date.parse(sub.billing.currentPeriodStart);
      const end = Date.parse(sub.billing.currentPeriodEnd);
      await api.advance(Math.round((end - start) / 2), a);
      const res = await api.subscribe(a, 'MEMBERSHIP_003');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        membershipId: 'MEMBERSHIP_003',
        billing: { status: 'active', currentPeriodEnd: sub.billing.currentPeriodEnd },
      });
      const [upgrade] = (await api.billings(a)).items;
      expect(upgrade.kind).toBe('upgrade');
      // (9900 - 4900) for half the period
      expect(Math.abs(upgrade.amountCents - 2500)).toBeLessThanOrEqual(1);
      t.clock.offsetMs = 0;
    });

    it('GET /api/subscription/quote states what is charged today, the coupon taken off, and charges exactly that', async () => {
      const a = await registerCompany(t);
      const quote = async (membershipId: string) =>
        (await api.get(`/api/subscription/quote?membershipId=${membershipId}`, a.token)).json();
      expect(await quote('MEMBERSHIP_002')).toMatchObject({
        kind: 'subscribe',
        monthlyCents: 4900,
        priceCents: 4900,
        discountCents: 0,
        amountCents: 4900,
      });
      const coupon = await t.app.inject({
        method: 'POST',
        url: '/api/coupon',
        headers: bearer(adminToken),
        payload: {
          code: `QUOTE${Date.now().toString(36).toUpperCase()}`,
          name: 'Quote 20',
          percentage: 20,
          durationInMonths: 3,
        },
      });
      expect(coupon.statusCode).toBe(201);
      const applied = await t.app.inject({
        method: 'POST',
        url: `/api/company/${a.companyId}/coupon/${coupon.json().id}`,
        headers: bearer(adminToken),
      });
      expect(applied.statusCode, applied.body).toBe(200);
      // Simple is $49.00: 20 % off is $9.80
      expect(await quote('MEMBERSHIP_002')).toMatchObject({ priceCents: 4900, discountCents: 980, amountCents: 3920 });
      await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      expect(gatewayOf(t).charges.at(-1)?.amountCents).toBe(3920);

      const sub = await api.subscription(a);
      const start = Date.parse(sub.billing.currentPeriodStart);
      const end = Date.parse(sub.billing.currentPeriodEnd);
      await api.advance(Math.round((end - start) / 2), a);
      const upgrade = await quote('MEMBERSHIP_003');
      expect(upgrade).toMatchObject({ kind: 'upgrade', monthlyCents: 9900, periodEnd: sub.billing.currentPeriodEnd });
      expect(Math.abs(upgrade.priceCents - 2500)).toBeLessThanOrEqual(1);
      expect(upgrade.amountCents).toBe(upgrade.priceCents - upgrade.discountCents);
      expect((await api.subscribe(a, 'MEMBERSHIP_003')).statusCode).toBe(200);
      expect(gatewayOf(t).charges.at(-1)?.amountCents).toBe(upgrade.amountCents);
      expect(await quote('MEMBERSHIP_002')).toMatchObject({ kind: 'change', amountCents: 0 });
      t.clock.offsetMs = 0;
    });

    it('downgrades at the period end, refused while the team is over the smaller plan, saying what to deactivate', async () => {
      const a = await registerCompany(t);
      await api.subscribe(a, 'MEMBERSHIP_003', 'tok_test_visa');
      const { joinTeam } = await import('../../test/accounts');
      await joinTeam(t, a);
      await joinTeam(t, a);
      await joinTeam(t, a);
      const refused = await api.subscribe(a, 'MEMBERSHIP_002');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'billing/over-quota' });
      expect(refused.json().message).toBe(
        'Your team uses more than Simple allows. Deactivate 1 member (or revoke invitations) first, then change the plan.',
      );
      const [, , third] = (await api.get('/api/members?pageSize=10', a.token))
        .json()
        .items.filter((m: { role: string }) => m.role === 'STANDARD');
      await t.app.inject({
        method: 'PUT',
        url: `/api/members/${third.id}/status`,
        headers: bearer(a.token),
        payload: { status: 'inactive' },
      });
      const ok = await api.subscribe(a, 'MEMBERSHIP_002');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        membershipId: 'MEMBERSHIP_003',
        billing: { pendingMembershipId: 'MEMBERSHIP_002' },
      });

      // at the period end the renewal charges the smaller plan and puts it in force
      const end = Date.parse(ok.json().billing.currentPeriodEnd);
      await api.advance(end - Date.now() + 60_000, a);
      await api.runRenewals();
      expect(await api.subscription(a)).toMatchObject({
        membershipId: 'MEMBERSHIP_002',
        billing: { status: 'active', pendingMembershipId: null },
      });
      expect((await api.billings(a)).items[0]).toMatchObject({ kind: 'renewal', amountCents: 4900, status: 'paid' });
      t.clock.offsetMs = 0;
    });

    it('cancel: the plan runs to the period end, then Basic with members beyond its quota deactivated', async () => {
      const a = await registerCompany(t);
      await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      const { joinTeam } = await import('../../test/accounts');
      const m1 = await joinTeam(t, a);
      const res = await api.send('POST', '/api/subscription/cancel', a.token);
      expect(res.json()).toMatchObject({ membershipId: 'MEMBERSHIP_002', billing: { cancelAtPeriodEnd: true } });
      const end = Date.parse(res.json().billing.currentPeriodEnd);
      await api.advance(end - Date.now() + 60_000, a);
      const charges = gatewayOf(t).charges.length;
      expect((await api.runRenewals()).ended).toBeGreaterThanOrEqual(1);
      expect(gatewayOf(t).charges.length).toBe(charges);
      expect(await api.subscription(a)).toMatchObject({ membershipId: 'MEMBERSHIP_001', billing: { status: 'none' } });
      const [member] = await t.database.db.select().from(users).where(eq(users.id, m1.userId));
      const [owner] = await t.database.db.select().from(users).where(eq(users.id, a.userId));
      expect(member?.status).toBe('inactive');
      expect(owner?.status).toBe('active');
      t.clock.offsetMs = 0;
    });
  });

  describe('trial', () => {
    it('gives a paid plan for 14 days without a card, once; without a card it ends on Basic', async () => {
      const a = await registerCompany(t);
      const res = await api.send('POST', '/api/subscription/trial', a.token, { membershipId: 'MEMBERSHIP_003' });
      expect(res.statusCode).toBe(200);
      const trialEnds = Date.parse(res.json().billing.trialEndsAt);
      expect(res.json()).toMatchObject({
        membershipId: 'MEMBERSHIP_003',
        userQuota: 5,
        billing: { status: 'trialing' },
      });
      expect(Math.round((trialEnds - Date.now()) / DAY_MS)).toBe(14);
      expect(
        (await api.send('POST', '/api/subscription/trial', a.token, { membershipId: 'MEMBERSHIP_002' })).json(),
      ).toMatchObject({ code: 'billing/state', message: 'Your company has already used its free trial.' });
      await api.advance(13 * DAY_MS, a);
      await api.runRenewals();
      expect((await api.subscription(a)).billing.status).toBe('trialing');
      await api.advance(DAY_MS + 60_000, a);
      await api.runRenewals();
      expect(await api.subscription(a)).toMatchObject({
        membershipId: 'MEMBERSHIP_001',
        billing: { status: 'none', trialUsed: true },
      });
      expect(
        (await api.send('POST', '/api/subscription/trial', a.token, { membershipId: 'MEMBERSHIP_002' })).statusCode,
      ).toBe(409);
      t.clock.offsetMs = 0;
    });

    it('with a card added during the trial, the first month is charged when it ends', async () => {
      const a = await registerCompany(t);
      await api.send('POST', '/api/subscription/trial', a.token, { membershipId: 'MEMBERSHIP_002' });
      const card = await api.send('PATCH', `/api/card/${a.companyId}`, a.token, { token: 'tok_test_visa' });
      expect(card.json()).toEqual({ brand: 'visa', last4: '4242' });
      expect((await api.billings(a)).total).toBe(0);
      await api.advance(14 * DAY_MS + 60_000, a);
      await api.runRenewals();
      expect(await api.subscription(a)).toMatchObject({
        membershipId: 'MEMBERSHIP_002',
        billing: { status: 'active' },
      });
      expect((await api.billings(a)).items).toMatchObject([{ kind: 'renewal', status: 'paid', amount: '49.00' }]);
      t.clock.offsetMs = 0;
    });
  });

  describe('PATCH /api/card/{companyId}', () => {
    it('replaces the card; a refused one changes nothing; another company is 404', async () => {
      const a = await registerCompany(t);
      const b = await registerCompany(t);
      await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      const refused = await api.send('PATCH', `/api/card/${a.companyId}`, a.token, { token: 'tok_test_cvc' });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toBe(`${CARD_TEXT} The security code (CVC) does not match the card.`);
      expect((await api.subscription(a)).billing.card).toEqual({ brand: 'visa', last4: '4242' });
      expect(
        (await api.send('PATCH', `/api/card/${a.companyId}`, b.token, { token: 'tok_test_visa' })).statusCode,
      ).toBe(404);
    });
  });

  describe('billing history and refunds', () => {
    it('a client never reads another company’s billing; admins read any; members of the company do not', async () => {
      const a = await registerCompany(t);
      const b = await registerCompany(t);
      await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      const [payment] = (await api.billings(a)).items;
      expect((await api.billings(b)).total).toBe(0);
      expect((await api.get(`/api/companies/${a.companyId}/billings`, b.token)).statusCode).toBe(404);
      expect((await api.get(`/api/billings/${payment.id}/invoice`, b.token)).statusCode).toBe(404);
      expect((await api.get(`/api/subscription?companyId=${a.companyId}`, b.token)).statusCode).toBe(404);
      // another company's time check answers the account-not-found text (which the web takes as success, spec 2 §8)
      const check = await api.get(`/api/check-times-subscription/${a.companyId}`, b.token);
      expect(check.statusCode).toBe(404);
      expect(check.json().message).toBe('The Account is not found.');
      expect((await api.get(`/api/check-times-subscription/${a.companyId}`, a.token)).json()).toEqual({
        valid: true,
        status: 'active',
      });
      const own = await api.get(`/api/companies/${a.companyId}/billings`, a.token);
      expect(own.json().items.map((r: { id: string }) => r.id)).toEqual([payment.id]);
      const { joinTeam } = await import('../../test/accounts');
      const member = await joinTeam(t, a);
      expect((await api.get(`/api/companies/${a.companyId}/billings`, member.token)).statusCode).toBe(404);
      expect((await api.get('/api/billings', member.token)).statusCode).toBe(403);
      const byAdmin = await api.get(`/api/companies/${a.companyId}/billings`, adminToken);
      expect(byAdmin.json().total).toBe(1);
      expect((await api.get(`/api/billings/${payment.id}/invoice`, adminToken)).statusCode).toBe(200);
    });

    it('an admin refunds a payment at the gateway; it shows refunded and the refund is audited', async () => {
      const a = await registerCompany(t);
      await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
      const [payment] = (await api.billings(a)).items;
      expect((await api.send('POST', `/api/billings/${payment.id}/refund`, a.token)).statusCode).toBe(403);
      const res = await api.send('POST', `/api/billings/${payment.id}/refund`, adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: payment.id, status: 'refunded', amount: '49.00' });
      expect((await api.billings(a)).items[0].status).toBe('refunded');
      const [row] = await t.database.db.select().from(billingPayments).where(eq(billingPayments.id, payment.id));
      expect(gatewayOf(t).charges.find((c) => c.chargeId === row?.gatewayChargeId)?.refunded).toBe(true);
      const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, payment.id));
      expect(events.map((e) => e.action)).toEqual(['billing.refund']);
      expect((await api.send('POST', `/api/billings/${payment.id}/refund`, adminToken)).statusCode).toBe(409);
      // the invoice of a refunded payment stays available
      expect((await api.get(`/api/billings/${payment.id}/invoice`, a.token)).statusCode).toBe(200);
    });
  });

  /**
   * Runs of 13-19 digits standing alone (a card number's lengths), and the test cards' own numbers anywhere. Digits
   * inside a gateway id (`ch_test_1a546441862647dc…`, random hex) are not a card number: matching them made this
   * test fail by chance.
   */
  const cardNumbersIn = (text: string) => [
    ...(text.match(/(?<![0-9A-Za-z])\d{13,19}(?![0-9A-Za-z])/g) ?? []),
    ...TEST_CARDS.map((c) => c.number.replace(/\D/g, '')).filter((digits) => text.includes(digits)),
  ];

  it('keeps no card number anywhere: only the brand, the last 4 and gateway ids', async () => {
    // the check itself finds a stored number, and a test card's digits wherever they are
    expect(cardNumbersIn('{"pan":"4111111111111111","id":"ch_test_1a546441862647dc"}')).toEqual(['4111111111111111']);
    expect(cardNumbersIn('x4242424242424242x')).toEqual(['4242424242424242']);
    const a = await registerCompany(t);
    await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa');
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.companyId, a.companyId));
    expect(sub?.cardLast4).toBe('4242');
    expect(cardNumbersIn(JSON.stringify(sub))).toEqual([]);
    const rows = await t.database.db.select().from(billingPayments).where(eq(billingPayments.companyId, a.companyId));
    expect(cardNumbersIn(JSON.stringify(rows))).toEqual([]);
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, a.companyId));
    expect(company?.membershipId).toBe('MEMBERSHIP_002');
  });
});
