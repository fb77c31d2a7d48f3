import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/helpers';

describe.each(testDatabases())('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health answers while the process serves', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /api/health/ready is ready on a migrated database', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up', migrations: 'applied', stopping: false });
  });

  it('GET /api/health/ready answers 503 while the newest migration is not applied', async () => {
    const newest = await t.database.executeSql(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      [],
    );
    const row = newest.rows[0] as { id: number; hash: string; created_at: string };
    await t.database.executeSql('delete from drizzle.__drizzle_migrations where id = $1', [row.id]);
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not-ready', database: 'up', migrations: 'pending' });
    } finally {
      await t.database.executeSql(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [row.id, row.hash, row.created_at],
      );
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('graceful stop', () => {
  it('turns readiness to 503 at once and still finishes the request in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const t = await createTestApp('pglite', {
      extend: (app) =>
        app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
          await gate;
          return { done: true };
        }),
    });
    try {
      const inFlight = t.app.inject({ url: '/api/test/slow' });
      // readiness turns 503 as soon as the drain starts, before the request in flight has finished
      await new Promise((r) => setImmediate(r));
      const draining = t.drain();
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ stopping: true });
      release();
      expect((await inFlight).json()).toEqual({ done: true });
      await draining;
    } finally {
      release();
      await t.database.close();
    }
  });
});
