import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from './stripe-gateway';
import { startStripeSimulator } from './stripe-simulator';

describe('Stripe gateway (against the loopback simulator of the calls it makes)', () => {
  let sim: Awaited<ReturnType<typeof startStripeSimulator>>;
  let gateway: ReturnType<typeof createStripeGateway>;
  beforeAll(async () => {
    sim = await startStripeSimulator();
    gateway = createStripeGateway({ secretKey: 'sk_test_simulated', endpoint: sim.endpoint });
  });
  afterAll(() => sim.close());

  it('saves a card, charges it once per idempotency key, and refunds it', async () => {
    const { customerId } = await gateway.createCustomer({ companyId: 'c1', name: 'Acme', idempotencyKey: 'c1' });
    const card = await gateway.saveCard({ customerId, token: 'pm_card_visa' });
    expect(card).toMatchObject({ ok: true, brand: 'visa', last4: '4242' });
    if (!card.ok) throw new Error('unreachable');
    const opts = {
      customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: 4900,
      description: 'Simple',
      idempotencyKey: 'renewal:c1:1',
    };
    const first = await gateway.charge(opts);
    const again = await gateway.charge(opts);
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    expect(sim.intents.size).toBe(1);
    const intentCalls = sim.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(intentCalls.map((r) => r.idempotencyKey)).toEqual(['renewal:c1:1', 'renewal:c1:1']);
    // the library sends form-encoded parameters: an off-session confirmation in cents
    expect(new URLSearchParams(intentCalls[0]?.body).get('amount')).toBe('4900');
    expect(new URLSearchParams(intentCalls[0]?.body).get('off_session')).toBe('true');
    if (!first.ok) throw new Error('unreachable');
    await gateway.refund({ chargeId: first.chargeId, idempotencyKey: 'refund:1' });
    expect(sim.intents.get(first.chargeId)?.refunded).toBe(true);
  });

  it('maps card errors to our failures', async () => {
    const { customerId } = await gateway.createCustomer({ companyId: 'c2', name: 'B', idempotencyKey: 'c2' });
    expect(await gateway.saveCard({ customerId, token: 'pm_card_chargeDeclined' })).toEqual({
      ok: false,
      failure: 'declined',
    });
    expect(await gateway.saveCard({ customerId, token: 'pm_card_cvcCheckFail' })).toEqual({
      ok: false,
      failure: 'cvc',
    });
    expect(await gateway.saveCard({ customerId, token: 'pm_unknown' })).toEqual({ ok: false, failure: 'invalid' });
    const card = await gateway.saveCard({ customerId, token: 'pm_card_chargeCustomerFail' });
    if (!card.ok) throw new Error('should attach');
    expect(
      await gateway.charge({
        customerId,
        paymentMethodId: card.paymentMethodId,
        amountCents: 100,
        description: 'x',
        idempotencyKey: 'k2',
      }),
    ).toEqual({ ok: false, failure: 'declined' });
  });

  it('reports an unreachable or refusing API as unavailable, not as a card failure', async () => {
    const wrongKey = createStripeGateway({ secretKey: 'rk_live_nope', endpoint: sim.endpoint });
    await expect(wrongKey.createCustomer({ companyId: 'c3', name: 'C', idempotencyKey: 'c3' })).rejects.toThrow(
      /stripe: /,
    );
  });
});
