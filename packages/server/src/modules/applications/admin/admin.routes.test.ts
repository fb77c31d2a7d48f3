import { ERROR_CODES } from '@under/core/api/error.schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationOwners, applications } from '../../../db/schema';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { activeForm, insertApplication } from '../review/lists.fixtures';

const HOUR = 3_600_000;
const day = (s: string) => new Date(`${s}T12:00:00.000Z`);

describe.each(testDatabases())('admin application figures and members on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let a: Caller;
  let b: Caller;
  let c: Caller;
  let fA1: string;
  let fA2: string;
  let fB: string;
  let fC: string;
  const now = new Date();
  /** The 15th of the month `n` months back, noon UTC (the statistics count by UTC month). */
  const monthsAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 15, 12));
  const key = (d: Date) => d.toISOString().slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminToken(t);
    const masterA = await publishedMaster(t, admin, { name: 'Alpha Bank' });
    const masterB = await publishedMaster(t, admin, { name: 'Beta Bank' });
    a = await registerCompany(t, { companyName: 'Lender A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Lender B', membershipId: 'MEMBERSHIP_006' });
    c = await registerCompany(t, { companyName: 'Lender C', membershipId: 'MEMBERSHIP_006' });
    fA1 = await activeForm(t, a, masterA, 'Merchant application');
    fA2 = await activeForm(t, a, masterB, 'Loan form');
    fB = await activeForm(t, b, masterA, 'B merchant form');
    fC = await activeForm(t, c, masterA, 'C members form');
    const db = t.database.db;
    const seed = (o: Parameters<typeof insertApplication>[1]) => insertApplication(db, o);
    // ---- the statistics: two accounts' applications over the months
    await seed({ companyId: a.companyId, customFormId: fA1, status: 'pending', createdAt: monthsAgo(0) });
    await seed({
      companyId: a.companyId,
      customFormId: fA1,
      status: 'approved',
      createdAt: monthsAgo(1),
      decidedAt: monthsAgo(0),
    });
    await seed({
      companyId: a.companyId,
      customFormId: fA2,
      status: 'denied',
      createdAt: monthsAgo(2),
      decidedAt: monthsAgo(2),
    });
    await seed({ companyId: a.companyId, customFormId: fA2, status: 'invite_sent', createdAt: monthsAgo(3) });
    await seed({ companyId: a.companyId, customFormId: fA1, status: 'draft', createdAt: monthsAgo(0) });
    await seed({ companyId: a.companyId, customFormId: fA1, status: 'pending', createdAt: monthsAgo(8) });
    await seed({ companyId: b.companyId, customFormId: fB, status: 'pending', createdAt: monthsAgo(0) });
    await seed({
      companyId: b.companyId,
      customFormId: fB,
      status: 'approved',
      createdAt: monthsAgo(1),
      decidedAt: monthsAgo(1),
    });
    await seed({
      companyId: b.companyId,
      customFormId: fB,
      status: 'approved',
      createdAt: monthsAgo(4),
      decidedAt: monthsAgo(4),
    });
    await seed({ companyId: b.companyId, customFormId: fB, status: 'invite_sent', createdAt: monthsAgo(20) });
    // invited, then submitted 2 and 6 hours later: a median of 4 hours across the two accounts
    const invitedAt = monthsAgo(1);
    await seed({
      companyId: a.companyId,
      customFormId: fA1,
      status: 'pending',
      invitedBy: a.userId,
      createdAt: invitedAt,
      submittedAt: new Date(invitedAt.getTime() + 2 * HOUR),
    });
    await seed({
      companyId: b.companyId,
      customFormId: fB,
      status: 'pending',
      invitedBy: b.userId,
      createdAt: invitedAt,
      submittedAt: new Date(invitedAt.getTime() + 6 * HOUR),
    });

    // ---- the members of C's form, all in 2019: outside every statistics window (36 months at most)
    const onC = (o: Partial<Parameters<typeof insertApplication>[1]>) =>
      seed({ companyId: c.companyId, customFormId: fC, ...o });
    const m1 = await onC({
      applicantEmail: 'ann@shop.example',
      primaryName: 'Ann Shop',
      owners: [{ name: 'Oliver Owner', email: 'oliver@partners.example' }],
      status: 'pending',
      createdAt: day('2019-01-01'),
      updatedAt: day('2019-01-10'),
    });
    await db
      .update(applications)
      .set({ data: { ssn: 'enc:v1:k1:c2VjcmV0', notes: 'private words' } })
      .where(eq(applications.id, m1.id));
    // Oliver opened his link last: his activity is the newest
    await db
      .update(applicationOwners)
      .set({ lastSeenAt: day('2019-03-01') })
      .where(eq(applicationOwners.email, 'oliver@partners.example'));
    await onC({
      applicantEmail: 'oliver@partners.example',
      primaryName: 'Oliver O.',
      status: 'approved',
      createdAt: day('2019-01-02'),
      updatedAt: day('2019-01-12'),
    });
    await onC({ applicantEmail: 'ann@shop.example', status: 'invite_sent', createdAt: day('2019-01-05') });
    await onC({ applicantEmail: 'drafty@draft.example', status: 'draft', createdAt: day('2019-02-20') });
    const m5 = await onC({
      applicantEmail: 'bo@cafe.example',
      primaryName: 'Bo Cafe',
      owners: [
        { name: 'Removed Person', email: 'removed@gone.example' },
        { name: 'Cy Partner', email: 'cy@partners.example' },
      ],
      status: 'pending',
      createdAt: day('2019-01-15'),
      updatedAt: day('2019-01-20'),
    });
    await db
      .update(applicationOwners)
      .set({ removedAt: day('2019-01-16') })
      .where(eq(applicationOwners.email, 'removed@gone.example'));
    for (let i = 1; i <= 10; i++) {
      const n = String(i).padStart(2, '0');
      await onC({ applicantEmail: `p${n}@bulk.example`, createdAt: day(`2019-02-${n}`) });
    }
    // A's applicant on another form: not a member of C's form
    await seed({
      companyId: a.companyId,
      customFormId: fA1,
      applicantEmail: 'ann@elsewhere.example',
      createdAt: day('2019-01-01'),
    });
    expect(m5.id).toBeTruthy();
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const ok = async (url: string, token = admin) => {
    const res = await get(token, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  describe('GET /api/admin/applications/status-statistics', () => {
    it('counts every account: by status, per month, per account and per form, with the medians', async () => {
      const six = await ok('/api/admin/applications/status-statistics');
      expect(six.months).toBe(6);
      expect(six.companyId).toBeNull();
      expect(six.byStatus).toEqual({ invite_sent: 1, pending: 4, approved: 3, denied: 1 });
      expect(six.total).toBe(9);
      expect(six.accounts).toBe(2);
      expect(six.perAccount).toEqual([
        {
          companyId: a.companyId,
          companyName: 'Lender A',
          total: 5,
          byStatus: { invite_sent: 1, pending: 2, approved: 1, denied: 1 },
        },
        {
          companyId: b.companyId,
          companyName: 'Lender B',
          total: 4,
          byStatus: { invite_sent: 0, pending: 2, approved: 2, denied: 0 },
        },
      ]);
      expect(six.perForm.map((f: { formName: string; companyName: string; total: number }) => f)).toEqual([
        expect.objectContaining({ customFormId: fB, formName: 'B merchant form', companyName: 'Lender B', total: 4 }),
        expect.objectContaining({
          customFormId: fA1,
          formName: 'Merchant application',
          companyId: a.companyId,
          total: 3,
        }),
        expect.objectContaining({ customFormId: fA2, formName: 'Loan form', companyName: 'Lender A', total: 2 }),
      ]);
      expect(six.perMonth).toHaveLength(6);
      expect(six.perMonth[0].month).toBe(key(monthsAgo(5)));
      expect(six.perMonth[5]).toEqual({ month: key(monthsAgo(0)), submitted: 2, approved: 1, denied: 0 });
      expect(six.perMonth[4]).toEqual({ month: key(monthsAgo(1)), submitted: 4, approved: 1, denied: 0 });
      expect(six.perMonth[3]).toEqual({ month: key(monthsAgo(2)), submitted: 1, approved: 0, denied: 1 });
      expect(six.perMonth[2]).toEqual({ month: key(monthsAgo(3)), submitted: 0, approved: 0, denied: 0 });
      expect(six.perMonth[1]).toEqual({ month: key(monthsAgo(4)), submitted: 1, approved: 1, denied: 0 });
      expect(six.timings.inviteToSubmit).toEqual({ medianHours: 4, count: 2 });
      expect(six.timings.submitToDecision.count).toBe(4);

      expect((await ok('/api/admin/applications/status-statistics?months=12')).total).toBe(10);
      const long = await ok('/api/admin/applications/status-statistics?months=24');
      expect(long.total).toBe(11);
      expect(long.byStatus.invite_sent).toBe(2);
      expect(long.perMonth).toHaveLength(24);
      // the 2019 applications of C are outside even the longest window
      const longest = await ok('/api/admin/applications/status-statistics?months=36');
      expect(longest.perMonth).toHaveLength(36);
      expect(longest.total).toBe(11);
      expect(longest.accounts).toBe(2);
    });

    it("gives one account the very figures its own dashboard shows, with its forms' names", async () => {
      for (const months of [6, 12, 24]) {
        const own = await ok(`/api/applications/status-statistics?months=${months}`, a.token);
        const adm = await ok(`/api/admin/applications/status-statistics?months=${months}&companyId=${a.companyId}`);
        expect(adm.companyId).toBe(a.companyId);
        for (const field of ['months', 'since', 'byStatus', 'total', 'perMonth', 'timings'] as const) {
          expect(adm[field], `${field} over ${months} months`).toEqual(own[field]);
        }
        expect(
          adm.perForm.map(({ companyId, companyName, ...form }: Record<string, unknown>) => {
            expect([companyId, companyName]).toEqual([a.companyId, 'Lender A']);
            return form;
          }),
        ).toEqual(own.perForm);
        expect(adm.perAccount.map((x: { companyId: string }) => x.companyId)).toEqual([a.companyId]);
      }
      // an account without applications in the window: zeros, not an error
      const none = await ok(`/api/admin/applications/status-statistics?companyId=${c.companyId}`);
      expect(none).toMatchObject({ total: 0, accounts: 0, perAccount: [], perForm: [] });
    });

    it('refuses months other than 6, 12, 24 or 36, a malformed or unknown account, and other keys', async () => {
      for (const bad of ['months=7', 'months=0', 'months=x', 'companyId=nope', 'other=1']) {
        const res = await get(admin, `/api/admin/applications/status-statistics?${bad}`);
        expect(res.statusCode, bad).toBe(400);
      }
      const unknown = await get(
        admin,
        '/api/admin/applications/status-statistics?companyId=00000000-0000-4000-8000-000000000000',
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe(ERROR_CODES.notFound);
    });
  });

  describe('GET /api/admin/application-forms', () => {
    it("lists one account's forms, newest first, with their applications by status (drafts aside)", async () => {
      const forms = await ok(`/api/admin/application-forms?companyId=${a.companyId}`);
      expect(forms.companyName).toBe('Lender A');
      expect(forms.items).toEqual([
        {
          customFormId: fA2,
          name: 'Loan form',
          status: 'active',
          masterFormId: expect.any(String),
          masterFormName: 'Beta Bank',
          applications: 2,
          byStatus: { invite_sent: 1, pending: 0, approved: 0, denied: 1 },
        },
        {
          customFormId: fA1,
          name: 'Merchant application',
          status: 'active',
          masterFormId: expect.any(String),
          masterFormName: 'Alpha Bank',
          applications: 5,
          byStatus: { invite_sent: 0, pending: 4, approved: 1, denied: 0 },
        },
      ]);
      expect(
        (await get(admin, '/api/admin/application-forms?companyId=00000000-0000-4000-8000-000000000000')).statusCode,
      ).toBe(404);
      expect((await get(admin, '/api/admin/application-forms')).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/application-members', () => {
    type Member = { email: string; name: string | null; role: string; applications: number; lastActivityAt: string };
    const members = (query: string) =>
      ok(`/api/admin/application-members?companyId=${c.companyId}&formId=${fC}${query}`);
    const emails = (page: { items: Member[] }) => page.items.map((m) => m.email);

    it('one row per owner e-mail of the form, newest activity first, with role, applications and name', async () => {
      const first = await members('');
      expect(first).toMatchObject({ total: 14, page: 1, pageSize: 10 });
      expect(first.form).toEqual({
        customFormId: fC,
        formName: 'C members form',
        companyId: c.companyId,
        companyName: 'Lender C',
      });
      expect(emails(first)).toEqual([
        'oliver@partners.example',
        ...['10', '09', '08', '07', '06', '05', '04', '03', '02'].map((n) => `p${n}@bulk.example`),
      ]);
      // primary of one application and additional owner of another: primary; his newest name; his link's last use
      expect(first.items[0]).toEqual({
        email: 'oliver@partners.example',
        name: 'Oliver O.',
        role: 'primary',
        applications: 2,
        lastActivityAt: day('2019-03-01').toISOString(),
      });
      const second = await members('&page=2');
      expect(emails(second)).toEqual([
        'p01@bulk.example',
        'bo@cafe.example',
        'cy@partners.example',
        'ann@shop.example',
      ]);
      const [, , cy, ann] = second.items as Member[];
      expect(cy).toMatchObject({ name: 'Cy Partner', role: 'additional', applications: 1 });
      expect(ann).toMatchObject({
        name: 'Ann Shop',
        role: 'primary',
        applications: 2,
        lastActivityAt: day('2019-01-10').toISOString(),
      });
      // drafts' owners, removed owners and other forms' applicants are not members
      const all = emails(await members('&pageSize=100'));
      expect(all).toHaveLength(14);
      for (const absent of ['drafty@draft.example', 'removed@gone.example', 'ann@elsewhere.example']) {
        expect(all).not.toContain(absent);
      }
      expect((await members('&pageSize=25&page=1')).items).toHaveLength(14);
      expect((await members('&page=3')).items).toEqual([]);
    });

    it('searches names and e-mails (3-50 characters, any case, literally)', async () => {
      expect(emails(await members('&q=PARTNERS'))).toEqual(['oliver@partners.example', 'cy@partners.example']);
      expect(emails(await members('&q=ann%20sh'))).toEqual(['ann@shop.example']);
      expect(await members('&q=cy%20partner')).toMatchObject({ total: 1, items: [{ email: 'cy@partners.example' }] });
      expect((await members('&q=Removed')).total).toBe(0);
      expect((await members('&q=drafty')).total).toBe(0);
      expect((await members('&q=100%25')).total).toBe(0);
      expect((await members('&q=bulk&pageSize=10&page=1')).total).toBe(10);
      const short = await get(admin, `/api/admin/application-members?companyId=${c.companyId}&formId=${fC}&q=ab`);
      expect(short.statusCode).toBe(400);
    });

    it('never answers a link code (hash) or any value of the applications', async () => {
      const res = await get(admin, `/api/admin/application-members?companyId=${c.companyId}&formId=${fC}&pageSize=100`);
      expect(res.statusCode).toBe(200);
      const hashes = await t.database.db
        .select({ codeHash: applicationOwners.codeHash })
        .from(applicationOwners)
        .innerJoin(applications, eq(applications.id, applicationOwners.applicationId))
        .where(inArray(applications.customFormId, [fC]));
      expect(hashes.length).toBeGreaterThan(10);
      for (const { codeHash } of hashes) expect(res.body).not.toContain(codeHash);
      expect(res.body).not.toContain('enc:v1');
      expect(res.body).not.toContain('private words');
      for (const item of res.json().items) {
        expect(Object.keys(item).sort()).toEqual(['applications', 'email', 'lastActivityAt', 'name', 'role']);
      }
    });

    it("answers 404 for a form that is not the account's, and 400 without one", async () => {
      const other = await get(admin, `/api/admin/application-members?companyId=${c.companyId}&formId=${fA1}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe(ERROR_CODES.customFormNotFound);
      const unknown = await get(
        admin,
        `/api/admin/application-members?companyId=${c.companyId}&formId=00000000-0000-4000-8000-000000000000`,
      );
      expect(unknown.statusCode).toBe(404);
      expect((await get(admin, `/api/admin/application-members?companyId=${c.companyId}`)).statusCode).toBe(400);
      expect(
        (await get(admin, `/api/admin/application-members?companyId=${c.companyId}&formId=${fC}&pageSize=15`))
          .statusCode,
      ).toBe(400);
    });
  });

  it('is for platform admins only: a client user gets 403, nobody signed in 401', async () => {
    for (const url of [
      '/api/admin/applications/status-statistics',
      `/api/admin/applications/status-statistics?companyId=${a.companyId}`,
      `/api/admin/application-forms?companyId=${a.companyId}`,
      `/api/admin/application-members?companyId=${a.companyId}&formId=${fA1}`,
    ]) {
      expect((await get(a.token, url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
