// What one applicant request costs the server, one request at a time in one process (no load generator, no queueing):
// CPU ms (process.cpuUsage), PostgreSQL round trips, heap allocated and GC ms per autosave and per submit, through
// the app's own routing (fastify.inject: the route's parsing, validation and serialisation, not the socket). These
// figures survive a busy machine better than req/s and p99 do (decision 081): under load, the p99 is made of the
// event loop's CPU per request and its GC. `BENCH_SAVES` saves (default 2,000) after a warm-up, `BENCH_SUBMITS`
// submits (default 1,000). Profile it with `node --cpu-prof --import tsx bench/run.ts applicant-cpu`.
// `BENCH_COMPARE=<another checkout>`: that checkout's server (its bench/_server.ts and bench/_applicant-setup.ts)
// runs beside this one in the same process, on the same database server, in alternating batches of 100 requests,
// so both sides see the same machine load (a before/after on a busy machine).
import { PerformanceObserver } from 'node:perf_hooks';
import { type BenchDraft, FIELDS, fullData } from './_applicant-load';
import * as ownSetup from './_applicant-setup';
import * as ownServer from './_server';

const SAVES = Number(process.env.BENCH_SAVES ?? 2_000);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 1_000);
const WARMUP = 300;
const BATCH = 100;

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });

/** What n calls cost, summed over batches. */
class Cost {
  n = 0;
  cpuUs = 0;
  queries = 0;
  allocated = 0;
  gcMs = 0;
  wallMs = 0;
  /** Runs `one(i)` for i in [from, to) and adds what it cost. */
  async run(from: number, to: number, queriesSent: () => number, one: (i: number) => Promise<void>) {
    // allocation: the heap's growth between calls (a GC in between loses only that call's share)
    let heap = process.memoryUsage().heapUsed;
    const gcBefore = gcMs;
    const queries = queriesSent();
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = from; i < to; i++) {
      await one(i);
      const now = process.memoryUsage().heapUsed;
      if (now > heap) this.allocated += now - heap;
      heap = now;
    }
    const used = process.cpuUsage(cpu);
    this.cpuUs += used.user + used.system;
    this.wallMs += performance.now() - started;
    this.queries += queriesSent() - queries;
    this.gcMs += gcMs - gcBefore;
    this.n += to - from;
  }
  row(name: string) {
    const per = (v: number, d = 100) => String(Math.round((v / Math.max(1, this.n)) * d) / d);
    return `${name.padEnd(36)}${String(this.n).padStart(7)}${per(this.cpuUs / 1000).padStart(9)}${per(this.queries, 10).padStart(9)}${per(this.allocated / 1024, 1).padStart(10)}${per(this.gcMs, 1000).padStart(8)}${per(this.wallMs).padStart(9)}`;
  }
}

type ServerModule = typeof ownServer;
type SetupModule = typeof ownSetup;

/** One server under measure, with its drafts and its requests. */
async function side(label: string, kind: ownServer.BenchDatabase, server: ServerModule, setup: SetupModule) {
  const running = await server.startBenchServer(kind);
  const { drafts } = await setup.setupApplicantBench(running);
  const headers = { 'content-type': 'application/json', 'x-api-key': running.config.secrets.publicApiKey };
  const saving = await drafts(50, 'save');
  const submitting = await drafts(SUBMITS + WARMUP / 3, 'submit');
  let tick = 0;
  return {
    label,
    running,
    queriesSent: server.queriesSent,
    saves: new Cost(),
    submits: new Cost(),
    async save(i: number) {
      const draft = saving[i % saving.length] as BenchDraft;
      tick += 1;
      const res = await running.app.inject({
        method: 'PUT',
        url: `/api/public/applications/${draft.id}/draft?code=${draft.code}`,
        headers,
        payload: JSON.stringify({ data: fullData(tick), revision: draft.revision }),
      });
      if (res.statusCode !== 200) throw new Error(`autosave answered ${res.statusCode}: ${res.body}`);
      draft.revision = (JSON.parse(res.body) as { revision: number }).revision;
    },
    async submit(i: number) {
      const draft = submitting[i] as BenchDraft;
      const res = await running.app.inject({
        method: 'POST',
        url: `/api/public/applications/${draft.id}/submit?code=${draft.code}`,
        headers,
        payload: '{}',
      });
      if (res.statusCode !== 200) throw new Error(`submit answered ${res.statusCode}: ${res.body}`);
      // the submit's event is delivered after its response (decision 076): its cost is the submit's
      if (i % BATCH === BATCH - 1) await running.events.idle();
    },
  };
}

const compare = process.env.BENCH_COMPARE;
const only = process.env.BENCH_DB;
for (const kind of ownServer.benchDatabases().filter((k) => !only || k === only)) {
  const sides = [await side('this checkout', kind, ownServer, ownSetup)];
  if (compare) {
    const server = (await import(`${compare}/bench/_server.ts`)) as ServerModule;
    const setup = (await import(`${compare}/bench/_applicant-setup.ts`)) as SetupModule;
    sides.push(await side(compare, kind, server, setup));
  }
  try {
    for (const s of sides) for (let i = 0; i < WARMUP; i++) await s.save(i);
    for (const s of sides) for (let i = 0; i < WARMUP / 3; i++) await s.submit(SUBMITS + i);
    for (let from = 0; from < SAVES; from += BATCH) {
      for (const s of sides) await s.saves.run(from, Math.min(SAVES, from + BATCH), s.queriesSent, (i) => s.save(i));
    }
    for (let from = 0; from < SUBMITS; from += BATCH) {
      const to = Math.min(SUBMITS, from + BATCH);
      for (const s of sides) await s.submits.run(from, to, s.queriesSent, (i) => s.submit(i));
    }
    console.log(`\napplicant cost per request, one at a time, ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`);
    console.log(
      `${'endpoint'.padEnd(36)}${'n'.padStart(7)}${'CPU ms'.padStart(9)}${'queries'.padStart(9)}${'alloc KB'.padStart(10)}${'GC ms'.padStart(8)}${'wall ms'.padStart(9)}`,
    );
    for (const s of sides) {
      const of = sides.length > 1 ? ` (${s.label === compare ? 'compared' : 'this'})` : '';
      console.log(s.saves.row(`PUT …/draft (${FIELDS} fields)${of}`));
      console.log(s.submits.row(`POST …/submit${of}`));
    }
    if (compare) console.log(`  compared: ${compare}`);
  } finally {
    for (const s of sides) await s.running.close();
  }
}
