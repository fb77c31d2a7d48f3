import Stripe from 'stripe';
import {
  type CardFailure,
  type CardResult,
  type ChargeResult,
  GatewayUnavailableError,
  type PaymentGateway,
} from './gateway';

interface StripeGatewayOptions {
  secretKey: string;
  /** Tests only: the loopback simulator (stripe-simulator.ts). Production talks to api.stripe.com. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe's card error codes, in our words (the page adds what failed to the spec's card text). */
function failureOf(err: unknown): CardFailure | null {
  if (!(err instanceof Stripe.errors.StripeCardError)) return null;
  switch (err.code) {
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'cvc';
    case 'card_declined':
      return 'declined';
    case 'incorrect_number':
    case 'invalid_number':
      return 'number';
    case 'expired_card':
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return 'expiry';
    default:
      return 'invalid';
  }
}

function unavailable(err: unknown): never {
  // the message is Stripe's and may echo request values; the type and code are enough to act on
  const e = err as { type?: string; code?: string };
  throw new GatewayUnavailableError(`stripe: ${e.type ?? 'error'}${e.code ? ` ${e.code}` : ''}`);
}

/**
 * Stripe through its official Node library (decision 032). The card is entered in Stripe's own fields in the
 * browser (Stripe.js), which give a PaymentMethod id: that id is the token we receive, attach to the company's
 * customer and charge off-session with a PaymentIntent carrying our idempotency key.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    // our idempotency keys make retries safe; the library retries network failures with the same key
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
    ...(options.endpoint ?? {}),
  });

  return {
    kind: 'stripe',
    async createCustomer({ companyId, name, idempotencyKey }) {
      try {
        const customer = await stripe.customers.create(
          { name, metadata: { companyId } },
          { idempotencyKey: `customer:${idempotencyKey}` },
        );
        return { customerId: customer.id };
      } catch (err) {
        return unavailable(err);
      }
    },

    async saveCard({ customerId, token }): Promise<CardResult> {
      try {
        const pm = await stripe.paymentMethods.attach(token, { customer: customerId });
        return { ok: true, paymentMethodId: pm.id, brand: pm.card?.brand ?? 'card', last4: pm.card?.last4 ?? '' };
      } catch (err) {
        const failure = failureOf(err);
        if (failure) return { ok: false, failure };
        // a PaymentMethod id that does not exist or belongs elsewhere
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return { ok: false, failure: 'invalid' };
        return unavailable(err);
      }
    },

    async charge({ customerId, paymentMethodId, amountCents, description, idempotencyKey }): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            description,
            off_session: true,
            confirm: true,
          },
          { idempotencyKey },
        );
        if (intent.status !== 'succeeded') return { ok: false, failure: 'declined' };
        return { ok: true, chargeId: intent.id };
      } catch (err) {
        const failure = failureOf(err);
        if (failure) return { ok: false, failure };
        return unavailable(err);
      }
    },

    async refund({ chargeId, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: chargeId }, { idempotencyKey });
        return { refundId: refund.id };
      } catch (err) {
        return unavailable(err);
      }
    },
  };
}
