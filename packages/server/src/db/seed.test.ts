import { STARTER_DICTIONARY } from '@under/core/templates/starter-dictionary';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, testDatabases } from '../test/helpers';
import { dictionaries } from './schema/index';
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
    expect(again).toEqual({ admin: { email: 'admin@under.local', status: 'exists' }, demo: undefined, dictionary: 0 });
    expect((await t.database.db.query.memberships.findMany()).length).toBe(6);
  });

  it('fills an empty dictionary with the starter entries once; deleted entries stay deleted', async () => {
    const db = t.database.db;
    const listed = async () => (await db.query.dictionaries.findMany()).map((d) => d.name).sort();
    // the first test seeded this database
    expect(await listed()).toEqual(STARTER_DICTIONARY.map((e) => e.name).sort());
    const ein = await db.query.dictionaries.findFirst({ where: (d, { eq }) => eq(d.name, 'federal_tax_id') });
    expect(ein).toMatchObject({ type: 'text', label: 'Federal Tax ID (EIN)' });
    expect(ein?.attrs).toMatchObject({ encrypted: true, require: true, data: { pattern: '\\d{9}' } });

    await db.delete(dictionaries).where(eq(dictionaries.name, 'website'));
    expect((await seed({ db, auth: t.services.auth, admin: undefined, demo: false })).dictionary).toBe(0);
    expect(await listed()).not.toContain('website');
    expect((await listed()).length).toBe(STARTER_DICTIONARY.length - 1);

    // the entries read back as the admin's Dictionary screen lists them
    const found = await t.services.library.listDictionaries({ q: 'Routing', page: 1, pageSize: 10 });
    expect(found.items).toEqual([
      expect.objectContaining({ name: 'bank_routing_number', encrypted: true, minLength: 9, maxLength: 9 }),
    ]);
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
