// Form.io's own renderer (@formio/js) on the same 300-field form, measured the way bench/form-render.ts measures
// ours: a MutationObserver installed before anything runs notes how many form controls are in the DOM after every
// change; the figure is from the mount's start to the first change that reaches the final count, and a keystroke
// is timed from its input event to the next animation frame.
//
// Form.io compiles templates and logic with `new Function`, so its page needs 'unsafe-eval'. It is served by this
// file's own little HTTP server, with its own Content-Security-Policy, and only while the bench runs: the app's CSP
// (decision 004) is not touched.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildLargeForm } from '../packages/core/src/forms/fixtures/large-form';

const require = createRequire(import.meta.url);
const formioDist = path.dirname(require.resolve('@formio/js/dist/formio.full.min.js'));
const formioVersion = (
  JSON.parse(readFileSync(path.join(formioDist, '..', 'package.json'), 'utf8')) as { version: string }
).version;

/** Form.io needs eval for its templates; styles it injects inline. Nothing else is allowed. */
const FORMIO_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Form.io bench</title>
<link rel="stylesheet" href="/formio.full.min.css"></head>
<body><div id="formio"></div>
<script src="/formio.full.min.js"></script>
<script src="/bench.js"></script></body></html>`;

// Mounts the form afresh on each call; resolves with the mount's start time once Form.io says it is rendered.
const HARNESS = `
let current;
window.__mount = async () => {
  const json = await (await fetch('/form.json')).json();
  if (current) current.destroy(true);
  const el = document.getElementById('formio');
  el.innerHTML = '';
  const start = performance.now();
  current = await Formio.createForm(el, json);
  window.__form = current;
  return start;
};
`;

export const FORMIO_SELECTOR = '#formio input, #formio textarea, #formio select';

/** The bench page's server: the page, Form.io's files, and the same 300-field form the app's bench mounts. */
async function startFormioServer() {
  const form = JSON.stringify(buildLargeForm());
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/': { type: 'text/html; charset=utf-8', body: PAGE },
    '/bench.js': { type: 'text/javascript', body: HARNESS },
    '/form.json': { type: 'application/json', body: form },
    '/formio.full.min.js': { type: 'text/javascript', body: readFileSync(path.join(formioDist, 'formio.full.min.js')) },
    '/formio.full.min.css': { type: 'text/css', body: readFileSync(path.join(formioDist, 'formio.full.min.css')) },
  };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-security-policy': FORMIO_CSP });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface FormioFigures {
  version: string;
  allFields: number[];
  /** Input event to the next animation frame. */
  keystrokes: number[];
  /**
   * Input event to the frame after Form.io's own "change" event: Form.io defers its work on a change (conditions,
   * calculations, validation of the whole form) past the input event, so the first measure leaves that work out.
   */
  keystrokesProcessed: number[];
  fieldCount: number;
}

/** `mounts` fresh mounts of the 300-field form in Form.io's renderer, then `keystrokes` keys into one field. */
export async function measureFormio(browser: Browser, mounts: number, keystrokes: number, into: FormioFigures) {
  into.version = formioVersion;
  const server = await startFormioServer();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  try {
    await page.addInitScript((selector) => {
      type Rec = { t: number; n: number };
      const w = window as unknown as { __fields: Rec[] };
      w.__fields = [];
      new MutationObserver(() => {
        w.__fields.push({ t: performance.now(), n: document.querySelectorAll(selector).length });
      }).observe(document, { childList: true, subtree: true });
    }, FORMIO_SELECTOR);
    await page.goto(server.url);
    await page.waitForFunction(() => 'Formio' in window);
    for (let i = 0; i < mounts; i++) {
      await page.evaluate(() => {
        (window as unknown as { __fields: unknown[] }).__fields = [];
      });
      const start = await page.evaluate(() => (window as unknown as { __mount: () => Promise<number> }).__mount());
      // Form.io attaches some parts after its promise resolves: wait until the count has been still for 500 ms.
      let last = -1;
      let stillSince = Date.now();
      while (Date.now() - stillSince < 500) {
        const n = await page.evaluate((s) => document.querySelectorAll(s).length, FORMIO_SELECTOR);
        if (n !== last) {
          last = n;
          stillSince = Date.now();
        }
        await page.waitForTimeout(50);
      }
      const m = await page.evaluate(
        ({ start, selector }) => {
          const w = window as unknown as { __fields: { t: number; n: number }[] };
          const final = document.querySelectorAll(selector).length;
          const rec = w.__fields.find((r) => r.t >= start && r.n >= final);
          return { final, all: rec ? rec.t - start : Number.NaN };
        },
        { start, selector: FORMIO_SELECTOR },
      );
      into.allFields.push(m.all);
      into.fieldCount = m.final;
    }

    const input = page.locator('#formio [name="data[name3]"]');
    await input.click();
    await page.evaluate(() => {
      const w = window as unknown as {
        __samples: number[];
        __processed: number[];
        __inputAt: number;
        __form: { on: (event: string, fn: () => void) => void };
      };
      w.__samples = [];
      w.__processed = [];
      document.addEventListener(
        'input',
        (event) => {
          const start = event.timeStamp;
          w.__inputAt = start;
          requestAnimationFrame(() => w.__samples.push(performance.now() - start));
        },
        true,
      );
      w.__form.on('change', () => {
        const start = w.__inputAt;
        if (start === undefined) return;
        requestAnimationFrame(() => w.__processed.push(performance.now() - start));
      });
    });
    for (let i = 0; i < keystrokes; i++) {
      await page.keyboard.press(i % 10 === 9 ? 'Backspace' : 'a');
      await page.waitForFunction((n) => {
        const w = window as unknown as { __samples: number[]; __processed: number[] };
        return w.__samples.length > n && w.__processed.length > n;
      }, i);
    }
    const samples = await page.evaluate(() => {
      const w = window as unknown as { __samples: number[]; __processed: number[] };
      return { next: w.__samples, processed: w.__processed };
    });
    into.keystrokes.push(...samples.next);
    into.keystrokesProcessed.push(...samples.processed);
    if (failures.length > 0) throw new Error(`Form.io page errors: ${failures.join('; ')}`);
  } finally {
    await page.close();
    await server.close();
  }
}
