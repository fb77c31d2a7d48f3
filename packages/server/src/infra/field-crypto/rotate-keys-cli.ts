import path from 'node:path';
import { loadConfig } from '../../config';
import { restrictUmask, secureDataDir } from '../../data-dir';
import { createPgliteDatabase, createPostgresDatabase } from '../../db/client';
import { lockDataDir } from '../../db/lock';
import { rotateKeys } from './rotate-keys';

// `npm run keys:rotate`: a new data-encryption key, and every sealed value re-sealed under it (decision 038).
// On PGlite the server must be stopped (one process per data dir); on PostgreSQL it may run, see the decision.
restrictUmask();
const config = loadConfig();
secureDataDir(config.dataDir);
const release = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
const database = config.databaseUrl
  ? createPostgresDatabase(config.databaseUrl)
  : await createPgliteDatabase(path.join(config.dataDir, 'pglite'));
let failed = false;
try {
  if (!(await database.isMigrated())) throw new Error('The database is not migrated: run `npm run db:migrate` first.');
  const result = await rotateKeys({
    dataDir: config.dataDir,
    env: process.env,
    database,
    print: (line) => console.log(line),
  });
  failed = result.counts.some((c) => c.valuesFailed > 0 || c.rowsLeft > 0);
  console.log(
    failed
      ? 'Some values are not under the active key (see above); run keys:rotate again once the cause is fixed.'
      : `Done: every sealed value is under key ${result.activeKeyId}.`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed = true;
} finally {
  await database.close();
  release?.();
}
process.exitCode = failed ? 1 : 0;
