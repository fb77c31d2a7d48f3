import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase, testDatabases } from '../../test/helpers';
import { createJobs } from './jobs';

const log = { error() {}, warn() {}, info() {}, debug() {} } as unknown as Parameters<typeof createJobs>[0]['log'];

/** Resolves when `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDatabases())('jobs (pg-boss) on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('a scheduled job is registered in pg-boss and runs on its cron', async () => {
    // pg-boss looks for due slots every 30 s by default; every second here
    const jobs = createJobs({
      database,
      log,
      cronPolling: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    });
    let runs = 0;
    await jobs.schedule('test-cron', '* * * * *', async () => {
      runs += 1;
    });
    const boss = await jobs.start();
    expect((await boss.getSchedules()).map((s) => [s.name, s.cron])).toContainEqual(['test-cron', '* * * * *']);
    // every minute's slot is due at once: pg-boss sends it at its next check and a worker runs it
    await until(() => runs > 0);
    await jobs.stop();
  });

  it('a start that failed (the database away) is tried again by the next send, not kept failed', async () => {
    let isDown = true;
    const flaky: Database = {
      ...database,
      executeSql: (text, values) =>
        isDown ? Promise.reject(new Error('connection refused')) : database.executeSql(text, values),
    };
    const jobs = createJobs({ database: flaky, log });
    let runs = 0;
    await jobs.register('test-after-outage', async () => {
      runs += 1;
    });
    await expect(jobs.send('test-after-outage', { n: 1 })).rejects.toThrow('connection refused');
    isDown = false;
    await jobs.send('test-after-outage', { n: 2 });
    await until(() => runs > 0);
    await jobs.stop();
  });

  it('a job queued before a restart is done after it, and a failing job is retried', async () => {
    const before = createJobs({ database, log });
    await before.send('test-queue', { n: 1 });
    await before.stop();

    const seen: { n: number; retryCount: number }[] = [];
    const after = createJobs({ database, log });
    let failOnce = true;
    await after.register<{ n: number }>('test-queue', async (data, job) => {
      if (data.n === 2 && failOnce) {
        failOnce = false;
        throw new Error('first attempt fails');
      }
      seen.push({ n: data.n, retryCount: job.retryCount });
    });
    await after.start();
    await until(() => seen.some((s) => s.n === 1));
    await after.send('test-queue', { n: 2 });
    await until(() => seen.some((s) => s.n === 2));
    expect(seen.find((s) => s.n === 2)?.retryCount).toBe(1);
    await after.stop();
  });
});

describe.each(testDatabases())('jobs stop on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('a fetch in flight when stop is called settles before stop resolves: no SQL after it, the job left to retry', async () => {
    let gate: (() => void) | undefined;
    let held = false;
    let stoppedAt = 0;
    const late: string[] = [];
    const gated: Database = {
      ...database,
      async executeSql(text, values) {
        if (stoppedAt) late.push(text.slice(0, 60));
        // this queue's worker's fetch (not pg-boss's own queues') is held until stop() has been called
        if (held && /SKIP LOCKED/i.test(text) && values?.[0] === 'test-stop-race' && !gate) {
          await new Promise<void>((r) => (gate = r));
        }
        return database.executeSql(text, values);
      },
    };
    const jobs = createJobs({ database: gated, log });
    let runs = 0;
    await jobs.register('test-stop-race', async () => {
      runs += 1;
    });
    await jobs.start();
    held = true;
    await jobs.send('test-stop-race', { n: 1 });
    await until(() => gate !== undefined);
    const stopping = jobs.stop();
    gate?.();
    await stopping;
    stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    expect(late).toEqual([]);
    // fetched while stopping: not run, failed back to the queue for a later retry
    expect(runs).toBe(0);
    const { rows } = await database.executeSql("select state from pgboss.job where name = 'test-stop-race'");
    expect(rows).toEqual([{ state: 'retry' }]);
  });
  it('sendManyOnce queues many jobs in one statement, skipping keys already waiting (policy short)', async () => {
    const inserts: string[] = [];
    const counted: Database = {
      ...database,
      executeSql(text, values) {
        if (/insert into pgboss\.job\b/i.test(text)) inserts.push(text);
        return database.executeSql(text, values);
      },
    };
    const jobs = createJobs({ database: counted, log });
    jobs.defineQueue('test-many', { policy: 'short' });
    await jobs.sendOnce('test-many', { n: 0 }, { key: 'a' });
    inserts.length = 0;
    await jobs.sendManyOnce('test-many', [
      { data: { n: 1 }, key: 'a' },
      { data: { n: 2 }, key: 'b' },
      { data: { n: 3 }, key: 'c' },
    ]);
    expect(inserts).toHaveLength(1);
    const { rows } = await database.executeSql(
      "select singleton_key as key, data->>'n' as n from pgboss.job where name = 'test-many' order by singleton_key",
    );
    expect(rows).toEqual([
      { key: 'a', n: '0' },
      { key: 'b', n: '2' },
      { key: 'c', n: '3' },
    ]);
    await jobs.stop();
  });
});
