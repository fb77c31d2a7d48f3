// The renderer in Chromium: time until every field of the 300-field form is in the DOM, keystroke-to-paint, and the
// gzipped size of the applicant-facing JavaScript, each beside its target (issue 4 Performance).
//
//   npm run bench -- form-render                      builds packages/web/dist when stale and measures it
//   WEB_DIST=/tmp/a npm run bench -- form-render      measures the app built into /tmp/a (built there if missing)
//   BENCH_BASELINE_DIST=/tmp/b ...                    measures /tmp/b too, alternating with the app in the same run,
//                                                     and prints both columns (a loaded machine slows both alike)
//   BENCH_SKIP_FORMIO=1 ...                           leaves out the comparison with Form.io's own renderer
//
// The same 300-field form is also mounted in Form.io's renderer (@formio/js, on a page of its own served only by the
// bench: bench/_form-render-formio.ts), alternating with ours, and both are printed with the ratio (target >= 5x).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createPgliteDatabase } from '../packages/server/src/db/client';
import { type FormioFigures, measureFormio } from './_form-render-formio';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'packages/web');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist');
const baselineDist = process.env.BENCH_BASELINE_DIST ? path.resolve(process.env.BENCH_BASELINE_DIST) : undefined;
const TARGETS = { mountMs: 200, keystrokeMs: 16, gzipKb: 120, formioRatio: 5 };
const withFormio = process.env.BENCH_SKIP_FORMIO !== '1';
const MOUNTS = Number(process.env.BENCH_MOUNTS ?? 7);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (baselineDist ? 2 : 1));
const KEYSTROKES = 50;
/** What the bench counts as a field in the DOM: the form's own controls. */
const FIELD_SELECTOR = 'form input, form textarea, form select';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the web app into `dist` when it is missing, or, for packages/web/dist, older than the web or core sources
 * (a folder named by WEB_DIST is taken as it was built).
 */
function buildIfNeeded() {
  const index = path.join(dist, 'index.html');
  if (process.env.WEB_DIST && existsSync(index)) return;
  const sources = Math.max(newestMtime(path.join(web, 'src')), newestMtime(path.join(root, 'packages/core/src')));
  if (existsSync(index) && statSync(index).mtimeMs > sources) return;
  console.log(`building packages/web into ${dist} ...`);
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: web, stdio: 'ignore' });
}

const gzipKb = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? Number.NaN;
const fmt = (n: number, unit: string) => (Number.isFinite(n) ? `${n.toFixed(1)} ${unit}` : '-');

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

