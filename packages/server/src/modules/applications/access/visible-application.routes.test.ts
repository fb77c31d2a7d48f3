import { ERROR_CODES } from '@under/core/api/error.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { activeEncryptedForm, type EncryptedForm, insertSealedApplication } from '../../../test/sealed-applications';

/**
 * Decision 065, generated from the registered routes: every route of an institution user that names an application
 * (`:applicationId`) answers a caller who may not see it with the visibility guard's 404 (`application/not-found`),
 * and writes nothing. A route added later is in reach the moment it is registered; one that names an application in
 * another way, or lets another kind of caller in, fails here until this test (and the guard) know about it.
 */

/** A valid body for each route that needs one: the refusal must be the guard's 404, not the body's 400. */
const BODIES: Record<string, unknown> = {
  'PUT /api/applications/:applicationId': { data: { bank_name: 'Changed' }, revision: 0 },
  'POST /api/applications/:applicationId/sign-reminders': {},
  'POST /api/applications/:applicationId/remove-signature': { reason: 'probe' },
  'POST /api/applications/:applicationId/notes': { text: 'A note that must not be written' },
  'POST /api/applications/:applicationId/reveal': { path: 'ssn' },
  'PUT /api/applications/:applicationId/status': { newStatus: 'approved', notifyApplicant: true },
  'POST /api/applications/:applicationId/edit-url': { email: 'owner@example.com' },
  'POST /api/applications/:applicationId/invite-edit': { email: 'owner@example.com' },
  'POST /api/applications/:applicationId/copy': { email: 'copy@example.com' },
  'POST /api/applications/:applicationId/repopulate': {},
  // any form id: the guard answers before the form is compared with the application's
  'POST /api/applications/:applicationId/sync-to-cc': { formId: '00000000-0000-4000-8000-000000000001' },
};

/**
 * Tables a refused request may touch by design, none holding application data: the per-address request counters of
 * a throttled route (reveal: 60 a minute) count every call before anyone is identified.
 */
const PER_REQUEST_TABLES = new Set<string>(['throttles']);

describe.each(testDatabases())('every application route refuses whom the guard refuses, on %s', (kind) => {
  let t: TestApp;
  let owner: Caller;
  let standard: Caller;
  let otherAdmin: Caller;
  let form: EncryptedForm;
  let pendingId: string;
  let draftId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await registerCompany(t, { companyName: 'Guard A', membershipId: 'MEMBERSHIP_006' });
    otherAdmin = await registerCompany(t, { companyName: 'Guard B', membershipId: 'MEMBERSHIP_006' });
    form = await activeEncryptedForm(t, owner, 'Guard form');
    // a STANDARD member of the owning company, granted no form
    standard = await joinTeam(t, owner, 'STANDARD');
    const data = { bank_name: 'First', ssn: '123456789' };
    pendingId = await insertSealedApplication(t, { companyId: owner.companyId, form, data });
    draftId = await insertSealedApplication(t, { companyId: owner.companyId, form, data, status: 'draft' });
  }, 120_000);
  afterAll(() => t.close());

  /** Every route that names an application in its path. */
  const applicationRoutes = () => t.routes.filter((r) => r.url.includes(':applicationId'));
  /**
   * The institution's: the applicant's routes (`/api/public/…`) are scoped by the link's code instead, and the
   * platform admin's (`/api/admin/…`, decision 078's syncability check) answer no client at all.
   */
  const institutionRoutes = () => applicationRoutes().filter((r) => r.access !== 'applicant' && r.access !== 'admin');
  const adminRoutes = () => applicationRoutes().filter((r) => r.access === 'admin');

  const call = (route: { method: string; url: string }, applicationId: string, caller: Caller) => {
    const url = route.url
      .replace(':applicationId', applicationId)
      .replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
    const key = `${route.method} ${route.url}`;
    const payload = key in BODIES ? BODIES[key] : undefined;
    return t.app.inject({
      method: route.method as 'GET',
      url,
      headers: bearer(caller.token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };

  /** Every table's rows, hashed: what "nothing changed" compares. */
  async function snapshot(): Promise<Map<string, string>> {
    const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const tables = rows(
      await t.database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    ).map((r) => String(r.name));
    const out = new Map<string, string>();
    for (const name of tables) {
      if (PER_REQUEST_TABLES.has(name)) continue;
      const [row] = rows(
        await t.database.db.execute(
          sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
                   from "${name}" x`),
        ),
      );
      out.set(name, `${row?.n}:${row?.h}`);
    }
    return out;
  }

  it('knows every route that names an application: the institution’s and the applicant’s, no other caller', () => {
    const routes = applicationRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const r of routes) {
      // the guard is the institution's; the platform admin's routes are under /api/admin/ and shut to clients (below)
      expect(['client', 'clientAdmin', 'applicant', 'admin'], `${r.method} ${r.url}`).toContain(r.access);
      expect(r.access === 'applicant', `${r.method} ${r.url}`).toBe(r.url.startsWith('/api/public/'));
      expect(r.access === 'admin', `${r.method} ${r.url}`).toBe(r.url.startsWith('/api/admin/'));
    }
    // an application named by another parameter would escape the guard's test
    for (const r of t.routes) {
      const named = r.url.match(/\/applications\/:(\w+)/)?.[1];
      if (named) expect(named, `${r.method} ${r.url}`).toBe('applicationId');
    }
    // every sample body is a route's: a renamed route leaves none behind
    const keys = new Set(institutionRoutes().map((r) => `${r.method} ${r.url}`));
    for (const k of Object.keys(BODIES)) expect(keys, k).toContain(k);
  });

  it('shuts the platform admin’s routes to one application to every client, whatever company', async () => {
    expect(adminRoutes().length).toBeGreaterThan(0);
    const before = await snapshot();
    for (const r of adminRoutes()) {
      for (const caller of [owner, otherAdmin, standard]) {
        const res = await call(r, pendingId, caller);
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 application/not-found to a STANDARD member without the form’s grant and to another company’s ADMINISTRATOR, and to anyone on a draft; nothing changes', async () => {
    const routes = institutionRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const seen = await t.app.inject({ url: `/api/applications/${pendingId}`, headers: bearer(owner.token) });
    expect(seen.statusCode, seen.body).toBe(200);
    const before = await snapshot();
    for (const r of routes) {
      const cases: [string, string, Caller, number][] = [
        ['another company’s ADMINISTRATOR', pendingId, otherAdmin, 404],
        // a clientAdmin route keeps a STANDARD member out before any application is read (decision 006)
        ['a STANDARD member without the grant', pendingId, standard, r.access === 'clientAdmin' ? 403 : 404],
        ['the company’s ADMINISTRATOR on a draft', draftId, owner, 404],
      ];
      for (const [who, id, caller, status] of cases) {
        const res = await call(r, id, caller);
        const label = `${r.method} ${r.url}, ${who} (a 400 means BODIES lacks a valid body for it): ${res.body}`;
        expect(res.statusCode, label).toBe(status);
        if (status === 404) expect(res.json().code, label).toBe(ERROR_CODES.applicationNotFound);
      }
    }
    await t.mailer.settle();
    const after = await snapshot();
    const changed = [...after].filter(([name, h]) => before.get(name) !== h).map(([name]) => name);
    expect(changed).toEqual([]);
    expect(t.mailer.sent.filter((m) => m.to === 'owner@example.com' || m.to === 'copy@example.com')).toEqual([]);
  });
});
