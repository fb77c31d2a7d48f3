// Profiles one mount of the 300-field form in Chromium (self time by function), for work on the renderer:
//   (cd packages/web && npx vite build --minify false --outDir /tmp/x) && WEB_DIST=/tmp/x node --import tsx bench/_form-render-profile.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createPgliteDatabase } from '../packages/server/src/db/client';

const webDist = path.resolve(process.env.WEB_DIST ?? 'packages/web/dist');
const dataDir = mkdtempSync(path.join(tmpdir(), 'under-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const database = await createPgliteDatabase(path.join(dataDir, 'pglite'));
await database.migrate();
const built = await buildApp({
  config,
  database,
  webDist,
  logger: false,
  mailer: { outboxDir: undefined, async send() {} },
});
await built.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = built.app.server.address() as { port: number };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/form-playground?fixture=large`);
  await page.waitForFunction(() => performance.getEntriesByName('under-form:complete').length >= 1);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const self = new Map<string, number>();
  const runs = Number(process.env.RUNS ?? 5);
  for (let i = 2; i < 2 + runs; i++) {
    await cdp.send('Profiler.start');
    await page.getByRole('button', { name: '300 fields' }).click();
    await page.waitForFunction((n) => performance.getEntriesByName('under-form:complete').length >= n, i);
    const { profile } = (await cdp.send('Profiler.stop')) as {
      profile: {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples: number[];
        timeDeltas: number[];
      };
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, k) => {
      const node = byId.get(id);
      if (!node) return;
      const f = node.callFrame;
      const name = `${f.functionName || '(anon)'} ${path.basename(f.url)}:${f.lineNumber}`;
      self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000);
    });
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`total sampled ${(total / runs).toFixed(1)} ms per mount`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log((ms / runs).toFixed(2).padStart(8), name);
  console.log(
    await page.evaluate(() =>
      performance
        .getEntriesByName('under-form:complete')
        .map((e) => e.duration.toFixed(1))
        .join(' '),
    ),
  );
} finally {
  await browser.close();
  await built.app.close();
  await database.close();
}
