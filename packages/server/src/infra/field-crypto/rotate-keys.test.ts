import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPgliteDatabase, type Database } from '../../db/client';
import { applications } from '../../db/schema/index';
import { registerCompany } from '../../test/accounts';
import { createTestApp, testDatabases } from '../../test/helpers';
import { activeEncryptedForm, insertSealedApplication, realFieldCrypto } from '../../test/sealed-applications';
import { createFieldCrypto } from './field-crypto';
import { loadKeyRing, startRotation } from './keys';
import { rotateKeys } from './rotate-keys';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const run = promisify(execFile);

const plainOf = (i: number) => ({
  owner_ssn: `987-65-43${String(i).padStart(2, '0')}`,
  bank_account_number: `00012345678${i}`,
  tax_id: `TAX-${i}`,
  more_owners: [{ more_name: `Owner ${i}`, more_ssn: `555-44-33${String(i).padStart(2, '0')}` }],
});

const keyIdsIn = (data: unknown) => [...JSON.stringify(data).matchAll(/enc:v1:([A-Za-z0-9_-]+):/g)].map((m) => m[1]);

describe.each(testDatabases())('npm run keys:rotate on %s', (kind) => {
  it('re-seals every value under a new key in batches, keeps the old keys, resumes an interrupted run', async () => {
    const real = realFieldCrypto();
    const t = await createTestApp(kind, { pgliteFiles: true, ...real });
    const dataDir = t.config.dataDir;
    const firstKey = real.fieldCrypto.activeKeyId;
    const a = await registerCompany(t, { companyName: 'Rotating Bank', membershipId: 'MEMBERSHIP_006' });
    const form = await activeEncryptedForm(t, a);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await insertSealedApplication(t, { companyId: a.companyId, form, data: plainOf(i) }));
    // an application with nothing encrypted is not touched
    await insertSealedApplication(t, { companyId: a.companyId, form, data: { tax_id: 'TAX-x' } });
    let database: Database = t.database;
    if (kind === 'pglite') {
      // PGlite: one process per data dir, so the server is stopped first
      await t.close();
      database = await createPgliteDatabase(path.join(dataDir, 'pglite'));
    }
    try {
      const rowsNow = async () =>
        new Map(
          (await database.db.select({ id: applications.id, data: applications.data }).from(applications)).map((r) => [
            r.id,
            r.data,
          ]),
        );
      const before = await rowsNow();
      expect(ids.every((id) => keyIdsIn(before.get(id)).every((k) => k === firstKey))).toBe(true);

      const lines: string[] = [];
      const first = await rotateKeys({ dataDir, env: {}, database, batchSize: 2, print: (l) => lines.push(l) });
      expect(first.source).toBe('generated');
      expect(first.activeKeyId).not.toBe(firstKey);
      expect(first.counts).toEqual([
        expect.objectContaining({
          table: 'applications',
          rowsScanned: 5,
          rowsUpdated: 5,
          valuesResealed: 15,
          valuesFailed: 0,
          rowsLeft: 0,
        }),
        // the vault's column is walked too (empty here)
        expect.objectContaining({ table: 'applicant_vaults', valuesResealed: 0, valuesFailed: 0 }),
        // and the integrations' credentials (decision 073; their own test: connections.rotate.test.ts)
        expect.objectContaining({ table: 'integration_connections', valuesResealed: 0, valuesFailed: 0 }),
        expect.objectContaining({ table: 'integration_oauth_states', valuesResealed: 0, valuesFailed: 0 }),
        expect.objectContaining({ table: 'integration_configs', valuesResealed: 0, valuesFailed: 0 }),
        // button links' signing secrets (decision 084)
        expect.objectContaining({ table: 'button_link_integrations', valuesResealed: 0, valuesFailed: 0 }),
      ]);
      expect(lines.join('\n')).toContain('15 values re-sealed');
      const ring = loadKeyRing(dataDir, {});
      expect(ring.activeKeyId).toBe(first.activeKeyId);
      expect([...ring.keys.keys()]).toContain(firstKey);
      const after = await rowsNow();
      const crypto = createFieldCrypto(ring);
      for (const [i, id] of ids.entries()) {
        expect(keyIdsIn(after.get(id)).every((k) => k === first.activeKeyId)).toBe(true);
        expect(keyIdsIn(after.get(id))).toHaveLength(3);
        expect(crypto.openData(form.form, after.get(id) as Record<string, unknown>)).toEqual(plainOf(i));
      }

      // an interrupted rotation (its key made, its pass never finished) is resumed, not restarted with another key
      const pending = startRotation(dataDir);
      const resumed = await rotateKeys({ dataDir, env: {}, database, batchSize: 2 });
      expect(resumed).toMatchObject({ source: 'resumed', activeKeyId: pending.id });
      expect(resumed.counts[0]).toMatchObject({ rowsScanned: 5, valuesResealed: 15, rowsLeft: 0 });
      const again = loadKeyRing(dataDir, {});
      expect(again.activeKeyId).toBe(pending.id);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'keys.json'), 'utf8')).rotating).toBeUndefined();

      // with DATA_ENCRYPTION_KEY set, no key is made: everything moves under the environment's key
      const env = { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), DATA_ENCRYPTION_KEY_ID: 'prod-2' };
      const fromEnv = await rotateKeys({ dataDir, env, database });
      expect(fromEnv).toMatchObject({ source: 'env', activeKeyId: 'prod-2' });
      expect(fromEnv.counts[0]).toMatchObject({ rowsUpdated: 5, valuesResealed: 15, rowsLeft: 0 });
      const envCrypto = createFieldCrypto(loadKeyRing(dataDir, env));
      const final = await rowsNow();
      for (const [i, id] of ids.entries()) {
        expect(keyIdsIn(final.get(id)).every((k) => k === 'prod-2')).toBe(true);
        expect(envCrypto.openData(form.form, final.get(id) as Record<string, unknown>)).toEqual(plainOf(i));
      }
      // idempotent: a second pass under the same key writes nothing
      const same = await rotateKeys({ dataDir, env, database });
      expect(same.counts[0]).toMatchObject({ rowsScanned: 5, rowsUpdated: 0, valuesResealed: 0, rowsLeft: 0 });
      expect(await rowsNow()).toEqual(final);
    } finally {
      if (kind === 'pglite') await database.close();
      else await t.close();
    }
  }, 60_000);
});

