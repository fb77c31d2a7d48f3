import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrationSyncAttempts, integrationSyncs } from '../../../db/schema';
import { bearer, registerCompany } from '../../../test/accounts';
import { createTestApp } from '../../../test/helpers';
import { freePort, type ServerProcess, spawnServer, waitUntilServing } from '../../../test/server-process';
import { activeForm, insertApplication } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { queueSync, SALESFORCE_TARGET } from './sync.service';

const APPLICATIONS = 200;
const KILLS = 3;

/**
 * Issue #23 §4 "Done when": the kill -9 soak. 200 submitted applications syncing, the real server (main.ts) killed
 * with SIGKILL three times mid-run and started again: every application synced exactly once (the provider counts
 * creates), nothing stuck. The provider is the test-only Salesforce in a file that outlives the server
 * (sync.file-salesforce.ts; NODE_ENV=test), half upserted on an external id, half created then updated.
 */
describe('the sync across kill -9', () => {
  it(`${APPLICATIONS} applications, the server killed ${KILLS} times: each synced, one record each`, async () => {
    const t = await createTestApp('pglite', { pgliteFiles: true });
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Kill Bank' });
    const a = await registerCompany(t, { companyName: 'Kill A', membershipId: 'MEMBERSHIP_006' });
    const upsertForm = await activeForm(t, a, masterId, 'Kill upsert');
    const createForm = await activeForm(t, a, masterId, 'Kill create');
    const ids: string[] = [];
    for (let i = 0; i < APPLICATIONS; i++) {
      const customFormId = i % 2 ? createForm : upsertForm;
      const app = await insertApplication(t.database.db, { companyId: a.companyId, customFormId });
      ids.push(app.id);
      await queueSync(t.database.db, {
        applicationId: app.id,
        companyId: a.companyId,
        kind: 'salesforce',
        target: SALESFORCE_TARGET,
        at: new Date(),
        force: false,
      });
    }
    // the worker reads these applications through the applications module
    expect(await t.services.applicationDetail.syncSource(ids[0] as string)).not.toBeNull();
    const dataDir = t.config.dataDir;
    await t.close();

    const file = path.join(dataDir, 'salesforce.json');
    const provider = (): { creates: number; records: Record<string, Record<string, unknown>> } => {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        return { creates: 0, records: {} };
      }
    };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = () =>
      spawnServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        NODE_ENV: 'test',
        UNDER_TEST_SALESFORCE_FILE: file,
        UNDER_TEST_SALESFORCE_UPSERT_FORM: upsertForm,
        UNDER_TEST_SALESFORCE_DELAY_MS: '40',
      });
    const until = async (server: ServerProcess, what: string, ok: () => Promise<boolean> | boolean, ms = 120_000) => {
      const end = Date.now() + ms;
      while (!(await ok())) {
        if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
        if (Date.now() > end) throw new Error(`timed out: ${what} (${JSON.stringify(provider().creates)} creates)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    for (let kill = 1; kill <= KILLS; kill++) {
      const server = start();
      await waitUntilServing(`${base}/api/health`, server, 90_000);
      const target = Math.round((APPLICATIONS * kill) / (KILLS + 1));
      await until(server, `${target} records`, () => Object.keys(provider().records).length >= target);
      server.child.kill('SIGKILL');
      await server.exited;
    }
    const last = start();
    try {
      await waitUntilServing(`${base}/api/health`, last, 90_000);
      const total = async (states: string) => {
        const res = await fetch(`${base}/api/applications?pageSize=10&${states}`, { headers: bearer(a.token) });
        return ((await res.json()) as { total: number }).total;
      };
      await until(last, 'every sync synced', async () => (await total('syncStates=synced')) === APPLICATIONS);
      expect(await total('syncStates=queued&syncStates=running&syncStates=failed&syncStates=needs_attention')).toBe(0);
    } finally {
      last.child.kill('SIGTERM');
      await last.exited;
    }

    const state = provider();
    expect(state.creates).toBe(APPLICATIONS);
    const records = Object.values(state.records);
    expect(records).toHaveLength(APPLICATIONS);
    expect(new Set(records.map((r) => r.Note__c)).size).toBe(APPLICATIONS);
    const again = await createTestApp('pglite', { pgliteFiles: true, config: { dataDir } });
    try {
      const rows = await again.database.db
        .select()
        .from(integrationSyncs)
        .where(inArray(integrationSyncs.applicationId, ids));
      expect(rows.filter((r) => r.state === 'synced')).toHaveLength(APPLICATIONS);
      for (const r of rows) expect(state.records[r.providerRecordId as string]?.Note__c).toBe(r.applicationId);
      // the kills cut attempts short (each resumed by the next start); a kill may fall between two batches of jobs
      const cut = await again.database.db
        .select()
        .from(integrationSyncAttempts)
        .where(eq(integrationSyncAttempts.outcome, 'interrupted'));
      expect(cut.length).toBeGreaterThanOrEqual(1);
    } finally {
      await again.close();
    }
  }, 600_000);
});
