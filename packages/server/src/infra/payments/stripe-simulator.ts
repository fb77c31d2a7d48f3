import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the few Stripe API calls the Stripe gateway makes, for tests only: it is not Stripe and
 * proves only that our adapter speaks the shapes it expects (form-encoded requests, JSON answers, card errors as
 * 402, idempotency keys replayed). PaymentMethod ids follow Stripe's documented test ids: `pm_card_visa` succeeds,
 * `pm_card_chargeDeclined` and `pm_card_cvcCheckFail` fail when attached, `pm_card_chargeCustomerFail` attaches
 * and then fails every charge.
 */
export async function startStripeSimulator() {
  const customers = new Map<string, { id: string; name: string }>();
  const methods = new Map<
    string,
    { id: string; customer: string; brand: string; last4: string; failCharge: boolean }
  >();
  const intents = new Map<string, { id: string; amount: number; status: string; refunded: boolean }>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; idempotencyKey: string | undefined; body: string }[] = [];
  const cards: Record<string, { brand: string; last4: string; attachError?: string; failCharge?: boolean }> = {
    pm_card_visa: { brand: 'visa', last4: '4242' },
    pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
    pm_card_chargeDeclined: { brand: 'visa', last4: '0002', attachError: 'card_declined' },
    pm_card_cvcCheckFail: { brand: 'visa', last4: '0101', attachError: 'incorrect_cvc' },
    pm_card_expired: { brand: 'visa', last4: '0069', attachError: 'expired_card' },
    pm_card_incorrectNumber: { brand: 'visa', last4: '4241', attachError: 'incorrect_number' },
    pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', failCharge: true },
  };
  const cardError = (code: string) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: 'generic_decline', message: 'Your card was declined.' } },
  });
  const invalid = (message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message } } });

  function handle(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: `cus_sim_${randomUUID().slice(0, 8)}`, object: 'customer', name: form.get('name') ?? '' };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const attach = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
    if (method === 'POST' && attach) {
      const card = cards[attach[1] as string];
      const customer = form.get('customer') ?? '';
      if (!card) return invalid('No such PaymentMethod');
      if (!customers.has(customer)) return invalid('No such customer');
      if (card.attachError) return cardError(card.attachError);
      const id = `pm_sim_${randomUUID().slice(0, 8)}`;
      methods.set(id, { id, customer, brand: card.brand, last4: card.last4, failCharge: Boolean(card.failCharge) });
      return {
        status: 200,
        body: { id, object: 'payment_method', customer, type: 'card', card: { brand: card.brand, last4: card.last4 } },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = methods.get(form.get('payment_method') ?? '');
      const amount = Number(form.get('amount'));
      if (!pm || pm.customer !== form.get('customer')) return invalid('No such PaymentMethod');
      if (form.get('confirm') !== 'true' || form.get('currency') !== 'usd') return invalid('unexpected parameters');
      if (pm.failCharge) return cardError('card_declined');
      const intent = {
        id: `pi_sim_${randomUUID().slice(0, 8)}`,
        object: 'payment_intent',
        amount,
        status: 'succeeded',
      };
      intents.set(intent.id, { ...intent, refunded: false });
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return invalid('No such payment_intent');
      intent.refunded = true;
      return {
        status: 200,
        body: {
          id: `re_sim_${randomUUID().slice(0, 8)}`,
          object: 'refund',
          amount: intent.amount,
          status: 'succeeded',
        },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').split('?')[0] as string;
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, idempotencyKey: key, body });
      let answer: { status: number; body: unknown };
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key' } } };
      } else if (key && replays.has(`${req.method} ${path} ${key}`)) {
        answer = replays.get(`${req.method} ${path} ${key}`) as { status: number; body: unknown };
      } else {
        answer = handle(req.method ?? '', path, new URLSearchParams(body));
        if (key) replays.set(`${req.method} ${path} ${key}`, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_sim_${requests.length}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
