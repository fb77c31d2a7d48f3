import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../db/client';
import { createCompaniesRepository } from '../db/repositories/companies.repository';
import type { Mailer, MailMessage } from '../infra/mail/mailer';
import type { Storage } from '../infra/storage/storage';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create databases on. */
export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await createPgliteDatabase(undefined);
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `under_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createPostgresDatabase(url.toString());
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

export interface MemoryMailer extends Mailer {
  sent: MailMessage[];
  /** The 6-digit code of the newest mail to `to`. */
  lastCode(to: string): string;
}

export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    outboxDir: undefined,
    sent,
    async send(message) {
      sent.push(message);
    },
    lastCode(to) {
      const mail = [...sent].reverse().find((m) => m.to === to);
      const code = mail?.text.match(/Your code: (\d{6})/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'under-test-'));
  return { ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

/** A whole app on a fresh database, with a clock the test can move and mail it can read. */
export async function createTestApp(
  kind: DbKind,
  options: { webDist?: string; extend?: (app: FastifyInstance) => void; storage?: Storage } = {},
) {
  const database = await createTestDatabase(kind);
  const mailer = createMemoryMailer();
  const clock = { offsetMs: 0 };
  const config = testConfig();
  const built = await buildApp({
    config,
    database,
    mailer,
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    now: () => Date.now() + clock.offsetMs,
    webDist: options.webDist ?? path.join(config.dataDir, 'no-web'),
    extend: options.extend,
    storage: options.storage,
  });
  // the six plans exist in every real database (seeded at start); companies need them
  for (const m of DEFAULT_MEMBERSHIPS) await createCompaniesRepository(database.db).upsertMembership(m);
  return {
    ...built,
    database,
    mailer,
    clock,
    config,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
/** A unique, valid e-mail address. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export const PASSWORD = 'Secret123';

/** Signs up and confirms a client user through the API; returns its e-mail. */
export async function registerClient(t: TestApp, email = uniqueEmail(), password = PASSWORD): Promise<string> {
  const up = await t.app.inject({ method: 'POST', url: '/api/auth/client/sign-up', payload: { email, password } });
  if (up.statusCode !== 201) throw new Error(`sign-up failed: ${up.body}`);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/client/confirm-sign-up',
    payload: { email, code: t.mailer.lastCode(email) },
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
