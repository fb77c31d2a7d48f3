import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  PARALLEL_POOL_SIZE,
  PASSWORD,
  registerClient,
  signIn,
  type TestApp,
  testDatabases,
  uniqueAddress,
  uniqueEmail,
} from '../../test/helpers';
import { REFRESH_REUSE_GRACE_MS } from './auth.service';

// Every argon2 verification the service runs (real ones and the stand-in for unknown e-mails) is counted here.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../security/secrets', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../security/secrets')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checks.count += 1;
      return real.verifyPassword(hash, password);
    },
    burnPasswordCheck: async (password: string) => {
      checks.count += 1;
      return real.burnPasswordCheck(password);
    },
  };
});

const ADMIN = { email: 'root@under.test', password: 'Admin12345' };
const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => {
    acc[c] = (acc[c] ?? 0) + 1;
    return acc;
  }, {});

describe.each(testDatabases())('auth security on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    await t.services.auth.ensureAdmin(ADMIN);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.offsetMs = 0;
  });

  const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const signInFrom = (pool: 'client' | 'admin', email: string, password: string, address: string) =>
    post(`/api/auth/${pool}/sign-in`, { email, password }, address);

  /** 200 simultaneous sign-ins from one address, the right password as guess 25. */
  async function burst(pool: 'client' | 'admin', email: string, password: string, address: string) {
    checks.count = 0;
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 24 ? password : `Wrong${i}guess`));
    const res = await Promise.all(guesses.map((g) => signInFrom(pool, email, g, address)));
    return { codes: res.map((r) => r.statusCode), bodies: res.map((r) => r.json()), checks: checks.count };
  }

  describe('brute force in parallel', () => {
    it.each(['client', 'admin'] as const)(
      'runs at most 5 password checks for 200 parallel %s sign-ins, and the right guess 25 does not get in',
      async (pool) => {
        const email = pool === 'client' ? await registerClient(t) : ADMIN.email;
        const password = pool === 'client' ? PASSWORD : ADMIN.password;
        const attacker = uniqueAddress();
        const { codes, checks: ran } = await burst(pool, email, password, attacker);
        expect(ran).toBeLessThanOrEqual(5);
        expect(codes).not.toContain(200);
        expect(tally(codes)).toEqual({ 401: ran, 429: 200 - ran });
        // still locked for the attacker, even with the right password
        expect((await signInFrom(pool, email, password, attacker)).statusCode).toBe(429);
      },
    );

    it('treats an unknown e-mail exactly like a known one: same checks, same answers', async () => {
      const known = await burst('client', await registerClient(t), 'NotIt1234', uniqueAddress());
      const unknown = await burst('client', uniqueEmail('ghost'), 'NotIt1234', uniqueAddress());
      expect(unknown.checks).toBe(known.checks);
      expect(tally(unknown.codes)).toEqual(tally(known.codes));
      const shape = (b: { code: string; message: string }) => `${b.code}|${b.message}`;
      expect([...new Set(unknown.bodies.map(shape))].sort()).toEqual([...new Set(known.bodies.map(shape))].sort());
    });

    it('limits one address across accounts: 30 failures in 15 minutes', async () => {
      const address = uniqueAddress();
      for (let i = 0; i < 30; i++) {
        expect((await signInFrom('client', uniqueEmail('spray'), 'Spray12345', address)).statusCode).toBe(401);
      }
      const owner = await registerClient(t);
      expect((await signInFrom('client', owner, PASSWORD, address)).statusCode).toBe(429);
      expect((await signInFrom('client', owner, PASSWORD, uniqueAddress())).statusCode).toBe(200);
    });
  });

  describe('e-mailed codes under parallel guessing', () => {
    it('compares at most 5 guesses of one reset code, however many arrive at once, from however many addresses', async () => {
      const email = await registerClient(t);
      const home = uniqueAddress();
      expect((await post('/api/auth/client/forgot-password', { email }, home)).statusCode).toBe(200);
      const code = await t.mailer.lastCode(email);
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      // 40 wrong guesses and, last, the right code: all sent at once, each from its own address
      const guesses = [...Array.from({ length: 40 }, (_, i) => wrong(i)), code];
      const answers = await Promise.all(
        guesses.map((guess) =>
          post(
            '/api/auth/client/confirm-forgot-password',
            { email, code: guess, newPassword: 'Taken-Over-77' },
            uniqueAddress(),
          ),
        ),
      );
      const codes = answers.map((r) => r.json().code);
      // four wrong guesses answer "mismatch", the fifth ends the code; nothing after it is compared, the right code
      // included (before, every guess of the burst was compared, and the right one reset the password)
      expect(codes.filter((c) => c === 'auth/code-mismatch').length).toBeLessThanOrEqual(4);
      expect(answers.at(-1)?.statusCode).toBe(400);
      expect(codes.at(-1)).toBe('auth/too-many-attempts');
      expect((await signInFrom('client', email, PASSWORD, home)).statusCode).toBe(200);
    });
  });

  describe('lock-out is not a denial of service', () => {
    it('an attacker burning attempts on the admin from one address does not stop the admin from another', async () => {
      const attacker = uniqueAddress();
      for (let i = 0; i < 12; i++) await signInFrom('admin', ADMIN.email, `Guess${i}abc`, attacker);
      expect((await signInFrom('admin', ADMIN.email, ADMIN.password, attacker)).statusCode).toBe(429);
      expect((await signInFrom('admin', ADMIN.email, ADMIN.password, uniqueAddress())).statusCode).toBe(200);
    });

    it('holds a guesser who paces under the window (4 every 15 minutes) to 20 checks a day', async () => {
      const email = await registerClient(t);
      const address = uniqueAddress();
      const start = t.clock.offsetMs;
      const statuses: number[] = [];
      try {
        for (let window = 0; window < 6; window++) {
          t.clock.offsetMs = start + window * 16 * 60_000;
          for (let i = 0; i < 4; i++)
            statuses.push((await signInFrom('client', email, 'Wrong1234', address)).statusCode);
        }
      } finally {
        t.clock.offsetMs = start;
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    });

    it('backs off exponentially per account and address: 15 minutes, then 30', async () => {
      const email = await registerClient(t);
      const address = uniqueAddress();
      const fail = () => signInFrom('client', email, 'Wrong1234', address);
      for (let i = 0; i < 5; i++) expect((await fail()).statusCode).toBe(401);
      expect((await fail()).json().message).toMatch(/\(15 min\)$/);
      t.clock.offsetMs = 15 * 60_000;
      for (let i = 0; i < 5; i++) expect((await fail()).statusCode).toBe(401);
      expect((await fail()).json().message).toMatch(/\(30 min\)$/);
    });

    it('a botnet reaching the account-wide limit cannot lock the owner out of an address they used before', async () => {
      const email = await registerClient(t);
      const home = uniqueAddress();
      expect((await signInFrom('client', email, PASSWORD, home)).statusCode).toBe(200);
      // 100 failures from 25 addresses, 4 each: no single address reaches its own limit
      for (let a = 0; a < 25; a++) {
        const bot = uniqueAddress();
        await Promise.all(Array.from({ length: 4 }, () => signInFrom('client', email, 'Botnet1234', bot)));
      }
      expect((await signInFrom('client', email, PASSWORD, uniqueAddress())).statusCode).toBe(429);
      expect((await signInFrom('client', email, PASSWORD, home)).statusCode).toBe(200);
    });

    it('a password reset forgives the failed sign-ins of the account', async () => {
      const email = await registerClient(t);
      const address = uniqueAddress();
      for (let i = 0; i < 5; i++) await signInFrom('client', email, 'Wrong1234', address);
      expect((await signInFrom('client', email, PASSWORD, address)).statusCode).toBe(429);
      await post('/api/auth/client/forgot-password', { email }, address);
      const code = await t.mailer.lastCode(email);
      const reset = await post(
        '/api/auth/client/confirm-forgot-password',
        { email, code, newPassword: 'Renewed4321' },
        address,
      );
      expect(reset.statusCode).toBe(200);
      expect((await signInFrom('client', email, 'Renewed4321', address)).statusCode).toBe(200);
    });
  });

  describe('change-password', () => {
    it('reserves before checking the old password: 20 parallel wrong guesses run at most 5 checks', async () => {
      const email = await registerClient(t);
      const { accessToken } = await signIn(t, 'client', email);
      checks.count = 0;
      const res = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/client/change-password',
            headers: { authorization: `Bearer ${accessToken}` },
            payload: { oldPassword: `Nope${i}1234`, newPassword: 'Fresh12345' },
          }),
        ),
      );
      expect(checks.count).toBeLessThanOrEqual(5);
      expect(res.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual(Array(checks.count).fill(false));
      expect(tally(res.map((r) => r.statusCode))).toEqual({ 200: checks.count, 429: 20 - checks.count });
      // the owner too must wait now: the limit holds before the password is looked at
      const right = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/change-password',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { oldPassword: PASSWORD, newPassword: 'Fresh12345' },
      });
      expect(right.statusCode).toBe(429);
    });
  });

  describe('refresh-token replay', () => {
    const refresh = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/client/refresh', cookies: { under_rt_client: cookie } });
    const me = (token: string) => t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
      res.cookies.find((c) => c.name === 'under_rt_client')?.value;

    it('ends the session when the old token comes back after the grace, though the session was active since', async () => {
      const { refreshCookie: r0 } = await signIn(t, 'client', await registerClient(t));
      const first = await refresh(r0);
      const r1 = cookieOf(first) as string;
      const a1 = first.json().accessToken as string;
      t.clock.offsetMs = REFRESH_REUSE_GRACE_MS + 31_000;
      expect((await me(a1)).statusCode).toBe(200); // activity: last activity is now
      t.clock.offsetMs += 1_000;
      const replay = await refresh(r0);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('auth/no-user');
      expect((await me(a1)).statusCode).toBe(401);
      expect((await refresh(r1)).statusCode).toBe(401);
    });

    it('inside the grace gives the twin a second access token and never replaces the holder’s', async () => {
      const { refreshCookie: r0 } = await signIn(t, 'client', await registerClient(t));
      const first = await refresh(r0);
      const r1 = cookieOf(first) as string;
      const a1 = first.json().accessToken as string;
      t.clock.offsetMs = 5_000;
      const twin = await refresh(r0);
      expect(twin.statusCode).toBe(200);
      expect(cookieOf(twin)).toBeUndefined(); // no refresh token for the replay
      const aTwin = twin.json().accessToken as string;
      expect(aTwin).not.toBe(a1);
      expect((await me(a1)).statusCode).toBe(200);
      expect((await me(aTwin)).statusCode).toBe(200);
      // the holder goes on refreshing; the rotation retires the twin's token
      const next = await refresh(r1);
      expect(next.statusCode).toBe(200);
      expect((await me(next.json().accessToken)).statusCode).toBe(200);
      expect((await me(aTwin)).statusCode).toBe(401);
    });

    it('of two refreshes racing with one cookie, one rotates and the other is its twin; both tokens work', async () => {
      const { refreshCookie: r0 } = await signIn(t, 'client', await registerClient(t));
      const [x, y] = await Promise.all([refresh(r0), refresh(r0)]);
      expect([x?.statusCode, y?.statusCode]).toEqual([200, 200]);
      expect([cookieOf(x as never), cookieOf(y as never)].filter(Boolean)).toHaveLength(1);
      expect((await me(x?.json().accessToken)).statusCode).toBe(200);
      expect((await me(y?.json().accessToken)).statusCode).toBe(200);
    });
  });

  describe('forgot-password and resend-code tell nothing and block nobody', () => {
    it('answer known and unknown e-mails alike, 429s included', async () => {
      const known = await registerClient(t);
      const unknown = uniqueEmail('nobody');
      for (const url of ['/api/auth/client/forgot-password', '/api/auth/client/resend-code']) {
        const answers = async (email: string) => {
          const address = uniqueAddress();
          const out: string[] = [];
          for (let i = 0; i < 7; i++) {
            const r = await post(url, { email }, address);
            out.push(`${r.statusCode} ${r.json().code ?? ''} ${r.json().message ?? ''}`);
          }
          return out;
        };
        const a = await answers(known);
        expect(a.slice(0, 5).every((x) => x.startsWith('200'))).toBe(true);
        expect(a[5]).toMatch(/^429 rate-limited/);
        expect(await answers(unknown)).toEqual(a);
      }
    });

    it('nobody can block a victim’s reset: strangers fill the mailbox cap, the owner still gets a code', async () => {
      const victim = await registerClient(t);
      const home = uniqueAddress();
      expect((await signInFrom('client', victim, PASSWORD, home)).statusCode).toBe(200);
      await t.mailer.settle();
      const before = t.mailer.sent.filter((m) => m.to === victim).length;
      // three attackers, five requests each: the mailbox cap (10 an hour) is reached silently
      for (let a = 0; a < 3; a++) {
        const attacker = uniqueAddress();
        for (let i = 0; i < 5; i++) {
          expect((await post('/api/auth/client/forgot-password', { email: victim }, attacker)).statusCode).toBe(200);
        }
      }
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === victim).length - before).toBe(10);
      // a stranger's address is answered the same, and sends nothing more
      expect((await post('/api/auth/client/forgot-password', { email: victim }, uniqueAddress())).statusCode).toBe(200);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === victim).length - before).toBe(10);
      // the owner, from an address they signed in from before, gets a working code
      expect((await post('/api/auth/client/forgot-password', { email: victim }, home)).statusCode).toBe(200);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === victim).length - before).toBe(11);
      const reset = await post(
        '/api/auth/client/confirm-forgot-password',
        { email: victim, code: await t.mailer.lastCode(victim), newPassword: 'Mine4567x' },
        home,
      );
      expect(reset.statusCode).toBe(200);
    });
  });

  describe('sign-up and confirm-sign-up', () => {
    it('throttles sign-up per address alike for new and existing e-mails, with the existence check', async () => {
      const existing = await registerClient(t);
      const address = uniqueAddress();
      for (let i = 0; i < 14; i++) {
        const fresh = await post('/api/auth/client/sign-up', { email: uniqueEmail(), password: PASSWORD }, address);
        expect(fresh.statusCode).toBe(201);
        const taken = await post('/api/auth/client/sign-up', { email: existing, password: PASSWORD }, address);
        expect(taken.statusCode).toBe(409);
      }
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/signup_check/email',
        payload: { email: existing },
        remoteAddress: address,
      });
      expect(check.statusCode).toBe(200);
      expect(
        (await post('/api/auth/client/sign-up', { email: existing, password: PASSWORD }, address)).statusCode,
      ).toBe(409);
      const over = [
        await post('/api/auth/client/sign-up', { email: uniqueEmail(), password: PASSWORD }, address),
        await post('/api/auth/client/sign-up', { email: existing, password: PASSWORD }, address),
        await t.app.inject({
          method: 'POST',
          url: '/api/signup_check/email',
          payload: { email: existing },
          remoteAddress: address,
        }),
      ];
      expect(over.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    });

    it('says "already confirmed" only to the holder of the code that confirmed it', async () => {
      const email = uniqueEmail();
      const address = uniqueAddress();
      await post('/api/auth/client/sign-up', { email, password: PASSWORD }, address);
      const code = await t.mailer.lastCode(email);
      expect((await post('/api/auth/client/confirm-sign-up', { email, code }, address)).statusCode).toBe(200);
      const wrong = code === '000000' ? '111111' : '000000';
      const probe = await post('/api/auth/client/confirm-sign-up', { email, code: wrong }, address);
      const ghost = await post('/api/auth/client/confirm-sign-up', { email: uniqueEmail(), code: wrong }, address);
      expect(probe.json()).toMatchObject({ statusCode: 400, code: 'auth/code-mismatch' });
      expect(ghost.json()).toMatchObject({ statusCode: 400, code: 'auth/code-mismatch' });
      const again = await post('/api/auth/client/confirm-sign-up', { email, code }, address);
      expect(again.json().code).toBe('auth/already-confirmed');
    });
  });

  describe('common passwords', () => {
    it('are refused with the spec message at sign-up, reset and change of password', async () => {
      const address = uniqueAddress();
      const up = await post('/api/auth/client/sign-up', { email: uniqueEmail(), password: 'Password1' }, address);
      expect(up.statusCode).toBe(400);
      expect(up.json().errors).toContainEqual({ path: 'password', message: 'Password does not meet requirements' });
      const email = await registerClient(t);
      await post('/api/auth/client/forgot-password', { email }, address);
      const reset = await post(
        '/api/auth/client/confirm-forgot-password',
        { email, code: await t.mailer.lastCode(email), newPassword: 'qwerty123' },
        address,
      );
      expect(reset.statusCode).toBe(400);
      expect(reset.json().errors).toContainEqual({
        path: 'newPassword',
        message: 'Password does not meet requirements',
      });
      const { accessToken } = await signIn(t, 'client', email);
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/change-password',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { oldPassword: PASSWORD, newPassword: 'Abc12345' },
      });
      expect(change.statusCode).toBe(400);
      expect(change.json().message).toBe('Password does not meet requirements');
    });
  });
});
