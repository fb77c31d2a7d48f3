import { parseFormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { checkSystemFields, isSystemField, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { validateSubmission } from '@under/core/forms/validate-submission';
import { MESSAGES } from '@under/core/messages';
import { STARTER_DICTIONARY } from '@under/core/templates/starter-dictionary';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, testDatabases } from '../test/helpers';
import { dictionaries, masterForms } from './schema/index';
import { seed } from './seed';
import { SAMPLE_FORM_NAME } from './seed-sample-form';

describe.each(testDatabases())('seed on %s', (kind) => {
  let t: TestApp;
  let demoPassword: string | undefined;
  let sampleFormId: string | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates a signable admin and demo client once, then leaves them alone', async () => {
    const first = await seed({ db: t.database.db, auth: t.services.auth, admin: undefined, demo: true });
    demoPassword = first.demo?.password;
    sampleFormId = first.sampleForm;
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

  it('makes one published, active, global sample master form the demo client can build on at once', async () => {
    const db = t.database.db;
    const forms = await db.query.masterForms.findMany();
    expect(forms).toEqual([
      expect.objectContaining({
        id: sampleFormId,
        name: SAMPLE_FORM_NAME,
        status: 'active',
        access: 'global',
        version: 1,
        hasUnpublishedChanges: false,
        templateId: null,
        membershipIds: [
          'MEMBERSHIP_001',
          'MEMBERSHIP_002',
          'MEMBERSHIP_003',
          'MEMBERSHIP_004',
          'MEMBERSHIP_005',
          'MEMBERSHIP_006',
        ],
      }),
    ]);
    const versions = await db.query.masterFormVersions.findMany();
    expect(versions).toEqual([expect.objectContaining({ formId: sampleFormId, version: 1 })]);

    // a wizard of four named pages that the form engine accepts, with every system field once
    const parsed = parseFormDefinition(forms[0]?.structure.allField);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.form.display).toBe('wizard');
    expect(parsed.form.components.map((p) => p.label)).toEqual([
      'Business',
      'Owner 1',
      'Owner 2',
      'Banking',
      'Processing',
    ]);
    expect(checkSystemFields(parsed.form)).toEqual([]);
    const byKey = new Map<string, { type: string; euEncrypted?: boolean; validate?: Record<string, unknown> }>();
    const keys: string[] = [];
    walkComponents(parsed.form.components, ({ component }) => {
      keys.push(component.key);
      byKey.set(component.key, component as never);
    });
    for (const f of SYSTEM_FIELDS) expect(keys.filter((k) => k === f.key)).toEqual([f.key]);
    for (const k of ['federal_tax_id', 'owner1_ssn', 'bank_routing_number', 'bank_account_number'])
      expect(byKey.get(k)).toMatchObject({ euEncrypted: true, validate: { required: true } });
    expect(byKey.get('federal_tax_id')?.validate).toMatchObject({ pattern: '\\d{9}', minLength: 9, maxLength: 9 });
    expect(byKey.get('entity_type')?.type).toBe('radio');
    // the business and owner 1 are the primary's; owner 2's page is the first additional owner's (decision 059)
    const permissions = new Map<string, string[]>();
    walkComponents(parsed.form.components, ({ component, ancestors }) => {
      if (component.type === 'panel' || isSystemField(component)) return;
      const page = ancestors[0]?.label ?? '';
      permissions.set(page, [...(permissions.get(page) ?? []), `${component.key}:${component.euPermission}`]);
    });
    for (const page of ['Business', 'Owner 1', 'Banking', 'Processing']) {
      expect(permissions.get(page)?.length).toBeGreaterThan(3);
      for (const entry of permissions.get(page) ?? []) expect(entry).toMatch(/:editTableByPrimaryOwner$/);
    }
    expect(permissions.get('Owner 1')).toContain('owner1_ssn:editTableByPrimaryOwner');
    expect(permissions.get('Owner 2')).toEqual(
      [
        'first_name',
        'last_name',
        'title',
        'dob',
        'ssn',
        'ownership_percent',
        'home_address',
        'home_city',
        'home_state',
        'home_zip',
      ].map((part) => `owner2_${part}:editTableByShareOwner`),
    );
    expect(byKey.get('monthly_volume')?.type).toBe('currency');
    // calculated values (decision 069): the annual volume follows the monthly one, the processing mix adds up to 100
    const processing = { monthly_volume: 1000, card_present_percent: 60, keyed_percent: 20, ecommerce_percent: 30 };
    const checked = validateSubmission(parsed.form, processing, { partial: true });
    expect(checked.data.annual_volume).toBe(12_000);
    const mix = validateSubmission(parsed.form, processing).errors.filter((e) => e.path === 'ecommerce_percent');
    expect(mix).toEqual([expect.objectContaining({ code: 'custom', message: MESSAGES.processingMixNot100 })]);
    const fine = validateSubmission(parsed.form, { ...processing, ecommerce_percent: 20 }).errors;
    expect(fine.filter((e) => e.path === 'ecommerce_percent')).toEqual([]);

    // the demo client sees it under Forms -> Create form, and builds a form on it
    const demo = await signIn(t, 'client', 'demo@under.local', demoPassword);
    const headers = { authorization: `Bearer ${demo.accessToken}` };
    const listed = await t.app.inject({ url: '/api/client_master_forms', headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ formId: sampleFormId, name: SAMPLE_FORM_NAME, version: 1, pageCount: 0 }),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers,
      payload: { masterFormId: sampleFormId, name: 'Our application' },
    });
    expect(created.statusCode).toBe(201);

    // a later start adds nothing, and a sample the admin archived is not made again
    expect((await seed({ db, auth: t.services.auth, admin: undefined, demo: true })).sampleForm).toBeUndefined();
    await db
      .update(masterForms)
      .set({ status: 'archived' })
      .where(eq(masterForms.id, sampleFormId as string));
    expect((await seed({ db, auth: t.services.auth, admin: undefined, demo: true })).sampleForm).toBeUndefined();
    expect((await db.query.masterForms.findMany()).length).toBe(1);
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
