import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customForms } from '../../db/schema/index';
import { bearer, type Caller, joinTeam } from '../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../test/helpers';
import { documentsSetup, FULL, finishedRun, signedApplication } from '../applications/documents/documents.fixtures';
import { activeForm } from '../applications/review/lists.fixtures';

// Issue 21 §4 (decision 060): the institution's team is told by e-mail (through the outbox) when an application is
// submitted, signed by every owner, and its documents are ready; each member can turn each kind off; the applicant's
// decision e-mail carries the team's reason; Home lists the latest events the caller may see.

type Member = Caller | Awaited<ReturnType<typeof joinTeam>>;

describe.each(testDatabases())('institution notices on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let formId: string;
  let formB: string;
  let admin2: Member;
  let granted: Member;
  let ungranted: Member;
  let inactive: Member;

  const as = (c: { token: string }) => (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(c.token), payload });
  /** The recipients of the mails whose subject starts with `prefix`, sorted. */
  const mailedTo = async (prefix: string) => {
    await t.mailer.settle();
    return t.mailer.sent
      .filter((m) => m.subject.startsWith(prefix))
      .map((m) => m.to)
      .sort();
  };
  const team = () => [a.email, admin2.email, granted.email].sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ a, b, formId } = await documentsSetup(t));
    const [form] = await t.database.db.select().from(customForms).where(eq(customForms.id, formId));
    const masterId = form?.masterFormId as string;
    formB = await activeForm(t, b, masterId, 'B form');
    admin2 = await joinTeam(t, a, 'ADMINISTRATOR');
    granted = await joinTeam(t, a);
    ungranted = await joinTeam(t, a);
    inactive = await joinTeam(t, a);
    const grant = await t.app.inject({
      method: 'POST',
      url: `/api/granted-master-form/${masterId}`,
      headers: bearer(a.token),
      payload: { userIds: [granted.userId, inactive.userId] },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${inactive.userId}/status`,
      headers: bearer(a.token),
      payload: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
  });
  afterAll(() => t.close());

  it('submitted, signed by all and documents ready each mail every ADMINISTRATOR and granted member once', async () => {
    const { applicationId, runId } = await signedApplication(t, formId);
    const number = (await as(a)('GET', `/api/applications/${applicationId}`)).json().number as number;
    expect(await mailedTo(`Application ${number} submitted`)).toEqual(team());
    expect(await mailedTo(`Application ${number} signed by every owner`)).toEqual(team());
    expect((await finishedRun(t, runId)).status).toBe('done');
    expect(await mailedTo(`Documents ready for application ${number}`)).toEqual(team());
    // never the ungranted STANDARD member, the deactivated one, or another company
    const all = t.mailer.sent.filter(
      (m) => m.subject.includes(`application ${number}`) || m.subject.includes(`Application ${number} `),
    );
    for (const who of [ungranted.email, inactive.email, b.email]) expect(all.map((m) => m.to)).not.toContain(who);
    const notice = t.mailer.sent.find((m) => m.subject.startsWith(`Application ${number} submitted`));
    expect(notice?.text).toContain(`/applications/${applicationId}`);
    expect(notice?.text).toContain('/all-profile');
    expect(notice?.text).toContain('Documents form');
    // no answer of the application is in a notice
    expect(notice?.text).not.toContain(FULL.bank_name);
  });

  it('a member who turned a kind off gets none of it, and still gets the others', async () => {
    const put = await as(granted)('PUT', '/api/profile/notifications', {
      kind: 'application-submitted',
      enabled: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().items).toContainEqual({ kind: 'application-submitted', enabled: false });
    const { applicationId } = await signedApplication(t, formId);
    const number = (await as(a)('GET', `/api/applications/${applicationId}`)).json().number as number;
    expect(await mailedTo(`Application ${number} submitted`)).toEqual([a.email, admin2.email].sort());
    expect(await mailedTo(`Application ${number} signed by every owner`)).toEqual(team());
    await as(granted)('PUT', '/api/profile/notifications', { kind: 'application-submitted', enabled: true });
  });

  it('a sync failure (for the integrations to come) is told to the same members, less those who turned it off', async () => {
    await as(admin2)('PUT', '/api/profile/notifications', { kind: 'sync-failed', enabled: false });
    const { applicationId } = await signedApplication(t, formId);
    const ids = await t.database.db.transaction((tx) =>
      t.services.notifications.syncFailed(tx, applicationId, { integration: 'Acme CRM', attempt: 'a1' }),
    );
    await t.services.notifications.dispatch(ids);
    expect(await mailedTo('Not sent to Acme CRM')).toEqual([a.email, granted.email].sort());
  });

  describe('the preferences: a member reads and changes only their own', () => {
    it('every kind is on until turned off', async () => {
      const res = await as(ungranted)('GET', '/api/profile/notifications');
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([
        { kind: 'application-submitted', enabled: true },
        { kind: 'application-signed', enabled: true },
        { kind: 'documents-ready', enabled: true },
        { kind: 'sync-failed', enabled: true },
      ]);
    });

    it("one member's change leaves everyone else's as it was", async () => {
      const put = await as(ungranted)('PUT', '/api/profile/notifications', { kind: 'documents-ready', enabled: false });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().items).toContainEqual({ kind: 'documents-ready', enabled: false });
      for (const other of [a, admin2, granted]) {
        const items = (await as(other)('GET', '/api/profile/notifications')).json().items;
        expect(items).toContainEqual({ kind: 'documents-ready', enabled: true });
      }
    });

    it('names no other user, and refuses unknown kinds and signed-out callers', async () => {
      const other = await as(ungranted)('PUT', '/api/profile/notifications', {
        kind: 'documents-ready',
        enabled: false,
        userId: a.userId,
      });
      expect(other.statusCode).toBe(400);
      const unknown = await as(ungranted)('PUT', '/api/profile/notifications', { kind: 'everything', enabled: false });
      expect(unknown.statusCode).toBe(400);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/profile/notifications' });
      expect(anonymous.statusCode).toBe(401);
      const anonymousPut = await t.app.inject({
        method: 'PUT',
        url: '/api/profile/notifications',
        payload: { kind: 'documents-ready', enabled: false },
      });
      expect(anonymousPut.statusCode).toBe(401);
    });
  });

  describe("the applicant's decision e-mail", () => {
    it('carries the reason when the member e-mails the applicant, and no mail is sent otherwise', async () => {
      const { applicationId, email } = await signedApplication(t, formId);
      const denied = await as(a)('PUT', `/api/applications/${applicationId}/status`, {
        newStatus: 'denied',
        reason: 'The bank statement is older than 90 days.',
        notifyApplicant: true,
      });
      expect(denied.statusCode, denied.body).toBe(200);
      await t.mailer.settle();
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === email && m.subject.includes('has been denied'));
      expect(mail?.text).toContain('Reason given: The bank statement is older than 90 days.');
      expect(mail?.html).toContain('The bank statement is older than 90 days.');

      const second = await signedApplication(t, formId);
      const silent = await as(a)('PUT', `/api/applications/${second.applicationId}/status`, {
        newStatus: 'denied',
        reason: 'Internal: risk score too high.',
        notifyApplicant: false,
      });
      expect(silent.statusCode, silent.body).toBe(200);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === second.email && m.subject.includes('denied'))).toEqual([]);
      expect(t.mailer.sent.some((m) => m.text.includes('risk score'))).toBe(false);
    });

    it('has no reason line when no reason was given', async () => {
      const { applicationId, email } = await signedApplication(t, formId);
      const approved = await as(a)('PUT', `/api/applications/${applicationId}/status`, {
        newStatus: 'approved',
        notifyApplicant: true,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      await t.mailer.settle();
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === email && m.subject.includes('approved'));
      expect(mail?.text).toBeTruthy();
      expect(mail?.text).not.toContain('Reason');
    });
  });

  describe('GET /api/home/events', () => {
    let applicationId: string;
    let bApplication: string;

    beforeAll(async () => {
      ({ applicationId } = await signedApplication(t, formId));
      await as(a)('PUT', `/api/applications/${applicationId}/status`, {
        newStatus: 'approved',
        notifyApplicant: false,
      });
      // company B's own application, submitted
      const draft = await t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers: { 'x-api-key': t.config.secrets.publicApiKey },
        payload: { customFormId: formB, email: uniqueEmail('bapp'), data: {} },
        remoteAddress: uniqueAddress(),
      });
      bApplication = draft.json().applicationId;
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${bApplication}/submit?code=${draft.json().code}`,
        headers: { 'x-api-key': t.config.secrets.publicApiKey },
        payload: { data: FULL, revision: 1 },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
    });

    it("lists the company's latest events newest first, each naming its application", async () => {
      const res = await as(a)('GET', '/api/home/events?limit=50');
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as { kind: string; at: string; applicationId: string; to: string | null }[];
      const mine = items.filter((e) => e.applicationId === applicationId).map((e) => e.kind);
      expect(mine[0]).toBe('status-changed');
      expect(mine).toEqual(expect.arrayContaining(['submitted', 'signed-all', 'status-changed']));
      expect(items.find((e) => e.kind === 'status-changed')?.to).toBe('approved');
      const times = items.map((e) => e.at);
      expect(times).toEqual([...times].sort().reverse());
      expect(items.some((e) => e.kind === 'documents-ready')).toBe(true);
    });

    it("never shows another company's events, nor a form's to a member it was not granted", async () => {
      const aItems = (await as(a)('GET', '/api/home/events?limit=50')).json().items as { applicationId: string }[];
      expect(aItems.map((e) => e.applicationId)).not.toContain(bApplication);
      const bItems = (await as(b)('GET', '/api/home/events?limit=50')).json().items as { applicationId: string }[];
      expect(bItems.length).toBeGreaterThan(0);
      expect(new Set(bItems.map((e) => e.applicationId))).toEqual(new Set([bApplication]));
      const none = await as(ungranted)('GET', '/api/home/events');
      expect(none.statusCode).toBe(200);
      expect(none.json().items).toEqual([]);
      const seen = (await as(granted)('GET', '/api/home/events?limit=50')).json().items as { applicationId: string }[];
      expect(seen.map((e) => e.applicationId)).toContain(applicationId);
    });

    it('answers the limit asked for, and refuses signed-out callers', async () => {
      const res = await as(a)('GET', '/api/home/events?limit=2');
      expect(res.json().items).toHaveLength(2);
      expect((await as(a)('GET', '/api/home/events?limit=500')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/home/events' })).statusCode).toBe(401);
    });
  });
});
