import { ERROR_CODES } from '@under/core/api/error.schema';
import { SAVED_VIEWS_MAX } from '@under/core/applications/application-list.schema';
import { MESSAGES } from '@under/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, PARALLEL_POOL_SIZE, type TestApp, testDatabases } from '../../../test/helpers';

describe.each(testDatabases())('saved views of the applications list on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let teammate: Caller;
  let b: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    a = await registerCompany(t, { companyName: 'Views A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Views B', membershipId: 'MEMBERSHIP_006' });
    teammate = await joinTeam(t, a);
  }, 120_000);
  afterAll(() => t.close());

  const as = (c: Caller) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(c.token), payload: payload as object });

  it('saves, lists by name and deletes the caller’s own views; nobody else sees or deletes them', async () => {
    const saved = await as(a)('POST', '/api/saved-views', {
      name: ' Pending this week ',
      query: 'status=pending&from=2026-11-23&sort=submittedAt&order=asc',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      name: 'Pending this week',
      query: 'status=pending&from=2026-11-23&sort=submittedAt&order=asc',
    });
    expect((await as(a)('POST', '/api/saved-views', { name: 'Approved', query: 'status=approved' })).statusCode).toBe(
      201,
    );
    expect((await as(a)('GET', '/api/saved-views')).json().items.map((v: { name: string }) => v.name)).toEqual([
      'Approved',
      'Pending this week',
    ]);
    // another member of the same company and another company: none of them
    expect((await as(teammate)('GET', '/api/saved-views')).json().items).toEqual([]);
    expect((await as(b)('GET', '/api/saved-views')).json().items).toEqual([]);
    const id = saved.json().viewId;
    expect((await as(teammate)('DELETE', `/api/saved-views/${id}`)).statusCode).toBe(404);
    expect((await as(b)('DELETE', `/api/saved-views/${id}`)).statusCode).toBe(404);
    expect((await as(a)('DELETE', `/api/saved-views/${id}`)).statusCode).toBe(204);
    expect((await as(a)('GET', '/api/saved-views')).json().items.map((v: { name: string }) => v.name)).toEqual([
      'Approved',
    ]);
  });

  it('refuses a taken name, an empty name and anything but filters and sort, changing nothing', async () => {
    await as(a)('POST', '/api/saved-views', { name: 'Mine', query: 'status=denied' });
    const before = (await as(a)('GET', '/api/saved-views')).json().items.length;
    const taken = await as(a)('POST', '/api/saved-views', { name: 'Mine', query: 'status=pending' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: ERROR_CODES.savedViewExists, message: MESSAGES.savedViewExists });
    const empty = await as(a)('POST', '/api/saved-views', { name: '  ', query: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(MESSAGES.savedViewName);
    const sneaky = await as(a)('POST', '/api/saved-views', { name: 'Sneaky', query: 'status=pending&companyId=x' });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.body).toContain(MESSAGES.savedViewQuery);
    expect((await as(a)('GET', '/api/saved-views')).json().items.length).toBe(before);
    // the same name is free for someone else
    expect((await as(teammate)('POST', '/api/saved-views', { name: 'Mine', query: '' })).statusCode).toBe(201);
  });

  it(`keeps at most ${SAVED_VIEWS_MAX} views a user, also when saves arrive together`, async () => {
    const busy = await joinTeam(t, a);
    const results = await Promise.all(
      Array.from({ length: SAVED_VIEWS_MAX + 5 }, (_, i) =>
        as(busy)('POST', '/api/saved-views', { name: `View ${i}`, query: 'status=pending' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SAVED_VIEWS_MAX);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.json()).toMatchObject({ code: ERROR_CODES.savedViewLimit, message: MESSAGES.savedViewLimit });
    }
    expect((await as(busy)('GET', '/api/saved-views')).json().items).toHaveLength(SAVED_VIEWS_MAX);
  });
});
