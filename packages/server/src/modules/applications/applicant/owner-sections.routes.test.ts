import { ERROR_CODES } from '@under/core/api/error.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationOwners, applications } from '../../../db/schema';
import { seed } from '../../../db/seed';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';

/** Owner 1's personal details on the sample form: the primary applicant's (decision 059). */
const OWNER1 = {
  owner1_first_name: 'Ada',
  owner1_last_name: 'Lovelace',
  owner1_dob: '1970-01-02',
  owner1_ssn: '123-45-6789',
  owner1_home_address: '1 Main St',
  owner1_home_city: 'Springfield',
  owner1_home_state: 'IL',
  owner1_home_zip: '62701',
};
const BUSINESS = { legal_name: 'Analytical Engines LLC', business_city: 'Springfield' };

/** Owner sections on an own master form: every owner field editable by all owners, so only the section rule decides. */
const SECTIONS_EXTRA = [1, 2, 3].flatMap((n) => [
  {
    type: 'textfield',
    key: `owner${n}_first_name`,
    label: `Owner ${n} first name`,
    input: true,
    euPermission: 'editTableByAllOwner',
  },
  { type: 'textfield', key: `owner${n}_ssn`, label: `Owner ${n} SSN`, input: true, euEncrypted: true },
]);

describe.each(testDatabases())('owner sections on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let sampleFormId: string;
  let sectionsFormId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // the starter dictionary and the published sample master form, as a fresh install makes them
    const seeded = await seed({ db: t.database.db, auth: t.services.auth, admin: undefined, demo: true });
    if (!seeded.sampleForm) throw new Error('no sample form');
    a = await registerCompany(t, { companyName: 'Harbor Bank', membershipId: 'MEMBERSHIP_006' });
    sampleFormId = await activeForm('Sample-based form', seeded.sampleForm);
    const sectionsMaster = await publishedMaster(t, await adminToken(t), { name: 'Sections', extra: SECTIONS_EXTRA });
    sectionsFormId = await activeForm('Sections form', sectionsMaster);
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  async function activeForm(name: string, masterFormId: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers: bearer(a.token),
      payload: { masterFormId, name },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().customFormId as string;
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/custom_forms/${id}/status`,
      headers: bearer(a.token),
      payload: { status: 'active' },
    });
    expect(on.statusCode, on.body).toBe(200);
    return id;
  }

  /** A draft started by a primary applicant with `data`, and the owners they name (each code read from its mail). */
  async function application(customFormId: string, data: Record<string, unknown>, owners: string[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: key(),
      payload: { customFormId, email: uniqueEmail('primary'), data },
      remoteAddress: uniqueAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId, code } = res.json() as { applicationId: string; code: string };
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/public/applications/${applicationId}/owners?code=${code}`,
      headers: key(),
      payload: { owners: owners.map((email, i) => ({ name: `Owner ${i + 2}`, email, ownershipPercent: 10 })) },
    });
    expect(named.statusCode, named.body).toBe(200);
    await t.mailer.settle();
    const codes = owners.map((email) => {
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === email && m.text.includes(applicationId));
      const found = mail?.text.match(new RegExp(`/${applicationId}/([A-Za-z0-9_-]+)/`))?.[1];
      if (!found) throw new Error(`no link mailed to ${email}`);
      return found;
    });
    return { applicationId, code, codes, owners: named.json().owners as { email: string; ownerSection: number }[] };
  }

  const get = (id: string, code: string) =>
    t.app.inject({ url: `/api/public/applications/${id}?code=${code}`, headers: key() });
  const save = (id: string, code: string, data: Record<string, unknown>, revision: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/public/applications/${id}/draft?code=${code}`,
      headers: key(),
      payload: { data, revision },
    });
  async function stored(id: string) {
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
    if (!row) throw new Error('no application');
    return row;
  }

  it("refuses an additional owner's change to the primary's SSN, date of birth, home address or a business field, and changes nothing", async () => {
    const app = await application(sampleFormId, { ...BUSINESS, ...OWNER1 }, [uniqueEmail('second')]);
    const second = app.codes[0] as string;
    const before = await stored(app.applicationId);
    const opened = await get(app.applicationId, second);
    expect(opened.json()).toMatchObject({ ownerKind: 'additionalOwner', ownerSection: 2 });
    const shown = opened.json().data as Record<string, unknown>;

    for (const [path, value] of Object.entries({
      owner1_ssn: '987-65-4321',
      owner1_dob: '1999-09-09',
      owner1_home_address: '9 Elsewhere Rd',
      legal_name: 'Not Yours Inc',
    })) {
      const refused = await save(app.applicationId, second, { ...shown, [path]: value }, before.revision);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.applicationFieldNotEditable });
      expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
    const after = await stored(app.applicationId);
    expect(after.revision).toBe(before.revision);
    expect(after.data).toEqual(before.data);
    // the primary still reads their own values
    const primaryView = (await get(app.applicationId, app.code)).json();
    expect(primaryView.data).toMatchObject({ owner1_dob: OWNER1.owner1_dob, legal_name: BUSINESS.legal_name });
    expect(primaryView.ownerSection).toBe(1);
  });

  it('keeps what an additional owner writes in their own section, SSN included (sealed, masked on reading)', async () => {
    const app = await application(sampleFormId, { ...BUSINESS, ...OWNER1 }, [uniqueEmail('second')]);
    const second = app.codes[0] as string;
    const shown = (await get(app.applicationId, second)).json().data as Record<string, unknown>;
    const mine = { owner2_first_name: 'Bea', owner2_dob: '1980-05-06', owner2_ssn: '111-22-3333' };
    const ok = await save(app.applicationId, second, { ...shown, ...mine }, 1);
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await stored(app.applicationId);
    expect(row.data).toMatchObject({ owner2_first_name: 'Bea', owner2_dob: '1980-05-06' });
    expect(String(row.data.owner2_ssn)).toMatch(/^enc:v1:/);
    const read = (await get(app.applicationId, second)).json().data;
    expect(read).toMatchObject({ owner2_first_name: 'Bea', owner1_dob: OWNER1.owner1_dob });
    // the primary faces owner 2's page read-only (editTableByShareOwner on the sample form)
    const primaryTry = await save(app.applicationId, app.code, { ...read, owner2_first_name: 'Changed' }, 2);
    expect(primaryTry.statusCode).toBe(403);
    expect(primaryTry.json().errors.map((e: { path: string }) => e.path)).toEqual(['owner2_first_name']);
  });

  it("refuses owner 2's write in owner 3's section (and owner 1's) even where euPermission lets every owner edit", async () => {
    const app = await application(sectionsFormId, { owner1_first_name: 'Ada' }, [
      uniqueEmail('second'),
      uniqueEmail('third'),
    ]);
    const [second, third] = app.codes as [string, string];
    for (const [path, value] of [
      ['owner3_first_name', 'Mallory'],
      ['owner3_ssn', '999-99-9999'],
      ['owner1_first_name', 'Eve'],
    ]) {
      const refused = await save(app.applicationId, second, { owner1_first_name: 'Ada', [path as string]: value }, 1);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
    expect((await stored(app.applicationId)).revision).toBe(1);
    // each writes in their own section
    expect((await save(app.applicationId, second, { owner2_first_name: 'Bea' }, 1)).statusCode).toBe(200);
    expect((await save(app.applicationId, third, { owner3_first_name: 'Cy' }, 2)).statusCode).toBe(200);
    expect((await stored(app.applicationId)).data).toMatchObject({
      owner1_first_name: 'Ada',
      owner2_first_name: 'Bea',
      owner3_first_name: 'Cy',
    });
    // the owner rows carry the section (the documents put owner N's signature in owner N's boxes)
    const rows = await t.database.db
      .select()
      .from(applicationOwners)
      .where(eq(applicationOwners.applicationId, app.applicationId));
    expect(rows.map((r) => [r.kind, r.ownerSection]).sort()).toEqual([
      ['additionalOwner', 2],
      ['additionalOwner', 3],
      ['primaryApplicant', 1],
    ]);
  });
});
