import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../db/client';
import { throttles as throttlesTable } from '../db/schema/index';
import { createTestDatabase, PARALLEL_POOL_SIZE, testDatabases } from '../test/helpers';
import { addressKey, createThrottles, type ThrottleRule } from './throttles';

const MINUTE = 60_000;
let n = 0;
const rule = (over: Partial<ThrottleRule> = {}): ThrottleRule => {
  n += 1;
  return { scope: `test-${n}`, max: 5, windowMs: 15 * MINUTE, ...over };
};
const status = (p: Promise<unknown>) =>
  p.then(
    () => 'ok' as const,
    (err: { statusCode?: number }) => (err.statusCode === 429 ? ('429' as const) : Promise.reject(err)),
  );

describe.each(testDatabases())('throttles on %s', (kind) => {
  let database: Database;
  const clock = { t: Date.parse('2030-01-01T00:00:00Z') };
  const now = () => clock.t;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: PARALLEL_POOL_SIZE });
  });
  afterAll(() => database.close());
  const throttles = () => createThrottles({ db: database.db, now });

  it('reserves up to the limit, then answers 429 with the wait until the window ends', async () => {
    const r = rule();
    const th = throttles();
    for (let i = 0; i < 5; i++) await th.take([[r, 'a']]);
    clock.t += 5 * MINUTE;
    const refused = await th.take([[r, 'a']]).catch((e: { statusCode: number; message: string }) => e);
    expect(refused).toMatchObject({ statusCode: 429, code: 'rate-limited' });
    expect((refused as { message: string }).message).toMatch(/\(10 min\)$/);
    // another subject has its own count
    await th.take([[r, 'b']]);
    clock.t += 10 * MINUTE;
    await th.take([[r, 'a']]);
  });

  it('never grants more than the limit to a burst of 200 parallel takes', async () => {
    const r = rule();
    const th = throttles();
    const results = await Promise.all(Array.from({ length: 200 }, () => status(th.take([[r, 'burst']]))));
    expect(results.filter((x) => x === 'ok')).toHaveLength(5);
  });

  it('gives back a hit only in the window it was counted in', async () => {
    const r = rule({ max: 2 });
    const th = throttles();
    const [first] = await th.take([[r, 'x']]);
    await th.take([[r, 'x']]);
    await expect(th.take([[r, 'x']])).rejects.toMatchObject({ statusCode: 429 });
    await th.giveBack(first ? [first] : []);
    const again = await th.take([[r, 'x']]);
    await expect(th.take([[r, 'x']])).rejects.toMatchObject({ statusCode: 429 });
    clock.t += 15 * MINUTE;
    await th.take([[r, 'x']]);
    // a reservation of the old window frees nothing in the new one
    await th.giveBack(again);
    await th.take([[r, 'x']]);
    await expect(th.take([[r, 'x']])).rejects.toMatchObject({ statusCode: 429 });
  });

  it('gives back the hits already taken when a later rule is full', async () => {
    const outer = rule({ max: 3 });
    const inner = rule({ max: 1 });
    const th = throttles();
    await th.take([[inner, 'i']]);
    for (let i = 0; i < 5; i++)
      await expect(
        th.take([
          [outer, 'o'],
          [inner, 'i'],
        ]),
      ).rejects.toMatchObject({});
    // the outer rule was never held: three takes still fit
    for (let i = 0; i < 3; i++) await th.take([[outer, 'o']]);
  });

  it('doubles the window after each full one (exponential back-off), and forgets after a quiet window', async () => {
    const r = rule({ max: 2, windowMs: 10 * MINUTE, maxWindowMs: 40 * MINUTE });
    const th = throttles();
    const fill = async () => {
      await th.take([[r, 'k']]);
      await th.take([[r, 'k']]);
      const e = await th.take([[r, 'k']]).catch((x: { message: string }) => x);
      return Number(/\((\d+) min\)/.exec((e as { message: string }).message)?.[1]);
    };
    expect(await fill()).toBe(10);
    clock.t += 10 * MINUTE;
    expect(await fill()).toBe(20);
    clock.t += 20 * MINUTE;
    expect(await fill()).toBe(40);
    clock.t += 40 * MINUTE;
    expect(await fill()).toBe(40); // capped
    // a quiet spell of a whole window after the window: back to the base length
    clock.t += 40 * MINUTE + 40 * MINUTE;
    expect(await fill()).toBe(10);
  });

  it('tryTake answers false instead of throwing', async () => {
    const r = rule({ max: 1 });
    const th = throttles();
    expect(await th.tryTake(r, 'm')).toBe(true);
    expect(await th.tryTake(r, 'm')).toBe(false);
  });

  it('clear forgets a subject', async () => {
    const r = rule({ max: 1 });
    const th = throttles();
    await th.take([[r, 'c']]);
    await th.clear([[r, 'c']]);
    await th.take([[r, 'c']]);
  });

  it('purges expired rows as it counts, and keeps neither e-mails nor addresses in clear', async () => {
    const r = rule({ max: 1, windowMs: MINUTE });
    const th = throttles();
    for (let i = 0; i < 12; i++) await th.take([[r, `spray-${i}@example.com`]]);
    clock.t += 2 * MINUTE;
    const before = (await database.db.select().from(throttlesTable)).filter((x) => x.scope === r.scope).length;
    expect(before).toBe(12);
    await th.take([[r, 'one-more']]);
    await th.take([[r, 'and-another']]);
    const rows = await database.db.select().from(throttlesTable);
    expect(rows.filter((x) => x.scope === r.scope).length).toBeLessThanOrEqual(12 + 2 - 10);
    expect(JSON.stringify(rows)).not.toContain('example.com');
  });
});

// Two connection pools on one database behave like two server processes.
describe.runIf(process.env.TEST_DATABASE_URL)('throttles across processes (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `under_test_${randomBytes(6).toString('hex')}`;
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    a = createPostgresDatabase(url.toString());
    b = createPostgresDatabase(url.toString());
    await a.migrate();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('grants the limit once in total to a burst split over two instances', async () => {
    const r = rule({ max: 7 });
    const onA = createThrottles({ db: a.db });
    const onB = createThrottles({ db: b.db });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => status((i % 2 ? onA : onB).take([[r, 'shared']]))),
    );
    expect(results.filter((x) => x === 'ok')).toHaveLength(7);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
