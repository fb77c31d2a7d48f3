import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, migratedPgliteImage } from '../db/client';

async function onAdmin(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Vitest's global setup of the server project (decision 082): the migrations run once per test run, not once per
 * test database. PGlite: one migrated data directory, written to a file each in-memory test database is loaded from
 * (`TEST_PGLITE_IMAGE`; a new PGlite otherwise runs initdb and every migration, about 2.7 s of CPU each).
 * PostgreSQL (with `TEST_DATABASE_URL`): one migrated database each test database is created from as its TEMPLATE
 * (`TEST_POSTGRES_TEMPLATE`; about 0.4 s instead of 2.5-3 s). `createTestDatabase` still runs `migrate()` on each.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // `server` and `server-isolated` (vitest.config.ts) both name this file: one image and one template for the run
  const shared = globalThis as { underTestDatabases?: { users: number; made: Promise<() => Promise<void>> } };
  shared.underTestDatabases ??= { users: 0, made: make() };
  const made = shared.underTestDatabases;
  made.users += 1;
  const teardown = await made.made;
  return async () => {
    made.users -= 1;
    if (made.users === 0) {
      shared.underTestDatabases = undefined;
      await teardown();
    }
  };
}

async function make(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'under-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? `under_template_${randomBytes(6).toString('hex')}` : undefined;
  const postgres = async () => {
    if (!adminUrl || !template) return;
    await onAdmin(adminUrl, `CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = createPostgresDatabase(url.toString(), { poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // a template may have no open connection while it is copied
      await database.close();
    }
    process.env.TEST_POSTGRES_TEMPLATE = template;
  };
  const pglite = async () => {
    writeFileSync(file, new Uint8Array(await (await migratedPgliteImage()).arrayBuffer()));
    process.env.TEST_PGLITE_IMAGE = file;
  };
  await Promise.all([pglite(), postgres()]);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) await onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
