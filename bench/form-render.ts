// The renderer in Chromium: mount time of the 300-field form, keystroke-to-paint, and the gzipped size of the
// applicant-facing JavaScript, each beside its target (issue 4 Performance).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBenchServer } from './_server';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist');
const TARGETS = { mountMs: 200, keystrokeMs: 16, gzipKb: 120 };
const MOUNTS = Number(process.env.BENCH_MOUNTS ?? 7);
const KEYSTROKES = 50;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when dist is missing or older than the web or core sources. */
function buildIfNeeded() {
  const index = path.join(dist, 'index.html');
  const sources = Math.max(newestMtime(path.join(web, 'src')), newestMtime(path.join(root, 'packages/core/src')));
  if (existsSync(index) && statSync(index).mtimeMs > sources) return;
  console.log('building packages/web ...');
  execFileSync('npx', ['vite', 'build'], { cwd: web, stdio: 'ignore' });
}

const gzipKb = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (n: number, unit: string) => `${n.toFixed(1)} ${unit}`;

/**
 * The applicant-facing bundle: `mountFormRenderer` built alone (React, Mantine pieces, renderer, core engine),
 * counting the entry and every chunk it imports statically; lazy chunks (signature pad, DOMPurify) are listed apart.
 */
async function standaloneBundle() {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const outDir = mkdtempSync(path.join(tmpdir(), 'under-renderer-'));
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: web,
    plugins: [react()],
    build: {
      outDir,
      write: false,
      rolldownOptions: {
        input: { renderer: path.join(web, 'src/features/forms/components/mount-form-renderer.tsx') },
        preserveEntrySignatures: 'exports-only',
      },
    },
  })) as { output: { type: string; fileName: string; code?: string; isEntry?: boolean; imports?: string[] }[] };
  const chunks = new Map(output.output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
  };
  if (entry) visit(entry.fileName);
  let eager = 0;
  let lazy = 0;
  for (const [name, chunk] of chunks) {
    const kb = gzipKb(chunk.code ?? '');
    if (seen.has(name)) eager += kb;
    else lazy += kb;
  }
  return { eager, lazy };
}

buildIfNeeded();
const server = await startBenchServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js')) return;
    scripts.set(path.basename(new URL(url).pathname), gzipKb(await response.body()));
  });

  // Mounts: the first load, then fresh mounts of the same fixture (a new form object remounts the renderer).
  const mounts: number[] = [];
  await page.goto(`${server.url}/form-playground?fixture=large`);
  const readMount = async (count: number) => {
    await page.waitForFunction((n) => performance.getEntriesByName('under-form:mount').length >= n, count, {
      timeout: 30_000,
    });
    return page.evaluate((n) => performance.getEntriesByName('under-form:mount')[n - 1]?.duration ?? Number.NaN, count);
  };
  const waitComplete = (n: number) =>
    page.waitForFunction((count) => performance.getEntriesByName('under-form:complete').length >= count, n);
  mounts.push(await readMount(1));
  await waitComplete(1);
  for (let i = 2; i <= MOUNTS; i++) {
    await page.getByRole('button', { name: '300 fields' }).click();
    mounts.push(await readMount(i));
    await waitComplete(i);
  }
  const completes = await page.evaluate(() =>
    performance.getEntriesByName('under-form:complete').map((entry) => entry.duration),
  );
  const fieldCount = await page.locator('form input, form textarea, form select').count();

  // Keystroke to paint: from the input event to the next animation frame after it, one key at a time.
  const input = page.getByLabel(/^Name 3( \*)?$/);
  await input.click();
  await page.evaluate(() => {
    const w = window as unknown as { __samples: number[] };
    w.__samples = [];
    document.addEventListener(
      'input',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => w.__samples.push(performance.now() - start));
      },
      true,
    );
  });
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(i % 10 === 9 ? 'Backspace' : 'a');
    await page.waitForFunction((n) => (window as unknown as { __samples: number[] }).__samples.length > n, i);
  }
  const samples = await page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);

  // What this route loaded: the client app's shell (index.html's scripts) and the rest.
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const shellNames = new Set([...html.matchAll(/assets\/([\w.-]+\.js)/g)].map((m) => m[1] as string));
  let shell = 0;
  let route = 0;
  for (const [name, kb] of scripts) {
    if (/form-builder/.test(name)) continue;
    if (shellNames.has(name)) shell += kb;
    else route += kb;
  }
  const standalone = await standaloneBundle();

  const mountMedian = median(mounts);
  const keyMedian = median(samples);
  const row = (name: string, value: string, target: string, ok: boolean | undefined) =>
    console.log(
      `${name.padEnd(60)}${value.padStart(12)}${target.padStart(12)}${ok === undefined ? '' : ok ? '   ok' : '   OVER'}`,
    );
  console.log(`\nform renderer in Chromium (${fieldCount} inputs on the page)`);
  console.log(`${'measure'.padEnd(60)}${'value'.padStart(12)}${'target'.padStart(12)}`);
  row(
    `mount to first commit, 300 fields (median of ${mounts.length})`,
    fmt(mountMedian, 'ms'),
    `<= ${TARGETS.mountMs} ms`,
    mountMedian <= TARGETS.mountMs,
  );
  row('mount, first (cold) load', fmt(mounts[0] ?? Number.NaN, 'ms'), '', undefined);
  row('  all 300 fields mounted (later batches in transitions)', fmt(median(completes), 'ms'), '', undefined);
  row(
    `keystroke to next frame (median of ${samples.length})`,
    fmt(keyMedian, 'ms'),
    `<= ${TARGETS.keystrokeMs} ms`,
    keyMedian <= TARGETS.keystrokeMs,
  );
  row(
    'keystroke to next frame (p95)',
    fmt([...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)] ?? 0, 'ms'),
    '',
    undefined,
  );
  row(
    'applicant JS: React + Mantine + renderer + core (gzip)',
    fmt(standalone.eager, 'KB'),
    `<= ${TARGETS.gzipKb} KB`,
    standalone.eager <= TARGETS.gzipKb,
  );
  row('  lazy extras (signature pad, DOMPurify), on first use', fmt(standalone.lazy, 'KB'), '', undefined);
  row('/form-playground: client app shell (router, query, session)', fmt(shell, 'KB'), '', undefined);
  row('/form-playground: renderer route chunks (builder excluded)', fmt(route, 'KB'), '', undefined);
  row(
    '/form-playground: total JS loaded (gzip)',
    fmt(shell + route, 'KB'),
    `<= ${TARGETS.gzipKb} KB`,
    shell + route <= TARGETS.gzipKb,
  );
} finally {
  await browser.close();
  await server.close();
}
