import { ERROR_CODES } from '@under/core/api/error.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, customForms } from '../../../db/schema';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { submittedAndSigned } from '../../../test/signing';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';

const EXTRA = [
  { type: 'textfield', key: 'bank_name', label: 'Bank name', input: true },
  { type: 'textfield', key: 'ssn', label: 'SSN', input: true, euEncrypted: true },
];
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  bank_name: 'First',
  ssn: '123456789',
};

describe.each(testDatabases())('application detail and edit on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let formId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Detail Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Detail A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Detail B', membershipId: 'MEMBERSHIP_006' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers: bearer(a.token),
      payload: { masterFormId: masterId, name: 'Detail form' },
    });
    formId = created.json().customFormId;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/custom_forms/${formId}/status`,
      headers: bearer(a.token),
      payload: { status: 'active' },
    });
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });

  /** Submitted and signed by its primary applicant. */
  const signed = () => submittedAndSigned(t, { customFormId: formId, data: FULL, prefix: 'detail' });
  const detail = (id: string, caller: Caller = a) =>
    t.app.inject({ url: `/api/applications/${id}`, headers: bearer(caller.token) });
  const update = (id: string, payload: object, caller: Caller = a) =>
    t.app.inject({ method: 'PUT', url: `/api/applications/${id}`, headers: bearer(caller.token), payload });

  it('reads the application with encrypted values masked, its owners and signatures; another company gets 404', async () => {
    const f = await signed();
    const res = await detail(f.applicationId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      signStatus: 'COMPLETED',
      formName: 'Detail form',
      applicantEmail: f.email,
    });
    expect(body.data.bank_name).toBe('First');
    expect(body.data.ssn).toBe('*******89');
    expect(res.body).not.toContain('123456789');
    // the form of the application's version, for its pages and labels
    expect(body.formVersion).toBe(1);
    expect(JSON.stringify(body.form.components)).toContain('"key":"ssn"');
    expect(body.signatures).toHaveLength(1);
    expect(body.signatures[0].signedAt).not.toBeNull();
    expect((await detail(f.applicationId, b)).statusCode).toBe(404);
    const standard = await joinTeam(t, a, 'STANDARD');
    expect((await detail(f.applicationId, standard)).statusCode).toBe(404);
  });

  it('the preview of a form without a PDF template: the answers by label, a long value cut, marked', async () => {
    const f = await signed();
    const res = await t.app.inject({
      url: `/api/public/applications/${f.applicationId}/preview?code=${f.code}`,
      headers: key(),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
  });

  it('a STANDARD member granted the form reads and edits (the grants are read before the transaction: PGlite has one connection)', async () => {
    const f = await signed();
    const member = await joinTeam(t, a);
    expect((await detail(f.applicationId, member)).statusCode).toBe(404);
    const [form] = await t.database.db.select().from(customForms).where(eq(customForms.id, formId));
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/granted-master-form/${form?.masterFormId}`,
      headers: bearer(a.token),
      payload: { userIds: [member.userId] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const current = (await detail(f.applicationId, member)).json();
    const edited = await update(
      f.applicationId,
      { data: { ...current.data, bank_name: 'Member edit' }, revision: current.revision },
      member,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().changed).toEqual(['bank_name']);
    // and company B's member never reaches it
    expect((await update(f.applicationId, { data: current.data, revision: current.revision + 1 }, b)).statusCode).toBe(
      404,
    );
  });

  it('an edit of signed data invalidates the signatures and asks the signer again; the masked value keeps the stored one', async () => {
    const f = await signed();
    const current = (await detail(f.applicationId)).json();
    const stale = await update(f.applicationId, { data: current.data, revision: current.revision - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(ERROR_CODES.applicationRevisionConflict);
    const same = await update(f.applicationId, { data: current.data, revision: current.revision });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ changed: [], invalidatedSignatures: 0, signStatus: 'COMPLETED' });
    const changed = await update(f.applicationId, {
      data: { ...current.data, bank_name: 'Second' },
      revision: current.revision + 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      changed: ['bank_name'],
      invalidatedSignatures: 1,
      signStatus: 'PROGRESSING',
    });
    await t.mailer.settle();
    expect(t.mailer.sent.some((m) => m.to === f.email && m.subject.startsWith('Please sign again'))).toBe(true);
    const after = (await detail(f.applicationId)).json();
    expect(after.data).toMatchObject({ bank_name: 'Second', ssn: '*******89' });
    expect(after.signatures[0]).toMatchObject({ signedAt: null, invalidatedReason: 'data-changed' });
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, f.applicationId));
    expect(t.fieldCrypto.isSealed(row?.data.ssn)).toBe(true);
    // a bad value is refused by path and changes nothing
    const bad = await update(f.applicationId, {
      data: { ...after.data, Email: 'not-an-email' },
      revision: after.revision,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['Email']);
    expect((await update(f.applicationId, { data: after.data, revision: after.revision }, b)).statusCode).toBe(404);
  });
});
