import type { Config } from '../../config';
import type { PaymentGateway } from './gateway';
import { createStripeGateway } from './stripe-gateway';
import { createTestGateway } from './test-gateway';

/** The gateway the configuration names (PAYMENT_GATEWAY): the built-in test gateway by default, or Stripe. */
export function createGateway(config: Config): PaymentGateway {
  return config.payments.gateway === 'stripe'
    ? createStripeGateway({ secretKey: config.payments.secretKey })
    : createTestGateway();
}
