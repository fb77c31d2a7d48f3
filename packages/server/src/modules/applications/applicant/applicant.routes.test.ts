import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { HONEYPOT_FIELD, MAX_OPEN_APPLICATIONS_PER_EMAIL } from '@under/core/applications/application.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { SSN_SOURCE } from '@under/core/forms/regex-samples';
import { MESSAGES } from '@under/core/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantVaults,
  applicationOwners,
  applications,
  auditEvents,
  companies,
  throttles,
  uploads,
} from '../../../db/schema';
import { createThrottles, THROTTLE_RULES } from '../../../security/throttles';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import {
  createTestApp,
  localPath,
  type TestApp,
  testDatabases,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/helpers';
import { signWithMailedCode } from '../../../test/signing';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { hashAccessCode, newAccessCode } from './access-codes';

const EXTRA = [
  { type: 'textfield', key: 'bank_name', label: 'Bank name', input: true, validate: { maxLength: 20 } },
  { type: 'textfield', key: 'ssn', label: 'SSN', input: true, euEncrypted: true },
  {
    type: 'textfield',
    key: 'owner_note',
    label: 'Owner note',
    input: true,
    euPermission: 'editTableByShareOwner',
    validate: { required: true },
  },
  {
    type: 'textfield',
    key: 'primary_note',
    label: 'Primary note',
    input: true,
    euPermission: 'editTableByPrimaryOwner',
  },
  { type: 'file', key: 'docs', label: 'Documents', input: true, multiple: true },
  // the starter dictionary's identifiers (decision 030): encrypted, with their patterns
  {
    type: 'textfield',
    key: 'federal_tax_id',
    label: 'Federal Tax ID (EIN)',
    input: true,
    euEncrypted: true,
    validate: { minLength: 9, maxLength: 9, pattern: '\\d{9}' },
  },
  {
    type: 'textfield',
    key: 'owner1_ssn',
    label: 'Owner 1 Social Security Number',
    input: true,
    euEncrypted: true,
    validate: { minLength: 11, maxLength: 11, pattern: SSN_SOURCE },
  },
];

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

/** Everything the primary must fill to submit (system fields and the rest). */
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  bank_name: 'First',
  ssn: '123456789',
};

