import { asc, eq, fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildQuery } from '../../../db/prepared';
import {
  auditChainTemplate,
  auditChainValues,
  auditWriteParts,
  withParts,
} from '../../../db/repositories/audit.repository';
import { applicationAuditHeads, applicationOwners, applications, auditEvents, domainEvents } from '../../../db/schema';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { verifyChain } from '../history/chain-verify';
import { hashAccessCode, newAccessCode } from './access-codes';
import { createApplicationsRepository } from './applicant.repository';
import { resolveApplicantLink } from './applicant-link';

// Decision 081: a draft's autosave reads its link unlocked and writes in one statement that applies only while the
// application and owner rows are the versions it read; otherwise nothing is written and the locked save decides.

/**
 * The texts of the queries PostgreSQL receives while `fn` runs (node-postgres clients, pooled or not) that are the
 * applicant's: a transaction's BEGIN/COMMIT or a statement on the applications or their owners (the job queue's
 * polling and the events' sweep run meanwhile on their own).
 */
async function queriesDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    texts.push(typeof first === 'string' ? first : (first?.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return texts.filter((q) => /^\s*(begin|commit|rollback)\b|"applications"|"application_owners"/i.test(q));
}

describe.each(testDatabases())('optimistic autosave on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let formId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, {
      name: 'Optimistic Bank',
      extra: [{ type: 'textfield', key: 'ssn', label: 'SSN', input: true, euEncrypted: true }],
    });
    a = await registerCompany(t, { companyName: 'Optimistic Co', membershipId: 'MEMBERSHIP_006' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers: bearer(a.token),
      payload: { masterFormId: masterId, name: 'Optimistic form' },
    });
    formId = created.json().customFormId as string;
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/custom_forms/${formId}/status`,
      headers: bearer(a.token),
      payload: { status: 'active' },
    });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  async function draft() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: key(),
      payload: { customFormId: formId, email: uniqueEmail('optimistic'), data: { CompanyName: 'First' } },
      remoteAddress: uniqueAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { applicationId: string; code: string; revision: number };
  }
  const save = (id: string, code: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/public/applications/${id}/draft?code=${code}`,
      headers: key(),
      payload,
    });
  const submit = (id: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${id}/submit?code=${code}`,
      headers: key(),
      payload: {},
    });
  /** Everything the primary must fill to submit. */
  const FULL = {
    Firstname: 'Ada',
    Lastname: 'Lovelace',
    PhoneNumber: '(555) 123-4567',
    Email: 'ada@example.com',
    CompanyName: 'Analytical Engines',
    ssn: '123456789',
  };
  const db = () => t.database.db;
  async function chainOf(applicationId: string) {
    const events = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, applicationId))
      .orderBy(asc(auditEvents.chainSeq));
    const [head] = await db()
      .select()
      .from(applicationAuditHeads)
      .where(eq(applicationAuditHeads.applicationId, applicationId));
    return { events, head, verdict: verifyChain(events, head) };
  }

  it('a draft’s save is one statement after the owner’s previous save, no transaction and no lock; data, revision and chain as before', async () => {
    const d = await draft();
    const first = await save(d.applicationId, d.code, {
      data: { CompanyName: 'Second', ssn: '123456789' },
      revision: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    let answer: { statusCode: number; json(): { revision: number } } | undefined;
    const texts = await queriesDuring(async () => {
      answer = await save(d.applicationId, d.code, { data: { CompanyName: 'Third', ssn: '123456789' }, revision: 2 });
    });
    expect(answer?.statusCode).toBe(200);
    expect(answer?.json().revision).toBe(3);
    if (kind === 'postgres') {
      // the owner's previous save left the rows it wrote: no link select, only the write (no BEGIN, FOR UPDATE, COMMIT)
      const mine = texts;
      expect(mine.map((q) => q.slice(0, 60))).toHaveLength(1);
      expect(mine[0]).toMatch(/^with w_app as \(update "applications"/);
      expect(mine.join('\n')).not.toMatch(/\bbegin\b|for update|\bcommit\b/i);
    }
    const [row] = await db().select().from(applications).where(eq(applications.id, d.applicationId));
    expect(row?.revision).toBe(3);
    expect(row?.applicantCompanyName).toBe('Third');
    // the encrypted value kept (sealed), the audit chain intact with both saves
    expect(JSON.stringify(row?.data)).not.toContain('123456789');
    expect(row?.data).toHaveProperty('ssn');
    const chain = await chainOf(d.applicationId);
    expect(chain.verdict.intact).toBe(true);
    expect(chain.events.filter((e) => e.action === 'application.save').map((e) => e.details)).toEqual([
      expect.objectContaining({ revision: 2, fields: ['CompanyName', 'ssn'] }),
      expect.objectContaining({ revision: 3, fields: ['CompanyName'] }),
    ]);
  });

  it('the autosave’s audit parts built once with placeholders are the statement auditWriteParts builds, value for value', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T03:00:00.000Z'));
    try {
      const events = [1, 2].map((revision) => ({
        action: 'application.save' as const,
        actorUserId: null,
        companyId: '00000000-0000-4000-8000-000000000001',
        targetType: 'application' as const,
        targetId: '00000000-0000-4000-8000-000000000002',
        details: { email: 'a@example.com', role: 'primaryOwnerEndUser', revision, fields: ['CompanyName', 'ssn'] },
      }));
      for (const list of [events.slice(0, 1), events]) {
        // the guard part the events depend on, as in the save's statement
        const guard = { name: 'w_app', sql: sql`select 1` };
        const direct = buildQuery(db(), withParts([guard, ...auditWriteParts(db(), list, { onlyIf: 'w_app' })]));
        const template = buildQuery(db(), withParts([guard, ...auditChainTemplate(list.length, 'w_app')]));
        expect(template.sql).toBe(direct.sql);
        expect(fillPlaceholders(template.params, auditChainValues(list))).toEqual(direct.params);
      }
      // another application's event in the same list is not one chain
      expect(() => auditChainValues([...events, { ...events[0], targetId: 'other' } as (typeof events)[0]])).toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a save after the rows changed elsewhere reads them again: the change is kept, a revoked link answers 410', async () => {
    const d = await draft();
    expect((await save(d.applicationId, d.code, { data: { CompanyName: 'One' }, revision: 1 })).statusCode).toBe(200);
    // another writer changes the application (not through this owner's saves): the remembered rows are stale
    await db()
      .update(applications)
      .set({ applicantEmail: 'moved@example.com' })
      .where(eq(applications.id, d.applicationId));
    let answer: { statusCode: number; body: string } | undefined;
    const texts = await queriesDuring(async () => {
      answer = await save(d.applicationId, d.code, { data: { CompanyName: 'Two' }, revision: 2 });
    });
    expect(answer?.statusCode, answer?.body).toBe(200);
    if (kind === 'postgres') {
      // the write from the remembered rows applies to nothing, then the link's select and the write again
      expect(texts.map((q) => q.slice(0, 40))).toHaveLength(3);
    }
    const [row] = await db().select().from(applications).where(eq(applications.id, d.applicationId));
    expect(row).toMatchObject({ revision: 3, applicantEmail: 'moved@example.com', applicantCompanyName: 'Two' });
    expect((await chainOf(d.applicationId)).verdict.intact).toBe(true);
    // the link revoked after a save: the next save answers as the link does, and writes nothing
    await db()
      .update(applicationOwners)
      .set({ codeRevokedAt: new Date() })
      .where(eq(applicationOwners.applicationId, d.applicationId));
    const revoked = await save(d.applicationId, d.code, { data: { CompanyName: 'Three' }, revision: 3 });
    expect(revoked.statusCode).toBe(410);
    const [after] = await db().select().from(applications).where(eq(applications.id, d.applicationId));
    expect(after).toMatchObject({ revision: 3, applicantCompanyName: 'Two' });
  });

  it('a save racing a replacement of the owner’s code writes and remembers nothing: the old code’s saves answer 404, write nothing', async () => {
    const d = await draft();
    // the owner's save leaves its rows remembered (the owner not patched: seen less than a minute ago)
    expect((await save(d.applicationId, d.code, { data: { CompanyName: 'One' }, revision: 1 })).statusCode).toBe(200);
    const [owner] = await db()
      .select()
      .from(applicationOwners)
      .where(eq(applicationOwners.applicationId, d.applicationId));
    const fresh = newAccessCode();
    const freshHash = hashAccessCode(t.config.secrets.codeSecret, fresh);
    const replaceCode = (tx: Pick<ReturnType<typeof db>, 'update'>) =>
      tx
        .update(applicationOwners)
        .set({ codeHash: freshHash })
        .where(eq(applicationOwners.id, owner?.id ?? ''));
    if (kind === 'postgres') {
      // another transaction (on connections of its own: the app's pool has one) replaces the code, as issueLink's
      // resend does (the application row untouched), and holds the owner row uncommitted while the owner's save
      // with an owner patch (a new page) runs from the remembered rows
      const [{ name } = { name: '' }] = (
        (await db().execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows;
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      const watcher = new pg.Client({ connectionString: url.toString() });
      await Promise.all([other.connect(), watcher.connect()]);
      try {
        await other.query('begin');
        await other.query('update application_owners set code_hash = $1 where id = $2', [freshHash, owner?.id]);
        const racing = save(d.applicationId, d.code, {
          data: { CompanyName: 'Two' },
          revision: 2,
          page: 'racingPage',
        });
        // the save's owner write waits for the other transaction's row lock
        let waited = false;
        for (let i = 0; i < 250 && !waited; i++) {
          const { rows } = await watcher.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'with w_app as%'",
          );
          waited = (rows[0] as { n: number }).n > 0;
          if (!waited) await new Promise((r) => setTimeout(r, 20));
        }
        expect(waited).toBe(true);
        await other.query('commit');
        // its application write saw the owner as it was when it began, its owner write the replaced row: the
        // statement writes nothing, and the save decided again answers as the replaced code's link does
        expect((await racing).statusCode).toBe(404);
      } finally {
        await other.end();
        await watcher.end();
      }
    } else {
      await replaceCode(db());
      // (one connection: no race) the replaced code's save from the remembered rows is refused as the link says
      const late = await save(d.applicationId, d.code, {
        data: { CompanyName: 'Two' },
        revision: 2,
        page: 'racingPage',
      });
      expect(late.statusCode).toBe(404);
    }
    // nothing of the racing save written (answers, revision, page, audit), the other transaction's code kept
    const revision = 2;
    const before = {
      application: (await db().select().from(applications).where(eq(applications.id, d.applicationId)))[0],
      owner: (
        await db()
          .select()
          .from(applicationOwners)
          .where(eq(applicationOwners.id, owner?.id ?? ''))
      )[0],
    };
    expect(before.application).toMatchObject({ revision, applicantCompanyName: 'One' });
    expect(before.owner?.codeHash).toBe(freshHash);
    expect(before.owner?.resumePage).not.toBe('racingPage');
    // the old code opens nothing any more: each of its saves (with or without an owner patch) answers 404, writes nothing
    for (const payload of [
      { data: { CompanyName: 'Three' }, revision, page: 'laterPage' },
      { data: { CompanyName: 'Four' }, revision },
    ]) {
      expect((await save(d.applicationId, d.code, payload)).statusCode).toBe(404);
    }
    const after = {
      application: (await db().select().from(applications).where(eq(applications.id, d.applicationId)))[0],
      owner: (
        await db()
          .select()
          .from(applicationOwners)
          .where(eq(applicationOwners.id, owner?.id ?? ''))
      )[0],
    };
    expect(after).toEqual(before);
    // the new code saves
    expect((await save(d.applicationId, fresh, { data: { CompanyName: 'Five' }, revision })).statusCode).toBe(200);
    const chain = await chainOf(d.applicationId);
    expect(chain.verdict.intact).toBe(true);
    // audited saves: the first and the new code's, none of the old code's after the replacement
    expect(chain.events.filter((e) => e.action === 'application.save').map((e) => e.details)).toEqual([
      expect.objectContaining({ revision: 2, fields: ['CompanyName'] }),
      expect.objectContaining({ revision: 3, fields: ['CompanyName'] }),
    ]);
  });

  it('writes nothing (row, owner, audit, chain head) when the application or the owner changed after the read', async () => {
    const d = await draft();
    const read = async () =>
      resolveApplicantLink(db(), {
        applicationId: d.applicationId,
        code: d.code,
        codeSecret: t.config.secrets.codeSecret,
        now: new Date(),
      });
    const attempt = async (link: Awaited<ReturnType<typeof read>>) =>
      createApplicationsRepository(db()).writeIfUnchanged(
        {
          applicationId: link.application.id,
          ownerId: link.owner.id,
          revision: link.application.revision,
          versions: link.versions,
        },
        {
          application: { revision: link.application.revision + 1, applicantCompanyName: 'Written' },
          owner: { resumePage: 'written' },
        },
        (onlyIf) =>
          auditWriteParts(
            db(),
            [
              {
                action: 'application.save',
                actorUserId: null,
                companyId: link.application.companyId,
                targetType: 'application',
                targetId: link.application.id,
                details: { email: link.owner.email, role: link.owner.role, revision: 2, fields: ['CompanyName'] },
              },
            ],
            { onlyIf },
          ),
      );
    const snapshot = async () => ({
      application: (await db().select().from(applications).where(eq(applications.id, d.applicationId)))[0],
      owner: (
        await db().select().from(applicationOwners).where(eq(applicationOwners.applicationId, d.applicationId))
      )[0],
      chain: await chainOf(d.applicationId),
    });

    // the application changed without a new revision (as a submit without data does)
    const stale = await read();
    await db().update(applications).set({ updatedAt: new Date() }).where(eq(applications.id, d.applicationId));
    const before = await snapshot();
    expect(await attempt(stale)).toBe(false);
    expect(await snapshot()).toEqual(before);

    // the owner changed (its row, not the application's)
    const stale2 = await read();
    await db()
      .update(applicationOwners)
      .set({ resumePage: 'elsewhere' })
      .where(eq(applicationOwners.applicationId, d.applicationId));
    const before2 = await snapshot();
    expect(await attempt(stale2)).toBe(false);
    expect(await snapshot()).toEqual(before2);

    // no longer a draft at the read revision
    await db().update(applications).set({ status: 'pending' }).where(eq(applications.id, d.applicationId));
    const submitted = await read();
    const before3 = await snapshot();
    expect(await attempt(submitted)).toBe(false);
    expect(await snapshot()).toEqual(before3);
    await db().update(applications).set({ status: 'draft' }).where(eq(applications.id, d.applicationId));

    // unchanged since the read: everything written, the chain one event longer and intact
    const fresh = await read();
    expect(await attempt(fresh)).toBe(true);
    const after = await snapshot();
    expect(after.application?.revision).toBe(2);
    expect(after.application?.applicantCompanyName).toBe('Written');
    expect(after.owner?.resumePage).toBe('written');
    expect(after.chain.events).toHaveLength(before3.chain.events.length + 1);
    expect(after.chain.verdict.intact).toBe(true);
  });

  it('two saves of one revision at once: one is saved, the other answers the conflict with the new revision', async () => {
    const d = await draft();
    const [x, y] = await Promise.all([
      save(d.applicationId, d.code, { data: { CompanyName: 'X' }, revision: 1 }),
      save(d.applicationId, d.code, { data: { CompanyName: 'Y' }, revision: 1 }),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = x.statusCode === 200 ? 'X' : 'Y';
    const [row] = await db().select().from(applications).where(eq(applications.id, d.applicationId));
    expect(row?.revision).toBe(2);
    expect(row?.applicantCompanyName).toBe(winner);
    const loser = x.statusCode === 409 ? x : y;
    expect(loser.json().errors?.[0]).toMatchObject({ path: 'revision', message: '2' });
    expect((await chainOf(d.applicationId)).verdict.intact).toBe(true);
  });

  it('a complete draft’s submit is two statements: pending, signing started, its event and audit, the chain intact', async () => {
    const d = await draft();
    expect((await save(d.applicationId, d.code, { data: FULL, revision: 1 })).statusCode).toBe(200);
    let answer: { statusCode: number; body: string; json(): { status: string } } | undefined;
    // the event's delivery after the response is held back for the count (it has its own statements, decision 076)
    const dispatch = t.events.dispatch;
    const dispatched: string[] = [];
    t.events.dispatch = async (ids) => {
      dispatched.push(...ids);
    };
    const texts = await queriesDuring(async () => {
      answer = await submit(d.applicationId, d.code);
    }).finally(() => {
      t.events.dispatch = dispatch;
    });
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(answer?.json().status).toBe('pending');
    expect(dispatched).toHaveLength(1);
    await t.events.dispatch(dispatched);
    await t.events.idle();
    if (kind === 'postgres') {
      const mine = texts;
      expect(mine.map((q) => q.slice(0, 60))).toHaveLength(2);
      expect(mine.join('\n')).not.toMatch(/\bbegin\b|for update|\bcommit\b/i);
    }
    const [row] = await db().select().from(applications).where(eq(applications.id, d.applicationId));
    expect(row).toMatchObject({ status: 'pending', signStatus: 'PROGRESSING', revision: 2 });
    expect(row?.submittedAt).not.toBeNull();
    const events = await db().select().from(domainEvents).where(eq(domainEvents.applicationId, d.applicationId));
    expect(events.map((e) => [e.id, e.type, e.status])).toEqual([
      [dispatched[0], 'application.submitted', 'delivered'],
    ]);
    const chain = await chainOf(d.applicationId);
    expect(chain.verdict.intact).toBe(true);
    expect(chain.events.at(-1)?.action).toBe('application.submit');
    // a second submit finds it submitted: the locked submit answers as before
    expect((await submit(d.applicationId, d.code)).statusCode).not.toBe(200);
  });

  it('a submit while another owner was added after the read writes nothing (status, event, audit)', async () => {
    const d = await draft();
    expect((await save(d.applicationId, d.code, { data: FULL, revision: 1 })).statusCode).toBe(200);
    const link = await resolveApplicantLink(db(), {
      applicationId: d.applicationId,
      code: d.code,
      codeSecret: t.config.secrets.codeSecret,
      now: new Date(),
    });
    // an owner row added without touching the application (the owners' own service also touches it)
    await createApplicationsRepository(db()).insertOwner({
      applicationId: d.applicationId,
      kind: 'additionalOwner',
      role: 'sharedOwnerEndUser',
      email: uniqueEmail('other'),
      codeHash: hashAccessCode(t.config.secrets.codeSecret, newAccessCode()),
      codeExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const eventsBefore = await db().select().from(domainEvents).where(eq(domainEvents.applicationId, d.applicationId));
    const chainBefore = await chainOf(d.applicationId);
    let eventStatement = false;
    const applied = await createApplicationsRepository(db()).writeIfUnchanged(
      {
        applicationId: d.applicationId,
        ownerId: link.owner.id,
        revision: link.application.revision,
        versions: link.versions,
        soleOwner: true,
      },
      { application: { status: 'pending' }, owner: {} },
      (onlyIf) => {
        eventStatement = true;
        return [
          t.events.publishStatement(db(), 'application.submitted', { applicationId: d.applicationId }, { onlyIf })
            .statement,
          ...auditWriteParts(
            db(),
            [
              {
                action: 'application.submit',
                actorUserId: null,
                companyId: link.application.companyId,
                targetType: 'application',
                targetId: d.applicationId,
                details: { email: link.owner.email, role: link.owner.role, revision: 2 },
              },
            ],
            { onlyIf },
          ),
        ];
      },
    );
    expect(eventStatement).toBe(true);
    expect(applied).toBe(false);
    const [row] = await db().select().from(applications).where(eq(applications.id, d.applicationId));
    expect(row?.status).toBe('draft');
    expect(await db().select().from(domainEvents).where(eq(domainEvents.applicationId, d.applicationId))).toEqual(
      eventsBefore,
    );
    expect(await chainOf(d.applicationId)).toEqual(chainBefore);
    // through the API: the locked submit waits for that owner, as before
    const res = await submit(d.applicationId, d.code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors?.[0]?.path).toBe('owners');
  });
});
