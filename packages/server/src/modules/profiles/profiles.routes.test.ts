import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PHONE, registerCompany } from '../../test/accounts';
import { createTestApp, registerClient, signIn, type TestApp, testDatabases, uniqueEmail } from '../../test/helpers';

describe.each(testDatabases())('profiles on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const signedUp = async () => {
    const email = await registerClient(t, uniqueEmail('reg'));
    return { email, token: (await signIn(t, 'client', email)).accessToken };
  };
  const body = (email: string, extra: Record<string, unknown> = {}) => ({
    companyName: 'First Bank',
    email,
    firstName: 'Ann',
    lastName: 'Lee',
    phoneNumber: PHONE,
    ...extra,
  });
  const post = (url: string, token: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });

  describe('POST /api/profiles', () => {
    it('registers the company: the creator is its ADMINISTRATOR on Basic (MEMBERSHIP_001)', async () => {
      const u = await signedUp();
      const res = await post('/api/profiles', u.token, body(u.email.toUpperCase()));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        email: u.email,
        firstName: 'Ann',
        lastName: 'Lee',
        phoneNumber: PHONE,
        role: 'ADMINISTRATOR',
        status: 'active',
        company: { name: 'First Bank', status: 'active' },
        membershipId: 'MEMBERSHIP_001',
      });
      const me = await t.app.inject({ url: '/api/me', headers: bearer(u.token) });
      expect(me.json()).toMatchObject({
        company: { name: 'First Bank' },
        membership: { id: 'MEMBERSHIP_001', name: 'Basic' },
      });
      const audit = await t.database.db.query.auditEvents.findMany();
      expect(audit.some((e) => e.action === 'company.register' && e.actorUserId === res.json().id)).toBe(true);
    });

    it('refuses an account that already has a company with the spec message', async () => {
      const admin = await registerCompany(t);
      const res = await post('/api/profiles', admin.token, body(admin.email, { companyName: 'Second Bank' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'auth/account-exists', message: 'The Under account is already exists' });
    });

    it('refuses another e-mail than the signed-in one', async () => {
      const u = await signedUp();
      const res = await post('/api/profiles', u.token, body('someone.else@example.com'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The e-mail address must be the one you signed up with');
    });

    it.each([
      [{ companyName: undefined }, 'companyName', 'Company name is required'],
      [{ companyName: 'ab' }, 'companyName', 'Company name must be 3 to 100 characters'],
      [{ companyName: 'x'.repeat(101) }, 'companyName', 'Company name must be 3 to 100 characters'],
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '  ' }, 'lastName', 'Last name is required'],
      [{ firstName: 'x'.repeat(101) }, 'firstName', 'Must be 1 to 100 characters'],
      [{ phoneNumber: '555-1234' }, 'phoneNumber', 'Invalid contact number'],
      [{ phoneNumber: '555 123 4567 ext' }, 'phoneNumber', 'Invalid contact number'],
      [{ phoneNumber: '' }, 'phoneNumber', 'Contact number is required'],
      [{ email: 'not-an-email' }, 'email', 'Email is invalid'],
      [{ email: `${'a'.repeat(95)}@b.com` }, 'email', 'Email must be 3 to 100 characters'],
      [{ role: 'ADMINISTRATOR' }, 'role', 'Unrecognized key: "role"'],
    ])('refuses %j with a message on %s and creates nothing', async (patch, path, message) => {
      const u = await signedUp();
      const payload = { ...body(u.email), ...patch };
      const res = await post('/api/profiles', u.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
      const profile = await t.app.inject({ url: '/api/profile', headers: bearer(u.token) });
      expect(profile.json().company).toBeNull();
    });

    it('accepts every phone shape of the spec', async () => {
      for (const phoneNumber of ['5551234567', '(555)123-4567', '555.123.4567', '+555 123 456789']) {
        const u = await signedUp();
        const res = await post('/api/profiles', u.token, body(u.email, { phoneNumber }));
        expect(res.statusCode, phoneNumber).toBe(201);
      }
    });
  });

  describe('POST /api/profiles/temp', () => {
    it('keeps one draft per user and shows it in GET /api/profile until the company exists', async () => {
      const u = await signedUp();
      const first = await post('/api/profiles/temp', u.token, { companyName: 'Dra' });
      expect(first.statusCode).toBe(201);
      const second = await post('/api/profiles/temp', u.token, { companyName: 'Draft Bank', firstName: 'Ann' });
      expect(second.json().id).toBe(first.json().id);
      const profile = await t.app.inject({ url: '/api/profile', headers: bearer(u.token) });
      expect(profile.json().draft).toEqual({ id: first.json().id, companyName: 'Draft Bank', firstName: 'Ann' });
      await post('/api/profiles', u.token, body(u.email));
      const after = await t.app.inject({ url: '/api/profile', headers: bearer(u.token) });
      expect(after.json().draft).toBeNull();
    });

    it('refuses unknown fields and oversized values', async () => {
      const u = await signedUp();
      expect((await post('/api/profiles/temp', u.token, { password: 'x' })).statusCode).toBe(400);
      expect((await post('/api/profiles/temp', u.token, { companyName: 'x'.repeat(101) })).statusCode).toBe(400);
    });
  });

  describe('POST /api/signup_check/email', () => {
    it('answers whether a client account exists, as a value', async () => {
      const u = await signedUp();
      const taken = await post('/api/signup_check/email', undefined, { email: u.email.toUpperCase() });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toEqual({ exists: true, message: 'The Under account is already exists' });
      const free = await post('/api/signup_check/email', undefined, { email: uniqueEmail('free') });
      expect(free.json()).toEqual({ exists: false });
      const bad = await post('/api/signup_check/email', undefined, { email: 'nope' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('GET and PUT /api/profile', () => {
    it('reads and updates the names and phone; the e-mail cannot change here', async () => {
      const admin = await registerCompany(t);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(admin.token),
        payload: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '+15551234567' },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ lastName: 'Lovelace', phoneNumber: '+15551234567', email: admin.email });
      const withEmail = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(admin.token),
        payload: { firstName: 'Ada', lastName: 'L', phoneNumber: PHONE, email: 'x@example.com' },
      });
      expect(withEmail.statusCode).toBe(400);
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(admin.token),
        payload: { firstName: 'Ada', lastName: 'L', phoneNumber: '12' },
      });
      expect(bad.json().errors).toContainEqual({ path: 'phoneNumber', message: 'Invalid contact number' });
      const get = await t.app.inject({ url: '/api/profile', headers: bearer(admin.token) });
      expect(get.json()).toMatchObject({
        lastName: 'Lovelace',
        role: 'ADMINISTRATOR',
        company: { id: admin.companyId },
      });
    });

    it('refuses an admin-pool token', async () => {
      await t.services.auth.ensureAdmin({ email: 'root@under.test', password: 'Admin12345' });
      const { accessToken } = await signIn(t, 'admin', 'root@under.test', 'Admin12345');
      const res = await t.app.inject({ url: '/api/profile', headers: bearer(accessToken) });
      expect(res.statusCode).toBe(403);
    });
  });
});