/** A real server on an embedded database in a temp dir, serving the web app built into `webDist`. */
async function startServer(webDist: string) {
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
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

interface Figures {
  /** Mount start (the renderer's first render) to the commit that put the last field in the DOM. */
  allFields: number[];
  /** The same to just after the next frame is painted (a task queued from its animation frame callback). */
  allFieldsFrame: number[];
  /** Mount start to the renderer's first commit (its own measure). */
  firstCommit: number[];
  keystrokes: number[];
  /** The same to just after the frame is painted. */
  keystrokesPainted: number[];
  fieldCount: number;
  shell: number;
  route: number;
}

/**
 * Mounts the 300-field fixture `MOUNTS` times (the first load, then fresh mounts of the same fixture: a new form
 * object remounts the renderer) and types into it. A MutationObserver installed before the app runs notes, after
 * every DOM change, how many fields are in the form, so the time of the last field comes from the DOM itself, not
 * from the renderer's own marks.
 */
async function measure(browser: Browser, webDist: string, into: Figures) {
  const server = await startServer(webDist);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      const url = response.url();
      if (!url.endsWith('.js')) return;
      scripts.set(path.basename(new URL(url).pathname), gzipKb(await response.body()));
    });
    await page.addInitScript((selector) => {
      type Rec = { t: number; n: number; f: number };
      const w = window as unknown as { __fields: Rec[] };
      w.__fields = [];
      new MutationObserver(() => {
        const rec: Rec = { t: performance.now(), n: document.querySelectorAll(selector).length, f: Number.NaN };
        w.__fields.push(rec);
        // After the next frame's style, layout and paint: a task queued from its animation frame callback.
        requestAnimationFrame(() =>
          setTimeout(() => {
            rec.f = performance.now();
          }, 0),
        );
      }).observe(document, { childList: true, subtree: true });
    }, FIELD_SELECTOR);

    const settle = async (n: number) => {
      await page.waitForFunction((count) => performance.getEntriesByName('under-form:complete').length >= count, n, {
        timeout: 30_000,
      });
      // Two frames more, so that nothing scheduled after the renderer's own "complete" goes unseen.
      await page.evaluate(
        () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
      );
      return page.evaluate(
        ({ count, selector }) => {
          const w = window as unknown as { __fields: { t: number; n: number; f: number }[] };
          const start = performance.getEntriesByName('under-form:mount-start')[count - 1]?.startTime ?? Number.NaN;
          const first = performance.getEntriesByName('under-form:mount')[count - 1]?.duration ?? Number.NaN;
          const final = document.querySelectorAll(selector).length;
          const rec = w.__fields.find((r) => r.t >= start && r.n >= final);
          return { first, final, all: rec ? rec.t - start : Number.NaN, frame: rec ? rec.f - start : Number.NaN };
        },
        { count: n, selector: FIELD_SELECTOR },
      );
    };

    await page.goto(`${server.url}/form-playground?fixture=large`);
    for (let i = 1; i <= MOUNTS; i++) {
      if (i > 1) {
        await page.evaluate(() => {
          (window as unknown as { __fields: unknown[] }).__fields = [];
        });
        await page.getByRole('button', { name: '300 fields' }).click();
      }
      const m = await settle(i);
      into.firstCommit.push(m.first);
      into.allFields.push(m.all);
      into.allFieldsFrame.push(m.frame);
      into.fieldCount = m.final;
    }

    // Keystroke to paint: from the input event to the next animation frame after it, one key at a time.
    const input = page.getByLabel(/^Name 3( \*)?$/);
    await input.click();
    await page.evaluate(() => {
      const w = window as unknown as { __samples: number[]; __painted: number[] };
      w.__samples = [];
      w.__painted = [];
      document.addEventListener(
        'input',
        (event) => {
          const start = event.timeStamp;
          requestAnimationFrame(() => {
            w.__samples.push(performance.now() - start);
            setTimeout(() => w.__painted.push(performance.now() - start), 0);
          });
        },
        true,
      );
    });
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(i % 10 === 9 ? 'Backspace' : 'a');
      await page.waitForFunction((n) => (window as unknown as { __samples: number[] }).__samples.length > n, i);
    }
    await page.waitForTimeout(50);
    const keys = await page.evaluate(() => {
      const w = window as unknown as { __samples: number[]; __painted: number[] };
      return { __samples: w.__samples, __painted: w.__painted };
    });
    into.keystrokes.push(...keys.__samples);
    into.keystrokesPainted.push(...keys.__painted);

    // What this route loaded: the client app's shell (index.html's scripts) and the rest.
    const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const shellNames = new Set([...html.matchAll(/assets\/([\w.-]+\.js)/g)].map((m) => m[1] as string));
    into.shell = 0;
    into.route = 0;
    for (const [name, kb] of scripts) {
      if (/form-builder/.test(name)) continue;
      if (shellNames.has(name)) into.shell += kb;
      else into.route += kb;
    }
  } finally {
    await page.close();
    await server.close();
  }
}

const empty = (): Figures => ({
  allFields: [],
  allFieldsFrame: [],
  firstCommit: [],
  keystrokes: [],
  keystrokesPainted: [],
  fieldCount: 0,
  shell: 0,
  route: 0,
});

