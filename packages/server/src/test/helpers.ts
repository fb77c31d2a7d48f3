import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../db/client';
import { createCompaniesRepository } from '../db/repositories/companies.repository';
import { applicationDocumentRuns } from '../db/schema/index';
import { onRefusal } from '../db/transaction-guard';
import { createMailer, type Mailer, type MailMessage } from '../infra/mail/mailer';
import type { PdfPool } from '../infra/pdf/pdf-pool';
import type { Storage } from '../infra/storage/storage';

type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create databases on. */
export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * PostgreSQL's pool in API tests: ONE connection, like PGlite (decision 054). A query that some code issues outside
 * the open transaction of its request, on a connection of its own, then waits for the one the transaction holds and
 * fails after `TEST_POOL_WAIT_MS` instead of silently taking a second connection. Tests that prove behaviour under
 * real parallelism (locks, quotas, throttles racing) ask for a larger pool.
 */
const TEST_POOL_SIZE = 1;
/** The pool of tests that race requests on purpose (quotas, locks, throttles): enough to let them really race. */
export const PARALLEL_POOL_SIZE = 5;
/** How long a test's query waits for the pool's connection, and how long one statement may run, on PostgreSQL. */
const TEST_POOL_WAIT_MS = 10_000;
const TEST_STATEMENT_TIMEOUT_MS = 10_000;

/**
 * The migrated PGlite image the test run's global setup wrote (`TEST_PGLITE_IMAGE`, test/global-setup.ts), read
 * once per test file; undefined outside vitest (benches), where each database runs initdb and the migrations itself.
 */
