import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type BuildAppOptions, buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createPgliteDatabase, type Database } from '../packages/server/src/db/client';
import type { Mailer } from '../packages/server/src/infra/mail/mailer';
import { createTestDatabase } from '../packages/server/src/test/helpers';

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
    database = await createTestDatabase('postgres');
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
