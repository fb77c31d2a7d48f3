import type { TestGateway } from '../../infra/payments/test-gateway';
import { bearer, type Caller } from '../../test/accounts';
import { signIn, type TestApp } from '../../test/helpers';

export const DAY_MS = 86_400_000;

/** The app's test gateway (the default one), to read what it charged. */
export const gatewayOf = (t: TestApp) => t.gateway as TestGateway;

export function billingCalls(t: TestApp) {
  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const send = (method: 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    get,
    send,
    subscribe: (c: Caller, membershipId: string, cardToken?: string) =>
      send('POST', '/api/subscription', c.token, { membershipId, ...(cardToken ? { cardToken } : {}) }),
    subscription: async (c: Caller) => (await get('/api/subscription', c.token)).json(),
    billings: async (c: Caller) => (await get('/api/billings', c.token)).json(),
    /** Moves the app's clock; access tokens (15 minutes) expire with it, so callers sign in again. */
    async advance(ms: number, ...callers: Caller[]) {
      t.clock.offsetMs += ms;
      for (const c of callers) c.token = (await signIn(t, 'client', c.email)).accessToken;
    },
    runRenewals: () => t.services.renewals.run(),
  };
}
