import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createPgliteDatabase, type Database, poolSizeOf } from '../packages/server/src/db/client';
import type { Mailer } from '../packages/server/src/infra/mail/mailer';
import { createTestDatabase } from '../packages/server/src/test/helpers';
import type { LoadAnswer, LoadJob } from './_load-child';

export type BenchDatabase = 'pglite' | 'postgres';

/** The databases a bench runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL names a server. */
export function benchDatabases(): BenchDatabase[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A real server listening on a free loopback port: on an embedded database in a temp dir (as `npm start`), or
 * on a fresh database of the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function startBenchServer(kind: BenchDatabase = 'pglite', extra: Partial<BuildAppOptions> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'under-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  let database: Database;
  if (kind === 'pglite') {
    database = await createPgliteDatabase(path.join(dataDir, 'pglite'));
    await database.migrate();
  } else {
    // the pool `npm start` gets (DATABASE_POOL_SIZE, default 10), not the tests' single connection (decision 054)
    database = await createTestDatabase('postgres', { poolSize: poolSizeOf(process.env.DATABASE_POOL_SIZE) });
  }
  const codes = new Map<string, string>();
  const mailer: Mailer = {
    outboxDir: undefined,
    async send(m) {
      const code = m.text.match(/Your code: (\d{6})/)?.[1];
      if (code) codes.set(m.to, code);
    },
  };
  const built = await buildApp({ config, database, mailer, logger: false, ...extra });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address() as { port: number };
  return {
    ...built,
    kind,
    database,
    config,
    url: `http://127.0.0.1:${address.port}`,
    /** The code mailed to `email` (mail leaves through a queue: wait for it, 10 s at most). */
    async codeFor(email: string): Promise<string> {
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const code = codes.get(email);
        if (code) return code;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no code was mailed to ${email}`);
    },
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(
  name: string,
  opts: {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<Figures> {
  const r = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 8,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/**
 * Runs one load in a process of its own (bench/_load-child.ts): autocannon's request building and response parsing
 * then use another event loop (and, on a multi-core machine, another core) than the server under measure.
 */
export function loadInChild(job: LoadJob): Promise<LoadAnswer> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./_load-child.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: LoadAnswer | undefined;
    child.once('message', (m) => {
      answer = m as LoadAnswer;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer) resolve(answer);
      else reject(new Error(`load generator exited with ${code} before answering`));
    });
    child.send(job);
  });
}

/** Queries sent by this process (the server under measure: the load generator is another process). */
let pgQueries = 0;
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  pgQueries += 1;
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
// PGlite: every statement (BEGIN and COMMIT too, inside a transaction or not) runs through its query mutex once
const pgliteProto = PGlite.prototype as unknown as { _runExclusiveQuery: (...a: unknown[]) => unknown };
const pgliteRun = pgliteProto._runExclusiveQuery;
pgliteProto._runExclusiveQuery = function (this: unknown, ...args: unknown[]) {
  pgQueries += 1;
  return pgliteRun.apply(this, args);
};
/** Queries sent to the database (PostgreSQL, or the in-process PGlite) by this process so far. */
export const queriesSent = () => pgQueries;

/**
 * `loadInChild` with what each answered request cost the server's process: CPU ms (user + system, from
 * process.cpuUsage, less sensitive to other processes on the machine than req/s) and PostgreSQL queries (round trips;
 * BEGIN and COMMIT count). `settle` waits for the work the requests left behind them (the domain events delivered
 * after the response, decision 076): counted with the requests that caused it.
 */
export async function meteredLoad(
  job: LoadJob,
  settle?: () => Promise<void>,
  database?: Database,
): Promise<LoadAnswer & { cpuMs: number; queries: number; settleMs: number; pgCpuMs: number | null }> {
  const pgBefore = await backendTicks(database);
  const cpu = process.cpuUsage();
  const queries = pgQueries;
  const answer = await loadInChild(job);
  const loaded = performance.now();
  await settle?.();
  const settleMs = Math.round(performance.now() - loaded);
  const pgAfter = await backendTicks(database);
  const used = process.cpuUsage(cpu);
  const n = Math.max(1, answer.total);
  return {
    ...answer,
    cpuMs: Math.round(((used.user + used.system) / 1000 / n) * 100) / 100,
    queries: Math.round(((pgQueries - queries) / n) * 10) / 10,
    settleMs,
    pgCpuMs: pgBefore && pgAfter ? Math.round((ticksBetween(pgBefore, pgAfter) * 10 * 100) / n) / 100 : null,
  };
}

/**
 * CPU ticks (1/100 s) used so far by each PostgreSQL backend serving the bench's database (Linux /proc; the server is
 * on this machine): PostgreSQL's own work per request, which the server's CPU does not show. Null elsewhere.
 */
async function backendTicks(database: Database | undefined): Promise<Map<number, number> | null> {
  if (database?.kind !== 'postgres' || !existsSync('/proc/self/stat')) return null;
  const { rows } = await database.executeSql(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      // fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // a backend that ended meanwhile
    }
  }
  return ticks;
}

function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, t] of after) total += t - (before.get(pid) ?? 0);
  return total;
}

export function printTable(title: string, rows: Figures[]) {
  console.log(`\n${title}`);
  console.log(
    `${'endpoint'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(34)}${String(r.rps).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(9)}`,
    );
  }
}
