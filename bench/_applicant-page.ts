// The applicant's page in Chromium (issue 12 "Performance"): the JavaScript it loads for its first page (gzip) and
// the time until the first page of a 300-field form is shown, on a 4x CPU slow-down. Used by bench/applicant.ts;
// run alone it sets up its own server and form:
//
//   node --import tsx bench/_applicant-page.ts          builds packages/web/dist when stale, then measures
//
// What counts: every script the page loads until its first wizard page is painted (the entry and any chunk it asks
// for), each gzipped at level 9. The time runs from navigation start to the first frame painted with the first
// page's fields; on /application-form/{id} the e-mail step comes first, and the time spent typing there is left out.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildLargeForm } from '@under/core/forms/fixtures/large-form';
import { createSystemFieldComponent, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { MasterFormStructureSchema } from '@under/core/templates/master-form.schema';
import { type Browser, chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'packages/web');
export const WEB_DIST = path.join(web, 'dist');
export const APPLICANT_PAGE_TARGETS = { jsGzipKb: 120, firstPageMs: 1_000 };
/** The first page of the large form (buildLargeForm): its first field. */
const FIRST_FIELD = /^Name 0( \*)?$/;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** `npm run build -w @under/web` when packages/web/dist is missing or older than the web and core sources. */
export function buildWebIfNeeded(): string {
  const index = path.join(WEB_DIST, 'applicant', 'index.html');
  const sources = Math.max(newestMtime(web), newestMtime(path.join(root, 'packages/core/src')));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    console.log('building packages/web ...');
    execFileSync('npm', ['run', 'build', '-w', '@under/web'], { cwd: root, stdio: 'ignore' });
  }
  return WEB_DIST;
}

/**
 * A master form whose fields are the 300-field form (30 wizard pages; the system fields on the first), as the
 * structure the admin's API stores: insert it, publish it and build a client form on it (see standalone() below).
 */
export function largeMasterStructure() {
  const large = buildLargeForm();
  const [first, ...rest] = large.components as { components?: unknown[] }[];
  const system = SYSTEM_FIELDS.map((d) => createSystemFieldComponent(d));
  return MasterFormStructureSchema.parse({
    allField: {
      version: 1,
      display: 'wizard',
      components: [{ ...first, components: [...system, ...(first?.components ?? [])] }, ...rest],
    },
  });
}

export interface ApplicantPageFigures {
  /** Gzip (level 9) of the scripts loaded until the first page was shown (median run). */
  jsGzipKb: number;
  /** Navigation start to the first page painted, e-mail typing left out (median). */
  firstPageMs: number;
  runs: { jsGzipKb: number; firstPageMs: number }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/**
 * Opens `path` of the running app at `baseUrl` `runs` times, each in a fresh browser context (nothing cached), on a
 * 4x CPU slow-down, and measures. `path` is a continue link (`/application-form/{cf}/{app}/{code}/{email}`: the
 * wizard's first page is the first page) or `/application-form/{cf}` (the e-mail step, then the wizard).
 */
export interface MeasureOptions {
  baseUrl: string;
  path: string;
  runs?: number;
  browser?: Browser;
}

/**
 * With options: measures `path` of the app running at `baseUrl`. Without (as bench/applicant.ts calls it): builds the
 * web when stale, starts its own server with an active 300-field form, measures and prints beside the targets.
 */
export async function measureApplicantPage(opts?: MeasureOptions): Promise<ApplicantPageFigures> {
  return opts ? measurePage(opts) : standalone();
}

async function measurePage(opts: MeasureOptions): Promise<ApplicantPageFigures> {
  const browser =
    opts.browser ??
    (await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    }));
  const runs: ApplicantPageFigures['runs'] = [];
  try {
    for (let i = 0; i < (opts.runs ?? 5); i++) runs.push(await measureOnce(browser, opts.baseUrl, opts.path));
  } finally {
    if (!opts.browser) await browser.close();
  }
  return {
    jsGzipKb: median(runs.map((r) => r.jsGzipKb)),
    firstPageMs: median(runs.map((r) => r.firstPageMs)),
    runs,
  };
}