describe('the keys:rotate command', () => {
  it('runs from the repository root on a PGlite data dir and prints its counts', async () => {
    const real = realFieldCrypto();
    const t = await createTestApp('pglite', { pgliteFiles: true, ...real });
    const dataDir = t.config.dataDir;
    const a = await registerCompany(t, { companyName: 'Command Bank', membershipId: 'MEMBERSHIP_006' });
    const form = await activeEncryptedForm(t, a);
    const id = await insertSealedApplication(t, { companyId: a.companyId, form, data: plainOf(7) });
    const oldKey = real.fieldCrypto.activeKeyId;
    await t.close();
    const { stdout } = await run('npm', ['run', '--silent', 'keys:rotate'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '', DATA_ENCRYPTION_KEY: '' },
    });
    const ring = loadKeyRing(dataDir, {});
    expect(ring.activeKeyId).not.toBe(oldKey);
    expect(stdout).toContain(`New key ${ring.activeKeyId} is active`);
    expect(stdout).toContain('applications.data: 1 rows with sealed values, 1 rows updated, 3 values re-sealed');
    expect(stdout).toContain(`Done: every sealed value is under key ${ring.activeKeyId}.`);
    const database = await createPgliteDatabase(path.join(dataDir, 'pglite'));
    try {
      const [row] = await database.db.select().from(applications).where(eq(applications.id, id));
      expect(createFieldCrypto(ring).openData(form.form, row?.data ?? {})).toEqual(plainOf(7));
    } finally {
      await database.close();
    }
  }, 60_000);
});