let pgliteImage: Promise<Blob> | undefined;
function migratedImage(): Promise<Blob> | undefined {
  const file = process.env.TEST_PGLITE_IMAGE;
  if (!file) return undefined;
  pgliteImage ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteImage;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. Both start from a
 * copy migrated once per test run when the global setup made one (decision 082); `migrate()` still runs and finds
 * nothing left to apply.
 */
export async function createTestDatabase(
  kind: DbKind,
  opts: { poolSize?: number; poolWaitMs?: number } = {},
): Promise<Database> {
  if (kind === 'pglite') {
    const image = migratedImage();
    const database = await createPgliteDatabase(undefined, image ? await image : undefined);
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `under_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // a copy of the run's migrated template when the global setup made one (TEST_POSTGRES_TEMPLATE)
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createPostgresDatabase(url.toString(), {
    poolSize: opts.poolSize ?? TEST_POOL_SIZE,
    connectionTimeoutMs: opts.poolWaitMs ?? TEST_POOL_WAIT_MS,
    statementTimeoutMs: TEST_STATEMENT_TIMEOUT_MS,
  });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

interface MemoryMailer extends Mailer {
  /** What the mail server took, in order; complete after `settle()`. */
  sent: MailMessage[];
  /** While set, every send throws it (a mail server that is down or refuses). */
  failure: Error | undefined;
  /**
   * Delivers the pending domain events, then sends every mail the outbox holds now and waits for those a job is
   * sending (mail goes out after the commit, through a job: decision 023). Set by `createTestApp`.
   */
  settle(): Promise<void>;
  /** The 6-digit code of the newest mail to `to`, once the outbox is settled. */
  lastCode(to: string): Promise<string>;
}

function createMemoryMailer(): MemoryMailer & { drain?: () => Promise<void> } {
  const sent: MailMessage[] = [];
  const mailer: MemoryMailer & { drain?: () => Promise<void> } = {
    outboxDir: undefined,
    sent,
    failure: undefined,
    async send(message) {
      if (mailer.failure) throw mailer.failure;
      sent.push(message);
    },
    async settle() {
      await mailer.drain?.();
    },
    async lastCode(to) {
      await mailer.settle();
      const mail = [...sent].reverse().find((m) => m.to === to);
      const code = mail?.text.match(/Your code: (\d{6})/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
  };
  return mailer;
}

function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'under-test-'));
  return { ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

/** A whole app on a fresh database, with a clock the test can move and mail it can read. */
export async function createTestApp(
  kind: DbKind,
  options: {
    webDist?: string;
    extend?: (app: FastifyInstance) => void;
    storage?: Storage;
    /** A PDF pool of the test's own (failure cases); by default the app's. */
    pdfPool?: PdfPool;
    /** The app's logger; by default silent (or TEST_LOG's level). */
    logger?: BuildAppOptions['logger'];
    /** Mail is also written to DATA_DIR/outbox by the real mailer, logging through the app's logger. */
    outbox?: boolean;
    /** PGlite in files under DATA_DIR/pglite instead of in memory (tests that read the database's files). */
    pgliteFiles?: boolean;
    /** The card payment gateway (e.g. Stripe's adapter on its simulator); by default the test gateway. */
    gateway?: BuildAppOptions['gateway'];
    /** Configuration overrides (e.g. the payment gateway's settings). */
    config?: Partial<Config>;
    /** The applicant vault's encryption (decision 039). */
    vaultCrypto?: BuildAppOptions['vaultCrypto'];
    /** Field encryption; by default the app's (keys of the test's data dir). */
    fieldCrypto?: BuildAppOptions['fieldCrypto'];
    /** Calls to providers (e.g. a client allowing a simulator's loopback host:port). */
    outbound?: BuildAppOptions['outbound'];
    /** The Salesforce client (an in-memory one, or the real one on a simulator); by default the real one. */
    salesforce?: BuildAppOptions['salesforce'];
    /** The CardConnect client (an in-memory one); by default the real one on the configured endpoints. */
    cardConnect?: BuildAppOptions['cardConnect'];
    /** The KYC provider (an in-memory one, or the real client on the simulator). */
    kyc?: BuildAppOptions['kyc'];
    /** Called after each generated document is written (a crash between two documents). */
    afterDocument?: BuildAppOptions['afterDocument'];
    /**
     * PostgreSQL's pool size (default `TEST_POOL_SIZE`, one): larger only for tests of real parallelism, which
     * a single connection would serialise into passing.
     */
    poolSize?: number;
  } = {},
) {
  const config = testConfig(options.config);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // the migrated image only for a new directory: a test reopening a data dir a server used keeps its database
  const database =
    options.pgliteFiles && kind === 'pglite'
      ? await createPgliteDatabase(
          pgliteDir,
          existsSync(path.join(pgliteDir, 'PG_VERSION')) ? undefined : await migratedImage(),
        )
      : await createTestDatabase(kind, { poolSize: options.poolSize });
  if (options.pgliteFiles && kind === 'pglite') await database.migrate();
  // a query outside the open transaction fails the test even where some code caught the error (decision 054)
  const refusals: Error[] = [];
  const unsubscribe = onRefusal((err) => {
    refusals.push(err);
  });
  const mailer = createMemoryMailer();
  let outbox: Mailer | undefined;
  if (options.outbox) {
    const remember = mailer.send.bind(mailer);
    mailer.send = async (message) => {
      await remember(message);
      await outbox?.send(message);
    };
  }
  const clock = { offsetMs: 0 };
  const built = await buildApp({
    config,
    database,
    mailer,
    logger: options.logger ?? (process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false),
    now: () => Date.now() + clock.offsetMs,
    webDist: options.webDist ?? path.join(config.dataDir, 'no-web'),
    extend: options.extend,
    storage: options.storage,
    pdfPool: options.pdfPool,
    gateway: options.gateway,
    vaultCrypto: options.vaultCrypto,
    fieldCrypto: options.fieldCrypto,
    outbound: options.outbound,
    salesforce: options.salesforce,
    cardConnect: options.cardConnect,
    kyc: options.kyc,
    afterDocument: options.afterDocument,
  });
  // the domain events first (their subscribers queue mail: decision 064), then the mail outbox
  mailer.drain = async () => {
    await built.events.drain();
    await built.services.mail.drain();
  };
  if (options.outbox) {
    outbox = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: config.dataDir, log: built.app.log });
  }
  // the six plans exist in every real database (seeded at start); companies need them
  for (const m of DEFAULT_MEMBERSHIPS) await createCompaniesRepository(database.db).upsertMembership(m);
  return {
    ...built,
    database,
    mailer,
    clock,
    config,
    async close() {
      // documents' jobs still at work (a test that signed last) finish before the database goes
      for (let i = 0; i < 200; i++) {
        const [open] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(applicationDocumentRuns)
          .where(inArray(applicationDocumentRuns.status, ['queued', 'running']));
        if (!open?.n) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await built.app.close();
      await database.close();
      unsubscribe();
      if (refusals.length > 0) {
        throw new Error(
          `${refusals.length} quer${refusals.length === 1 ? 'y' : 'ies'} on the root database inside an open ` +
            `transaction (decision 054):\n${refusals.map((e) => e.stack).join('\n')}`,
        );
      }
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The promise's value, or a failure naming what did not answer in time: a hung request fails its test, never stalls it. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

let counter = 0;
/** A unique, valid e-mail address. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export const PASSWORD = 'Secret123';

let addresses = 0;
/**
 * A fresh client address (198.18.0.0/15, the benchmarking range). Throttles count per address (decision 019):
 * helpers that stand for many different people give each their own, as real sign-ups would have.
 */
export function uniqueAddress(): string {
  addresses += 1;
  return `198.${18 + ((addresses >> 16) & 1)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** Signs up and confirms a client user through the API; returns its e-mail. */
export async function registerClient(t: TestApp, email = uniqueEmail(), password = PASSWORD): Promise<string> {
  const remoteAddress = uniqueAddress();
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/auth/client/sign-up',
    payload: { email, password },
    remoteAddress,
  });
  if (up.statusCode !== 201) throw new Error(`sign-up failed: ${up.body}`);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/client/confirm-sign-up',
    payload: { email, code: await t.mailer.lastCode(email) },
    remoteAddress,
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return email;
}

export async function signIn(t: TestApp, pool: 'client' | 'admin', email: string, password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: `/api/auth/${pool}/sign-in`, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === `under_rt_${pool}`);
  return { accessToken: res.json().accessToken as string, refreshCookie: cookie?.value ?? '', response: res };
}

/** The path and query of a signed URL (built on PUBLIC_URL), for `app.inject`. */
export function localPath(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}
