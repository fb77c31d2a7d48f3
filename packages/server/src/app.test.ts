import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createTestApp, type TestApp } from './test/helpers';

describe('the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'under-web-'));
    mkdirSync(path.join(web, 'admin'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<html>client app</html>');
    writeFileSync(path.join(web, 'admin', 'index.html'), '<html>admin app</html>');
    mkdirSync(path.join(web, 'applicant'));
    writeFileSync(
      path.join(web, 'applicant', 'index.html'),
      '<html><meta name="under-api-key" content="" />applicant app</html>',
    );
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', {
      webDist: web,
      extend: (app) =>
        app.get('/api/test-crash', { config: { access: 'public' } }, async () => {
          throw new Error('secret table users_password_hash exploded');
        }),
    });
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API routes with the spec 404 text as JSON', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'not-found', message: 'Your request endpoint was not found!' });
  });

  it('serves the client app for client deep links and the admin app under /admin', async () => {
    expect((await t.app.inject({ url: '/applications/123' })).body).toContain('client app');
    expect((await t.app.inject({ url: '/admin/pdf-mapping' })).body).toContain('admin app');
    expect((await t.app.inject({ url: '/admin' })).body).toContain('admin app');
    expect((await t.app.inject({ url: '/admin/' })).body).toContain('admin app');
    expect((await t.app.inject({ url: '/' })).body).toContain('client app');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the applicant pages from their own entry, with the public API key in its meta tag', async () => {
    const key = t.config.secrets.publicApiKey;
    for (const url of [
      '/application-form/8d1c1f7e-0000-4000-8000-000000000001',
      '/application-form/a/b/c/d@e.co',
      '/application-form-successfully/a',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('applicant app');
      expect(res.body).toContain(`<meta name="under-api-key" content="${key}" />`);
      expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    }
    // the other apps never carry the key
    expect((await t.app.inject({ url: '/application-formx' })).body).toContain('client app');
    expect((await t.app.inject({ url: '/' })).body).not.toContain(key);
  });

  it('sends a strict CSP without unsafe-eval or inline scripts, and other security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hides the details of a 5xx and gives a request id', async () => {
    const res = await t.app.inject({ url: '/api/test-crash' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 500, code: 'internal', message: 'Internal Server Error!' });
    expect(body.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(res.body).not.toContain('users_password_hash');
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const signUp = doc.paths['/api/auth/client/sign-up'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('configuration', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'under-cfg-'));

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), ADMIN_EMAIL: 'a@example.com' })).toThrow(ConfigError);
  });

  it('generates secrets once and keeps them in DATA_DIR', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d });
    const second = loadConfig({ DATA_DIR: d });
    expect(first.secrets.publicApiKey.length).toBeGreaterThanOrEqual(24);
    expect(second.secrets).toEqual(first.secrets);
    expect(loadConfig({ DATA_DIR: d, PUBLIC_API_KEY: 'k'.repeat(20) }).secrets.publicApiKey).toBe('k'.repeat(20));
  });
});
