import { randomUUID } from 'node:crypto';
import type { CardFailure, CardResult, ChargeResult, PaymentGateway } from './gateway';

/** What each test token stands for (README "Payments"; the browser maps the test card numbers to these). */
const TOKENS: Record<string, { brand: string; last4: string; onSave?: CardFailure; onCharge?: CardFailure }> = {
  tok_test_visa: { brand: 'visa', last4: '4242' },
  tok_test_decline: { brand: 'visa', last4: '0002', onSave: 'declined' },
  tok_test_cvc: { brand: 'visa', last4: '0127', onSave: 'cvc' },
  tok_test_expired: { brand: 'visa', last4: '0069', onSave: 'expiry' },
  tok_test_charge_fail: { brand: 'visa', last4: '0341', onCharge: 'declined' },
};

interface TestGatewayCharge {
  chargeId: string;
  customerId: string;
  amountCents: number;
  idempotencyKey: string;
  refunded: boolean;
}

/**
 * The built-in gateway of a fresh install (PAYMENT_GATEWAY=test): no money moves, outcomes follow the test
 * tokens. It keeps the idempotency promise within its process, like a real gateway does across calls, so the
 * renewal job's guarantees are exercised against it.
 */
export function createTestGateway() {
  const cards = new Map<string, { token: string; customerId: string }>();
  const charges: TestGatewayCharge[] = [];
  const byKey = new Map<string, ChargeResult>();
  const refunds = new Map<string, { refundId: string }>();
  const customers = new Map<string, { customerId: string }>();

  const gateway: PaymentGateway & {
    charges: TestGatewayCharge[];
    /** The result of the next charge, whatever the card (tests of failures between the charge and its record). */
    failNextCharge?: CardFailure;
  } = {
    kind: 'test',
    charges,
    async createCustomer({ idempotencyKey }) {
      const existing = customers.get(idempotencyKey);
      if (existing) return existing;
      const created = { customerId: `cus_test_${randomUUID().replace(/-/g, '')}` };
      customers.set(idempotencyKey, created);
      return created;
    },
    async saveCard({ customerId, token }): Promise<CardResult> {
      const card = TOKENS[token];
      if (!card) return { ok: false, failure: 'invalid' };
      if (card.onSave) return { ok: false, failure: card.onSave };
      const paymentMethodId = `pm_test_${randomUUID().replace(/-/g, '')}`;
      cards.set(paymentMethodId, { token, customerId });
      return { ok: true, paymentMethodId, brand: card.brand, last4: card.last4 };
    },
    async charge({ customerId, paymentMethodId, amountCents, idempotencyKey }): Promise<ChargeResult> {
      const done = byKey.get(idempotencyKey);
      if (done) return done;
      let result: ChargeResult;
      const saved = cards.get(paymentMethodId);
      const forced = gateway.failNextCharge;
      gateway.failNextCharge = undefined;
      if (forced) result = { ok: false, failure: forced };
      else if (!saved || saved.customerId !== customerId) result = { ok: false, failure: 'invalid' };
      else {
        const failure = TOKENS[saved.token]?.onCharge;
        if (failure) result = { ok: false, failure };
        else {
          const chargeId = `ch_test_${randomUUID().replace(/-/g, '')}`;
          charges.push({ chargeId, customerId, amountCents, idempotencyKey, refunded: false });
          result = { ok: true, chargeId };
        }
      }
      byKey.set(idempotencyKey, result);
      return result;
    },
    async refund({ chargeId, idempotencyKey }) {
      const done = refunds.get(idempotencyKey);
      if (done) return done;
      const charge = charges.find((c) => c.chargeId === chargeId);
      if (!charge) throw new Error('unknown charge');
      charge.refunded = true;
      const result = { refundId: `re_test_${randomUUID().replace(/-/g, '')}` };
      refunds.set(idempotencyKey, result);
      return result;
    },
  };
  return gateway;
}

export type TestGateway = ReturnType<typeof createTestGateway>;
