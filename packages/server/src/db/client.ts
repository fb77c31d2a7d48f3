import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Code that may run inside or outside a transaction takes either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Raw SQL for libraries that bring their own (pg-boss): parameterised when `values` is given. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** PGlite in `dataDir` (or in memory when undefined), one process per directory. */
export async function createPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
    executeSql: (() => {
      // one statement at a time: a script without values runs through exec (several statements), and pg-boss's
      // calls must not interleave with each other on the single connection
      let chain: Promise<unknown> = Promise.resolve();
      return (text: string, values?: unknown[]) => {
        const run = async () => {
          if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
          const results = await client.exec(text);
          return { rows: results[results.length - 1]?.rows ?? [] };
        };
        const next = chain.then(run, run);
        chain = next.catch(() => undefined);
        return next;
      };
    })(),
  };
}

export function createPostgresDatabase(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client whose connection drops (server restart, a test's DROP DATABASE … FORCE racing pool.end) is
  // removed by the pool; without a listener its 'error' would crash the process. Queries still fail visibly.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
    executeSql: async (text: string, values?: unknown[]) => ({ rows: (await pool.query(text, values)).rows }),
  };
}
