import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSearchText } from '../../../db/repositories/application-filter.repository';
import { applicationOwners, applications, auditEvents } from '../../../db/schema';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { activeForm, insertApplication } from './lists.fixtures';

type Row = Awaited<ReturnType<typeof insertApplication>>;
const d = (s: string) => new Date(`${s}T12:00:00.000Z`);

describe.each(testDatabases())('application lists and status decisions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let masterA: string;
  let masterB: string;
  let a: Caller;
  let b: Caller;
  let fA1: string;
  let fA2: string;
  let fB: string;
  const r: Record<string, Row> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminToken(t);
    masterA = await publishedMaster(t, admin, { name: 'Alpha Bank' });
    masterB = await publishedMaster(t, admin, { name: 'Beta Bank' });
    a = await registerCompany(t, { companyName: 'Lender A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Lender B', membershipId: 'MEMBERSHIP_006' });
    fA1 = await activeForm(t, a, masterA, 'Merchant application');
    fA2 = await activeForm(t, a, masterB, 'Loan form');
    fB = await activeForm(t, b, masterA, 'B merchant form');
    const db = t.database.db;
    // numbers of three digits and more, as a search needs 3 characters
    await db.execute(sql`alter table applications alter column number restart with 1000`);
    r.a1 = await insertApplication(db, {
      companyId: a.companyId,
      customFormId: fA1,
      status: 'pending',
      applicantCompanyName: 'Zeta Traders',
      applicantEmail: 'zoe@zeta.example',
      primaryName: 'Zoe Zed',
      owners: [{ name: 'Oliver Owner', email: 'oliver@partners.example' }],
      submittedAt: d('2026-03-10'),
      updatedAt: d('2026-03-11'),
      signStatus: 'PROGRESSING',
    });
    r.a2 = await insertApplication(db, {
      companyId: a.companyId,
      customFormId: fA1,
      status: 'approved',
      applicantCompanyName: 'Acme Retail',
      submittedAt: d('2026-05-02'),
      updatedAt: d('2026-05-05'),
      updatedBy: 'officer@lender-a.example',
    });
    r.a3 = await insertApplication(db, {
      companyId: a.companyId,
      customFormId: fA2,
      status: 'denied',
      applicantCompanyName: 'Beta Foods',
      submittedAt: d('2026-04-01'),
      updatedAt: d('2026-04-03'),
    });
    r.a4 = await insertApplication(db, {
      companyId: a.companyId,
      customFormId: fA2,
      status: 'invite_sent',
      applicantCompanyName: 'acme retail',
      createdAt: d('2026-06-01'),
      updatedAt: d('2026-06-01'),
    });
    r.a5 = await insertApplication(db, {
      companyId: a.companyId,
      customFormId: fA1,
      status: 'draft',
      applicantCompanyName: 'Drafty Zeta',
      updatedAt: d('2026-07-01'),
    });
    r.a6 = await insertApplication(db, {
      companyId: a.companyId,
      customFormId: fA2,
      status: 'pending',
      applicantCompanyName: 'Mid Corp',
      submittedAt: d('2026-02-01'),
      updatedAt: d('2026-02-02'),
    });
    // company B has look-alikes of A's: a search or filter that leaked would find them
    r.b1 = await insertApplication(db, {
      companyId: b.companyId,
      customFormId: fB,
      status: 'pending',
      applicantCompanyName: 'Acme Retail',
      applicantEmail: 'zoe@zeta.example',
      submittedAt: d('2026-05-01'),
      updatedAt: d('2026-05-01'),
    });
    // an encrypted-looking value and a plain value in data: never searched
    await db
      .update(applications)
      .set({ data: { notes: 'hiddenword', ssn: 'enc:v1:k1:c2VjcmV0' } })
      .where(eq(applications.id, r.a6.id));
  });
  afterAll(async () => {
    await t.mailer.settle();
    await t.close();
  });

  const as = (caller: { token: string } | string) => (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(typeof caller === 'string' ? caller : caller.token),
      payload: payload as object,
    });
  const list = async (caller: Caller | string, query = '') => {
    const res = await as(caller)('GET', `/api/applications${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { applicationId: string }[]; total: number; page: number; pageSize: number };
  };
  const ids = (page: { items: { applicationId: string }[] }) => page.items.map((i) => i.applicationId);
  const idsOf = (...names: string[]) => names.map((n) => r[n]?.id);
  const sorted = (page: { items: { applicationId: string }[] }) => [...ids(page)].sort();
  const setOf = (...names: string[]) => idsOf(...names).sort();

  describe('GET /api/applications', () => {
    it("lists the company's applications, newest change first, without drafts or another company's", async () => {
      const page = await list(a);
      expect(ids(page)).toEqual(idsOf('a4', 'a2', 'a3', 'a1', 'a6'));
      expect(page).toMatchObject({ total: 5, page: 1, pageSize: 10 });
      const first = (await list(a, 'sort=number&order=asc')).items[0];
      expect(first).toEqual({
        applicationId: r.a1?.id,
        number: r.a1?.number,
        applicantCompanyName: 'Zeta Traders',
        customFormId: fA1,
        formName: 'Merchant application',
        status: 'pending',
        signStatus: 'PROGRESSING',
        submittedAt: d('2026-03-10').toISOString(),
        updatedAt: d('2026-03-11').toISOString(),
        updatedBy: 'zoe@zeta.example',
        primaryEmail: 'zoe@zeta.example',
      });
    });

    it('filters by one or several statuses; draft and unknown statuses are 400', async () => {
      expect(sorted(await list(a, 'statuses=pending'))).toEqual(setOf('a1', 'a6'));
      expect(sorted(await list(a, 'statuses=approved&statuses=denied'))).toEqual(setOf('a2', 'a3'));
      expect(sorted(await list(a, 'statuses=invite_sent'))).toEqual(setOf('a4'));
      const all = await list(a, 'statuses=invite_sent&statuses=pending&statuses=approved&statuses=denied');
      expect(all.total).toBe(5);
      for (const bad of ['statuses=draft', 'statuses=closed']) {
        const res = await as(a)('GET', `/api/applications?${bad}`);
        expect(res.statusCode, bad).toBe(400);
      }
    });

    it("searches the number, applicant company, owners' names and e-mails as word prefixes", async () => {
      expect(ids(await list(a, 'q=zeta'))).toEqual(idsOf('a1'));
      expect(ids(await list(a, 'q=Oliver'))).toEqual(idsOf('a1'));
      expect(ids(await list(a, 'q=partners.example'))).toEqual(idsOf('a1'));
      expect(ids(await list(a, 'q=zoe%40zeta.example'))).toEqual(idsOf('a1'));
      expect(ids(await list(a, 'q=zoe%20zed'))).toEqual(idsOf('a1'));
      expect(sorted(await list(a, 'q=acm'))).toEqual(setOf('a2', 'a4'));
      expect(ids(await list(a, `q=${r.a2?.number}`))).toContain(r.a2?.id);
      // several words: all must match
      expect(ids(await list(a, 'q=acme%20retail'))).toHaveLength(2);
      expect(ids(await list(a, 'q=acme%20foods'))).toEqual([]);
      // never the data, nor a sealed value
      expect((await list(a, 'q=hiddenword')).total).toBe(0);
      expect((await list(a, 'q=c2VjcmV0')).total).toBe(0);
      // punctuation only: nothing, not everything
      expect((await list(a, 'q=...')).total).toBe(0);
      // a quote or a tsquery operator is only a separator
      expect(ids(await list(a, "q=zeta'%20%7C%20!acme"))).toEqual([]);
      expect(ids(await list(a, "q=zeta'&statuses=pending"))).toEqual(idsOf('a1'));
      for (const bad of ['q=ab', `q=${'x'.repeat(51)}`]) {
        expect((await as(a)('GET', `/api/applications?${bad}`)).statusCode, bad).toBe(400);
      }
    });

    it('finds owners as they change (refreshSearchText)', async () => {
      await t.database.db
        .update(applicationOwners)
        .set({ name: 'Olga Other' })
        .where(and(eq(applicationOwners.applicationId, r.a1?.id ?? ''), eq(applicationOwners.kind, 'additionalOwner')));
      await refreshSearchText(t.database.db, r.a1?.id ?? '');
      expect(ids(await list(a, 'q=olga'))).toEqual(idsOf('a1'));
      expect(ids(await list(a, 'q=owner'))).toEqual([]);
      await t.database.db
        .update(applicationOwners)
        .set({ name: 'Oliver Owner' })
        .where(and(eq(applicationOwners.applicationId, r.a1?.id ?? ''), eq(applicationOwners.kind, 'additionalOwner')));
      await refreshSearchText(t.database.db, r.a1?.id ?? '');
      expect(ids(await list(a, 'q=owner'))).toEqual(idsOf('a1'));
    });

    it('filters by the submission day (inclusive); an unsubmitted invitation has none', async () => {
      expect(sorted(await list(a, 'startDate=2026-04-01&endDate=2026-05-02'))).toEqual(setOf('a2', 'a3'));
      expect(sorted(await list(a, 'startDate=2026-04-02'))).toEqual(setOf('a2'));
      expect(sorted(await list(a, 'endDate=2026-03-10'))).toEqual(setOf('a1', 'a6'));
      for (const bad of ['startDate=2026-05-02&endDate=2026-04-01', 'startDate=yesterday', 'endDate=2026-13-01']) {
        expect((await as(a)('GET', `/api/applications?${bad}`)).statusCode, bad).toBe(400);
      }
    });

    it('filters by applicant company (any case) and by form', async () => {
      expect(sorted(await list(a, 'applicantCompanyName=ACME%20RETAIL'))).toEqual(setOf('a2', 'a4'));
      expect(sorted(await list(a, `formId=${fA2}`))).toEqual(setOf('a3', 'a4', 'a6'));
      expect(sorted(await list(a, `formId=${fA2}&statuses=pending`))).toEqual(setOf('a6'));
    });

    it('sorts by every column both ways, the number breaking ties', async () => {
      const rows = ['a1', 'a2', 'a3', 'a4', 'a6'].map((n) => r[n] as Row);
      const form = (x: Row) => (x.customFormId === fA1 ? 'Merchant application' : 'Loan form');
      const cmp =
        <T>(f: (x: Row) => T) =>
        (x: Row, y: Row) => {
          const p = f(x);
          const q = f(y);
          return p === q ? x.number - y.number : (p as never) < (q as never) ? -1 : 1;
        };
      const cases: [string, (x: Row, y: Row) => number][] = [
        ['formName', cmp(form)],
        // within a status, the latest change first (desc) or last (asc)
        ['status', cmp((x) => `${x.status}|${x.updatedAt.toISOString()}`)],
        ['updatedAt', cmp((x) => x.updatedAt.getTime())],
        ['number', cmp((x) => x.number)],
      ];
      for (const [sort, by] of cases) {
        const asc = [...rows].sort(by).map((x) => x.id);
        const desc = [...rows].sort((x, y) => -by(x, y)).map((x) => x.id);
        expect(ids(await list(a, `sort=${sort}&order=asc`)), `${sort} asc`).toEqual(asc);
        expect(ids(await list(a, `sort=${sort}&order=desc`)), `${sort} desc`).toEqual(desc);
      }
      // company names: collation decides between 'acme retail' and 'Acme Retail'; the rest is plain order
      const names = (await list(a, 'sort=applicantCompanyName&order=asc')).items.map(
        (i) => (i as unknown as { applicantCompanyName: string }).applicantCompanyName,
      );
      expect(names.slice(2)).toEqual(['Beta Foods', 'Mid Corp', 'Zeta Traders']);
      expect(names.slice(0, 2).map((n) => n.toLowerCase())).toEqual(['acme retail', 'acme retail']);
      // submitted: the unsubmitted invitation last both ways
      expect(ids(await list(a, 'sort=submittedAt&order=asc'))).toEqual(idsOf('a6', 'a1', 'a3', 'a2', 'a4'));
      expect(ids(await list(a, 'sort=submittedAt&order=desc'))).toEqual(idsOf('a2', 'a3', 'a1', 'a6', 'a4'));
      for (const bad of ['sort=data', 'order=up']) {
        expect((await as(a)('GET', `/api/applications?${bad}`)).statusCode, bad).toBe(400);
      }
    });

    it('pages with the spec page sizes and keeps the total', async () => {
      const p = await registerCompany(t, { companyName: 'Pager', membershipId: 'MEMBERSHIP_006' });
      const form = await activeForm(t, p, masterA, 'Paged');
      const made: Row[] = [];
      for (let i = 0; i < 23; i++) {
        made.push(await insertApplication(t.database.db, { companyId: p.companyId, customFormId: form }));
      }
      const byNumber = made.map((x) => x.id);
      const first = await list(p, 'sort=number&order=asc');
      expect(first).toMatchObject({ total: 23, page: 1, pageSize: 10 });
      expect(ids(first)).toEqual(byNumber.slice(0, 10));
      expect(ids(await list(p, 'sort=number&order=asc&page=3'))).toEqual(byNumber.slice(20));
      expect(ids(await list(p, 'sort=number&order=asc&page=2&pageSize=20'))).toEqual(byNumber.slice(20));
      expect((await list(p, 'page=4')).items).toEqual([]);
      for (const size of [25, 50, 75, 100]) expect((await list(p, `pageSize=${size}`)).items).toHaveLength(23);
      // by form name, pages cut across forms: 'Another' (5) before 'Paged' (23), numbers in order inside each
      const other = await activeForm(t, p, masterB, 'Another');
      const others: Row[] = [];
      for (let i = 0; i < 5; i++) {
        others.push(await insertApplication(t.database.db, { companyId: p.companyId, customFormId: other }));
      }
      const byForm = [...others.map((x) => x.id), ...byNumber];
      const p1 = await list(p, 'sort=formName&order=asc&pageSize=20');
      const p2 = await list(p, 'sort=formName&order=asc&pageSize=20&page=2');
      expect(p1.total).toBe(28);
      expect([...ids(p1), ...ids(p2)]).toEqual(byForm);
      const d1 = await list(p, 'sort=formName&order=desc&pageSize=25');
      const d2 = await list(p, 'sort=formName&order=desc&pageSize=25&page=2');
      expect([...ids(d1), ...ids(d2)]).toEqual([...byForm].reverse());
      expect(ids(await list(p, `sort=formName&formId=${other}`))).toEqual([...others.map((x) => x.id)].reverse());
      for (const bad of ['pageSize=7', 'pageSize=1000', 'page=0']) {
        expect((await as(p)('GET', `/api/applications?${bad}`)).statusCode, bad).toBe(400);
      }
    });
  });

  describe('tenancy', () => {
    it("company B sees only its own, by any filter, also naming A's form", async () => {
      expect(ids(await list(b))).toEqual(idsOf('b1'));
      expect(ids(await list(b, 'q=zeta'))).toEqual(idsOf('b1'));
      expect(ids(await list(b, 'q=oliver'))).toEqual([]);
      expect(ids(await list(b, `formId=${fA1}`))).toEqual([]);
      expect(ids(await list(a, `formId=${fB}`))).toEqual([]);
      expect(ids(await list(b, 'applicantCompanyName=Zeta%20Traders'))).toEqual([]);
      expect(ids(await list(b, `q=${r.a1?.number}`))).not.toContain(r.a1?.id);
    });

    it("company B cannot change A's application, also naming A's company: 404 and nothing changes", async () => {
      const id = r.a1?.id ?? '';
      const attempts = [
        as(b)('PUT', `/api/applications/${id}/status`, { newStatus: 'approved' }),
        as(b)('PUT', `/api/applications/${id}/status?companyId=${a.companyId}`, { newStatus: 'approved' }),
        as(a)('PUT', `/api/applications/${id}/status?companyId=${b.companyId}`, { newStatus: 'approved' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().code).toBe(ERROR_CODES.applicationNotFound);
      }
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
      expect(row?.status).toBe('pending');
    });

    it("B's statistics count none of A's", async () => {
      const res = await as(b)('GET', '/api/applications/status-statistics?months=36');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().perForm.map((f: { customFormId: string }) => f.customFormId)).toEqual([fB]);
    });

    it('a STANDARD member sees and decides only the applications of forms whose master form was granted', async () => {
      const member = await joinTeam(t, a);
      expect((await list(member)).total).toBe(0);
      const grant = await as(a)('GET', '/api/applications'); // the administrator still sees all
      expect(grant.json().total).toBe(5);
      const granted = await t.app.inject({
        method: 'POST',
        url: `/api/granted-master-form/${masterA}`,
        headers: bearer(a.token),
        payload: { userIds: [member.userId] },
      });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(sorted(await list(member))).toEqual(setOf('a1', 'a2'));
      expect((await list(member, `formId=${fA2}`)).total).toBe(0);
      expect((await list(member, `formId=${fA2}&sort=formName`)).total).toBe(0);
      expect(ids(await list(member, 'sort=formName&order=asc'))).toEqual(idsOf('a1', 'a2'));
      expect((await list(member, 'q=beta')).total).toBe(0);
      const refused = await as(member)('PUT', `/api/applications/${r.a6?.id}/status`, { newStatus: 'approved' });
      expect(refused.statusCode).toBe(404);
      const stats = (await as(member)('GET', '/api/applications/status-statistics?months=36')).json();
      expect(stats.perForm.map((f: { customFormId: string }) => f.customFormId)).toEqual([fA1]);
      await t.app.inject({
        method: 'POST',
        url: `/api/granted-master-form/${masterA}`,
        headers: bearer(a.token),
        payload: { userIds: [] },
      });
      expect((await list(member)).total).toBe(0);
      expect(masterB).toBeTruthy();
    });
  });

  describe('PUT /api/applications/:applicationId/status', () => {
    const put = (caller: Caller, id: string | undefined, body: unknown) =>
      as(caller)('PUT', `/api/applications/${id}/status`, body);
    const rowOf = async (id: string | undefined) =>
      (
        await t.database.db
          .select()
          .from(applications)
          .where(eq(applications.id, id ?? ''))
      )[0];
    const auditsOf = (id: string | undefined) =>
      t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.targetId, id ?? ''));

    async function expectRefused(caller: Caller, id: string | undefined, body: unknown, status = 409) {
      const before = await rowOf(id);
      const audits = (await auditsOf(id)).length;
      const res = await put(caller, id, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(await rowOf(id)).toEqual(before);
      expect(await auditsOf(id)).toHaveLength(audits);
      return res;
    }

    it('approves a pending application, audited; then only a reopen is allowed; reopened it can be denied', async () => {
      const app = await insertApplication(t.database.db, {
        companyId: a.companyId,
        customFormId: fA1,
        status: 'pending',
        applicantCompanyName: 'Decide Me',
      });
      const ok = await put(a, app.id, { newStatus: 'approved' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        applicationId: app.id,
        status: 'approved',
        previousStatus: 'pending',
        statusReason: null,
        updatedBy: a.email,
      });
      expect(ok.json().decidedAt).toBeTruthy();
      const row = await rowOf(app.id);
      expect(row).toMatchObject({ status: 'approved', updatedBy: a.email });
      expect(row?.decidedAt).toBeInstanceOf(Date);
      const [event] = await auditsOf(app.id);
      expect(event).toMatchObject({
        action: 'application.status',
        actorUserId: a.userId,
        companyId: a.companyId,
        details: { from: 'pending', to: 'approved', reason: null, notifyApplicant: false },
      });

      const refused = await expectRefused(a, app.id, { newStatus: 'denied', reason: 'Changed our mind' });
      expect(refused.json()).toMatchObject({
        code: ERROR_CODES.applicationStatusTransition,
        message: MESSAGES.applicationStatusTransition('approved', 'denied', ['pending']),
      });
      await expectRefused(a, app.id, { newStatus: 'approved' });

      const reopened = await put(a, app.id, { newStatus: 'pending', reason: 'New documents arrived' });
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json()).toMatchObject({
        status: 'pending',
        decidedAt: null,
        statusReason: 'New documents arrived',
      });
      await expectRefused(a, app.id, { newStatus: 'pending' });

      // a denial needs a reason (400, nothing changed)
      await expectRefused(a, app.id, { newStatus: 'denied' }, 400);
      await expectRefused(a, app.id, { newStatus: 'denied', reason: '   ' }, 400);
      const denied = await put(a, app.id, { newStatus: 'denied', reason: 'Incomplete documents' });
      expect(denied.statusCode, denied.body).toBe(200);
      expect(await rowOf(app.id)).toMatchObject({ status: 'denied', statusReason: 'Incomplete documents' });
      expect((await auditsOf(app.id)).map((e) => e.details)).toEqual([
        { from: 'pending', to: 'approved', reason: null, notifyApplicant: false },
        { from: 'approved', to: 'pending', reason: 'New documents arrived', notifyApplicant: false },
        { from: 'pending', to: 'denied', reason: 'Incomplete documents', notifyApplicant: false },
      ]);
      await expectRefused(a, app.id, { newStatus: 'approved' });
    });

    it('refuses to decide an invitation that was not submitted (409) and hides drafts (404)', async () => {
      const res = await expectRefused(a, r.a4?.id, { newStatus: 'approved' });
      expect(res.json().message).toBe(MESSAGES.applicationStatusTransition('invite_sent', 'approved', []));
      await expectRefused(a, r.a4?.id, { newStatus: 'denied', reason: 'No' });
      await expectRefused(a, r.a5?.id, { newStatus: 'approved' }, 404);
      await expectRefused(a, r.a5?.id, { newStatus: 'invite_sent' }, 400);
      const missing = await put(a, '00000000-0000-4000-8000-000000000000', { newStatus: 'approved' });
      expect(missing.statusCode).toBe(404);
    });

    it('e-mails the applicant only when asked, after the commit', async () => {
      const quiet = await insertApplication(t.database.db, {
        companyId: a.companyId,
        customFormId: fA1,
        applicantEmail: 'quiet@applicant.example',
      });
      const told = await insertApplication(t.database.db, {
        companyId: a.companyId,
        customFormId: fA1,
        applicantEmail: 'told@applicant.example',
      });
      expect((await put(a, quiet.id, { newStatus: 'approved' })).statusCode).toBe(200);
      const res = await put(a, told.id, { newStatus: 'denied', reason: 'Internal risk note', notifyApplicant: true });
      expect(res.statusCode, res.body).toBe(200);
      await t.mailer.settle();
      expect(t.mailer.sent.filter((m) => m.to === 'quiet@applicant.example')).toEqual([]);
      const mails = t.mailer.sent.filter((m) => m.to === 'told@applicant.example');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Lender A: your application has been denied');
      expect(mails[0]?.text).toContain(`"Merchant application" (number ${told.number})`);
      // the reason the dialog asks for is the applicant's to read when the team e-mails them (issue 21; decision 060)
      expect(mails[0]?.text).toContain('Reason given: Internal risk note');
      const [event] = await auditsOf(told.id);
      expect(event?.details).toMatchObject({ notifyApplicant: true });
    });

    it('admins do not decide applications (403)', async () => {
      const res = await as(admin)('PUT', `/api/applications/${r.a6?.id}/status`, { newStatus: 'approved' });
      expect(res.statusCode).toBe(403);
      expect((await rowOf(r.a6?.id))?.status).toBe('pending');
    });
  });

  describe('GET /api/admin/applications', () => {
    it("lists one account's applications with the same query, and one form's", async () => {
      const get = async (query: string) => {
        const res = await as(admin)('GET', `/api/admin/applications?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const first = await get(`companyId=${a.companyId}&sort=number&order=asc&pageSize=100`);
      expect(first.items.map((i: { applicationId: string }) => i.applicationId).slice(0, 5)).toEqual(
        idsOf('a1', 'a2', 'a3', 'a4', 'a6'),
      );
      expect(first.items.map((i: { applicationId: string }) => i.applicationId)).not.toContain(r.a5?.id);
      expect(sorted(await get(`companyId=${a.companyId}&formId=${fA2}`))).toEqual(setOf('a3', 'a4', 'a6'));
      expect(ids(await get(`companyId=${a.companyId}&formId=${fB}`))).toEqual([]);
      expect(ids(await get(`companyId=${b.companyId}`))).toEqual(idsOf('b1'));
      expect(ids(await get(`companyId=${b.companyId}&q=zeta`))).toEqual(idsOf('b1'));
      expect((await as(admin)('GET', '/api/admin/applications')).statusCode).toBe(400);
      expect((await as(a)('GET', `/api/admin/applications?companyId=${a.companyId}`)).statusCode).toBe(403);
    });
  });

  describe('GET /api/customers', () => {
    it('one row per applicant e-mail with their applications by status, newest first; scoped and searchable', async () => {
      const c = await registerCompany(t, { companyName: 'Customers Co', membershipId: 'MEMBERSHIP_006' });
      const form = await activeForm(t, c, masterA, 'Customer form');
      const other = await activeForm(t, c, masterB, 'Other customer form');
      const day = (n: number) => new Date(Date.now() - n * 86_400_000);
      const seed = (o: Partial<Parameters<typeof insertApplication>[1]>) =>
        insertApplication(t.database.db, { companyId: c.companyId, customFormId: form, ...o });
      await seed({
        applicantEmail: 'Ann@Shop.example',
        applicantCompanyName: 'Ann Shop',
        status: 'approved',
        updatedAt: day(5),
      });
      const latest = await seed({
        applicantEmail: 'ann@shop.example',
        applicantCompanyName: 'Ann Shop LLC',
        status: 'pending',
        updatedAt: day(1),
      });
      await seed({
        applicantEmail: 'bo@cafe.example',
        applicantCompanyName: 'Bo Cafe',
        status: 'invite_sent',
        updatedAt: day(3),
      });
      await seed({ applicantEmail: 'bo@cafe.example', status: 'draft', updatedAt: day(0) });
      await seed({
        applicantEmail: 'cy@other.example',
        applicantCompanyName: 'Cy Other',
        customFormId: other,
        status: 'denied',
        updatedAt: day(2),
      });
      const customers = async (caller: Caller, q = '') => {
        const res = await as(caller)('GET', `/api/customers${q}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const all = await customers(c);
      expect(all.total).toBe(3);
      expect(all.items.map((x: { email: string }) => x.email)).toEqual([
        'ann@shop.example',
        'cy@other.example',
        'bo@cafe.example',
      ]);
      expect(all.items[0]).toMatchObject({
        companyName: 'Ann Shop LLC',
        applications: 2,
        byStatus: { invite_sent: 0, pending: 1, approved: 1, denied: 0 },
        latestApplicationId: latest.id,
      });
      // a draft is the applicant's own: not counted
      expect(all.items[2]).toMatchObject({
        applications: 1,
        byStatus: { invite_sent: 1, pending: 0, approved: 0, denied: 0 },
      });
      expect((await customers(c, '?q=cafe')).items.map((x: { email: string }) => x.email)).toEqual(['bo@cafe.example']);
      // another company sees none of them; a STANDARD member only those of granted forms
      expect(JSON.stringify(await customers(b))).not.toContain('shop.example');
      const member = await joinTeam(t, c);
      expect((await customers(member)).total).toBe(0);
      const granted = await t.app.inject({
        method: 'POST',
        url: `/api/granted-master-form/${masterB}`,
        headers: bearer(c.token),
        payload: { userIds: [member.userId] },
      });
      expect(granted.statusCode, granted.body).toBe(200);
      expect((await customers(member)).items.map((x: { email: string }) => x.email)).toEqual(['cy@other.example']);
      expect((await as(c)('GET', '/api/customers?q=ab')).statusCode).toBe(400);
    });
  });

  describe('GET /api/applications/status-statistics', () => {
    it('counts by status, per month (zeros included) and per form over 6, 12, 24 or 36 months', async () => {
      const s = await registerCompany(t, { companyName: 'Stats', membershipId: 'MEMBERSHIP_006' });
      const f1 = await activeForm(t, s, masterA, 'Form one');
      const f2 = await activeForm(t, s, masterB, 'Form two');
      const now = new Date();
      const monthsAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 15, 12));
      const key = (dt: Date) => dt.toISOString().slice(0, 7);
      const seed = (o: Partial<Parameters<typeof insertApplication>[1]>) =>
        insertApplication(t.database.db, { companyId: s.companyId, customFormId: f1, ...o });
      await seed({ status: 'pending', createdAt: monthsAgo(0) });
      await seed({ status: 'approved', createdAt: monthsAgo(1), decidedAt: monthsAgo(0) });
      await seed({ status: 'denied', customFormId: f2, createdAt: monthsAgo(2), decidedAt: monthsAgo(2) });
      await seed({ status: 'invite_sent', customFormId: f2, createdAt: monthsAgo(3) });
      await seed({ status: 'draft', createdAt: monthsAgo(0) });
      await seed({ status: 'pending', createdAt: monthsAgo(8) });
      await seed({ status: 'approved', createdAt: monthsAgo(20), decidedAt: monthsAgo(20) });

      const stats = async (q = '') => {
        const res = await as(s)('GET', `/api/applications/status-statistics${q}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const six = await stats();
      expect(six.months).toBe(6);
      expect(six.byStatus).toEqual({ invite_sent: 1, pending: 1, approved: 1, denied: 1 });
      expect(six.total).toBe(4);
      expect(six.perMonth).toHaveLength(6);
      expect(six.perMonth[0].month).toBe(key(monthsAgo(5)));
      expect(six.perMonth[5]).toEqual({ month: key(monthsAgo(0)), submitted: 1, approved: 1, denied: 0 });
      expect(six.perMonth[4]).toEqual({ month: key(monthsAgo(1)), submitted: 1, approved: 0, denied: 0 });
      expect(six.perMonth[3]).toEqual({ month: key(monthsAgo(2)), submitted: 1, approved: 0, denied: 1 });
      expect(six.perMonth[2]).toEqual({ month: key(monthsAgo(3)), submitted: 0, approved: 0, denied: 0 });
      expect(six.perForm).toEqual([
        {
          customFormId: f1,
          formName: 'Form one',
          total: 2,
          byStatus: { invite_sent: 0, pending: 1, approved: 1, denied: 0 },
        },
        {
          customFormId: f2,
          formName: 'Form two',
          total: 2,
          byStatus: { invite_sent: 1, pending: 0, approved: 0, denied: 1 },
        },
      ]);
      // how long things take: medians in hours, null without anything to measure
      expect(six.timings).toEqual({
        inviteToSubmit: { medianHours: null, count: 0 },
        submitToDecision: { medianHours: expect.any(Number), count: 2 },
      });
      const hour = 3_600_000;
      const invitedAt = new Date(now.getTime() - 10 * 24 * hour);
      const inviter = s.userId;
      await seed({
        status: 'pending',
        invitedBy: inviter,
        createdAt: invitedAt,
        submittedAt: new Date(invitedAt.getTime() + 2 * hour),
      });
      await seed({
        status: 'pending',
        invitedBy: inviter,
        createdAt: invitedAt,
        submittedAt: new Date(invitedAt.getTime() + 4 * hour),
      });
      await seed({
        status: 'pending',
        invitedBy: inviter,
        createdAt: invitedAt,
        submittedAt: new Date(invitedAt.getTime() + 30 * hour),
      });
      await seed({ status: 'invite_sent', invitedBy: inviter, createdAt: invitedAt });
      await seed({
        status: 'approved',
        createdAt: invitedAt,
        submittedAt: invitedAt,
        decidedAt: new Date(invitedAt.getTime() + 48 * hour),
      });
      const timed = (await stats()).timings;
      expect(timed.inviteToSubmit).toEqual({ medianHours: 4, count: 3 });
      expect(timed.submitToDecision.count).toBe(3);
      expect((await stats('?months=12')).total).toBe(10);
      const all = await stats('?months=24');
      expect(all.total).toBe(11);
      expect(all.perMonth).toHaveLength(24);
      expect(all.byStatus.approved).toBe(3);
      expect((await stats('?months=36')).perMonth).toHaveLength(36);
      for (const bad of ['?months=7', '?months=0', '?months=x']) {
        expect((await as(s)('GET', `/api/applications/status-statistics${bad}`)).statusCode, bad).toBe(400);
      }
    });
  });
});
