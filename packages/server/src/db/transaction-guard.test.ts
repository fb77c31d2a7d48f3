import { AsyncResource } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, within } from '../test/helpers';
import type { Database } from './client';
import { dictionaries } from './schema/index';
import { QueryOutsideTransactionError } from './transaction-guard';

/** The guard's refusal, as thrown or as the cause of drizzle's "Failed query" error. */
async function refused(promise: Promise<unknown>): Promise<void> {
  const err = await within(3_000, 'the transaction', promise).then(
    () => undefined,
    (e: unknown) => e,
  );
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  expect(
    err instanceof QueryOutsideTransactionError || cause instanceof QueryOutsideTransactionError,
    String(err),
  ).toBe(true);
}

// Decision 054: a query on the root database while a transaction is open in the same flow is refused at once, on
// both databases (on PGlite it waited forever for the one connection the transaction holds: issue 21 §6).
describe.each(testDatabases())('the transaction guard on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolWaitMs: 1_000 });
  });
  afterAll(() => database.close());

  it('refuses a query on the root database inside an open transaction, and the transaction rolls back', async () => {
    const { db } = database;
    const attempt = db.transaction(async (tx) => {
      await tx.insert(dictionaries).values({ name: 'GuardRolledBack', type: 'textfield', label: 'x' });
      await db.select().from(dictionaries);
    });
    await refused(attempt);
    const rows = await within(3_000, 'a query after it', db.execute(sql`select name from dictionaries`));
    expect(JSON.stringify(rows)).not.toContain('GuardRolledBack');
  });

  it('refuses raw SQL (pg-boss) and a second root transaction inside an open one', async () => {
    const { db } = database;
    await refused(db.transaction(() => database.executeSql('select 1')));
    await refused(db.transaction(() => db.transaction(async () => 1)));
    // through tx, savepoints included, everything works
    const n = await db.transaction(async (tx) => {
      await tx.insert(dictionaries).values({ name: 'GuardKept', type: 'textfield', label: 'x' });
      return tx.transaction(async (inner) => (await inner.select().from(dictionaries)).length);
    });
    expect(n).toBeGreaterThan(0);
  });

  it('lets other flows query while a transaction is open, and work the transaction started run after it ends', async () => {
    const { db } = database;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let later: Promise<unknown> | undefined;
    const open = db.transaction(async (tx) => {
      await tx.select().from(dictionaries);
      // started inside, awaited by nobody inside: it runs once the transaction is over
      later = held.then(() => new Promise((r) => setTimeout(r, 50))).then(() => db.select().from(dictionaries));
      await held;
    });
    // another request's query, not inside the transaction: it waits (PGlite) or uses another connection
    const other = db.select().from(dictionaries);
    release();
    await within(3_000, 'the transaction', open);
    await within(3_000, 'the other flow', other);
    await within(3_000, 'the work started inside', later as Promise<unknown>);
  });

  it.runIf(kind === 'postgres')(
    'a query that escapes the flow waits for the pool’s one connection and fails instead of taking a second',
    async () => {
      const { db } = database;
      // bound to the flow outside any transaction: the guard cannot see it, the pool of one connection can
      const escaped = AsyncResource.bind(async () => await db.select().from(dictionaries));
      const attempt = db.transaction(async (tx) => {
        await tx.select().from(dictionaries);
        await escaped();
      });
      const err = await within(5_000, 'the transaction', attempt).then(
        () => undefined,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(err?.cause?.message ?? err?.message).toMatch(/timeout exceeded when trying to connect/);
    },
  );
});
