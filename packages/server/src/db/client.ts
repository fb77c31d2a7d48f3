import { readFileSync } from 'node:fs';
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
import { assertNoOpenTransaction, guardClient, runGuardedTransaction } from './transaction-guard';

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
  /**
   * Runs `fn` while no other instance runs its own start-up on this database (migrations, seeding): on PostgreSQL
   * a session advisory lock, on PGlite (one process per directory) nothing is needed.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether every migration this build ships has been applied to the database (readiness). */
  isMigrated(): Promise<boolean>;
  close(): Promise<void>;
  /** Raw SQL for libraries that bring their own (pg-boss): parameterised when `values` is given. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** Advisory-lock key of the start-up section (migrations and seed) shared by every instance on one database. */
const STARTUP_LOCK_KEY = 7_307_101_017;

/** The `when` of the newest migration this build ships (drizzle records it as `created_at` once applied). */
let latestMigration: number | undefined;
function latestMigrationMillis(): number {
  // read once: the journal is part of the build, and readiness is probed every few seconds
  latestMigration ??= Math.max(
    0,
    ...(
      JSON.parse(readFileSync(`${MIGRATIONS}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] }
    ).entries.map((e) => e.when),
  );
  return latestMigration;
}

async function migratedWith(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  try {
    const { rows } = await query('select max(created_at)::text as latest from drizzle.__drizzle_migrations');
    const latest = Number((rows[0] as { latest: string | null } | undefined)?.latest ?? 0);
    return latest >= latestMigrationMillis();
  } catch {
    // no migrations table yet, or the database is unreachable
    return false;
  }
}

/**
 * The root database whose transactions mark their async flow, so that a query on the root client inside one is
 * refused at once (decision 054) instead of waiting for a connection the transaction holds.
 */
function guardTransactions(db: Db): Db {
  const begin = db.transaction.bind(db);
  db.transaction = ((fn, config) =>
    runGuardedTransaction((callback) => begin(callback, config), fn)) as Db['transaction'];
  return db;
}

/**
 * PGlite in `dataDir` (or in memory when undefined), one process per directory. `image`: start from this data
 * directory (a `migratedPgliteImage()`) instead of running initdb, which is most of a new PGlite's cost (decision 082).
 */
export async function createPgliteDatabase(dataDir: string | undefined, image?: Blob): Promise<Database> {
  const raw = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(image ? { loadDataDir: image } : {}) });
  // every query and transaction of the app goes through the guard (decision 054); migrations use the raw client
  const client = guardClient(raw, ['query', 'exec', 'sql', 'transaction']);
  const db = guardTransactions(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(raw, { schema }), { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    isMigrated: () => migratedWith((text) => client.query(text)),
    withStartupLock: (fn) => fn(),
    close: () => raw.close(),
    executeSql: (() => {
      // one statement at a time: a script without values runs through exec (several statements), and pg-boss's
      // calls must not interleave with each other on the single connection
      let chain: Promise<unknown> = Promise.resolve();
      return (text: string, values?: unknown[]) => {
        // pg-boss's SQL inside an open transaction would queue behind it forever (a job sent inside one)
        assertNoOpenTransaction('executeSql');
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

/**
 * A new in-memory PGlite with every migration applied, as a tarball of its data directory: the tests' databases
 * start from it (one initdb and one migration run per test run instead of one per database; decision 082).
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const raw = await PGlite.create();
  try {
    await migratePglite(drizzlePglite(raw, { schema }), { migrationsFolder: MIGRATIONS });
    return await raw.dumpDataDir('none');
  } finally {
    await raw.close();
  }
}

/**
 * Connections per process to PostgreSQL: `DATABASE_POOL_SIZE` (1-200), default 10. A request holds one connection
 * for its whole transaction; more connections than the database's cores mostly add backends competing for the same
 * CPUs: on the 2-core bench machine (decision 036 "Performance") pools of 20 and 30 gave lower throughput and
 * higher p99 than 10 for the applicant's save and submit. Raise it for a database on its own larger machine, keeping
 * instances x pool size below the server's `max_connections`.
 */
export const DEFAULT_POOL_SIZE = 10;
export function poolSizeOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 200 ? n : DEFAULT_POOL_SIZE;
}

export function createPostgresDatabase(
  url: string,
  opts: {
    poolSize?: number;
    /** Each statement's limit (PostgreSQL's statement_timeout); none by default. */
    statementTimeoutMs?: number;
    /** How long a query waits for a free connection of the pool; 10 s by default. */
    connectionTimeoutMs?: number;
  } = {},
): Database {
  const max = opts.poolSize ?? poolSizeOf(process.env.DATABASE_POOL_SIZE);
  const raw = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 10_000,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle client whose connection drops (server restart, a test's DROP DATABASE … FORCE racing pool.end) is
  // removed by the pool; without a listener its 'error' would crash the process. Queries still fail visibly.
  raw.on('error', () => {});
  // a query or a second connection taken inside an open transaction is refused (decision 054)
  const pool = guardClient(raw, ['query', 'connect']);
  const db = guardTransactions(drizzleNodePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(raw, { schema }), { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    isMigrated: () => migratedWith((text) => pool.query(text)),
    async withStartupLock(fn) {
      // held on a connection of its own, outside the pool, for the whole start-up (a pool of one connection would
      // otherwise have none left for the migrations); the key is arbitrary but fixed for this product
      const lockClient = new pg.Client({ connectionString: url });
      lockClient.on('error', () => {});
      await lockClient.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        await lockClient.end().catch(() => undefined);
      }
    },
    close: () => raw.end(),
    executeSql: async (text: string, values?: unknown[]) => ({ rows: (await pool.query(text, values)).rows }),
  };
}
