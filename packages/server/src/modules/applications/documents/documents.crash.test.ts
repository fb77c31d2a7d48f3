import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationDocumentRuns, applicationDocuments } from '../../../db/schema';
import { bearer } from '../../../test/accounts';
import { createTestApp } from '../../../test/helpers';
import { freePort, type ServerProcess, spawnServer, waitUntilServing } from '../../../test/server-process';
import { documentsSetup, finishedRun, signedApplication } from './documents.fixtures';

/**
 * Issue 13 "Done when": kill -9 of the server during generation, then restart: every document generated exactly
 * once. The state is made by a test app on PGlite files in a data dir, then the real server (main.ts) runs on that
 * data dir: it generates slowly (a test-only delay after each document), is killed after the first document, and a
 * second start completes the run.
 */
describe('documents across a crash', () => {
  it('a run killed after its first document is completed by the next start, each document once', async () => {
    const t = await createTestApp('pglite', { pgliteFiles: true });
    const { a, formId } = await documentsSetup(t);
    const f = await signedApplication(t, formId);
    expect((await finishedRun(t, f.runId)).status).toBe('done');
    // as if the job had not run yet: the documents gone, the run waiting
    await t.database.db.delete(applicationDocuments).where(eq(applicationDocuments.applicationId, f.applicationId));
    await t.database.db
      .update(applicationDocumentRuns)
      .set({ status: 'queued', attempts: 0, startedAt: null, finishedAt: null })
      .where(eq(applicationDocumentRuns.id, f.runId));
    const dataDir = t.config.dataDir;
    await t.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = (env: Record<string, string> = {}) =>
      spawnServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        ...env,
      });
    const documents = async () => {
      const res = await fetch(`${base}/api/applications/${f.applicationId}/documents?pageSize=10`, {
        headers: bearer(a.token),
      });
      return (await res.json()) as { total: number; items: { name: string }[]; generation: { state: string } };
    };
    const until = async (server: ServerProcess, ok: (d: Awaited<ReturnType<typeof documents>>) => boolean) => {
      for (let i = 0; i < 300; i++) {
        if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
        const d = await documents();
        if (ok(d)) return d;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out:\n${server.output()}`);
    };

    const first = start({ UNDER_TEST_DOCUMENT_DELAY_MS: '5000' });
    await waitUntilServing(`${base}/api/health`, first, 60_000);
    await until(first, (d) => d.total === 1);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = start();
    try {
      await waitUntilServing(`${base}/api/health`, second, 60_000);
      const done = await until(second, (d) => d.generation.state === 'done');
      expect(done.total).toBe(3);
      expect(new Set(done.items.map((d) => d.name)).size).toBe(3);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    // read back on the data dir: one row per slot
    const again = await createTestApp('pglite', { pgliteFiles: true, config: { dataDir } });
    try {
      const rows = await again.database.db
        .select()
        .from(applicationDocuments)
        .where(and(eq(applicationDocuments.applicationId, f.applicationId), eq(applicationDocuments.generation, 1)));
      expect(rows.map((r) => r.slot).sort()).toEqual([
        'additional',
        'certificate',
        expect.stringMatching(/^template:/),
      ]);
      for (const row of rows) expect(await again.storage.stat(row.storageKey)).toBeDefined();
    } finally {
      await again.close();
    }
  }, 180_000);
});
