import { MESSAGES } from '@under/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CARD_TEXT =
  'We were unsuccessful when validating your payment method. Please confirm the number, expiration, and/or CID and re-attempt.';

import { createStripeGateway } from '../../infra/payments/stripe-gateway';
import { startStripeSimulator } from '../../infra/payments/stripe-simulator';
import { registerCompany } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { billingCalls } from './billing.test-support';

// PAYMENT_GATEWAY=stripe: the app with Stripe's adapter, talking to the loopback simulator of the calls it makes
// (not Stripe). The browser would send a PaymentMethod id from Stripe's own fields; the simulator knows Stripe's
// documented test ids.
describe('subscriptions with the Stripe gateway (simulated Stripe API)', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startStripeSimulator>>;
  let api: ReturnType<typeof billingCalls>;
  beforeAll(async () => {
    sim = await startStripeSimulator();
    t = await createTestApp('pglite', {
      gateway: createStripeGateway({ secretKey: 'sk_test_simulated', endpoint: sim.endpoint }),
      config: { payments: { gateway: 'stripe', secretKey: 'sk_test_simulated', publishableKey: 'pk_test_simulated' } },
    });
    api = billingCalls(t);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('tells the browser to use Stripe, and lets Stripe.js through the CSP', async () => {
    const a = await registerCompany(t);
    const res = await api.get('/api/billing/config', a.token);
    expect(res.json()).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_simulated' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it.each([
    ['pm_card_cvcCheckFail', MESSAGES.cardFailure.cvc],
    ['pm_card_expired', MESSAGES.cardFailure.expiry],
    ['pm_card_incorrectNumber', MESSAGES.cardFailure.number],
  ])("a card Stripe refuses (%s) says what failed after the spec's text", async (token, reason) => {
    const a = await registerCompany(t);
    const res = await api.subscribe(a, 'MEMBERSHIP_002', token);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'billing/card-validation', message: `${CARD_TEXT} ${reason}` });
  });

  it('pays with a PaymentMethod, keyed by our idempotency key; a declined card shows the spec text', async () => {
    const a = await registerCompany(t);
    const declined = await api.subscribe(a, 'MEMBERSHIP_002', 'pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(`${CARD_TEXT} ${MESSAGES.cardFailure.declined}`);
    expect(sim.intents.size).toBe(0);
    const res = await api.subscribe(a, 'MEMBERSHIP_002', 'pm_card_visa');
    expect(res.json()).toMatchObject({
      membershipId: 'MEMBERSHIP_002',
      billing: { card: { brand: 'visa', last4: '4242' } },
    });
    expect(sim.intents.size).toBe(1);
    const intent = sim.requests.find((r) => r.path === '/v1/payment_intents');
    expect(intent?.idempotencyKey).toMatch(new RegExp(`^subscribe:${a.companyId}:v\\d+$`));
    expect((await api.billings(a)).items).toMatchObject([{ status: 'paid', amount: '49.00', cardBrand: 'visa' }]);
  });
});

describe('the default configuration', () => {
  it('keeps Stripe out of the CSP', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({ url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).not.toContain('stripe');
      expect(csp).toContain("script-src 'self';");
    } finally {
      await t.close();
    }
  });
});