describe.each(testDatabases())('applicant applications on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let formId: string;
  let masterId: string;
  const logs: string[] = [];
  /** Every link code a test saw, to prove none of them reaches the logs. */
  const codes: string[] = [];
  let form: FormDefinition;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      logger: { level: 'info', stream: { write: (line) => void logs.push(line) } },
    });
    const admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'First Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Company A', membershipId: 'MEMBERSHIP_006' });
    formId = await activeForm('Merchant form', masterId);
    const pub = await t.app.inject({ url: `/api/public/custom_forms/${formId}`, headers: key() });
    form = pub.json().form;
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  async function activeForm(name: string, masterId: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers: bearer(a.token),
      payload: { masterFormId: masterId, name },
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

  const create = (payload: Record<string, unknown>, remoteAddress = uniqueAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: key(),
      payload: { customFormId: formId, email: uniqueEmail('applicant'), data: {}, ...payload },
      remoteAddress,
    });
  const save = (id: string, code: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/public/applications/${id}/draft?code=${code}`,
      headers: key(),
      payload,
    });
  const get = (id: string, code: string) =>
    t.app.inject({ url: `/api/public/applications/${id}?code=${code}`, headers: key() });
  const submit = (id: string, code: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${id}/submit?code=${code}`,
      headers: key(),
      payload,
    });
  async function started(data: Record<string, unknown> = {}, email = uniqueEmail('applicant')) {
    const res = await create({ data, email });
    expect(res.statusCode, res.body).toBe(201);
    codes.push(res.json().code);
    return { ...(res.json() as { applicationId: string; code: string; revision: number }), email };
  }
  async function stored(id: string) {
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
    if (!row) throw new Error('no application');
    return row;
  }
  /** An additional owner added directly (the owners' endpoint is another helper's). */
  async function addOwner(applicationId: string, email = uniqueEmail('owner')) {
    const code = newAccessCode();
    const [row] = await t.database.db
      .insert(applicationOwners)
      .values({
        applicationId,
        kind: 'additionalOwner',
        role: 'sharedOwnerEndUser',
        email,
        name: 'Co Owner',
        position: 1,
        codeHash: hashAccessCode(t.config.secrets.codeSecret, code),
        codeExpiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    codes.push(code);
    return { code, email, ownerId: row?.id as string };
  }

  describe('createDraft', () => {
    it('starts a draft with the primary owner, drops unknown keys, e-mails the resume link once', async () => {
      const email = uniqueEmail('start');
      const res = await create({ email, data: { bank_name: 'Mine', CompanyName: 'Acme LLC', nope: 'x' } });
      expect(res.statusCode, res.body).toBe(201);
      const { applicationId, code, revision } = res.json();
      expect(revision).toBe(1);
      expect(code.length).toBeGreaterThanOrEqual(43);
      const row = await stored(applicationId);
      expect(row).toMatchObject({ status: 'draft', applicantEmail: email, applicantCompanyName: 'Acme LLC' });
      expect(row.data).toEqual({ bank_name: 'Mine', CompanyName: 'Acme LLC' });
      expect(row.resumeMailedAt).not.toBeNull();
      const [owner] = await t.database.db
        .select()
        .from(applicationOwners)
        .where(eq(applicationOwners.applicationId, applicationId));
      expect(owner).toMatchObject({ kind: 'primaryApplicant', role: 'primaryOwnerEndUser', email });
      expect(owner?.codeHash).toBe(hashAccessCode(t.config.secrets.codeSecret, code));
      expect(owner?.codeHash).not.toContain(code);
      await t.mailer.settle();
      const mails = t.mailer.sent.filter((m) => m.to === email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`/application-form/${formId}/${applicationId}/${code}/`);
      expect(mails[0]?.text).toContain('90 days');
      // the first save does not send it again
      expect((await save(applicationId, code, { data: { bank_name: 'Again' }, revision: 1 })).statusCode).toBe(200);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
    });

    it('a mailbox past its link mails gets no resume mail (the draft still starts; a later save sends none)', async () => {
      const email = uniqueEmail('flooded');
      const throttles = createThrottles({ db: t.database.db });
      while (await throttles.tryTake(THROTTLE_RULES.applicantLinkMail, email)) {}
      const res = await create({ email, data: { bank_name: 'Mine' } });
      expect(res.statusCode, res.body).toBe(201);
      const { applicationId, code } = res.json();
      expect((await save(applicationId, code, { data: { bank_name: 'Again' }, revision: 1 })).statusCode).toBe(200);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(0);
    });

    it('requires nothing on a draft, keeps a value of the wrong form as typed, and refuses a wrong type by path', async () => {
      // issue 21: a draft keeps what was typed (this was a 422 that lost the typing)
      const long = await create({ data: { bank_name: 'x'.repeat(30) } });
      expect(long.statusCode, long.body).toBe(201);
      expect((await stored(long.json().applicationId)).data.bank_name).toBe('x'.repeat(30));
      const bad = await create({ data: { bank_name: { not: 'text' } } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ code: ERROR_CODES.applicationInvalid });
      expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['bank_name']);
    });

    it('refuses an inactive form, a deactivated company and a missing version', async () => {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/custom_forms/${formId}/status`,
        headers: bearer(a.token),
        payload: { status: 'inactive' },
      });
      const off = await create({});
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({ code: ERROR_CODES.customFormInactive, message: MESSAGES.inactiveForm });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/custom_forms/${formId}/status`,
        headers: bearer(a.token),
        payload: { status: 'active' },
      });
      await t.database.db.update(companies).set({ status: 'inactive' }).where(eq(companies.id, a.companyId));
      const deactivated = await create({});
      await t.database.db.update(companies).set({ status: 'active' }).where(eq(companies.id, a.companyId));
      expect(deactivated.json()).toMatchObject({
        code: ERROR_CODES.customFormInactive,
        message: MESSAGES.inactiveForm,
      });
      const gone = await create({ version: 99 });
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({
        code: ERROR_CODES.applicationVersionGone,
        message: MESSAGES.versionFormIncorrect,
      });
    });

    it('a filled honeypot answers like a real draft and stores nothing', async () => {
      const email = uniqueEmail('bot');
      const res = await create({ email, data: { bank_name: 'Spam' }, [HONEYPOT_FIELD]: 'http://spam.example' });
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).sort()).toEqual(['applicationId', 'code', 'revision']);
      expect(await t.database.db.select().from(applications).where(eq(applications.applicantEmail, email))).toEqual([]);
      expect((await get(res.json().applicationId, res.json().code)).statusCode).toBe(404);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === email)).toEqual([]);
    });

    it(`allows at most ${MAX_OPEN_APPLICATIONS_PER_EMAIL} open applications per e-mail and form`, async () => {
      const email = uniqueEmail('cap');
      for (let i = 0; i < MAX_OPEN_APPLICATIONS_PER_EMAIL; i++) await started({}, email);
      const over = await create({ email });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({
        code: ERROR_CODES.applicationOpenLimit,
        message: MESSAGES.applicationOpenLimit(MAX_OPEN_APPLICATIONS_PER_EMAIL),
      });
    });

    it('throttles new drafts per address', async () => {
      const address = uniqueAddress();
      const answers: number[] = [];
      for (let i = 0; i < 21; i++) answers.push((await create({}, address)).statusCode);
      expect(answers.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(answers[20]).toBe(429);
      // another address is not held back
      expect((await create({})).statusCode).toBe(201);
    });

    it('throttles new drafts per form, whatever the address', async () => {
      const other = await activeForm('Busy form', masterId);
      const first = await create({ customFormId: other });
      expect(first.statusCode, first.body).toBe(201);
      const rule = THROTTLE_RULES.applicantDraftForm;
      const hashed = createHash('sha256').update(`${rule.scope}:${other}`).digest('base64url');
      await t.database.db.update(throttles).set({ hits: rule.max }).where(eq(throttles.key, hashed));
      const refused = await create({ customFormId: other });
      expect(refused.statusCode).toBe(429);
      // the other form still takes applications
      expect((await create({})).statusCode).toBe(201);
    });

    it('needs the API key', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        payload: { customFormId: formId, email: uniqueEmail(), data: {} },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('saveDraft and get', () => {
    it("a save writes the data, the audit event and the owner's sliding link end together", async () => {
      const { applicationId, code } = await started({ bank_name: 'One' });
      const old = new Date(Date.now() - 10 * 86_400_000);
      await t.database.db
        .update(applicationOwners)
        .set({ lastSeenAt: old, codeExpiresAt: new Date(old.getTime() + 30 * 86_400_000) })
        .where(eq(applicationOwners.applicationId, applicationId));
      const ok = await save(applicationId, code, { data: { bank_name: 'Two' }, revision: 1 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await stored(applicationId)).revision).toBe(2);
      const [owner] = await t.database.db
        .select()
        .from(applicationOwners)
        .where(eq(applicationOwners.applicationId, applicationId));
      expect(owner?.lastSeenAt?.getTime()).toBeGreaterThan(old.getTime());
      expect(owner?.codeExpiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const audit = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, applicationId), eq(auditEvents.action, 'application.save')));
      expect(audit).toHaveLength(1);
    });
    it('saves with the revision check: a stale revision is 409 with the current one, nothing written', async () => {
      const { applicationId, code } = await started({ bank_name: 'One' });
      const ok = await save(applicationId, code, { data: { bank_name: 'Two' }, revision: 1 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().revision).toBe(2);
      const stale = await save(applicationId, code, { data: { bank_name: 'Three' }, revision: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: ERROR_CODES.applicationRevisionConflict,
        errors: [{ path: 'revision', message: '2' }],
      });
      const row = await stored(applicationId);
      expect(row.revision).toBe(2);
      expect(row.data).toEqual({ bank_name: 'Two' });
      const audit = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, applicationId), eq(auditEvents.action, 'application.save')));
      expect(audit.map((e) => e.details)).toEqual([
        { email: expect.any(String), role: 'primaryOwnerEndUser', revision: 2, fields: ['bank_name'] },
      ]);
    });

    it('an invited application’s first save by its primary e-mails the resume link once', async () => {
      const email = uniqueEmail('invited');
      const code = newAccessCode();
      const [app] = await t.database.db
        .insert(applications)
        .values({
          companyId: a.companyId,
          customFormId: formId,
          formVersion: 1,
          status: 'invite_sent',
          applicantEmail: email,
        })
        .returning();
      const applicationId = app?.id as string;
      await t.database.db.insert(applicationOwners).values({
        applicationId,
        kind: 'primaryApplicant',
        role: 'primaryOwnerEndUser',
        email,
        codeHash: hashAccessCode(t.config.secrets.codeSecret, code),
        codeExpiresAt: new Date(Date.now() + 86_400_000),
      });
      codes.push(code);
      expect((await save(applicationId, code, { data: { bank_name: 'A' }, revision: 0 })).statusCode).toBe(200);
      expect((await save(applicationId, code, { data: { bank_name: 'B' }, revision: 1 })).statusCode).toBe(200);
      await t.mailer.settle();
      const mails = t.mailer.sent.filter((m) => m.to === email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`/application-form/${formId}/${applicationId}/${code}/`);
      const row = await stored(applicationId);
      expect(row).toMatchObject({ status: 'invite_sent', revision: 2 });
      expect(row.resumeMailedAt).not.toBeNull();
    });

    describe('nothing typed is lost (issue 21)', () => {
      it('an EIN typed as 12-3456789 is saved, sealed and normalised (it was 422 "no more than 9 characters")', async () => {
        const { applicationId, code } = await started({ bank_name: 'A' });
        const res = await save(applicationId, code, { data: { federal_tax_id: '12-3456789' }, revision: 1 });
        expect(res.statusCode, res.body).toBe(200);
        const row = await stored(applicationId);
        expect(String(row.data.federal_tax_id)).toMatch(/^enc:v1:/);
        expect(t.fieldCrypto.openData(form, row.data).federal_tax_id).toBe('123456789');
        expect((await get(applicationId, code)).json().data.federal_tax_id).toBe('*******89');
      });

      it('invalid EIN, SSN and text are saved as typed (encrypted ones sealed), returned on reload, and refused on submit with per-field reasons', async () => {
        const { applicationId, code } = await started({});
        const typed = { federal_tax_id: '12-345678', owner1_ssn: '912-34-5678', bank_name: 'y'.repeat(25) };
        const res = await save(applicationId, code, { data: { ...FULL, ...typed }, revision: 1 });
        expect(res.statusCode, res.body).toBe(200);
        const row = await stored(applicationId);
        expect(String(row.data.federal_tax_id)).toMatch(/^enc:v1:/);
        expect(String(row.data.owner1_ssn)).toMatch(/^enc:v1:/);
        expect(JSON.stringify(row.data)).not.toContain('912-34-5678');
        const opened = t.fieldCrypto.openData(form, row.data);
        expect([opened.federal_tax_id, opened.owner1_ssn, opened.bank_name]).toEqual([
          typed.federal_tax_id,
          typed.owner1_ssn,
          typed.bank_name,
        ]);
        // a reload finds them (encrypted ones masked, as every read)
        const read = (await get(applicationId, code)).json();
        expect(read.data.bank_name).toBe(typed.bank_name);
        expect(read.data.federal_tax_id).toBe('*******78');
        expect(read.data.owner1_ssn).toMatch(/\*+5678$/);
        // submit: refused, each field with the form expected, under a heading that does not say "missing"
        const refused = await submit(applicationId, code);
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toMatchObject({
          code: ERROR_CODES.applicationInvalid,
          message: MESSAGES.answersToCorrect,
        });
        expect(refused.json().message).not.toMatch(/missing/i);
        expect(refused.json().errors).toEqual([
          { path: 'bank_name', message: MESSAGES.fieldMaxLength('Bank name', 20) },
          { path: 'federal_tax_id', message: MESSAGES.formatEin('Federal Tax ID (EIN)') },
          { path: 'owner1_ssn', message: MESSAGES.formatSsn('Owner 1 Social Security Number') },
        ]);
        expect((await stored(applicationId)).status).toBe('draft');
        // fixed (as people write them), the application goes
        const fixed = await submit(applicationId, code, {
          data: { ...FULL, federal_tax_id: '12-3456789', owner1_ssn: '123 45 6789', bank_name: 'First' },
          revision: 2,
        });
        expect(fixed.statusCode, fixed.body).toBe(200);
        const done = t.fieldCrypto.openData(form, (await stored(applicationId)).data);
        expect([done.federal_tax_id, done.owner1_ssn]).toEqual(['123456789', '123-45-6789']);
      });

      it('a submit with missing fields and wrong answers names both, the missing ones first', async () => {
        const { applicationId, code } = await started({ federal_tax_id: '1234' });
        const res = await submit(applicationId, code);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.applicationMissingFields });
        const paths = res.json().errors.map((e: { path: string }) => e.path);
        expect(paths.at(-1)).toBe('federal_tax_id');
        expect(paths).toContain('Firstname');
      });

      it('the page the owner saved on is where their link opens', async () => {
        const { applicationId, code } = await started({});
        expect((await get(applicationId, code)).json().resumePage).toBeNull();
        const res = await save(applicationId, code, { data: { bank_name: 'A' }, revision: 1, page: 'page2' });
        expect(res.statusCode, res.body).toBe(200);
        expect((await get(applicationId, code)).json().resumePage).toBe('page2');
        const bad = await save(applicationId, code, { data: {}, revision: 2, page: 'not a key' });
        expect(bad.statusCode).toBe(400);
        // once submitted (an edit link later opens it), the application opens on its first page
        await t.database.db.update(applications).set({ status: 'pending' }).where(eq(applications.id, applicationId));
        expect((await get(applicationId, code)).json().resumePage).toBeNull();
      });
    });

    it('stores encrypted values sealed, reads them masked, and a masked value sent back keeps the stored one', async () => {
      const { applicationId, code } = await started({ ssn: '123456789' });
      const row = await stored(applicationId);
      expect(String(row.data.ssn)).toMatch(/^enc:v1:/);
      expect(JSON.stringify(row.data)).not.toContain('123456789');
      const read = await get(applicationId, code);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.ssn).toBe('*******89');
      const again = await save(applicationId, code, { data: { ssn: '*******89', bank_name: 'B' }, revision: 1 });
      expect(again.statusCode, again.body).toBe(200);
      expect(t.fieldCrypto.openData(form, (await stored(applicationId)).data).ssn).toBe('123456789');
    });

    it('a shared owner’s write to a primary-only field is refused by path, nothing written', async () => {
      const { applicationId, code } = await started({ primary_note: 'mine' });
      const owner = await addOwner(applicationId);
      const refused = await save(applicationId, owner.code, {
        data: { primary_note: 'theirs', owner_note: 'ok' },
        revision: 1,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.applicationFieldNotEditable });
      expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['primary_note']);
      expect((await stored(applicationId)).revision).toBe(1);
      // the owner's own field is theirs; the primary's stays as it was
      const ok = await save(applicationId, owner.code, {
        data: { primary_note: 'mine', owner_note: 'ok' },
        revision: 1,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await stored(applicationId)).data).toMatchObject({ primary_note: 'mine', owner_note: 'ok' });
      // and the primary may not write the owner's field
      const back = await save(applicationId, code, {
        data: { primary_note: 'mine', owner_note: 'changed' },
        revision: 2,
      });
      expect(back.statusCode).toBe(403);
      expect(back.json().errors.map((e: { path: string }) => e.path)).toEqual(['owner_note']);
    });

    it('shows owners to every owner without codes, and slides the link', async () => {
      const { applicationId, code, email } = await started({ bank_name: 'x' });
      const owner = await addOwner(applicationId);
      const primary = await get(applicationId, code);
      expect(primary.statusCode).toBe(200);
      expect(primary.json()).toMatchObject({
        status: 'draft',
        role: 'primaryOwnerEndUser',
        ownerKind: 'primaryApplicant',
        email,
        readOnly: false,
        blockedBy: null,
      });
      expect(primary.json().owners.map((o: { email: string }) => o.email)).toEqual([email, owner.email]);
      const theirs = await get(applicationId, owner.code);
      expect(theirs.json()).toMatchObject({ role: 'sharedOwnerEndUser', ownerKind: 'additionalOwner' });
      expect(theirs.json().owners).toHaveLength(2);
      for (const body of [primary.body, theirs.body]) {
        expect(body).not.toContain(code);
        expect(body).not.toContain(owner.code);
        expect(body).not.toContain('codeHash');
      }
      const [row] = await t.database.db.select().from(applicationOwners).where(eq(applicationOwners.id, owner.ownerId));
      expect(row?.lastSeenAt).not.toBeNull();
      expect(row?.codeExpiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    });

    it('a wrong code is 404, another application’s code is 404, an expired link is 410', async () => {
      const one = await started();
      const two = await started();
      expect((await get(one.applicationId, newAccessCode())).statusCode).toBe(404);
      expect((await get(two.applicationId, one.code)).statusCode).toBe(404);
      expect((await save(two.applicationId, one.code, { data: {}, revision: 1 })).statusCode).toBe(404);
      expect((await submit(two.applicationId, one.code)).statusCode).toBe(404);
      t.clock.offsetMs = 31 * 86_400_000;
      try {
        const expired = await get(one.applicationId, one.code);
        expect(expired.statusCode).toBe(410);
        expect(expired.json()).toMatchObject({
          code: ERROR_CODES.applicationLinkExpired,
          message: MESSAGES.urlExpired,
        });
      } finally {
        t.clock.offsetMs = 0;
      }
    });
  });

  describe('submit', () => {
    it('refuses missing required fields with their paths', async () => {
      const { applicationId, code } = await started({ bank_name: 'x' });
      const res = await submit(applicationId, code);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.applicationMissingFields,
        message: MESSAGES.missingRequiredFields,
      });
      const paths = res.json().errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['Firstname', 'Lastname', 'PhoneNumber', 'Email', 'CompanyName']));
      expect(paths).not.toContain('owner_note');
      expect((await stored(applicationId)).status).toBe('draft');
    });

    it('waits for every additional owner, then submits with the last changes', async () => {
      const { applicationId, code } = await started({ bank_name: 'x' });
      const owner = await addOwner(applicationId);
      const waiting = await submit(applicationId, code, { data: FULL, revision: 1 });
      expect(waiting.statusCode).toBe(422);
      expect(waiting.json()).toMatchObject({
        code: ERROR_CODES.applicationOwnersIncomplete,
        message: MESSAGES.applicationOwnersMissing([owner.email]),
      });
      // the refused submit wrote nothing, its changes included
      expect((await stored(applicationId)).revision).toBe(1);
      // the owner's part: their required field first
      const notYet = await submit(applicationId, owner.code);
      expect(notYet.statusCode).toBe(422);
      expect(notYet.json().errors.map((e: { path: string }) => e.path)).toEqual(['owner_note']);
      const done = await submit(applicationId, owner.code, { data: { owner_note: 'signed off' }, revision: 1 });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().status).toBe('draft');
      const [row] = await t.database.db.select().from(applicationOwners).where(eq(applicationOwners.id, owner.ownerId));
      expect(row?.completedAt).not.toBeNull();
      const res = await submit(applicationId, code, { data: { ...FULL, owner_note: 'signed off' }, revision: 2 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ applicationId, status: 'pending' });
      const app = await stored(applicationId);
      expect(app.status).toBe('pending');
      expect(app.submittedAt).not.toBeNull();
      // signing starts (issue 13): the additional owner is asked to sign with a fresh link
      expect(app.signStatus).toBe('PROGRESSING');
      await t.mailer.settle();
      const ask = t.mailer.sent.find((m) => m.to === owner.email && m.subject.startsWith('Please sign'));
      expect(ask?.text).toContain(`/application-form/${formId}/${applicationId}/`);
      // submitted: read-only
      expect((await get(applicationId, code)).json().readOnly).toBe(true);
      const late = await save(applicationId, code, { data: FULL, revision: app.revision });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: ERROR_CODES.applicationNotEditable });
      const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, applicationId));
      expect(audit.map((e) => e.action)).toEqual(
        expect.arrayContaining(['application.create', 'application.owner-complete', 'application.submit']),
      );
      expect(JSON.stringify(audit)).not.toContain('123456789');
      expect(JSON.stringify(audit)).not.toContain(code);
    });

    it('"Remember my answers" fills the vault only when the primary signs with the e-mailed code, never at submit', async () => {
      // the vault reacts to `application.signed`, delivered after the response (decision 076): wait for it
      const vaults = async () => {
        await t.events.idle();
        return (await t.database.db.select().from(applicantVaults)).length;
      };
      const before = await vaults();
      // ticked, submitted: nothing yet (anyone may type another person's address into a form)
      const email = uniqueEmail('remember');
      const res = await create({ data: FULL, email, rememberAnswers: true });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(res.json().code);
      const submitted = await submit(res.json().applicationId, res.json().code);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(await vaults()).toBe(before);
      // the signing code proves the mailbox: now the vault of that address takes the answers
      await signWithMailedCode(t, { applicationId: res.json().applicationId, code: res.json().code, email });
      expect(await vaults()).toBe(before + 1);
      const [vault] = (await t.database.db.select().from(applicantVaults)).slice(-1);
      expect(Object.keys(vault?.entries ?? {})).toEqual(expect.arrayContaining(['Firstname', 'CompanyName']));
      expect(JSON.stringify(vault?.entries)).not.toContain('123456789');
      // not ticked: signing remembers nothing
      const plain = await started(FULL);
      expect((await submit(plain.applicationId, plain.code)).statusCode).toBe(200);
      await signWithMailedCode(t, { applicationId: plain.applicationId, code: plain.code, email: plain.email });
      expect(await vaults()).toBe(before + 1);
    });

    it('a blocked application names the company to contact', async () => {
      const { applicationId, code } = await started(FULL);
      await t.database.db.update(applications).set({ blockedAt: new Date() }).where(eq(applications.id, applicationId));
      const res = await submit(applicationId, code);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.applicationBlocked,
        message: MESSAGES.applicationBlocked('Company A'),
      });
      expect((await get(applicationId, code)).json().blockedBy).toBe('Company A');
    });
  });

  describe('attachments', () => {
    const presign = (applicationId: string, code: string, size = 1000) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/files/presign',
        headers: key(),
        payload: { applicationId, code, fileName: 'id.png', contentType: 'image/png', size },
      });
    const put = (uploadUrl: string, payload: Buffer) =>
      t.app.inject({ method: 'PUT', url: localPath(uploadUrl), headers: { 'content-type': 'image/png' }, payload });

    it('uploads png or pdf by content through a single-use URL and keeps them with the application', async () => {
      const { applicationId, code } = await started();
      const png = (await presign(applicationId, code)).json();
      const pdf = (await presign(applicationId, code)).json();
      expect(png.fileKey).not.toBe(pdf.fileKey);
      expect((await put(png.uploadUrl, PNG)).statusCode).toBe(200);
      expect((await put(png.uploadUrl, PNG)).statusCode).not.toBe(200);
      expect((await put(pdf.uploadUrl, PDF)).statusCode).toBe(200);
      const html = (await presign(applicationId, code)).json();
      expect((await put(html.uploadUrl, Buffer.from('<html><script>x</script></html>'))).statusCode).toBe(415);
      const docs = [
        { name: 'id.png', size: PNG.length, url: png.fileKey },
        { name: 'statement.pdf', size: PDF.length, url: pdf.fileKey },
      ];
      const saved = await save(applicationId, code, { data: { docs }, revision: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
      const rows = await t.database.db.select().from(uploads).where(eq(uploads.purpose, 'application-attachment'));
      const mine = rows.filter((r) => [png.fileKey, pdf.fileKey].includes(r.storageKey));
      expect(mine.map((r) => r.status)).toEqual(['attached', 'attached']);
      // saving again with the same files changes nothing about them
      expect((await save(applicationId, code, { data: { docs }, revision: 2 })).statusCode).toBe(200);
    });

    it('refuses a file uploaded for another application, by path; and a wrong code gets no URL', async () => {
      const one = await started();
      const two = await started();
      const upload = (await presign(one.applicationId, one.code)).json();
      expect((await put(upload.uploadUrl, PNG)).statusCode).toBe(200);
      const stolen = await save(two.applicationId, two.code, {
        data: { docs: [{ name: 'x.png', size: 1, url: upload.fileKey }] },
        revision: 1,
      });
      expect(stolen.statusCode).toBe(422);
      expect(stolen.json()).toMatchObject({
        code: ERROR_CODES.applicationInvalid,
        errors: [{ path: 'docs[0]', message: MESSAGES.applicationFileNotOwned }],
      });
      expect((await stored(two.applicationId)).revision).toBe(1);
      expect((await presign(two.applicationId, one.code)).statusCode).toBe(404);
      expect((await presign(one.applicationId, one.code, 26_000_000)).statusCode).toBe(400);
    });
  });

  it('never logs a link code', () => {
    const text = logs.join('\n');
    expect(text).toContain('/api/public/applications/');
    expect(text).not.toMatch(/code=[A-Za-z0-9_-]{20,}/);
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) expect(text).not.toContain(code);
  });
});
