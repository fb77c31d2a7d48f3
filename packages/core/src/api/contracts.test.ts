import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_API } from './auth.contract';
import { AUTH_PASSWORD_API } from './auth-password.contract';
import { COMPANIES_API } from './companies.contract';
import type { Endpoint } from './contract';
import { FILES_API } from './files.contract';
import { MAIL_API } from './mail.contract';
import { TEAM_API } from './team.contract';

/** Every endpoint of a contract object, however deep (the auth contracts are grouped by pool). */
function endpointsOf(group: object, prefix = ''): [string, Endpoint][] {
  return Object.entries(group).flatMap(([key, value]): [string, Endpoint][] =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value
      ? [[`${prefix}${key}`, value as Endpoint]]
      : endpointsOf(value as object, `${prefix}${key}.`),
  );
}

function checkEndpoints(endpoints: [string, Endpoint][]) {
  it('has endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(0);
  });

  it.each(endpoints)('%s: a path under /api/ whose every :parameter is declared in params, and no other', (_, e) => {
    expect(e.path.startsWith('/api/')).toBe(true);
    const inPath = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
    const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
    expect(declared).toEqual(inPath);
  });

  it('never gives two endpoints the same method and path', () => {
    const keys = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
}

describe('contracts of auth, team, companies, files and mail', () => {
  const groups = { AUTH_API, AUTH_PASSWORD_API, TEAM_API, COMPANIES_API, FILES_API, MAIL_API };
  checkEndpoints(endpointsOf(groups));

  it('gives each auth pool its own paths, and sign-up to the client pool only', () => {
    for (const pool of ['client', 'admin'] as const) {
      for (const [, e] of endpointsOf({ ...AUTH_API[pool], ...AUTH_PASSWORD_API[pool] })) {
        expect(e.path.startsWith(`/api/auth/${pool}/`)).toBe(true);
      }
    }
    expect('signUp' in AUTH_PASSWORD_API.admin).toBe(false);
  });
});
