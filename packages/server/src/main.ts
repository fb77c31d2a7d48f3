import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import type { Clock } from './clock';
import { ConfigError, loadConfig } from './config';
import { restrictUmask, secureDataDir } from './data-dir';
import { createPgliteDatabase, createPostgresDatabase, type Database } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/lock';
import { seed } from './db/seed';
import { createStopper } from './stop';

/** Now plus the milliseconds written in `file` (0 while it is missing or unreadable); re-read at most every 200 ms. */
function fileClock(file: string): Clock {
  // read on every call (browser tests only): a cached offset let a call made right after the move see the old time
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
    return Date.now() + offset;
  };
}

async function main() {
  // DATA_DIR (database, files, mail, secrets) is the owner's alone: 0700 directories, 0600 files (decision 022)
  restrictUmask();
  const config = loadConfig();
  secureDataDir(config.dataDir);
  let release: (() => void) | undefined;
  let database: Database;
  if (config.databaseUrl) {
    database = createPostgresDatabase(config.databaseUrl);
  } else {
    release = lockDataDir(config.dataDir);
    database = await createPgliteDatabase(path.join(config.dataDir, 'pglite'));
    // PGlite copies a new database's initial files with modes of its own (0666); what it creates later follows
    // the umask; only its directory needs the second pass (the first walked all of DATA_DIR, uploads included)
    secureDataDir(path.join(config.dataDir, 'pglite'));
  }
  // several instances may start at once on one PostgreSQL: one migrates while the others wait
  await database.withStartupLock(() => database.migrate());

  const { app, services, events, jobs, drain, pdfPool } = await buildApp({
    config,
    database,
    // browser journeys move the clock (to a renewal date) through a file; refused in production by the config
    ...(config.testClockFile ? { now: fileClock(config.testClockFile) } : {}),
    // a built web app elsewhere (parallel browser runs build into their own folders); default packages/web/dist
    ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
  });
  const seeded = await database.withStartupLock(() =>
    seed({ db: database.db, auth: services.auth, admin: config.admin, demo: config.seedDemo }),
  );

  // SIGTERM/SIGINT: readiness turns 503, no new connections, requests and jobs in flight finish, then the
  // database closes. Anything acknowledged before the signal is committed; a stop that hangs is cut after 60 s,
  // and a second signal cuts it at once.
  const stop = createStopper({
    drain,
    closeDatabase: () => database.close(),
    release,
    log: app.log,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // jobs queued before a restart resume now, not at the next push
  void jobs.start().catch((err) => app.log.error({ err }, 'job queue did not start'));
  // mail committed before a crash, or whose job was lost, is queued again now and every minute (decision 023)
  services.mail.start();
  // domain events committed before a crash, or whose delivery failed, are delivered now and every 15 s (decision 064)
  events.start();
  // the PDF children start now, not when the first admin uploads or reviews a PDF
  pdfPool.warm();
  // documents whose generation a crash interrupted are generated now (issue 13; decision 046)
  void services.documents.resume().catch((err) => app.log.error({ err }, 'document runs not resumed'));

  const lines = [
    '',
    'Under is running.',
    `  Client app:  ${config.publicUrl}/`,
    `  Admin app:   ${config.publicUrl}/admin/`,
    `  API docs:    ${config.publicUrl}/api/docs`,
    `  Database:    ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail:        ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `written as .eml files to ${path.join(config.dataDir, 'outbox')}`}`,
  ];
  const credentials: string[] = [];
  if (seeded.admin.password) credentials.push(`  Admin sign-in:  ${seeded.admin.email} / ${seeded.admin.password}`);
  if (seeded.demo) credentials.push(`  Client sign-in: ${seeded.demo.email} / ${seeded.demo.password}`);
  if (credentials.length) {
    const file = path.join(config.dataDir, 'initial-credentials.txt');
    writeFileSync(file, `${credentials.join('\n')}\n`, { mode: 0o600 });
    lines.push(
      '',
      'Generated accounts (shown once; also saved, owner-readable only, in',
      `  ${file}):`,
      ...credentials,
    );
  } else {
    lines.push(
      '',
      `  Admin sign-in: ${seeded.admin.email} (password from ADMIN_PASSWORD, or ${path.join(config.dataDir, 'initial-credentials.txt')})`,
    );
  }
  lines.push(
    '  New client users register at /register; the code arrives in the outbox above.',
    '  Applicants: a client activates a form (Forms), then shares its link /application-form/{formId} or invites',
    '  a customer at /create-customer; applicants’ links and resume e-mails arrive in the outbox too.',
    '',
  );
  console.log(lines.join('\n'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
