import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, testDatabases } from '../test/helpers';
import { seed } from './seed';

describe.each(testDatabases())('seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates a signable admin and demo client once, then leaves them alone', async () => {
    const first = await seed({ db: t.database.db, auth: t.services.auth, admin: undefined, demo: true });
    expect(first.admin).toMatchObject({ email: 'admin@under.local', status: 'created' });
    expect(first.demo?.email).toBe('demo@under.local');
    await signIn(t, 'admin', first.admin.email, first.admin.password);
    const demo = await signIn(t, 'client', 'demo@under.local', first.demo?.password);
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${demo.accessToken}` } });
    expect(me.json()).toMatchObject({ role: 'ADMINISTRATOR', company: { name: 'Demo Bank' } });
    expect(me.json().membership.id).toBe('MEMBERSHIP_003');

    const again = await seed({ db: t.database.db, auth: t.services.auth, admin: undefined, demo: true });
    expect(again).toEqual({ admin: { email: 'admin@under.local', status: 'exists' }, demo: undefined });
    expect((await t.database.db.query.memberships.findMany()).length).toBe(6);
  });

  it('makes the configured admin sign in with the configured password', async () => {
    const admin = { email: 'ops@example.com', password: 'Configured123' };
    expect((await seed({ db: t.database.db, auth: t.services.auth, admin, demo: false })).admin.status).toBe('created');
    await signIn(t, 'admin', admin.email, admin.password);
    const changed = { ...admin, password: 'Rotated4567' };
    expect((await seed({ db: t.database.db, auth: t.services.auth, admin: changed, demo: false })).admin.status).toBe(
      'updated',
    );
    await signIn(t, 'admin', admin.email, changed.password);
  });
});
