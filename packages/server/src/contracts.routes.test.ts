import { AUTH_API } from '@under/core/api/auth.contract';
import { AUTH_PASSWORD_API } from '@under/core/api/auth-password.contract';
import { COMPANIES_API } from '@under/core/api/companies.contract';
import type { Endpoint } from '@under/core/api/contract';
import { FILES_API } from '@under/core/api/files.contract';
import { MAIL_API } from '@under/core/api/mail.contract';
import { TEAM_API } from '@under/core/api/team.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

/** Every endpoint of a contract object, however deep (the auth contracts are grouped by pool). */
function endpointsOf(group: object, prefix = ''): [string, Endpoint][] {
  return Object.entries(group).flatMap(([key, value]): [string, Endpoint][] =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value
      ? [[`${prefix}${key}`, value as Endpoint]]
      : endpointsOf(value as object, `${prefix}${key}.`),
  );
}

// A contract the server does not register would send the web to a 404: each one must be a route of the app.
describe('routes of the auth, team, companies, files and mail contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const endpoints = endpointsOf({ AUTH_API, AUTH_PASSWORD_API, TEAM_API, COMPANIES_API, FILES_API, MAIL_API });

  it.each(endpoints)('%s is registered with its method and path', (_, e) => {
    expect(t.routes.map((r) => `${r.method} ${r.url}`)).toContain(`${e.method} ${e.path}`);
  });

  it('registers no route of these modules outside the contracts', () => {
    const prefixes = [
      '/api/auth/',
      '/api/members',
      '/api/invitations',
      '/api/companies',
      '/api/memberships',
      '/api/subscription',
      '/api/files',
      '/api/admin/mails',
    ];
    const contracted = new Set(endpoints.map(([, e]) => `${e.method} ${e.path}`));
    const ours = t.routes.filter((r) => prefixes.some((p) => r.url.startsWith(p))).map((r) => `${r.method} ${r.url}`);
    expect(ours.length).toBeGreaterThan(30);
    expect(ours.filter((route) => !contracted.has(route))).toEqual([]);
  });
});
