import { SESSION_TIMEOUT_MS } from '@under/core/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  PASSWORD,
  registerClient,
  signIn,
  type TestApp,
  testDatabases,
  uniqueEmail,
} from '../../test/helpers';

describe.each(testDatabases())('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.services.auth.ensureAdmin({ email: 'root@under.test', password: 'Admin12345' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const countUsers = async () => (await t.database.db.query.users.findMany()).length;

  describe('POST /api/auth/client/sign-up', () => {
    it('creates an unconfirmed user and mails a 6-digit code', async () => {
      const email = uniqueEmail();
      const res = await post('/api/auth/client/sign-up', { email: email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(201);
      expect(await t.mailer.lastCode(email)).toMatch(/^\d{6}$/);
      const signInRes = await post('/api/auth/client/sign-in', { email, password: PASSWORD });
      expect(signInRes.statusCode).toBe(403);
      expect(signInRes.json().code).toBe('UserNotConfirmedException');
    });

    it('refuses an existing account with the spec message', async () => {
      const email = await registerClient(t);
      const res = await post('/api/auth/client/sign-up', { email, password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'auth/account-exists', message: 'The Under account is already exists' });
    });

    it.each([
      [{ email: 'not-an-email', password: PASSWORD }, 'email', 'Email is invalid'],
      [{ email: 'ok@example.com', password: 'short' }, 'password', 'Password does not meet requirements'],
      [{ email: 'ok@example.com', password: 'has space 123' }, 'password', 'Password does not meet requirements'],
      [{ email: 'ok@example.com', password: 'lettersonly' }, 'password', 'Password does not meet requirements'],
      [
        { email: 'ok@example.com', password: 'Abc12345678901234567890' },
        'password',
        'Password does not meet requirements',
      ],
      [{ email: 'ok@example.com', password: PASSWORD, admin: true }, 'admin', 'Unrecognized key: "admin"'],
      [{ email: 42, password: PASSWORD }, 'email', 'Email is required'],
    ])('refuses %j with a message on %s and creates nothing', async (payload, path, message) => {
      const before = await countUsers();
      const res = await post('/api/auth/client/sign-up', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
      expect(await countUsers()).toBe(before);
    });

    it('answers malformed JSON, a wrong content type and an oversized body with 4xx', async () => {
      const before = await countUsers();
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/sign-up',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ statusCode: 400, message: 'Bad request' });
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/sign-up',
        headers: { 'content-type': 'application/xml' },
        payload: '<email/>',
      });
      expect(text.statusCode).toBe(415);
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/sign-up',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@example.com', password: PASSWORD, sessionCode: 'x'.repeat(2_000_000) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(await countUsers()).toBe(before);
    });

    it('does not exist for the admin pool', async () => {
      const res = await post('/api/auth/admin/sign-up', { email: uniqueEmail(), password: PASSWORD });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Your request endpoint was not found!');
    });
  });

  describe('POST /api/auth/client/confirm-sign-up', () => {
    it('refuses a wrong code, then locks the code after five wrong guesses', async () => {
      const email = uniqueEmail();
      await post('/api/auth/client/sign-up', { email, password: PASSWORD });
      const good = await t.mailer.lastCode(email);
      const wrong = good === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) {
        const res = await post('/api/auth/client/confirm-sign-up', { email, code: wrong });
        expect(res.json().code).toBe('auth/code-mismatch');
      }
      const fifth = await post('/api/auth/client/confirm-sign-up', { email, code: wrong });
      expect(fifth.json().code).toBe('auth/too-many-attempts');
      const late = await post('/api/auth/client/confirm-sign-up', { email, code: good });
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('auth/too-many-attempts');
      // a new code works again
      await post('/api/auth/client/resend-code', { email });
      const ok = await post('/api/auth/client/confirm-sign-up', { email, code: await t.mailer.lastCode(email) });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses an expired code and a reused one', async () => {
      const email = uniqueEmail();
      await post('/api/auth/client/sign-up', { email, password: PASSWORD });
      const code = await t.mailer.lastCode(email);
      t.clock.offsetMs = 10 * 60_000 + 1000;
      const expired = await post('/api/auth/client/confirm-sign-up', { email, code });
      t.clock.offsetMs = 0;
      expect(expired.json()).toMatchObject({ statusCode: 400, code: 'auth/code-expired' });
      await post('/api/auth/client/resend-code', { email });
      const fresh = await t.mailer.lastCode(email);
      expect((await post('/api/auth/client/confirm-sign-up', { email, code: fresh })).statusCode).toBe(200);
      const again = await post('/api/auth/client/confirm-sign-up', { email, code: fresh });
      expect(again.json().code).toBe('auth/already-confirmed');
    });

    it('only the newest code works after a resend', async () => {
      const email = uniqueEmail();
      await post('/api/auth/client/sign-up', { email, password: PASSWORD });
      const first = await t.mailer.lastCode(email);
      await post('/api/auth/client/resend-code', { email });
      const second = await t.mailer.lastCode(email);
      if (first !== second) {
        expect((await post('/api/auth/client/confirm-sign-up', { email, code: first })).statusCode).toBe(400);
      }
      expect((await post('/api/auth/client/confirm-sign-up', { email, code: second })).statusCode).toBe(200);
    });

    it('stores codes only as hashes', async () => {
      const email = uniqueEmail();
      await post('/api/auth/client/sign-up', { email, password: PASSWORD });
      const code = await t.mailer.lastCode(email);
      const rows = await t.database.db.query.authCodes.findMany();
      expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);
    });
  });

  describe('POST /api/auth/{pool}/sign-in', () => {
    it('returns a bearer token and an HttpOnly SameSite refresh cookie scoped to the pool', async () => {
      const email = await registerClient(t);
      const { accessToken, response } = await signIn(t, 'client', email);
      expect(accessToken).toMatch(/^ua_/);
      const cookie = response.cookies.find((c) => c.name === 'under_rt_client');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/client' });
      const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email, pool: 'client', role: 'ADMINISTRATOR', status: 'active' });
    });

    it('answers unknown users and wrong passwords alike: 401 "Invalid email or password", one code', async () => {
      const email = await registerClient(t);
      const unknown = await post('/api/auth/client/sign-in', { email: uniqueEmail(), password: PASSWORD });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ code: 'auth/invalid-credentials', message: 'Invalid email or password' });
      const wrong = await post('/api/auth/client/sign-in', { email, password: 'Wrong1234' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'auth/invalid-credentials', message: 'Invalid email or password' });
      const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
      expect(strip(unknown.json())).toEqual(strip(wrong.json()));
    });

    it('rate limits failed sign-ins per account', async () => {
      const email = await registerClient(t);
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/auth/client/sign-in', { email, password: 'Wrong1234' })).statusCode).toBe(401);
      }
      const blocked = await post('/api/auth/client/sign-in', { email, password: PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('rate-limited');
    });

    it('keeps the pools apart: a client account cannot sign in to the admin app, nor an admin to the client app', async () => {
      const email = await registerClient(t);
      const asAdmin = await post('/api/auth/admin/sign-in', { email, password: PASSWORD });
      expect(asAdmin.statusCode).toBe(401);
      expect(asAdmin.json().message).toBe('Invalid email or password');
      const asClient = await post('/api/auth/client/sign-in', { email: 'root@under.test', password: 'Admin12345' });
      expect(asClient.statusCode).toBe(401);
    });

    it("refuses one pool's token on the other pool's routes", async () => {
      const client = await signIn(t, 'client', await registerClient(t));
      const admin = await signIn(t, 'admin', 'root@under.test', 'Admin12345');
      const onAdmin = await t.app.inject({
        url: '/api/auth/admin/session',
        headers: { authorization: `Bearer ${client.accessToken}` },
      });
      expect(onAdmin.statusCode).toBe(403);
      const onClient = await t.app.inject({
        url: '/api/auth/client/session',
        headers: { authorization: `Bearer ${admin.accessToken}` },
      });
      expect(onClient.statusCode).toBe(403);
      const adminMe = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${admin.accessToken}` } });
      expect(adminMe.json()).toMatchObject({ pool: 'admin', role: 'admin', company: null });
      // the admin refresh cookie is not accepted by the client pool
      const cross = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: admin.refreshCookie },
      });
      expect(cross.statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    it('refreshes with the cookie, rotates it, and ends the session when an old cookie is replayed later', async () => {
      const { refreshCookie } = await signIn(t, 'client', await registerClient(t));
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: refreshCookie },
      });
      expect(refreshed.statusCode).toBe(200);
      const next = refreshed.cookies.find((c) => c.name === 'under_rt_client')?.value;
      expect(next).toBeTruthy();
      expect(next).not.toBe(refreshCookie);
      t.clock.offsetMs = 60_000;
      const replay = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: refreshCookie },
      });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ code: 'auth/no-user', message: 'No current user' });
      // theft detected: the rotated cookie is dead too
      const afterTheft = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: next as string },
      });
      t.clock.offsetMs = 0;
      expect(afterTheft.statusCode).toBe(401);
    });

    it('expires access tokens after 15 minutes with a code the client refreshes on', async () => {
      const { accessToken, refreshCookie } = await signIn(t, 'client', await registerClient(t));
      t.clock.offsetMs = 16 * 60_000;
      const stale = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ code: 'auth/token-expired', message: 'Token expired' });
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: refreshCookie },
      });
      const me = await t.app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
      });
      t.clock.offsetMs = 0;
      expect(me.statusCode).toBe(200);
    });

    it('ends a session after 3 hours without activity, and activity extends it', async () => {
      const { refreshCookie } = await signIn(t, 'client', await registerClient(t));
      const refreshAt = async (offsetMs: number) => {
        t.clock.offsetMs = offsetMs;
        return t.app.inject({
          method: 'POST',
          url: '/api/auth/client/refresh',
          cookies: { under_rt_client: refreshCookie },
        });
      };
      // active at 2h59: the session lives on to 5h58
      const active = await refreshAt(SESSION_TIMEOUT_MS - 60_000);
      expect(active.statusCode).toBe(200);
      const cookie = active.cookies.find((c) => c.name === 'under_rt_client')?.value as string;
      t.clock.offsetMs = 2 * SESSION_TIMEOUT_MS - 120_000;
      const stillAlive = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: cookie },
      });
      expect(stillAlive.statusCode).toBe(200);
      const last = stillAlive.cookies.find((c) => c.name === 'under_rt_client')?.value as string;
      t.clock.offsetMs = 3 * SESSION_TIMEOUT_MS;
      const idle = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: last },
      });
      t.clock.offsetMs = 0;
      expect(idle.statusCode).toBe(401);
      expect(idle.json().code).toBe('auth/no-user');
    });

    it('signs out: the token and the cookie stop working', async () => {
      const { accessToken, refreshCookie } = await signIn(t, 'client', await registerClient(t));
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/sign-out',
        cookies: { under_rt_client: refreshCookie },
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === 'under_rt_client')?.value).toBe('');
      expect(
        (await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } })).statusCode,
      ).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: refreshCookie },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('signs out successfully even without any session', async () => {
      expect((await post('/api/auth/client/sign-out')).statusCode).toBe(200);
    });
  });

  describe('password recovery and change', () => {
    it('resets a password with the e-mailed code and ends every session', async () => {
      const email = await registerClient(t);
      const { accessToken } = await signIn(t, 'client', email);
      expect((await post('/api/auth/client/forgot-password', { email })).statusCode).toBe(200);
      const code = await t.mailer.lastCode(email);
      const res = await post('/api/auth/client/confirm-forgot-password', { email, code, newPassword: 'NewPass456' });
      expect(res.statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } })).statusCode,
      ).toBe(401);
      expect((await post('/api/auth/client/sign-in', { email, password: PASSWORD })).statusCode).toBe(401);
      await signIn(t, 'client', email, 'NewPass456');
      const reuse = await post('/api/auth/client/confirm-forgot-password', { email, code, newPassword: 'Other7890' });
      expect(reuse.statusCode).toBe(400);
    });

    it('answers forgot-password the same for unknown e-mails and sends nothing', async () => {
      await t.mailer.settle();
      const before = t.mailer.sent.length;
      expect((await post('/api/auth/client/forgot-password', { email: uniqueEmail() })).statusCode).toBe(200);
      await t.mailer.settle();
      expect(t.mailer.sent.length).toBe(before);
    });

    it('refuses a new password that breaks the rules', async () => {
      const email = await registerClient(t);
      await post('/api/auth/client/forgot-password', { email });
      const res = await post('/api/auth/client/confirm-forgot-password', {
        email,
        code: await t.mailer.lastCode(email),
        newPassword: 'short',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password does not meet requirements');
    });

    it('changes the password: false for a wrong old one, true then every session ends', async () => {
      const email = await registerClient(t);
      const { accessToken } = await signIn(t, 'client', email);
      const other = await signIn(t, 'client', email);
      const auth = { authorization: `Bearer ${accessToken}` };
      const wrong = await post(
        '/api/auth/client/change-password',
        { oldPassword: 'Nope12345', newPassword: 'Fresh12345' },
        auth,
      );
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json()).toBe(false);
      const ok = await post(
        '/api/auth/client/change-password',
        { oldPassword: PASSWORD, newPassword: 'Fresh12345' },
        auth,
      );
      expect(ok.json()).toBe(true);
      for (const token of [accessToken, other.accessToken]) {
        expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
          401,
        );
      }
      await signIn(t, 'client', email, 'Fresh12345');
    });

    it('requires a session to change the password', async () => {
      const res = await post('/api/auth/client/change-password', { oldPassword: PASSWORD, newPassword: 'Fresh12345' });
      expect(res.statusCode).toBe(401);
    });
  });
});
