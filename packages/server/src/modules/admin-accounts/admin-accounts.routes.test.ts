import { ERROR_CODES } from '@under/core/api/error.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { auditEvents, subscriptions, users } from '../../db/schema/index';
import { bearer, type Caller, joinTeam, registerCompany } from '../../test/accounts';
import {
  createTestApp,
  PARALLEL_POOL_SIZE,
  PASSWORD,
  signIn,
  type TestApp,
  testDatabases,
  uniqueEmail,
} from '../../test/helpers';
import { publishedMaster } from '../custom-forms/custom-forms.fixtures';

const ADMIN = { email: 'backoffice@under.test', password: 'Admin12345' };

describe.each(testDatabases())('admin back office on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let client: Caller;
  let tag: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    await t.services.auth.ensureAdmin(ADMIN);
    adminToken = (await signIn(t, 'admin', ADMIN.email, ADMIN.password)).accessToken;
    tag = `Zq${Date.now().toString(36)}`;
    client = await registerCompany(t, { companyName: `${tag} Alpha Bank`, membershipId: 'MEMBERSHIP_003' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = adminToken) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const newCompany = async (name: string, membershipId = 'MEMBERSHIP_001') =>
    (await createCompaniesRepository(t.database.db).insertCompany({ name, membershipId })).id;
  const auditsOf = (action: string, targetId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));

  it('refuses client users (a client ADMINISTRATOR included) and anonymous callers', async () => {
    const id = client.companyId;
    for (const [method, url] of [
      ['GET', '/api/accounts'],
      ['GET', `/api/accounts/${id}`],
      ['PUT', `/api/accounts/${id}`],
      ['PUT', `/api/accounts/${id}/subscription-level`],
      ['GET', `/api/accounts/${id}/summary`],
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin-users'],
      ['POST', '/api/admin-users'],
      ['PATCH', `/api/admin-users/${client.userId}/status`],
    ] as const) {
      const asClient = await call(method, url, method === 'GET' ? undefined : {}, client.token);
      expect(asClient.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('GET /api/accounts', () => {
    it('searches by name, filters by several plans, sorts and pages', async () => {
      await newCompany(`${tag} Beta Credit`, 'MEMBERSHIP_002');
      await newCompany(`${tag} Gamma Union`, 'MEMBERSHIP_004');
      await newCompany(`${tag} Delta Savings`, 'MEMBERSHIP_002');
      const names = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((a) => a.name);

      const all = await call('GET', `/api/accounts?q=${tag}&sort=name&order=asc`);
      expect(all.statusCode).toBe(200);
      expect(all.json().total).toBe(4);
      expect(names(all)).toEqual([
        `${tag} Alpha Bank`,
        `${tag} Beta Credit`,
        `${tag} Delta Savings`,
        `${tag} Gamma Union`,
      ]);

      const filtered = await call(
        'GET',
        `/api/accounts?q=${tag}&subscriptions=MEMBERSHIP_002&subscriptions=MEMBERSHIP_004&sort=name&order=desc`,
      );
      expect(names(filtered)).toEqual([`${tag} Gamma Union`, `${tag} Delta Savings`, `${tag} Beta Credit`]);
      const one = await call('GET', `/api/accounts?q=${tag}&subscriptions=MEMBERSHIP_003`);
      expect(one.json().items).toEqual([
        expect.objectContaining({ id: client.companyId, membershipName: 'Nature', activeMembers: 1, status: 'active' }),
      ]);

      const byPlan = await call('GET', `/api/accounts?q=${tag}&sort=membership&order=desc&pageSize=10`);
      expect(names(byPlan)[0]).toBe(`${tag} Gamma Union`);
      const byMembers = await call('GET', `/api/accounts?q=${tag}&sort=members&order=desc`);
      expect(names(byMembers)[0]).toBe(`${tag} Alpha Bank`);

      const byIds = await call('GET', `/api/accounts?ids=${client.companyId}`);
      expect(names(byIds)).toEqual([`${tag} Alpha Bank`]);

      const page2 = await call('GET', `/api/accounts?q=${tag}&sort=name&order=asc&page=2&pageSize=10`);
      expect(page2.json()).toMatchObject({ items: [], total: 4, page: 2 });
      expect((await call('GET', '/api/accounts?subscriptions=PLAN_X')).statusCode).toBe(400);
    });
  });

  describe('PUT /api/accounts/{companyId}', () => {
    it('renames the account and audits it', async () => {
      const id = await newCompany('Rename Me Bank');
      const res = await call('PUT', `/api/accounts/${id}`, { name: 'Renamed Bank', status: 'active' });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Renamed Bank');
      expect((await auditsOf('account.update', id))[0]?.details).toEqual({ fields: ['name'] });
      expect((await call('PUT', `/api/accounts/${id}`, { name: 'ab', status: 'active' })).statusCode).toBe(400);
    });

    it('an inactive company signs all its users out and overrides their status; active again lets them back', async () => {
      const company = await registerCompany(t, { companyName: 'Closing Bank', membershipId: 'MEMBERSHIP_002' });
      const member = await joinTeam(t, company);
      expect((await call('GET', '/api/me', undefined, member.token)).statusCode).toBe(200);

      const res = await call('PUT', `/api/accounts/${company.companyId}`, { name: 'Closing Bank', status: 'inactive' });
      expect(res.json()).toMatchObject({ status: 'inactive' });
      for (const token of [company.token, member.token]) {
        const me = await call('GET', '/api/me', undefined, token);
        expect(me.statusCode).toBe(403);
        expect(me.json().code).toBe(ERROR_CODES.userDeactivated);
      }
      const summary = (await call('GET', `/api/accounts/${company.companyId}/summary`)).json();
      expect(summary.members.map((m: { status: string }) => m.status)).toEqual(['inactive', 'inactive']);
      // their own status is kept: the company's overrides it
      const [own] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
      expect(own?.status).toBe('active');
      expect((await auditsOf('account.update', company.companyId))[0]?.details).toEqual({
        fields: ['status'],
        status: 'inactive',
      });

      await call('PUT', `/api/accounts/${company.companyId}`, { name: 'Closing Bank', status: 'active' });
      const again = await signIn(t, 'client', member.email, PASSWORD);
      expect((await call('GET', '/api/me', undefined, again.accessToken)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown company', async () => {
      const res = await call('PUT', '/api/accounts/00000000-0000-4000-8000-000000000000', {
        name: 'Nobody',
        status: 'active',
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('PUT /api/accounts/{companyId}/subscription-level', () => {
    it('changes the plan without a charge and audits from and to', async () => {
      const id = await newCompany('Level Bank', 'MEMBERSHIP_001');
      const res = await call('PUT', `/api/accounts/${id}/subscription-level`, { membershipId: 'MEMBERSHIP_005' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ membershipId: 'MEMBERSHIP_005', membershipName: 'Signature' });
      expect((await auditsOf('account.subscription-level', id))[0]?.details).toEqual({
        from: 'MEMBERSHIP_001',
        to: 'MEMBERSHIP_005',
      });
      const unknown = await call('PUT', `/api/accounts/${id}/subscription-level`, { membershipId: 'MEMBERSHIP_099' });
      expect(unknown.statusCode).toBe(400);
    });

    it("drops the customer's scheduled downgrade (it would undo the staff's plan at renewal); a cancellation stays", async () => {
      const id = await newCompany('Scheduled Bank', 'MEMBERSHIP_004');
      await t.database.db
        .insert(subscriptions)
        .values({ companyId: id, status: 'active', pendingMembershipId: 'MEMBERSHIP_002', cancelAtPeriodEnd: false });
      const res = await call('PUT', `/api/accounts/${id}/subscription-level`, { membershipId: 'MEMBERSHIP_006' });
      expect(res.statusCode).toBe(200);
      const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.companyId, id));
      expect(sub?.pendingMembershipId).toBeNull();
      expect(sub?.status).toBe('active');
    });
  });

  describe('summary and overview', () => {
    it('summarises members, forms and applications (none for a new account)', async () => {
      const res = await call('GET', `/api/accounts/${client.companyId}/summary`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        account: { id: client.companyId, membershipName: 'Nature' },
        members: [{ email: client.email, role: 'ADMINISTRATOR', status: 'active' }],
        forms: { masterForms: 0, customForms: 0 },
        applicationsByStatus: { invite_sent: 0, pending: 0, approved: 0, denied: 0 },
      });
    });

    it("counts an account's applications by status, and the applications started this month across accounts", async () => {
      const before = (await call('GET', '/api/admin/overview')).json();
      const masterId = await publishedMaster(t, adminToken, { name: `${tag} Counting master` });
      const counted = await registerCompany(t, { companyName: `${tag} Counting Bank`, membershipId: 'MEMBERSHIP_006' });
      const created = await call(
        'POST',
        '/api/custom_forms',
        { masterFormId: masterId, name: 'Counted form' },
        counted.token,
      );
      const customFormId = created.json().customFormId as string;
      await call('PATCH', `/api/custom_forms/${customFormId}/status`, { status: 'active' }, counted.token);
      for (const who of ['one', 'two']) {
        const invited = await call(
          'POST',
          '/api/applications/invite',
          { customFormId, invitedEmail: uniqueEmail(`counted-${who}`) },
          counted.token,
        );
        expect(invited.statusCode, invited.body).toBe(201);
      }
      // an applicant's own unsubmitted draft is nobody's business yet: counted in neither (the lists' rule)
      const draft = await t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers: { 'x-api-key': t.config.secrets.publicApiKey },
        payload: { customFormId, email: uniqueEmail('counted-draft'), data: {} },
      });
      expect(draft.statusCode, draft.body).toBe(201);
      const summary = (await call('GET', `/api/accounts/${counted.companyId}/summary`)).json();
      expect(summary.applicationsByStatus).toEqual({ invite_sent: 2, pending: 0, approved: 0, denied: 0 });
      const after = (await call('GET', '/api/admin/overview')).json();
      expect(after.applicationsThisMonth).toBe(before.applicationsThisMonth + 2);
    });

    it('counts accounts; revenue this month is what was charged less what was refunded', async () => {
      const before = (await call('GET', '/api/admin/overview')).json();
      await newCompany('Counted Bank');
      const after = (await call('GET', '/api/admin/overview')).json();
      expect(after.accounts.total).toBe(before.accounts.total + 1);
      expect(after.accounts.active).toBe(before.accounts.active + 1);
      expect(after.applicationsThisMonth).toBe(before.applicationsThisMonth);
      expect(after.revenueThisMonthCents).toBe(before.revenueThisMonthCents);

      const payer = await registerCompany(t, { companyName: `${tag} Paying Bank` });
      const paid = await call(
        'POST',
        '/api/subscription',
        { membershipId: 'MEMBERSHIP_002', cardToken: 'tok_test_visa' },
        payer.token,
      );
      expect(paid.statusCode).toBe(200);
      const charged = (await call('GET', '/api/admin/overview')).json();
      expect(charged.revenueThisMonthCents).toBe(before.revenueThisMonthCents + 4900);

      const payment = (await call('GET', '/api/billings', undefined, payer.token)).json().items[0];
      expect((await call('POST', `/api/billings/${payment.id}/refund`)).statusCode).toBe(200);
      const refunded = (await call('GET', '/api/admin/overview')).json();
      expect(refunded.revenueThisMonthCents).toBe(before.revenueThisMonthCents);
    });
  });

  describe('User Administration', () => {
    it('invites an admin by e-mail, who sets a password through recovery and signs in', async () => {
      const email = uniqueEmail('staff');
      const res = await call('POST', '/api/admin-users', { email, firstName: 'Nia', lastName: 'Staff' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, status: 'active' });
      await t.mailer.settle();
      const mail = t.mailer.sent.find((m) => m.to === email);
      expect(mail?.text).toContain(`${t.config.publicUrl}/admin/forgot-password`);
      expect((await auditsOf('admin-user.invite', res.json().id))[0]?.details).toEqual({ email });

      const again = await call('POST', '/api/admin-users', { email, firstName: 'Nia', lastName: 'Staff' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(ERROR_CODES.adminUserExists);

      await t.app.inject({ method: 'POST', url: '/api/auth/admin/forgot-password', payload: { email } });
      const code = await t.mailer.lastCode(email);
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin/confirm-forgot-password',
        payload: { email, code, newPassword: 'Staff12345' },
      });
      expect(set.statusCode).toBe(200);
      const signedIn = await signIn(t, 'admin', email, 'Staff12345');
      expect((await call('GET', '/api/admin-users', undefined, signedIn.accessToken)).statusCode).toBe(200);
    });

    it('deactivates an admin (signed out at once) but never the last active one, even two at once', async () => {
      // leave exactly two active admins: the main one and a new one
      const email = uniqueEmail('second');
      const second = (await call('POST', '/api/admin-users', { email, firstName: 'Sec', lastName: 'Ond' })).json();
      const main = (await call('GET', '/api/admin-users'))
        .json()
        .items.find((u: { email: string }) => u.email === ADMIN.email);
      for (const u of (await call('GET', '/api/admin-users')).json().items) {
        if (u.id !== main.id && u.id !== second.id && u.status === 'active') {
          expect((await call('PATCH', `/api/admin-users/${u.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
        }
      }
      await t.services.auth.ensureAdmin({ email, password: 'Second12345' });
      const secondToken = (await signIn(t, 'admin', email, 'Second12345')).accessToken;

      // sequentially: one goes, the last stays
      const off = await call('PATCH', `/api/admin-users/${second.id}/status`, { status: 'inactive' });
      expect(off.json()).toMatchObject({ status: 'inactive' });
      expect((await call('GET', '/api/admin-users', undefined, secondToken)).statusCode).toBe(403);
      const last = await call('PATCH', `/api/admin-users/${main.id}/status`, { status: 'inactive' });
      expect(last.statusCode).toBe(409);
      expect(last.json().code).toBe(ERROR_CODES.lastActiveAdmin);
      expect((await auditsOf('admin-user.status', second.id))[0]?.details).toEqual({ from: 'active', to: 'inactive' });

      // in parallel: each of the last two deactivates the other; one must stay active
      expect((await call('PATCH', `/api/admin-users/${second.id}/status`, { status: 'active' })).statusCode).toBe(200);
      const secondAgain = (await signIn(t, 'admin', email, 'Second12345')).accessToken;
      const results = await Promise.all([
        call('PATCH', `/api/admin-users/${second.id}/status`, { status: 'inactive' }, adminToken),
        call('PATCH', `/api/admin-users/${main.id}/status`, { status: 'inactive' }, secondAgain),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      // the loser was refused as the last admin, or was itself already deactivated and signed out
      expect([409, 403]).toContain(codes.find((c) => c !== 200));
      const active = await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.pool, 'admin'), eq(users.status, 'active')));
      expect(active).toHaveLength(1);
      // restore the main admin for any later test
      await t.services.auth.ensureAdmin(ADMIN);
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.email, ADMIN.email));
    });
  });
});
