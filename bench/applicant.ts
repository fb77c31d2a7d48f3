// The applicant's autosave (PUT …/draft of a 150-field draft) and submit (POST …/submit) at 50 connections, beside
// GET /api/health (the baseline) in the same run; on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
// Targets (issues 12, 22): on PostgreSQL autosave and submit each >= 500 req/s with p99 <= 150 ms; PGlite p99 <= 1 s.
// The page-load part (<= 120 KB gzip JavaScript, first page of a 300-field form within 1 s at 4x CPU slow-down) is
// bench/_applicant-page.ts (helper W1), run at the end when present (BENCH_SKIP_PAGE=1 leaves it out).
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { count } from 'drizzle-orm';
import { domainEvents } from '../packages/server/src/db/schema/index';
import { FIELDS } from './_applicant-load';
import { setupApplicantBench } from './_applicant-setup';
import { benchDatabases, type Figures, meteredLoad, printTable, startBenchServer } from './_server';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
// BENCH_CONNECTIONS=1: the marginal cost of one request at a time (CPU and queries), less of the machine's queueing
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Drafts made ready for the submit run (each submit uses one up). */
const SUBMIT_DRAFTS = Number(process.env.BENCH_SUBMIT_DRAFTS ?? 12_000);
const verdicts: string[] = [];

// BENCH_DB=postgres (or pglite) measures one database only; BENCH_SKIP_PAGE=1 leaves out the page-load part
const only = process.env.BENCH_DB;
for (const kind of benchDatabases().filter((k) => !only || k === only)) {
  const server = await startBenchServer(kind);
  try {
    const db = server.database.db;
    const { drafts } = await setupApplicantBench(server);
    const key = server.config.secrets.publicApiKey;
    const headers = { 'content-type': 'application/json', 'x-api-key': key };
    // every load runs in its own process (bench/_load-child.ts), the baseline too, so all three are measured alike
    const common = { url: server.url, connections: CONNECTIONS, duration, headers };
    const metered = server.database;
    const health = await meteredLoad(
      { ...common, name: 'GET /api/health (baseline)', path: '/api/health' },
      undefined,
      metered,
    );
    const saving = await drafts(CONNECTIONS * 2, 'save');
    const autosave = await meteredLoad(
      { ...common, name: `PUT …/draft (${FIELDS} fields)`, applicant: { kind: 'autosave', drafts: saving } },
      undefined,
      metered,
    );
    if (Object.keys(autosave.statuses).some((s) => s !== '200')) console.log('autosave answers:', autosave.statuses);
    const submitting = await drafts(SUBMIT_DRAFTS, 'submit');
    // the submit's domain event is delivered after its response (decision 076): its cost is the submit's
    const submit = await meteredLoad(
      { ...common, name: 'POST …/submit', applicant: { kind: 'submit', drafts: submitting } },
      () => server.events.idle(),
      metered,
    );
    if (Object.keys(submit.statuses).some((s) => s !== '200')) console.log('submit answers:', submit.statuses);
    for (const note of submit.notes) console.log(note);
    // every submit's event delivered (after its response, counted in its figures above), none left to the sweep
    const states = await db
      .select({ status: domainEvents.status, n: count() })
      .from(domainEvents)
      .groupBy(domainEvents.status);
    // the rate the submits and their deliveries were done at, together (the deliveries may lag behind the answers)
    const sustained = Math.round(submit.total / (duration + submit.settleMs / 1000));
    const eventsNote = `  submit's domain events: ${states.map((r) => `${r.n} ${r.status}`).join(', ') || 'none'}; the last delivered ${submit.settleMs} ms after the load's end (submits with their deliveries: ${sustained}/s)`;

    const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (TEST_DATABASE_URL)';
    printTable(
      `applicant bench: ${CONNECTIONS} connections, ${duration}s each, ${label}, ${process.platform} ${process.arch}`,
      [health, autosave, submit],
    );
    // per answered request, in the server's process: CPU and round trips to the database (PGlite's are in-process)
    for (const f of [health, autosave, submit]) {
      console.log(
        `  ${f.name.padEnd(32)} server CPU ${f.cpuMs} ms/request, ${f.queries} queries/request${f.pgCpuMs === null ? '' : `, PostgreSQL CPU ${f.pgCpuMs} ms/request`}`,
      );
    }
    console.log(eventsNote);
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${cpus().length} cores)`,
    );
    // PostgreSQL: >= 500 req/s and p99 <= 150 ms; PGlite (one connection, every transaction in turn): p99 <= 1 s
    const share = (f: Figures) => `${Math.round((100 * f.rps) / Math.max(1, health.rps))} % of health's ${health.rps}`;
    const verdict = (f: Figures) =>
      kind === 'postgres'
        ? `${f.rps} req/s (target >= 500; ${share(f)}), p99 ${f.p99} ms (target <= 150), ${f.errors} non-2xx: ${
            f.rps >= 500 && f.p99 <= 150 && f.errors === 0 ? 'met' : 'NOT met'
          }`
        : `${f.rps} req/s (${share(f)}), p99 ${f.p99} ms (target <= 1000), ${f.errors} non-2xx: ${
            f.p99 <= 1000 && f.errors === 0 ? 'met' : 'NOT met'
          }`;
    const name = kind === 'pglite' ? 'PGlite (printed beside)' : 'PostgreSQL';
    verdicts.push(`${name}: autosave ${verdict(autosave)}`, `${name}: submit ${verdict(submit)}`);
  } finally {
    await server.close();
  }
}

console.log(`\n${verdicts.join('\n')}`);
if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to measure PostgreSQL in the same run)');

// page load (helper W1): bench/_applicant-page.ts exports `measureApplicantPage()` when it is there
const pageBench = new URL('./_applicant-page.ts', import.meta.url);
if (process.env.BENCH_SKIP_PAGE) {
  console.log('page load: skipped (BENCH_SKIP_PAGE)');
} else if (existsSync(pageBench)) {
  const mod = (await import(pageBench.href)) as { measureApplicantPage?: () => Promise<void> };
  if (mod.measureApplicantPage) await mod.measureApplicantPage();
  else console.log('page load: bench/_applicant-page.ts has no measureApplicantPage()');
} else {
  console.log('page load: see W1 (bench/_applicant-page.ts)');
}
