import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CONTRACTS, endpointsOf } from './all-contracts';
import { AUTH_API } from './auth.contract';
import { AUTH_PASSWORD_API } from './auth-password.contract';
import { endpointPath } from './contract';

describe('the API contracts', () => {
  const endpoints = endpointsOf(ALL_CONTRACTS);

  it('cover the modules', () => {
    expect(endpoints.length).toBeGreaterThan(90);
  });

  it.each(endpoints)('%s: a path under /api/ whose every :parameter is declared in params, and no other', (_, e) => {
    expect(e.path.startsWith('/api/')).toBe(true);
    const inPath = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
    const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
    expect(declared).toEqual(inPath);
    // a path can be built from its parameters
    const params = Object.fromEntries(inPath.map((name) => [name, 'x']));
    expect(endpointPath(e, params)).not.toContain(':');
  });

  it('never give two endpoints the same method and path', () => {
    const keys = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('give each auth pool its own paths, and sign-up to the client pool only', () => {
    for (const pool of ['client', 'admin'] as const) {
      for (const [, e] of endpointsOf({ ...AUTH_API[pool], ...AUTH_PASSWORD_API[pool] })) {
        expect(e.path.startsWith(`/api/auth/${pool}/`)).toBe(true);
      }
    }
    expect('signUp' in AUTH_PASSWORD_API.admin).toBe(false);
  });
});
