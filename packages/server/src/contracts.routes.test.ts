import { ALL_CONTRACTS, endpointsOf } from '@under/core/api/all-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

// The contracts of core are the API: every endpoint is a route of the app (else the web would call a 404), and
// every /api route of the app is an endpoint of a contract (else its path and shapes are written a second time).
describe('the app registers exactly the contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const endpoints = endpointsOf(ALL_CONTRACTS);

  it.each(endpoints)('%s is registered with its method and path', (_, e) => {
    expect(t.routes.map((r) => `${r.method} ${r.url}`)).toContain(`${e.method} ${e.path}`);
  });

  it('registers no /api route outside the contracts', () => {
    const contracted = new Set(endpoints.map(([, e]) => `${e.method} ${e.path}`));
    const registered = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(90);
    expect(registered.filter((route) => !contracted.has(route))).toEqual([]);
  });
});
