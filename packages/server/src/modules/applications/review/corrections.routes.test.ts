import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditEvents } from '../../../db/schema';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueEmail } from '../../../test/helpers';
import { signWithMailedCode, submittedAndSigned } from '../../../test/signing';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';

const EXTRA = [
  { type: 'textfield', key: 'bank_name', label: 'Bank name', input: true },
  { type: 'textfield', key: 'ssn', label: 'SSN', input: true, euEncrypted: true },
];
const OUR_PAGE = {
  type: 'panel',
  key: 'our_page',
  title: 'Our questions',
  components: [{ type: 'textfield', key: 'favourite_color', label: 'Favourite colour', input: true }],
};
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  bank_name: 'First',
  ssn: '123456789',
  favourite_color: 'teal',
};

describe.each(testDatabases())('application corrections (edit links, copy, repopulate) on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let admin: string;
  let masterId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'Corrections Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Corrections A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Corrections B', membershipId: 'MEMBERSHIP_006' });
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  const as = (caller: Caller) => (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(caller.token), ...(payload ? { payload } : {}) });

  /** An active form of company A with its own page (favourite_color) at version 1. */
  async function activeForm(name: string) {
    const created = await as(a)('POST', '/api/custom_forms', { masterFormId: masterId, name });
    const formId = created.json().customFormId as string;
    await as(a)('POST', `/api/custom_forms/${formId}`, { customFormDocument: { additions: [OUR_PAGE] } });
    expect((await as(a)('PATCH', `/api/custom_forms/${formId}/status`, { status: 'active' })).statusCode).toBe(200);
    return formId;
  }

  /** Submitted and signed by its primary applicant. */
  const signed = (customFormId: string) => submittedAndSigned(t, { customFormId, data: FULL, prefix: 'correct' });

  const codeOf = (url: string) => url.split('/').at(-2) as string;
  const applicant = (applicationId: string, code: string) =>
    t.app.inject({ url: `/api/public/applications/${applicationId}?code=${code}`, headers: key() });
  const saveAs = (applicationId: string, code: string, data: object, revision: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/public/applications/${applicationId}/draft?code=${code}`,
      headers: key(),
      payload: { data, revision },
    });
  const audits = async (applicationId: string) =>
    (
      await t.database.db
        .select({ action: auditEvents.action, details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.targetType, 'application'), eq(auditEvents.targetId, applicationId)))
    ).map((e) => ({ action: e.action, details: e.details as Record<string, unknown> }));

  describe('edit links', () => {
    it('an edit URL opens the submitted application for its owner: the old link stops, a change voids the signature, the re-submit closes it', async () => {
      const formId = await activeForm('Edit form');
      const f = await signed(formId);
      // before: the applicant reads a submitted application
      expect((await applicant(f.applicationId, f.code)).json()).toMatchObject({ readOnly: true, editing: false });

      const res = await as(a)('POST', `/api/applications/${f.applicationId}/edit-url`, {
        email: f.email.toUpperCase(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { url, ownerId, expiresAt } = res.json();
      expect(url).toContain(`/application-form/${formId}/${f.applicationId}/`);
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
      const code = codeOf(url);
      expect(code).not.toBe(f.code);
      // the link that was e-mailed before opens nothing now (a code that is no owner's: 404, as for any wrong code)
      expect((await applicant(f.applicationId, f.code)).statusCode).toBe(404);

      const opened = (await applicant(f.applicationId, code)).json();
      expect(opened).toMatchObject({ status: 'pending', readOnly: false, editing: true, ownerId });
      expect(opened.data.ssn).toBe('*******89');

      // an encrypted answer stays read-only once submitted, even through an edit link: refused by path
      const ssn = await saveAs(f.applicationId, code, { ...opened.data, ssn: '987654321' }, opened.revision);
      expect(ssn.statusCode).toBe(403);
      expect(ssn.json().code).toBe(ERROR_CODES.applicationFieldNotEditable);
      expect(ssn.json().errors.map((e: { path: string }) => e.path)).toEqual(['ssn']);

      const saved = await saveAs(f.applicationId, code, { ...opened.data, bank_name: 'Corrected' }, opened.revision);
      expect(saved.statusCode, saved.body).toBe(200);
      const detail = (await as(a)('GET', `/api/applications/${f.applicationId}`)).json();
      expect(detail).toMatchObject({ status: 'pending', signStatus: 'PROGRESSING' });
      expect(detail.data).toMatchObject({ bank_name: 'Corrected', ssn: '*******89' });
      expect(detail.signatures[0]).toMatchObject({ signedAt: null, invalidatedReason: 'data-changed' });
      // the editor keeps their link (no fresh one mailed to them mid-edit)
      expect((await applicant(f.applicationId, code)).statusCode).toBe(200);

      const resubmit = await t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${f.applicationId}/submit?code=${code}`,
        headers: key(),
        payload: {},
      });
      expect(resubmit.statusCode, resubmit.body).toBe(200);
      expect(resubmit.json().status).toBe('pending');
      // the first submission's time stands
      expect(resubmit.json().submittedAt).toBe(detail.submittedAt);
      const after = (await applicant(f.applicationId, code)).json();
      expect(after).toMatchObject({ readOnly: true, editing: false });
      // and they sign again with the same link
      const again = await signWithMailedCode(t, { applicationId: f.applicationId, code, email: f.email });
      expect(again.signStatus).toBe('COMPLETED');

      const events = await audits(f.applicationId);
      expect(events.find((e) => e.action === 'application.edit-link')?.details).toEqual({ ownerId, delivery: 'url' });
      expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['application.resubmit']));
      // the link's code is in no audit event
      expect(JSON.stringify(events)).not.toContain(code);
    });

    it('invite-edit e-mails the owner their edit link; the team never sees it', async () => {
      const formId = await activeForm('Invite edit form');
      const f = await signed(formId);
      const res = await as(a)('POST', `/api/applications/${f.applicationId}/invite-edit`, { email: f.email });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ sentTo: f.email });
      expect(res.body).not.toContain('/application-form/');
      await t.mailer.settle();
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === f.email && m.subject.includes('please correct'));
      expect(mail?.subject).toBe('Corrections A: please correct the merchant application of Analytical Engines');
      const link = mail?.text.match(/https?:\/\/\S+\/application-form\/\S+/)?.[0] ?? '';
      const code = codeOf(link);
      expect((await applicant(f.applicationId, code)).json()).toMatchObject({ editing: true, readOnly: false });
    });

    it('refuses an address that is not an owner, a decided application, another company and an ungranted member; nothing changes', async () => {
      const formId = await activeForm('Refusals form');
      const f = await signed(formId);
      const stranger = await as(a)('POST', `/api/applications/${f.applicationId}/edit-url`, {
        email: 'someone@example.com',
      });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({
        code: ERROR_CODES.applicationOwnerNotFound,
        message: MESSAGES.ownerNotFound,
      });
      await t.mailer.settle();
      const mailsBefore = t.mailer.sent.length;
      const applicationsBefore = (await t.database.db.select().from(applications)).length;
      // another company and a member not granted the form: 404 on every correction
      const member = await joinTeam(t, a);
      for (const caller of [b, member]) {
        for (const route of ['edit-url', 'invite-edit', 'copy', 'repopulate']) {
          const body = route === 'copy' || route === 'repopulate' ? {} : { email: f.email };
          const res = await as(caller)('POST', `/api/applications/${f.applicationId}/${route}`, body);
          expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
        }
      }
      // nothing changed: the applicant's link still works, no event, no mail, no new application
      expect((await applicant(f.applicationId, f.code)).statusCode).toBe(200);
      await t.mailer.settle();
      // (the signed application's own mails, its documents ready, may still arrive: only corrections' mails count)
      const corrections = t.mailer.sent.slice(mailsBefore).filter((m) => /please correct|invites you/.test(m.subject));
      expect(corrections).toEqual([]);
      const corrected = (await audits(f.applicationId)).filter((e) =>
        ['application.edit-link', 'application.repopulate', 'application.resubmit'].includes(e.action),
      );
      expect(corrected).toEqual([]);
      expect((await t.database.db.select().from(applications)).length).toBe(applicationsBefore);

      const approved = await as(a)('PUT', `/api/applications/${f.applicationId}/status`, { newStatus: 'approved' });
      expect(approved.statusCode, approved.body).toBe(200);
      const decided = await as(a)('POST', `/api/applications/${f.applicationId}/edit-url`, { email: f.email });
      expect(decided.statusCode).toBe(409);
      expect(decided.json().message).toBe(MESSAGES.applicationEditPendingOnly);
      const decidedMail = await as(a)('POST', `/api/applications/${f.applicationId}/invite-edit`, { email: f.email });
      expect(decidedMail.statusCode).toBe(409);
      expect((await audits(f.applicationId)).some((e) => e.action === 'application.edit-link')).toBe(false);
      expect((await applicant(f.applicationId, f.code)).json()).toMatchObject({ readOnly: true, editing: false });
    });

    it('a grant ends with the decision: an approved application is read-only to the link again', async () => {
      const formId = await activeForm('Grant ends form');
      const f = await signed(formId);
      const { url } = (await as(a)('POST', `/api/applications/${f.applicationId}/edit-url`, { email: f.email })).json();
      const code = codeOf(url);
      await as(a)('PUT', `/api/applications/${f.applicationId}/status`, { newStatus: 'approved' });
      const opened = (await applicant(f.applicationId, code)).json();
      expect(opened).toMatchObject({ status: 'approved', readOnly: true, editing: false });
      const refused = await saveAs(f.applicationId, code, opened.data, opened.revision);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(ERROR_CODES.applicationNotEditable);
    });
  });

  describe('copy', () => {
    it("makes a new application with the source's answers on the current version, invites its applicant, keeps the secret sealed", async () => {
      const formId = await activeForm('Copy form');
      const f = await signed(formId);
      const other = uniqueEmail('copy-to');
      const res = await as(a)('POST', `/api/applications/${f.applicationId}/copy`, { email: other });
      expect(res.statusCode, res.body).toBe(201);
      const copy = res.json();
      expect(copy).toMatchObject({ status: 'invite_sent', formVersion: 1, dropped: [], sentTo: other });
      const detail = (await as(a)('GET', `/api/applications/${copy.applicationId}`)).json();
      expect(detail).toMatchObject({ status: 'invite_sent', applicantEmail: other, signStatus: null });
      expect(detail.data).toMatchObject({ bank_name: 'First', ssn: '*******89', favourite_color: 'teal' });
      expect(detail.signatures.every((s: { signedAt: string | null }) => s.signedAt === null)).toBe(true);
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, copy.applicationId));
      expect(t.fieldCrypto.isSealed(row?.data.ssn)).toBe(true);
      await t.mailer.settle();
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === other);
      expect(mail?.subject).toContain('invites you to fill in Copy form');
      // the invited applicant opens it with the answers in place
      const code = codeOf(mail?.text.match(/https?:\/\/\S+\/application-form\/\S+/)?.[0] ?? '');
      const opened = (await applicant(copy.applicationId, code)).json();
      expect(opened).toMatchObject({ readOnly: false, status: 'invite_sent' });
      expect(opened.data.bank_name).toBe('First');
      const events = await audits(copy.applicationId);
      expect(events.find((e) => e.action === 'application.copy')?.details).toEqual({
        sourceApplicationId: f.applicationId,
        version: 1,
      });
      // the source is unchanged
      expect((await as(a)('GET', `/api/applications/${f.applicationId}`)).json().signStatus).toBe('COMPLETED');
    });

    it('refuses another company (404) and an inactive form with the spec message (409); nothing is created', async () => {
      const formId = await activeForm('Copy refusals form');
      const f = await signed(formId);
      const count = async () => (await t.database.db.select().from(applications)).length;
      const before = await count();
      expect((await as(b)('POST', `/api/applications/${f.applicationId}/copy`, {})).statusCode).toBe(404);
      // the copy's applicant is invited by e-mail: a real address only (and no NUL byte anywhere)
      const badEmail = await as(a)('POST', `/api/applications/${f.applicationId}/copy`, { email: 'not an address' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().errors[0]).toMatchObject({ path: 'email', message: MESSAGES.emailInvalid });
      expect(
        (await as(a)('POST', `/api/applications/${f.applicationId}/copy`, { email: 'a\u0000@b.co' })).statusCode,
      ).toBe(400);
      await as(a)('PATCH', `/api/custom_forms/${formId}/status`, { status: 'inactive' });
      const inactive = await as(a)('POST', `/api/applications/${f.applicationId}/copy`, {});
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().message).toBe(MESSAGES.inactiveForm);
      expect(await count()).toBe(before);
    });
  });

  describe('repopulate', () => {
    it("moves a pending application onto the form's latest version, drops what the version lost, voids the signature", async () => {
      const formId = await activeForm('Repopulate form');
      const f = await signed(formId);
      const same = await as(a)('POST', `/api/applications/${f.applicationId}/repopulate`);
      expect(same.statusCode).toBe(409);
      expect(same.json()).toMatchObject({
        code: ERROR_CODES.applicationAlreadyLatest,
        message: MESSAGES.repopulateAlreadyLatest,
      });
      // version 2 no longer has the institution's own page
      const v2 = await as(a)('POST', `/api/custom_forms/${formId}`, { customFormDocument: { additions: [] } });
      expect(v2.json().version).toBe(2);
      expect((await as(b)('POST', `/api/applications/${f.applicationId}/repopulate`)).statusCode).toBe(404);

      const res = await as(a)('POST', `/api/applications/${f.applicationId}/repopulate`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        fromVersion: 1,
        formVersion: 2,
        dropped: ['favourite_color'],
        invalidatedSignatures: 1,
      });
      const detail = (await as(a)('GET', `/api/applications/${f.applicationId}`)).json();
      expect(detail).toMatchObject({ formVersion: 2, signStatus: 'PROGRESSING' });
      expect(detail.data).toMatchObject({ bank_name: 'First', ssn: '*******89' });
      expect(detail.data).not.toHaveProperty('favourite_color');
      const events = await audits(f.applicationId);
      expect(events.find((e) => e.action === 'application.repopulate')?.details).toEqual({
        fromVersion: 1,
        toVersion: 2,
        dropped: ['favourite_color'],
      });

      await as(a)('PUT', `/api/applications/${f.applicationId}/status`, { newStatus: 'denied', reason: 'No' });
      await as(a)('POST', `/api/custom_forms/${formId}`, { customFormDocument: { additions: [OUR_PAGE] } });
      const decided = await as(a)('POST', `/api/applications/${f.applicationId}/repopulate`);
      expect(decided.statusCode).toBe(409);
      expect(decided.json().message).toBe(MESSAGES.repopulateUndecidedOnly);
    });
  });
});
