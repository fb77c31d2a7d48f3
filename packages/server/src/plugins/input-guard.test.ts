import { MESSAGES } from '@under/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCompany } from '../test/accounts';
import { createTestApp, signIn, type TestApp, testDatabases } from '../test/helpers';
import { findNul, jsonDepth, MAX_BODY_DEPTH } from './input-guard';

describe('jsonDepth', () => {
  it('counts nesting and ignores brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{\\"]]]"}')).toBe(1);
    expect(jsonDepth('"plain"')).toBe(0);
  });
  it('stops early past the limit', () => {
    expect(jsonDepth('['.repeat(1_000_000), 10)).toBe(11);
  });
});

describe('findNul', () => {
  it('names the path of the value or key with U+0000', () => {
    expect(findNul({ a: [{ b: 'x\u0000' }] }, 'body')).toBe('body.a.0.b');
    expect(findNul({ 'k\u0000': 1 }, 'body')).toBe('body');
    expect(findNul({ a: ['fine', 'ok'] }, 'body')).toBeUndefined();
  });
  it('passes over bytes at once: a 25 MB body is not walked as 25 million entries (issue 21 §6)', () => {
    const started = performance.now();
    expect(findNul(Buffer.alloc(25_000_000), 'body')).toBeUndefined();
    expect(findNul(new Uint8Array(25_000_000), 'body')).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe.each(testDatabases())('input that used to answer 500, on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let clientToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.services.auth.ensureAdmin({ email: 'guard-admin@under.test', password: 'Admin12345' });
    adminToken = (await signIn(t, 'admin', 'guard-admin@under.test', 'Admin12345')).accessToken;
    clientToken = (await registerCompany(t)).token;
  });
  afterAll(() => t.close());

  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const rawPost = (url: string, body: string, token = adminToken) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: body,
    });

  it('a NUL in q answers 400 on every list, never 500', async () => {
    const lists = t.routes.filter((r) => r.method === 'GET' && !r.url.includes(':') && r.url.startsWith('/api/'));
    expect(lists.length).toBeGreaterThan(10);
    for (const route of lists) {
      const token = route.access === 'admin' ? adminToken : route.access === 'public' ? undefined : clientToken;
      const res = await t.app.inject({
        url: `${route.url}?q=ab%00cd`,
        headers: { ...(token ? bearer(token) : {}), 'x-api-key': t.config.secrets.publicApiKey },
      });
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(400);
    }
  });

  it('a NUL in a path parameter answers 400', async () => {
    const res = await t.app.inject({ url: '/api/dictionary/abc%00', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.textHasNul);
  });

  it('a NUL in the sign-up sessionCode and in profile fields answers 400 and changes nothing', async () => {
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client/sign-up',
      payload: { email: 'nul.signup@example.com', password: 'Secret123', sessionCode: 'a\u0000b' },
    });
    expect(up.statusCode).toBe(400);
    expect(up.json()).toMatchObject({
      code: 'validation',
      errors: [{ path: 'sessionCode', message: MESSAGES.textHasNul }],
    });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/signup_check/email',
      payload: { email: 'nul.signup@example.com' },
    });
    expect(check.json().exists).toBe(false);

    const before = (await t.app.inject({ url: '/api/profile', headers: bearer(clientToken) })).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(clientToken),
      payload: { firstName: 'Ada\u0000', lastName: 'Admin', phoneNumber: '(555) 123-4567' },
    });
    expect(put.statusCode).toBe(400);
    const after = (await t.app.inject({ url: '/api/profile', headers: bearer(clientToken) })).json();
    expect(after.firstName).toBe(before.firstName);
  });

  it.each([
    [
      'dictionary data',
      '/api/dictionaries',
      (d: string) => `{"type":"text","name":"deep_d","label":"Deep","data":${d}}`,
    ],
    [
      'dictionary conditions',
      '/api/dictionaries',
      (d: string) => `{"type":"text","name":"deep_c","label":"Deep","conditions":${d}}`,
    ],
    ['section conditional', '/api/new-section', (d: string) => `{"key":"deep_s","label":"Deep","conditional":${d}}`],
  ])('JSON nested 10,000 deep in %s answers 400', async (_what, url, body) => {
    const res = await rawPost(url, body(deep(10_000)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(MESSAGES.requestTooDeep(MAX_BODY_DEPTH));
  });

  it('JSON just inside the bound is parsed and judged by the route', async () => {
    const res = await rawPost('/api/dictionaries', `{"type":"text","name":"ok_depth","label":"Ok","data":${deep(20)}}`);
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).not.toBe(MESSAGES.requestTooDeep(MAX_BODY_DEPTH));
  });

  it.each([
    ['a line feed', 'Acme\nBank'],
    ['a carriage return', 'Acme\rBank'],
    ['a right-to-left override', 'Acme\u202EknaB'],
  ])('a company name with %s is refused with the message', async (_what, companyName) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/temp',
      headers: bearer(clientToken),
      payload: { companyName },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'companyName', message: MESSAGES.nameHasControlCharacters });
  });

  it('a template name with a text-direction override is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pdf_templates',
      headers: bearer(adminToken),
      payload: { name: 'Merchant\u202Efdp.exe', fileUrl: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'name', message: MESSAGES.nameHasControlCharacters });
  });
});
