import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, joinTeam, registerCompany, setMembership } from '../../test/accounts';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/helpers';

// GET /api/me answers from the access check's own query: these tests hold it to being as fresh as the database
// (nothing cached between calls) and to refusing a revoked or deactivated session on the very next call.
describe.each(testDatabases())('GET /api/me on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (token: string) => t.app.inject({ url: '/api/me', headers: bearer(token) });

  it('answers the user, the company and its plan', async () => {
    const admin = await registerCompany(t, { companyName: 'Fresh Bank', membershipId: 'MEMBERSHIP_002' });
    const res = await me(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: admin.userId,
      email: admin.email,
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'ADMINISTRATOR',
      status: 'active',
      pool: 'client',
      company: { id: admin.companyId, name: 'Fresh Bank', status: 'active' },
      membership: { id: 'MEMBERSHIP_002' },
    });
  });

  it('shows a change of name and of plan on the next call', async () => {
    const admin = await registerCompany(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(admin.token),
      payload: { firstName: 'Grace', lastName: 'Hopper', phoneNumber: '(555) 123-4567' },
    });
    expect(put.statusCode).toBe(200);
    await setMembership(t, admin.companyId, 'MEMBERSHIP_003');
    expect((await me(admin.token)).json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      membership: { id: 'MEMBERSHIP_003' },
    });
  });

  it('refuses a signed-out session on its next call', async () => {
    const admin = await registerCompany(t);
    const second = await signIn(t, 'client', admin.email);
    expect((await me(second.accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client/sign-out',
      headers: bearer(second.accessToken),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(second.accessToken)).statusCode).toBe(401);
    // the other session of the same user is untouched
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('says a member is deactivated on the call right after the administrator deactivates them', async () => {
    const admin = await registerCompany(t, { membershipId: 'MEMBERSHIP_002' });
    const member = await joinTeam(t, admin);
    expect((await me(member.token)).json().status).toBe('active');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${member.userId}/status`,
      headers: bearer(admin.token),
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    const after = await me(member.token);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('auth/user-deactivated');
  });
});
