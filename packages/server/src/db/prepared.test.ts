import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases } from '../test/helpers';
import type { Database } from './client';
import { executeNamed } from './prepared';

// Decision 076: the applicant's write statement runs as a named statement on PostgreSQL, named by its text: one
// shape is parsed once per connection, another text never takes a name already used.
describe.each(testDatabases())('executeNamed on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.executeSql('create table prepared_test (n int not null)');
  });
  afterAll(() => database.close());

  it('runs the statement; on PostgreSQL as one named statement per text, on the transaction’s connection', async () => {
    const prepared = await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await executeNamed(tx, sql`insert into prepared_test (n) values (${n})`, 'ptest');
      await executeNamed(tx, sql`insert into prepared_test (n) select ${4} + 0`, 'ptest');
      if (kind !== 'postgres') return [];
      const r = await tx.execute(
        sql`select name, statement from pg_prepared_statements where name like 'ptest%' order by statement`,
      );
      return (r as unknown as { rows: { name: string; statement: string }[] }).rows;
    });
    const rows = (await database.executeSql('select n from prepared_test order by n')).rows as { n: number }[];
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4]);
    if (kind === 'postgres') {
      // the same text three times: one statement; the other text: its own name
      expect(prepared.map((p) => p.statement)).toEqual([
        'insert into prepared_test (n) select $1 + 0',
        'insert into prepared_test (n) values ($1)',
      ]);
      expect(new Set(prepared.map((p) => p.name)).size).toBe(2);
      for (const p of prepared) expect(p.name).toMatch(/^ptest_[\w-]{24}$/);
    }
  });
});
