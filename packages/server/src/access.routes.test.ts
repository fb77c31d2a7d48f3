import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, registerCompany } from './test/accounts';
import { createTestApp, registerClient, signIn, type TestApp } from './test/helpers';

// The authorization matrix is generated from what every route declares (config.access), so a new
// route is covered the moment it exists.
describe('authorization matrix', () => {
  let t: TestApp;
  let clientToken: string;
  let adminToken: string;
  let standardToken: string;
  beforeAll(async () => {
    // no module has an applicant route yet: this one makes the applicant rows of the matrix real
    t = await createTestApp('pglite', {
      extend: (app) => app.get('/api/test-applicant', { config: { access: 'applicant' } }, async () => ({ ok: true })),
    });
    await t.services.auth.ensureAdmin({ email: 'root@under.test', password: 'Admin12345' });
    clientToken = (await signIn(t, 'client', await registerClient(t))).accessToken;
    adminToken = (await signIn(t, 'admin', 'root@under.test', 'Admin12345')).accessToken;
    standardToken = (await joinTeam(t, await registerCompany(t, { membershipId: 'MEMBERSHIP_002' }))).token;
  });
  afterAll(() => t.close());

  const concrete = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
  const call = (method: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as 'GET', url: concrete(url), headers, payload: method === 'GET' ? undefined : {} });

  it('every /api route declares who may call it', () => {
    expect(t.routes.length).toBeGreaterThan(10);
    for (const r of t.routes) expect(r.access).toBeTruthy();
  });

  it('refuses anonymous callers on every route that is not public', async () => {
    for (const r of t.routes.filter((x) => x.access !== 'public')) {
      const res = await call(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuses client users on admin routes and admins on client routes', async () => {
    const adminRoutes = t.routes.filter((x) => x.access === 'admin');
    const clientRoutes = t.routes.filter((x) => x.access === 'client' || x.access === 'clientAdmin');
    expect(adminRoutes.length).toBeGreaterThan(20);
    expect(clientRoutes.length).toBeGreaterThan(10);
    for (const r of adminRoutes) {
      const res = await call(r.method, r.url, { authorization: `Bearer ${clientToken}` });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    for (const r of clientRoutes) {
      const res = await call(r.method, r.url, { authorization: `Bearer ${adminToken}` });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('refuses STANDARD team members on every clientAdmin route (decision 006)', async () => {
    const adminOnly = t.routes.filter((x) => x.access === 'clientAdmin');
    expect(adminOnly.length).toBeGreaterThan(5);
    for (const r of adminOnly) {
      const res = await call(r.method, r.url, { authorization: `Bearer ${standardToken}` });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('refuses applicant routes without the API key', async () => {
    const applicantRoutes = t.routes.filter((x) => x.access === 'applicant');
    expect(applicantRoutes.map((r) => r.url)).toContain('/api/test-applicant');
    for (const r of applicantRoutes) {
      const res = await call(r.method, r.url, { 'x-api-key': 'wrong-key-wrong-key' });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      const bearerOnly = await call(r.method, r.url, { authorization: `Bearer ${clientToken}` });
      expect(bearerOnly.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    const withKey = await call('GET', '/api/test-applicant', { 'x-api-key': t.config.secrets.publicApiKey });
    expect(withKey.statusCode).toBe(200);
  });

  it('throttles public lookups per address', async () => {
    const check = () =>
      t.app.inject({ method: 'POST', url: '/api/signup_check/email', payload: { email: 'probe@example.com' } });
    for (let i = 0; i < 30; i++) expect((await check()).statusCode).toBe(200);
    const blocked = await check();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate-limited');
    const lookup = await t.app.inject({ url: '/api/invitations/not-a-real-code-but-long-enough-0000000000000000' });
    expect(lookup.statusCode).not.toBe(429);
  });

  it('refuses a forged bearer token', async () => {
    const res = await t.app.inject({ url: '/api/me', headers: { authorization: 'Bearer ua_forged' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth/no-user', message: 'No current user' });
  });
});