async function measureOnce(browser: Browser, baseUrl: string, pagePath: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = new Map<string, number>();
    let counting = true;
    page.on('response', async (response) => {
      const url = response.url();
      if (!counting || !/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
      try {
        scripts.set(url, gzipSync(await response.body(), { level: 9 }).length / 1024);
      } catch {
        // a response with no body (a redirect): nothing loaded
      }
    });
    /** Time (page clock) of the first frame painted after `selector`'s element appeared. */
    const paintedAfter = (label: RegExp) =>
      page
        .getByLabel(label)
        .first()
        .waitFor({ state: 'visible', timeout: 60_000 })
        .then(() =>
          page.evaluate(
            () =>
              new Promise<number>((resolve) =>
                requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))),
              ),
          ),
        );

    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'commit' });
    let firstPageMs: number;
    if (/^\/application-form\/[^/]+\/?$/.test(pagePath)) {
      // The e-mail step is the first thing shown; then the wizard. Typing is the applicant's time, not the page's.
      const emailShown = await paintedAfter(/^E-mail address/);
      await page.getByLabel(/^E-mail address/).fill('bench@example.com');
      const clickAt = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: 'Continue' }).click();
      const wizardShown = await paintedAfter(FIRST_FIELD);
      firstPageMs = emailShown + (wizardShown - clickAt);
      if (process.env.BENCH_DEBUG)
        console.log(`e-mail step ${emailShown.toFixed(0)} ms, wizard ${(wizardShown - clickAt).toFixed(0)} ms`);
    } else {
      firstPageMs = await paintedAfter(FIRST_FIELD);
    }
    counting = false;
    const jsGzipKb = [...scripts.values()].reduce((a, b) => a + b, 0);
    // BENCH_SCRIPTS=1: which scripts the first page loaded, to see what to trim
    if (process.env.BENCH_SCRIPTS) {
      for (const [url, kb] of scripts) console.log(`  ${new URL(url).pathname.padEnd(50)} ${kb.toFixed(1)} KB`);
    }
    return { jsGzipKb, firstPageMs };
  } finally {
    await context.close();
  }
}

/**
 * Run alone: a server on an embedded database serving the built web, an active 300-field form; the first page of a
 * draft's continue link (when the applicant API is there to make one) and of a new application (e-mail step first).
 */
async function standalone(): Promise<ApplicantPageFigures> {
  const dist = buildWebIfNeeded();
  const { createTestApp } = await import('../packages/server/src/test/helpers');
  const { registerCompany, bearer } = await import('../packages/server/src/test/accounts');
  const { adminToken, adminApi } = await import('../packages/server/src/modules/custom-forms/custom-forms.fixtures');
  const { masterForms } = await import('../packages/server/src/db/schema/index');
  const t = await createTestApp('pglite', { webDist: dist });
  try {
    const admin = await adminToken(t);
    const [row] = await t.database.db
      .insert(masterForms)
      .values({ name: 'Large Bank', structure: largeMasterStructure() as unknown as Record<string, unknown> })
      .returning();
    if (!row) throw new Error('no master form');
    const api = adminApi(t, admin);
    for (const step of [
      await api('PATCH', `/api/master_forms/${row.id}/versions`),
      await api('PATCH', `/api/master_forms/${row.id}/status`, { status: 'active' }),
    ]) {
      if (step.statusCode !== 200) throw new Error(`master form: ${step.body}`);
    }
    const client = await registerCompany(t, { companyName: 'Bench Co', membershipId: 'MEMBERSHIP_006' });
    const as = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(client.token), payload });
    const created = await as('POST', '/api/custom_forms', { masterFormId: row.id, name: 'Large form' });
    if (created.statusCode !== 201) throw new Error(`custom form: ${created.body}`);
    const customFormId = created.json().customFormId as string;
    const active = await as('PATCH', `/api/custom_forms/${customFormId}/status`, { status: 'active' });
    if (active.statusCode !== 200) throw new Error(`activate: ${active.body}`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const baseUrl = `http://127.0.0.1:${port}`;
    const runs = Number(process.env.BENCH_RUNS ?? 5);
    const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');
    const print = (what: string, figures: ApplicantPageFigures) => {
      const { jsGzipKb: kb, firstPageMs: ms } = figures;
      console.log(
        `${what}: JS ${kb.toFixed(1)} KB gzip (<= ${APPLICANT_PAGE_TARGETS.jsGzipKb}: ${mark(kb <= APPLICANT_PAGE_TARGETS.jsGzipKb)}), ` +
          `first page ${ms.toFixed(0)} ms at 4x CPU (<= ${APPLICANT_PAGE_TARGETS.firstPageMs}: ${mark(ms <= APPLICANT_PAGE_TARGETS.firstPageMs)}); ` +
          `runs ${figures.runs.map((r) => r.firstPageMs.toFixed(0)).join(', ')} ms`,
      );
    };
    // a draft, through the public API, for its continue link: the wizard's first page is the page
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: { 'x-api-key': t.config.secrets.publicApiKey },
      payload: { customFormId, email: 'bench-page@example.com', data: {} },
    });
    let result: ApplicantPageFigures | undefined;
    if (draft.statusCode === 201) {
      const { applicationId, code } = draft.json() as { applicationId: string; code: string };
      const path = `/application-form/${customFormId}/${applicationId}/${code}/bench-page%40example.com`;
      result = await measurePage({ baseUrl, path, runs });
      print('applicant page, continue link (300 fields)', result);
    } else {
      console.log(`applicant page, continue link: no draft (${draft.statusCode}), measured on a new application only`);
    }
    const fresh = await measurePage({ baseUrl, path: `/application-form/${customFormId}`, runs });
    print('applicant page, new application (e-mail step, then the wizard)', fresh);
    return result ?? fresh;
  } finally {
    await t.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await standalone();
