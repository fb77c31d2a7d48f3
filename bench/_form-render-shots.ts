// Screenshots of the kitchen-sink form in two builds of the web app, for comparing the renderer's look:
//   WEB_DIST=/tmp/new BENCH_BASELINE_DIST=/tmp/old node --import tsx bench/_form-render-shots.ts /tmp/shots
// Writes NAME-{current,baseline}-{fresh,errors,focus,shared-owner}.png (the form's panel only).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createPgliteDatabase } from '../packages/server/src/db/client';

const out = path.resolve(process.argv[2] ?? 'shots');
mkdirSync(out, { recursive: true });
const builds = [
  ['current', path.resolve(process.env.WEB_DIST ?? 'packages/web/dist')],
  ...(process.env.BENCH_BASELINE_DIST ? [['baseline', path.resolve(process.env.BENCH_BASELINE_DIST)]] : []),
] as const;

async function startServer(webDist: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'under-shots-'));
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
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

const shot = (page: Page, file: string) =>
  page.getByRole('form').screenshot({ path: path.join(out, file), animations: 'disabled' });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const [name, dist] of builds) {
    const server = await startServer(dist);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1200 } });
    try {
      await page.goto(`${server.url}/form-playground?fixture=kitchenSink`);
      await page.getByRole('form').waitFor();
      await page.waitForTimeout(500);
      await shot(page, `kitchen-${name}-fresh.png`);
      await page.getByRole('form').getByRole('button', { name: 'Submit' }).click();
      await page.waitForTimeout(500);
      await shot(page, `kitchen-${name}-errors.png`);
      await page
        .getByLabel(/^Email( \*)?$/)
        .first()
        .focus();
      await page.waitForTimeout(200);
      await page
        .getByLabel(/^Email( \*)?$/)
        .first()
        .screenshot({ path: path.join(out, `kitchen-${name}-focus-input.png`) });
      await page.getByLabel('Fill in as').selectOption('sharedOwnerEndUser');
      await page.waitForTimeout(500);
      await shot(page, `kitchen-${name}-shared-owner.png`);
    } finally {
      await page.close();
      await server.close();
    }
  }
} finally {
  await browser.close();
}
