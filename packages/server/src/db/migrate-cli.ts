import path from 'node:path';
import { loadConfig } from '../config';
import { restrictUmask, secureDataDir } from '../data-dir';
import { createPgliteDatabase, createPostgresDatabase } from './client';
import { lockDataDir } from './lock';

// `npm run db:migrate`: the same migrations the server runs at start, without starting it.
restrictUmask();
const config = loadConfig();
secureDataDir(config.dataDir);
const release = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
const database = config.databaseUrl
  ? createPostgresDatabase(config.databaseUrl)
  : await createPgliteDatabase(path.join(config.dataDir, 'pglite'));
// PGlite copies a new database's initial files with modes of its own (0666)
if (!config.databaseUrl) secureDataDir(path.join(config.dataDir, 'pglite'));
await database.migrate();
await database.close();
release?.();
console.log(`Migrations applied (${database.kind}).`);
