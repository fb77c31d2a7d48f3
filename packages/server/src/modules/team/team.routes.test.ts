import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invitations } from '../../db/schema/index';
import {
  bearer,
  type Caller,
  invitationCode,
  invite,
  joinTeam,
  PHONE,
  registerCompany,
  setMembership,
} from '../../test/accounts';
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

describe.each(testDatabases())('team on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  const members = async (admin: Caller, query = '') => (await get(`/api/members${query}`, admin.token)).json();

  describe('POST /api/invitations', () => {
    it('mails a multipart invitation with a working link to /register/{invitationCode}', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002', companyName: 'Mail & Co' });
      const email = uniqueEmail('invitee');
      const res = await invite(t, admin, email.toUpperCase(), 'ADMINISTRATOR');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'invitation', email, role: 'ADMINISTRATOR', status: 'INVITED SENT' });
      await t.mailer.settle();
      const mail = t.mailer.sent.findLast((m) => m.to === email);
      expect(mail?.subject).toBe('You are invited to join Mail & Co on Under');
      const code = await invitationCode(t, email);
      const link = `${t.config.publicUrl}/register/${code}`;
      expect(mail?.text).toContain(link);
      expect(mail?.html).toContain(`href="${link}"`);
      expect(mail?.html).toContain('Mail &#38; Co');
      expect(code.length).toBeGreaterThanOrEqual(40);
      // only the code's hash is stored
      const rows = await t.database.db.select().from(invitations).where(eq(invitations.email, email));
      expect(rows[0]?.codeHash).not.toContain(code);

      const shown = await get(`/api/invitations/${code}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ email, companyName: 'Mail & Co', role: 'ADMINISTRATOR', status: 'pending' });
      const expires = Date.parse(shown.json().expiresAt) - Date.now();
      expect(expires).toBeGreaterThan(6.9 * 86_400_000);
      expect(expires).toBeLessThanOrEqual(7 * 86_400_000);
    });

    it('refuses at the user quota with a clear message (Basic has one user)', async () => {
      const admin = await registerCompany(t);
      const res = await invite(t, admin, uniqueEmail());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'team/user-quota' });
      expect(res.json().message).toMatch(
        /^Sorry, you can't invite more members\. Your team has reached its user quota/,
      );
    });

    it('counts open invitations against the quota; -1 is unlimited', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      expect((await invite(t, admin, uniqueEmail())).statusCode).toBe(201);
      expect((await invite(t, admin, uniqueEmail())).statusCode).toBe(201);
      expect((await invite(t, admin, uniqueEmail())).statusCode).toBe(409);
      await setMembership(t, admin.companyId, 'MEMBERSHIP_006');
      for (let i = 0; i < 4; i++) expect((await invite(t, admin, uniqueEmail())).statusCode).toBe(201);
    });

    it("refuses 'Email already add' for a member or an open invitation of the team", async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      const self = await invite(t, admin, admin.email);
      expect(self.json()).toMatchObject({ statusCode: 409, message: 'Email already add' });
      const email = uniqueEmail();
      await invite(t, admin, email);
      expect((await invite(t, admin, email)).json()).toMatchObject({ statusCode: 409, message: 'Email already add' });
    });

    it("refuses a person who joined another team: 'You can't invite {email} to your team anymore...'", async () => {
      const a = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      const b = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      const res = await invite(t, a, b.email);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`You can't invite ${b.email} to your team anymore...`);
    });

    it('counts every invitation against the company: the 31st in an hour is refused before anything is looked up (decision 020)', async () => {
      const prober = await registerCompany(t, { membershipId: 'MEMBERSHIP_006' });
      const elsewhere = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      const remoteAddress = uniqueAddress();
      const ask = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/invitations',
          headers: bearer(prober.token),
          payload: { email, role: 'STANDARD' },
          remoteAddress,
        });
      // refusals count as much as invitations: probing 30 e-mails of other teams uses the hour up
      const answers = await Promise.all(Array.from({ length: 30 }, () => ask(elsewhere.email)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(409));
      const member = await ask(elsewhere.email);
      const stranger = await ask(uniqueEmail('stranger'));
      expect([member.statusCode, stranger.statusCode]).toEqual([429, 429]);
      expect(member.json()).toMatchObject({ code: 'rate-limited' });
      expect(member.json().message).toBe(stranger.json().message);
      // another company is not held by this one's count
      expect((await invite(t, elsewhere, uniqueEmail('fine'))).statusCode).toBe(201);
    });

    it('concurrent invitations never overshoot the quota', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const results = await Promise.all(Array.from({ length: 6 }, () => invite(t, admin, uniqueEmail('race'))));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    });

    it('invites someone who signed up but has no company yet; they join with their existing account', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const email = await registerClient(t, uniqueEmail('loner'));
      const { accessToken } = await signIn(t, 'client', email);
      expect((await invite(t, admin, email)).statusCode).toBe(201);
      const res = await send('POST', '/api/profiles', accessToken, {
        email,
        firstName: 'Lo',
        lastName: 'Ner',
        phoneNumber: PHONE,
        invitationCode: await invitationCode(t, email),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ company: { id: admin.companyId }, role: 'STANDARD', status: 'active' });
      // the same link cannot be used twice
      const again = await send('POST', '/api/profiles', accessToken, {
        email,
        firstName: 'Lo',
        lastName: 'Ner',
        phoneNumber: PHONE,
        invitationCode: await invitationCode(t, email),
      });
      expect(again.statusCode).toBe(409);
    });

    it.each([
      [{ email: 'bad' }, 'email', 'Email is invalid'],
      [{ email: 'ok@example.com', role: 'admin' }, 'role', 'The role must be ADMINISTRATOR or STANDARD'],
      [{ email: 'ok@example.com', extra: 1 }, 'extra', 'Unrecognized key: "extra"'],
    ])('refuses %j with a message on %s', async (payload, path, message) => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      const res = await send('POST', '/api/invitations', admin.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    });
  });

  describe('invited registration', () => {
    it('joins the team with the invited role and shows up active in the team', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const member = await joinTeam(t, admin, 'ADMINISTRATOR');
      expect(member.profile).toMatchObject({
        role: 'ADMINISTRATOR',
        status: 'active',
        company: { id: admin.companyId, name: 'Acme Bank' },
      });
      const list = await members(admin);
      expect(list.items.find((m: { email: string }) => m.email === member.email)).toMatchObject({
        kind: 'user',
        status: 'active',
        role: 'ADMINISTRATOR',
      });
      // the invitation is used up
      const code = await invitationCode(t, member.email);
      expect((await get(`/api/invitations/${code}`)).json()).toMatchObject({
        status: 'accepted',
        message: 'This invitation has already been used. Please sign in.',
      });
    });

    it('the invited e-mail cannot change', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const invited = uniqueEmail('invited');
      await invite(t, admin, invited);
      const code = await invitationCode(t, invited);
      const other = await registerClient(t, uniqueEmail('other'));
      const { accessToken } = await signIn(t, 'client', other);
      const res = await send('POST', '/api/profiles', accessToken, {
        email: other,
        firstName: 'O',
        lastName: 'P',
        phoneNumber: PHONE,
        invitationCode: code,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`This invitation is for ${invited}. Sign up with that e-mail address.`);
    });

    it('refuses expired, revoked and unknown invitations with a clear message', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      const email = uniqueEmail('late');
      const sent = await invite(t, admin, email);
      const code = await invitationCode(t, email);
      await registerClient(t, email);
      const { accessToken } = await signIn(t, 'client', email);
      const join = () =>
        send('POST', '/api/profiles', accessToken, {
          email,
          firstName: 'L',
          lastName: 'T',
          phoneNumber: PHONE,
          invitationCode: code,
        });

      const expire = (at: Date) =>
        t.database.db.update(invitations).set({ expiresAt: at }).where(eq(invitations.id, sent.json().id));
      await expire(new Date(Date.now() - 1000));
      expect((await get(`/api/invitations/${code}`)).json()).toMatchObject({
        status: 'expired',
        message: 'This invitation has expired. Please ask your administrator to send a new one.',
      });
      const expired = await join();
      await expire(new Date(Date.now() + 86_400_000));
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('invitation/expired');

      expect((await send('DELETE', `/api/invitations/${sent.json().id}`, admin.token)).statusCode).toBe(200);
      expect((await get(`/api/invitations/${code}`)).json().status).toBe('revoked');
      expect((await join()).json().code).toBe('invitation/revoked');

      const unknown = await get(`/api/invitations/${'x'.repeat(43)}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(
        'This invitation link is not valid. Please ask your administrator for a new invitation.',
      );
    });

    it('a member who signs up beyond the quota is created deactivated (spec 1 §4)', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const email = uniqueEmail('over');
      await invite(t, admin, email);
      const code = await invitationCode(t, email);
      // the plan shrinks before the invitation is used
      await setMembership(t, admin.companyId, 'MEMBERSHIP_001');
      await registerClient(t, email);
      const { accessToken } = await signIn(t, 'client', email);
      const res = await send('POST', '/api/profiles', accessToken, {
        email,
        firstName: 'O',
        lastName: 'Q',
        phoneNumber: PHONE,
        invitationCode: code,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('inactive');
      expect((await get('/api/members', accessToken)).json().code).toBe('auth/user-deactivated');
    });
  });

  describe('POST /api/invitations/{memberId}/resend and DELETE /api/invitations/{memberId}', () => {
    it('resend mails a new link, the old one stops working, and the life starts again', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const email = uniqueEmail('resend');
      const sent = await invite(t, admin, email);
      const first = await invitationCode(t, email);
      // an expired invitation can be renewed
      await t.database.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, sent.json().id));
      expect((await members(admin)).items.find((m: { email: string }) => m.email === email).invitation.expired).toBe(
        true,
      );
      const res = await send('POST', `/api/invitations/${sent.json().id}/resend`, admin.token);
      expect(res.statusCode).toBe(200);
      const second = await invitationCode(t, email);
      expect(second).not.toBe(first);
      expect((await get(`/api/invitations/${first}`)).statusCode).toBe(404);
      expect((await get(`/api/invitations/${second}`)).json().status).toBe('pending');
      expect(Date.parse(res.json().invitation.expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(2);
    });

    it('a used invitation cannot be resent or revoked; unknown ids are 404', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const member = await joinTeam(t, admin);
      const inv = await t.database.db.select().from(invitations).where(eq(invitations.email, member.email));
      const id = inv[0]?.id;
      expect((await send('POST', `/api/invitations/${id}/resend`, admin.token)).json().code).toBe('invitation/used');
      expect((await send('DELETE', `/api/invitations/${id}`, admin.token)).statusCode).toBe(409);
      const missing = await send('POST', `/api/invitations/${crypto.randomUUID()}/resend`, admin.token);
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('GET /api/members', () => {
    let admin: Caller;
    beforeAll(async () => {
      admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_006' });
      for (let i = 0; i < 12; i++)
        await invite(t, admin, `zz.page${String(i).padStart(2, '0')}.${admin.companyId.slice(0, 6)}@example.com`);
    });

    it('pages with the default size of 10 and the total', async () => {
      const first = await members(admin);
      expect(first).toMatchObject({ total: 13, page: 1, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      const second = await members(admin, '?page=2');
      expect(second.items).toHaveLength(3);
      const ids = new Set([...first.items, ...second.items].map((m: { id: string }) => m.id));
      expect(ids.size).toBe(13);
      expect((await members(admin, '?pageSize=20')).items).toHaveLength(13);
    });

    it('searches e-mails and names (3-50 characters) and sorts by a known field', async () => {
      const found = await members(admin, '?q=PAGE0');
      expect(found.total).toBe(10);
      const byName = await members(admin, '?q=Ada%20Adm');
      expect(byName.items.map((m: { email: string }) => m.email)).toEqual([admin.email]);
      const literal = await members(admin, `?q=${encodeURIComponent('%%%')}`);
      expect(literal.total).toBe(0);
      const desc = await members(admin, '?sort=email&order=desc&pageSize=25');
      const emails = desc.items.map((m: { email: string }) => m.email);
      expect(emails).toEqual([...emails].sort().reverse());
    });

    it.each([
      ['?pageSize=15', 'pageSize', 'The page size must be one of 10, 20, 25, 50, 75 or 100'],
      ['?page=0', 'page', 'The page must be a whole number from 1'],
      ['?q=ab', 'q', 'Search text must be 3 to 50 characters'],
      [`?q=${'a'.repeat(51)}`, 'q', 'Search text must be 3 to 50 characters'],
      ['?sort=password', 'sort', 'Unknown sort field'],
      ['?order=up', 'order', 'The order must be asc or desc'],
    ])('refuses %s', async (query, path, message) => {
      const res = await get(`/api/members${query}`, admin.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    });
  });

  describe('member changes', () => {
    it('deactivation signs the member out at once; sign-in then says deactivated; activation respects the quota', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const member = await joinTeam(t, admin);
      const second = await signIn(t, 'client', member.email, PASSWORD);
      const off = await send('PUT', `/api/members/${member.userId}/status`, admin.token, { status: 'inactive' });
      expect(off.statusCode).toBe(200);
      expect(off.json().status).toBe('inactive');
      // the revoked session answers 'deactivated' (not 'no user'), so the app shows /deactivated-account
      const after = await get('/api/me', member.token);
      expect(after.statusCode).toBe(403);
      expect(after.json().code).toBe('auth/user-deactivated');
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/refresh',
        cookies: { under_rt_client: second.refreshCookie },
      });
      expect(refresh.json()).toMatchObject({ statusCode: 403, code: 'auth/user-deactivated' });
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/sign-in',
        payload: { email: member.email, password: PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      const blocked = await get('/api/profile', again.json().accessToken);
      expect(blocked.json()).toMatchObject({ statusCode: 403, code: 'auth/user-deactivated' });
      expect((await get('/api/me', again.json().accessToken)).json().status).toBe('inactive');

      // fill the freed seat, then reactivation is refused
      await joinTeam(t, admin);
      await joinTeam(t, admin);
      const on = await send('PUT', `/api/members/${member.userId}/status`, admin.token, { status: 'active' });
      expect(on.statusCode).toBe(409);
      expect(on.json().message).toMatch(/^Sorry, you can't activate more members/);
      await setMembership(t, admin.companyId, 'MEMBERSHIP_003');
      expect(
        (await send('PUT', `/api/members/${member.userId}/status`, admin.token, { status: 'active' })).json().status,
      ).toBe('active');
    });

    it('changes the role (effective on the next call), the info, and refuses changing oneself', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const member = await joinTeam(t, admin);
      expect((await send('POST', '/api/invitations', member.token, { email: uniqueEmail() })).statusCode).toBe(403);
      const role = await send('PUT', `/api/members/${member.userId}/role`, admin.token, { role: 'ADMINISTRATOR' });
      expect(role.json().role).toBe('ADMINISTRATOR');
      expect((await get('/api/companies/invite-template', member.token)).statusCode).toBe(200);
      const info = await send('PUT', `/api/members/${member.userId}/info`, admin.token, {
        firstName: 'Samuel',
        lastName: 'M',
        phoneNumber: '555.222.3333',
      });
      expect(info.json()).toMatchObject({ firstName: 'Samuel', phoneNumber: '555.222.3333' });
      const badInfo = await send('PUT', `/api/members/${member.userId}/info`, admin.token, {
        firstName: '',
        lastName: 'M',
        phoneNumber: 'x',
      });
      expect(badInfo.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'firstName', message: 'First name is required' },
          { path: 'phoneNumber', message: 'Invalid contact number' },
        ]),
      );
      const badRole = await send('PUT', `/api/members/${member.userId}/role`, admin.token, { role: 'admin' });
      expect(badRole.json().errors).toContainEqual({
        path: 'role',
        message: 'The role must be ADMINISTRATOR or STANDARD',
      });
      const badStatus = await send('PUT', `/api/members/${member.userId}/status`, admin.token, { status: 'INVITED' });
      expect(badStatus.json().errors).toContainEqual({
        path: 'status',
        message: 'The status must be active or inactive',
      });
      const ownRole = await send('PUT', `/api/members/${admin.userId}/role`, admin.token, { role: 'STANDARD' });
      expect(ownRole.json().message).toBe('You cannot change your own role. Ask another administrator.');
      const ownStatus = await send('PUT', `/api/members/${admin.userId}/status`, admin.token, { status: 'inactive' });
      expect(ownStatus.json().message).toBe('You cannot deactivate yourself. Ask another administrator.');
    });

    it('password: e-mails the member a reset code they can use', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const member = await joinTeam(t, admin);
      const res = await send('POST', `/api/members/${member.userId}/password`, admin.token);
      expect(res.statusCode).toBe(200);
      const code = await t.mailer.lastCode(member.email);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/confirm-forgot-password',
        payload: { email: member.email, code, newPassword: 'NewSecret99' },
      });
      expect(reset.statusCode).toBe(200);
      await signIn(t, 'client', member.email, 'NewSecret99');
    });

    it('an inactive company makes every member inactive', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
      const member = await joinTeam(t, admin);
      await t.database.db.update(companies).set({ status: 'inactive' }).where(eq(companies.id, admin.companyId));
      expect((await get('/api/me', member.token)).json().status).toBe('inactive');
      expect((await get('/api/members', admin.token)).statusCode).toBe(403);
      await t.database.db.update(companies).set({ status: 'active' }).where(eq(companies.id, admin.companyId));
    });

    it('activated-members-count and the invite template', async () => {
      const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002', companyName: 'Count Bank' });
      await joinTeam(t, admin);
      expect((await get('/api/companies/activated-members-count', admin.token)).json()).toEqual({
        count: 2,
        userQuota: 3,
      });
      const tpl = (await get('/api/companies/invite-template', admin.token)).json();
      expect(tpl.subject).toBe('You are invited to join Count Bank on Under');
      expect(tpl.text).toContain('Ada Admin invited you');
      expect(tpl.placeholders).toEqual(['{link}']);
    });
  });

  describe('authorization', () => {
    let a: Caller;
    let b: Caller;
    let standard: { token: string; userId: string };
    let invitationId: string;
    beforeAll(async () => {
      a = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      b = await registerCompany(t, { membershipId: 'MEMBERSHIP_003' });
      standard = await joinTeam(t, a);
      invitationId = (await invite(t, a, uniqueEmail())).json().id;
    });

    it("a user of company B gets 404 on company A's members and invitations", async () => {
      const calls: [string, 'GET' | 'PUT' | 'POST' | 'DELETE', unknown][] = [
        [`/api/members/${standard.userId}`, 'GET', undefined],
        [`/api/members/${standard.userId}/status`, 'PUT', { status: 'inactive' }],
        [`/api/members/${standard.userId}/role`, 'PUT', { role: 'ADMINISTRATOR' }],
        [`/api/members/${standard.userId}/info`, 'PUT', { firstName: 'X', lastName: 'Y', phoneNumber: PHONE }],
        [`/api/members/${standard.userId}/password`, 'POST', undefined],
        [`/api/members/${invitationId}`, 'GET', undefined],
        [`/api/invitations/${invitationId}/resend`, 'POST', undefined],
        [`/api/invitations/${invitationId}`, 'DELETE', undefined],
      ];
      for (const [url, method, payload] of calls) {
        const res = await t.app.inject({ method, url, headers: bearer(b.token), payload: payload as object });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const list = await members(b);
      expect(list.items.map((m: { email: string }) => m.email)).toEqual([b.email]);
    });

    it('a STANDARD member gets 403 on administrator actions and may read the team', async () => {
      const calls: [string, 'PUT' | 'POST' | 'DELETE' | 'GET', unknown][] = [
        ['/api/invitations', 'POST', { email: uniqueEmail() }],
        [`/api/invitations/${invitationId}/resend`, 'POST', undefined],
        [`/api/invitations/${invitationId}`, 'DELETE', undefined],
        [`/api/members/${a.userId}/status`, 'PUT', { status: 'inactive' }],
        [`/api/members/${a.userId}/role`, 'PUT', { role: 'STANDARD' }],
        [`/api/members/${a.userId}/info`, 'PUT', { firstName: 'X', lastName: 'Y', phoneNumber: PHONE }],
        [`/api/members/${a.userId}/password`, 'POST', undefined],
        ['/api/companies/invite-template', 'GET', undefined],
      ];
      for (const [url, method, payload] of calls) {
        const res = await t.app.inject({ method, url, headers: bearer(standard.token), payload: payload as object });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await get('/api/members', standard.token)).statusCode).toBe(200);
      expect((await get(`/api/members/${a.userId}`, standard.token)).json().email).toBe(a.email);
      expect((await get('/api/companies/activated-members-count', standard.token)).statusCode).toBe(200);
    });

    it('a signed-up user without a company is told to register it first', async () => {
      const email = await registerClient(t, uniqueEmail('nocompany'));
      const { accessToken } = await signIn(t, 'client', email);
      const res = await get('/api/members', accessToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Register your company first.');
    });
  });
});
