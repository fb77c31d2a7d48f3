import { ERROR_CODES } from '@under/core/api/error.schema';
import { MAX_OPEN_APPLICATIONS_PER_EMAIL } from '@under/core/applications/application.schema';
import { MESSAGES } from '@under/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationOwners, applications, auditEvents } from '../../../db/schema';
import { createThrottles } from '../../../security/throttles';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import {
  createTestApp,
  PARALLEL_POOL_SIZE,
  type TestApp,
  testDatabases,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { resolveApplicantLink } from '../applicant/applicant-link';
import { INVITE_THROTTLES } from './invites.service';

const LINK = /\/application-form\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)\/([^\s"<]+)/;

describe.each(testDatabases())('customer invitations on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let masterId: string;
  let a: Caller;
  let formA: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'Invite Bank' });
    a = await registerCompany(t, { companyName: 'Acme <Bank>', membershipId: 'MEMBERSHIP_006' });
    formA = await activeForm(a, 'Merchant application');
  });
  afterAll(async () => {
    await t.mailer.settle();
    await t.close();
  });

  const as = (caller: { token: string }) => (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(caller.token), payload: payload as object });

  async function activeForm(caller: Caller, name: string) {
    const res = await as(caller)('POST', '/api/custom_forms', { masterFormId: masterId, name });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().customFormId as string;
    const on = await as(caller)('PATCH', `/api/custom_forms/${id}/status`, { status: 'active' });
    expect(on.statusCode, on.body).toBe(200);
    return id;
  }

  const invite = (caller: Caller, body: Record<string, unknown>) =>
    as(caller)('POST', '/api/applications/invite', body);

  async function mailTo(to: string, kind = 'invites you') {
    await t.mailer.settle();
    return t.mailer.sent.findLast((m) => m.to === to && m.subject.includes(kind));
  }

  it('creates an invite_sent application with its primary owner and mails a link that opens it', async () => {
    const email = uniqueEmail('Customer').toUpperCase();
    const res = await invite(a, {
      customFormId: formA,
      invitedEmail: email,
      timeZone: 'America/New_York',
      timeZoneOffset: -300,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId, status } = res.json();
    expect(status).toBe('invite_sent');
    const lower = email.toLowerCase();
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row).toMatchObject({
      companyId: a.companyId,
      customFormId: formA,
      formVersion: 1,
      status: 'invite_sent',
      applicantEmail: lower,
      invitedBy: a.userId,
      timeZone: 'America/New_York',
      timeZoneOffset: -300,
    });
    const owners = await t.database.db
      .select()
      .from(applicationOwners)
      .where(eq(applicationOwners.applicationId, applicationId));
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ kind: 'primaryApplicant', role: 'primaryOwnerEndUser', email: lower });
    const mail = await mailTo(lower);
    expect(mail?.subject).toBe('Acme <Bank> invites you to fill in Merchant application');
    expect(mail?.html).toContain('Acme &#60;Bank&#62;');
    const [, formId, appId, code, linkEmail] = mail?.text.match(LINK) ?? [];
    expect([formId, appId, decodeURIComponent(linkEmail ?? '')]).toEqual([formA, applicationId, lower]);
    expect(mail?.text).toContain(`${t.config.publicUrl}/application-form/${formA}/${applicationId}/${code}/`);
    // the code is stored only hashed and opens exactly this application
    expect(JSON.stringify(owners)).not.toContain(code);
    const opened = await resolveApplicantLink(t.database.db, {
      applicationId,
      code: code ?? '',
      codeSecret: t.config.secrets.codeSecret,
      now: new Date(),
    });
    expect(opened.application.id).toBe(applicationId);
    expect(opened.owner.kind).toBe('primaryApplicant');
    // audited, without the code
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, applicationId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'application.invite',
      actorUserId: a.userId,
      companyId: a.companyId,
      details: { customFormId: formA, formVersion: 1, invitedEmail: lower, primaryEmail: lower },
    });
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it('another primary address owns the application; the invited address gets the link, the primary a notice', async () => {
    const invited = uniqueEmail('assistant');
    const primary = uniqueEmail('owner');
    const res = await invite(a, { customFormId: formA, invitedEmail: invited, emailPrimary: primary });
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId } = res.json();
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row?.applicantEmail).toBe(primary);
    const [owner] = await t.database.db
      .select()
      .from(applicationOwners)
      .where(eq(applicationOwners.applicationId, applicationId));
    expect(owner?.email).toBe(primary);
    const link = await mailTo(invited);
    expect(decodeURIComponent(link?.text.match(LINK)?.[4] ?? '')).toBe(primary);
    const notice = await mailTo(primary, 'in your name');
    expect(notice?.text).toContain(invited);
    expect(notice?.text).not.toMatch(LINK);
    // 'primary' spelled out, or the invited e-mail itself, is the invited address
    const same = await invite(a, { customFormId: formA, invitedEmail: invited, emailPrimary: invited.toUpperCase() });
    const [sameRow] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, same.json().applicationId));
    expect(sameRow?.applicantEmail).toBe(invited);
  });

  it('refuses bad e-mails with 400', async () => {
    const bad = await invite(a, { customFormId: formA, invitedEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const badPrimary = await invite(a, { customFormId: formA, invitedEmail: uniqueEmail(), emailPrimary: 'someone' });
    expect(badPrimary.statusCode).toBe(400);
    expect(badPrimary.json()).toMatchObject({
      code: ERROR_CODES.applicationInvalidPrimaryEmail,
      message: MESSAGES.invalidPrimaryEmail,
    });
    expect((await invite(a, { customFormId: 'nope', invitedEmail: uniqueEmail() })).statusCode).toBe(400);
    const badZone = await invite(a, { customFormId: formA, invitedEmail: uniqueEmail(), timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json()).toMatchObject({ code: ERROR_CODES.validation, message: MESSAGES.invalidTimeZone });
  });

  it('an inactive form refuses the invitation with the spec message; nothing is created', async () => {
    const id = await activeForm(a, 'Paused form');
    await as(a)('PATCH', `/api/custom_forms/${id}/status`, { status: 'inactive' });
    const email = uniqueEmail('paused');
    const res = await invite(a, { customFormId: id, invitedEmail: email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.customFormInactive, message: MESSAGES.inactiveForm });
    expect(await t.database.db.select().from(applications).where(eq(applications.customFormId, id))).toEqual([]);
    expect(await mailTo(email)).toBeUndefined();
  });

  it("another company's form is 404 and nothing is created", async () => {
    const b = await registerCompany(t, { companyName: 'Company B', membershipId: 'MEMBERSHIP_006' });
    const res = await invite(b, { customFormId: formA, invitedEmail: uniqueEmail('probe') });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODES.customFormNotFound);
    const mine = await t.database.db.select().from(applications).where(eq(applications.companyId, b.companyId));
    expect(mine).toEqual([]);
  });

  it('a STANDARD member invites only on forms of master forms granted to them', async () => {
    const member = await joinTeam(t, a);
    const email = uniqueEmail('member-invite');
    expect((await invite(member, { customFormId: formA, invitedEmail: email })).statusCode).toBe(404);
    const grant = await as(a)('POST', `/api/granted-master-form/${masterId}`, { userIds: [member.userId] });
    expect(grant.statusCode, grant.body).toBe(200);
    const res = await invite(member, { customFormId: formA, invitedEmail: email });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, res.json().applicationId));
    expect(row?.invitedBy).toBe(member.userId);
    await as(a)('POST', `/api/granted-master-form/${masterId}`, { userIds: [] });
    expect((await invite(member, { customFormId: formA, invitedEmail: email })).statusCode).toBe(404);
  });

  it(`caps open applications of one e-mail on one form at ${MAX_OPEN_APPLICATIONS_PER_EMAIL}`, async () => {
    const form = await activeForm(a, 'Capped form');
    const email = uniqueEmail('capped');
    for (let i = 0; i < MAX_OPEN_APPLICATIONS_PER_EMAIL; i++) {
      expect((await invite(a, { customFormId: form, invitedEmail: email })).statusCode).toBe(201);
    }
    const over = await invite(a, { customFormId: form, invitedEmail: email });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: ERROR_CODES.applicationOpenLimit,
      message: MESSAGES.applicationOpenLimit(MAX_OPEN_APPLICATIONS_PER_EMAIL),
    });
    // a submitted one no longer counts; another form is another count
    const [first] = await t.database.db.select().from(applications).where(eq(applications.customFormId, form));
    await t.database.db
      .update(applications)
      .set({ status: 'pending' })
      .where(eq(applications.id, first?.id ?? ''));
    expect((await invite(a, { customFormId: form, invitedEmail: email })).statusCode).toBe(201);
    expect((await invite(a, { customFormId: formA, invitedEmail: email })).statusCode).toBe(201);
  });

  it('parallel invitations of one e-mail never pass the cap', async () => {
    const form = await activeForm(a, 'Raced form');
    const email = uniqueEmail('raced');
    const answers = await Promise.all(
      Array.from({ length: MAX_OPEN_APPLICATIONS_PER_EMAIL + 3 }, () =>
        invite(a, { customFormId: form, invitedEmail: email }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_OPEN_APPLICATIONS_PER_EMAIL);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    const rows = await t.database.db.select().from(applications).where(eq(applications.customFormId, form));
    expect(rows).toHaveLength(MAX_OPEN_APPLICATIONS_PER_EMAIL);
  });

  it('invitations and the applicant’s own drafts share one cap, also when they race', async () => {
    const form = await activeForm(a, 'Mixed form');
    const email = uniqueEmail('mixed');
    const draft = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers: { 'x-api-key': t.config.secrets.publicApiKey },
        payload: { customFormId: form, email, data: {} },
        remoteAddress: uniqueAddress(),
      });
    const answers = await Promise.all(
      Array.from({ length: MAX_OPEN_APPLICATIONS_PER_EMAIL + 4 }, (_, i) =>
        i % 2 === 0 ? invite(a, { customFormId: form, invitedEmail: email }) : draft(),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_OPEN_APPLICATIONS_PER_EMAIL);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    const rows = await t.database.db.select().from(applications).where(eq(applications.customFormId, form));
    expect(rows).toHaveLength(MAX_OPEN_APPLICATIONS_PER_EMAIL);
  });

  it('the notice to another primary address counts against that mailbox too: a flooded mailbox stops the invitation', async () => {
    const primary = uniqueEmail('flooded-owner');
    const throttles = createThrottles({ db: t.database.db });
    while (await throttles.tryTake(INVITE_THROTTLES.recipient, primary)) {}
    const invited = uniqueEmail('assistant');
    const res = await invite(a, { customFormId: formA, invitedEmail: invited, emailPrimary: primary });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ERROR_CODES.rateLimited);
    const rows = await t.database.db.select().from(applications).where(eq(applications.applicantEmail, primary));
    expect(rows).toHaveLength(0);
  });

  it('throttles invitations per company, refusals included', async () => {
    const c = await registerCompany(t, { companyName: 'Busy Co', membershipId: 'MEMBERSHIP_006' });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < INVITE_THROTTLES.company.max; i++) {
      expect((await invite(c, { customFormId: missing, invitedEmail: `p${i}@busy.test` })).statusCode).toBe(404);
    }
    const res = await invite(c, { customFormId: missing, invitedEmail: 'one-more@busy.test' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ERROR_CODES.rateLimited);
    // another company is not held up
    expect((await invite(a, { customFormId: formA, invitedEmail: uniqueEmail('free') })).statusCode).toBe(201);
  });
});
