import { ERROR_CODES } from '@under/core/api/error.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { applicationOwners, auditEvents } from '../../../db/schema';
import { withRequestContext } from '../../../plugins/request-context';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
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
const AGENT = 'Mozilla/5.0 (history test) AppleWebKit';

describe.each(testDatabases())('application history on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let formId: string;
  const codes = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'History Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'History A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'History B', membershipId: 'MEMBERSHIP_006' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers: bearer(a.token),
      payload: { masterFormId: masterId, name: 'History form' },
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

  const key = { 'x-api-key': () => t.config.secrets.publicApiKey };
  const headers = () => ({ 'x-api-key': key['x-api-key'](), 'user-agent': AGENT });

  /** A submitted application made through the applicant's API from one address. */
  async function submitted(address = uniqueAddress()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: headers(),
      payload: { customFormId: formId, email: uniqueEmail('hist'), data: { bank_name: 'One' } },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId, code } = res.json();
    for (let revision = 1; revision <= 3; revision++) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/public/applications/${applicationId}/draft?code=${code}`,
        headers: headers(),
        payload: { data: { bank_name: `Rev ${revision}` }, revision },
        remoteAddress: address,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers: headers(),
      payload: { data: FULL, revision: 4 },
      remoteAddress: address,
    });
    expect(done.statusCode, done.body).toBe(200);
    codes.set(applicationId, code);
    return applicationId as string;
  }
  const history = (id: string, caller: Caller = a, query = '') =>
    t.app.inject({ url: `/api/applications/${id}/history${query}`, headers: bearer(caller.token) });

  it('every event of the application, chained and intact, with the IP and user agent of each request', async () => {
    const address = uniqueAddress();
    const id = await submitted(address);
    const res = await history(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.chain).toEqual({ intact: true, brokenAt: null, events: body.total });
    const actions = body.items.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 4)).toEqual([
      'application.create',
      'application.save',
      'application.save',
      'application.save',
    ]);
    expect(actions).toContain('application.submit');
    expect(body.items.map((e: { seq: number }) => e.seq)).toEqual(body.items.map((_: unknown, i: number) => i + 1));
    expect(body.items[0]).toMatchObject({
      actorKind: 'owner',
      role: 'primaryOwnerEndUser',
      ip: address,
      userAgent: AGENT,
    });
    // never a value of an encrypted field
    expect(res.body).not.toContain('123456789');
    // newest first on request
    const desc = await history(id, a, '?order=desc&pageSize=10');
    expect(desc.json().items[0].seq).toBe(body.total);
  });

  it("an owner's visit is an event (once per visit, not per page load)", async () => {
    const id = await submitted();
    const [row] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.applicationId, id)).limit(1);
    expect(row).toBeDefined();
    const code = codes.get(id) as string;
    await t.database.db
      .update(applicationOwners)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(applicationOwners.applicationId, id));
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: `/api/public/applications/${id}?code=${code}`, headers: headers() });
      expect(res.statusCode).toBe(200);
    }
    const body = (await history(id, a, '?pageSize=100')).json();
    expect(body.items.filter((e: { action: string }) => e.action === 'application.open')).toHaveLength(1);
    expect(body.chain.intact).toBe(true);
  });

  it('an event edited in the database breaks the chain at that event', async () => {
    const id = await submitted();
    await t.database.db.execute(
      sql`update audit_events set details = jsonb_set(details, '{revision}', '99') where application_id = ${id} and chain_seq = 3`,
    );
    expect((await history(id)).json().chain).toMatchObject({ intact: false, brokenAt: 3 });
  });

  it('an event removed from the database breaks the chain where the gap starts, at the end too', async () => {
    const id = await submitted();
    await t.database.db.delete(auditEvents).where(and(eq(auditEvents.applicationId, id), eq(auditEvents.chainSeq, 2)));
    expect((await history(id)).json().chain).toMatchObject({ intact: false, brokenAt: 2 });
    const other = await submitted();
    const total = (await history(other)).json().total as number;
    await t.database.db
      .delete(auditEvents)
      .where(and(eq(auditEvents.applicationId, other), eq(auditEvents.chainSeq, total)));
    expect((await history(other)).json().chain).toMatchObject({ intact: false, brokenAt: total });
  });

  it('writers of one application at the same time get numbers without gaps or twins, and the chain holds', async () => {
    const id = await submitted();
    const before = (await history(id)).json().total as number;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withRequestContext({ ip: `10.0.0.${i}`, userAgent: 'parallel' }, () =>
          t.database.db.transaction((tx) =>
            writeAudit(tx, {
              action: 'application.reveal',
              actorUserId: a.userId,
              companyId: a.companyId,
              targetType: 'application',
              targetId: id,
              details: { path: `p${i}` },
            }),
          ),
        ),
      ),
    );
    const body = (await history(id, a, '?pageSize=100')).json();
    expect(body.total).toBe(before + 12);
    expect(body.chain).toEqual({ intact: true, brokenAt: null, events: before + 12 });
    const last = body.items.at(-1);
    expect(last).toMatchObject({ action: 'application.reveal', actorKind: 'user', userAgent: 'parallel' });
  });

  it("another company's application, a draft and a STANDARD member without the form answer 404", async () => {
    const id = await submitted();
    const other = await history(id, b);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(ERROR_CODES.applicationNotFound);
    expect((await history(id, a, `?companyId=${b.companyId}`)).statusCode).toBe(404);
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: headers(),
      payload: { customFormId: formId, email: uniqueEmail('draft'), data: {} },
      remoteAddress: uniqueAddress(),
    });
    expect((await history(draft.json().applicationId)).statusCode).toBe(404);
    const standard = await joinTeam(t, a, 'STANDARD');
    expect((await history(id, standard)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/applications/${id}/history` })).statusCode).toBe(401);
  });
});
