/**
 * A card payment gateway (decision 032). The browser turns the card into a token with the gateway's own code
 * (Stripe's fields, or the test gateway's tokenizer): our server sees tokens, the gateway's reusable card id, the
 * brand and the last 4 digits, never a card number.
 */
export type CardFailure =
  /** The issuer declined the card. */
  | 'declined'
  /** The CVC check failed. */
  | 'cvc'
  /** The card number is wrong. */
  | 'number'
  /** The card has expired, or the expiry given is wrong. */
  | 'expiry'
  /** Anything else the gateway refused the card for (an unknown token). */
  | 'invalid';

export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
}

export type CardResult = ({ ok: true } & SavedCard) | { ok: false; failure: CardFailure };
export type ChargeResult = { ok: true; chargeId: string } | { ok: false; failure: CardFailure };

/** The gateway could not be reached or answered unexpectedly: nothing is known to have happened. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

export interface PaymentGateway {
  readonly kind: 'test' | 'stripe';
  /** The customer that holds a company's cards (once per company). */
  createCustomer(opts: { companyId: string; name: string; idempotencyKey: string }): Promise<{ customerId: string }>;
  /** Saves the browser's token as the customer's card, checking it with the issuer. */
  saveCard(opts: { customerId: string; token: string }): Promise<CardResult>;
  /**
   * Charges a saved card off-session. The same `idempotencyKey` always answers the first attempt's result: a
   * retried or repeated call never charges twice.
   */
  charge(opts: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  /** Refunds a whole charge; idempotent by key too. */
  refund(opts: { chargeId: string; idempotencyKey: string }): Promise<{ refundId: string }>;
}
