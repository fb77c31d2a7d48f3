// Issue 21 §6: POST /api/public/verify must not stall the server. Prints GET /api/health's latency on an idle
// server (the baseline) beside the same figure while hostile bodies (400 KB of `/M(D:`, refused; the same ending as
// a PDF, read) and 25 MB files are checked, and the verify calls' own times; then, for scale, what the regular
// expressions the check used before (decision 047) took on the main thread for 100 KB. Targets: a hostile body
// answered within 2 s, health p99 under 100 ms (decision 055).
import { PDFDocument } from 'pdf-lib';
import { createPadesSealer } from '../packages/server/src/infra/pdf-seal/pades';
import { type Figures, load, printTable, startBenchServer } from './_server';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
// the route allows 60 checks a minute from one address: one every 150 ms stays under it for the whole run
const PACE_MS = 150;

const hostile = (end: boolean) =>
  Buffer.from(`%PDF-1.7\n/ByteRange [0 1 2 3]\n${'/M(D:'.repeat(80_000)}${end ? '\n%%EOF\n' : ''}`, 'latin1');
// the route's limit is 25,000,000 bytes: a body of exactly that size
const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(25_000_000 - 16, 0x20), Buffer.from('\n%%EOF\n')]);

const server = await startBenchServer('pglite');
const key = { 'x-api-key': server.config.secrets.publicApiKey, 'content-type': 'application/pdf' };
const verify = async (body: Buffer) => {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/public/verify`, { method: 'POST', headers: key, body });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
};

const doc = await PDFDocument.create();
doc.addPage();
const sealed = Buffer.from(
  await createPadesSealer({ dataDir: server.config.dataDir }).seal(await doc.save(), {
    reason: 'bench',
    applicationId: crypto.randomUUID(),
    documentId: crypto.randomUUID(),
    at: new Date(),
  }),
);
await verify(sealed); // the PDF worker started

/** Health under load for `duration` seconds while `body` is posted to verify every PACE_MS. */
async function healthWhile(name: string, body: Buffer | null): Promise<{ health: Figures; calls: number[] }> {
  const calls: number[] = [];
  const statuses = new Set<number>();
  let running = true;
  const poster = (async () => {
    while (running && body) {
      const r = await verify(body);
      calls.push(r.ms);
      statuses.add(r.status);
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
  })();
  const health = await load(name, { url: `${server.url}/api/health`, duration, connections: 10 });
  running = false;
  await poster;
  if (body) console.log(`  ${name}: verify answered ${[...statuses].join(', ')}`);
  return { health, calls };
}

const runs = [
  await healthWhile('GET /api/health, idle', null),
  await healthWhile('health, our sealed PDF checked', sealed),
  await healthWhile('health, 400 KB /M(D: (refused)', hostile(false)),
  await healthWhile('health, 400 KB /M(D: %%EOF (read)', hostile(true)),
  await healthWhile('health, 25 MB checked', big),
];
printTable(
  `GET /api/health while verify runs (10 connections, ${duration}s each)`,
  runs.map((r) => r.health),
);

const q = (xs: number[], at: number) => [...xs].sort((a, b) => a - b)[Math.floor(at * (xs.length - 1))] ?? 0;
console.log(`\n${'verify call'.padEnd(34)}${'calls'.padStart(9)}${'p50 ms'.padStart(9)}${'max ms'.padStart(9)}`);
for (const [i, label] of ['our sealed PDF', '400 KB /M(D: (refused)', '400 KB /M(D: %%EOF', '25 MB'].entries()) {
  const calls = runs[i + 1]?.calls ?? [];
  console.log(
    `${label.padEnd(34)}${String(calls.length).padStart(9)}${q(calls, 0.5).toFixed(0).padStart(9)}${Math.max(...calls)
      .toFixed(0)
      .padStart(9)}`,
  );
}

// the baseline of before: the expression the check ran over the body, on this thread
const old = hostile(false).subarray(0, 100_030).toString('latin1');
const started = performance.now();
/\/M\s*\((D:[^)]*)\)/.exec(old);
console.log(
  `\nbefore (decision 047): /\\/M\\s*\\((D:[^)]*)\\)/ over 100 KB of /M(D: on the main thread: ${(performance.now() - started).toFixed(0)} ms`,
);

await server.close();