buildIfNeeded();
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
  const current = empty();
  const baseline = baselineDist ? empty() : undefined;
  const formio: FormioFigures = { version: '', allFields: [], keystrokes: [], keystrokesProcessed: [], fieldCount: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    if (baseline && baselineDist) await measure(browser, baselineDist, baseline);
    await measure(browser, dist, current);
    if (withFormio) await measureFormio(browser, MOUNTS, KEYSTROKES, formio);
  }
  const standalone = await standaloneBundle();

  const cols = baseline ? ['value', 'baseline', 'target'] : ['value', 'target'];
  const row = (
    name: string,
    pick: (f: Figures) => number,
    unit: string,
    target?: number,
    value = pick(current),
    base = baseline ? pick(baseline) : undefined,
  ) => {
    const cells = [fmt(value, unit), ...(baseline ? [fmt(base ?? Number.NaN, unit)] : [])];
    cells.push(target === undefined ? '' : `<= ${target} ${unit}`);
    const verdict = target === undefined ? '' : value <= target ? '   ok' : '   OVER';
    console.log(`${name.padEnd(62)}${cells.map((c) => c.padStart(12)).join('')}${verdict}`);
  };
  const n = current.allFields.length;
  console.log(`\nform renderer in Chromium (${current.fieldCount} form controls on the page; ${dist})`);
  if (baseline) console.log(`baseline: ${baselineDist} (${baseline.fieldCount} form controls), rounds alternated`);
  console.log(`${'measure'.padEnd(62)}${cols.map((c) => c.padStart(12)).join('')}`);
  row(
    `mount until the last field is in the DOM, 300 fields (median of ${n})`,
    (f) => median(f.allFields),
    'ms',
    TARGETS.mountMs,
  );
  row('  the same, until the next frame is painted', (f) => median(f.allFieldsFrame), 'ms');
  row('  the same, p95', (f) => p95(f.allFields), 'ms');
  row('  the same, first (cold) load', (f) => f.allFields[0] ?? Number.NaN, 'ms');
  row('  mount to first commit', (f) => median(f.firstCommit), 'ms');
  row(
    `keystroke to next frame (median of ${current.keystrokes.length})`,
    (f) => median(f.keystrokes),
    'ms',
    TARGETS.keystrokeMs,
  );
  row('keystroke to next frame (p95)', (f) => p95(f.keystrokes), 'ms');
  row('keystroke until the next frame is painted (median)', (f) => median(f.keystrokesPainted), 'ms');
  row(
    'applicant JS: React + Mantine + renderer + core (gzip)',
    () => standalone.eager,
    'KB',
    TARGETS.gzipKb,
    standalone.eager,
    Number.NaN,
  );
  row(
    '  lazy extras (signature pad, DOMPurify), on first use',
    () => standalone.lazy,
    'KB',
    undefined,
    standalone.lazy,
    Number.NaN,
  );
  row('/form-playground: client app shell (router, query, session)', (f) => f.shell, 'KB');
  row('/form-playground: renderer route chunks (builder excluded)', (f) => f.route, 'KB');
  row('/form-playground: total JS loaded (gzip)', (f) => f.shell + f.route, 'KB', TARGETS.gzipKb);

  if (withFormio) {
    console.log(
      `\nthe same 300-field form: ours (${current.fieldCount} form controls) vs Form.io ${formio.version}'s renderer (${formio.fieldCount} form controls), same Chromium, same run`,
    );
    console.log(
      `${'measure'.padEnd(62)}${['ours', 'Form.io', 'Form.io/ours', 'target'].map((c) => c.padStart(13)).join('')}`,
    );
    const compare = (name: string, ours: number, theirs: number) => {
      const ratio = theirs / ours;
      const verdict = ratio >= TARGETS.formioRatio ? '   ok' : '   BELOW';
      const cells = [fmt(ours, 'ms'), fmt(theirs, 'ms'), `${ratio.toFixed(1)}x`, `>= ${TARGETS.formioRatio}x`];
      console.log(`${name.padEnd(62)}${cells.map((c) => c.padStart(13)).join('')}${verdict}`);
    };
    compare(
      `mount until the last field is in the DOM (median of ${n} / ${formio.allFields.length})`,
      median(current.allFields),
      median(formio.allFields),
    );
    compare('  the same, first (cold) load', current.allFields[0] ?? Number.NaN, formio.allFields[0] ?? Number.NaN);
    compare(
      `keystroke to next frame (median of ${current.keystrokes.length} / ${formio.keystrokes.length})`,
      median(current.keystrokes),
      median(formio.keystrokes),
    );
    // Ours does all of a keystroke's work (conditions, calculations, the fields that change) in the input event;
    // Form.io defers it to its "change" event, so the frame after that event is where its keystroke is done.
    compare(
      'keystroke until the form has processed it, next frame (median)',
      median(current.keystrokes),
      median(formio.keystrokesProcessed),
    );
  }
} finally {
  await browser.close();
}
