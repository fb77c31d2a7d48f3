// The PDF half of `npm run bench -- corpus`: every file of the PDF corpus (packages/server/src/infra/pdf/fixtures/
// corpus, real PDFs from pdf.js's and pdf-lib's test suites) through the real PDF pool as an upload goes: inspection
// with the AcroForm import, then a review of the offered starting mapping. Prints accepted and refused files per
// class (and whether each matches its manifest), the time per file (median, p95, max) and the PDF children's peak
// resident memory.
import { readFileSync } from 'node:fs';
import { createPdfPool, PdfWorkError } from '../packages/server/src/infra/pdf/pdf-pool';

const CORPUS = new URL('../packages/server/src/infra/pdf/fixtures/corpus/', import.meta.url);

interface Expected {
  class: string;
  expect: 'accepted' | 'refused';
  refusal?: string;
}

const quantiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: s.at(-1) ?? 0 };
};

/** A process's peak resident memory (VmHWM, Linux), in bytes; 0 where /proc is not available. */
const peakOf = (pid: number | undefined) => {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};

export async function runPdfCorpus(): Promise<void> {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', CORPUS), 'utf8')) as Record<string, Expected>;
  const pool = createPdfPool({ size: 2 });
  // both children started before the clock runs (a start takes seconds on a loaded machine)
  const warmUp = new Uint8Array(readFileSync(new URL(Object.keys(manifest)[0] as string, CORPUS)));
  await Promise.all([pool.inspect(warmUp), pool.inspect(warmUp)]).catch(() => undefined);
  const perClass = new Map<string, { accepted: number; refused: Map<string, number>; files: number }>();
  const inspectMs: number[] = [];
  const reviewMs: number[] = [];
  const totalMs: number[] = [];
  const mismatches: string[] = [];
  const failures: string[] = [];
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const w of pool.stats().workers) if (w.pid) peaks.set(w.pid, Math.max(peaks.get(w.pid) ?? 0, peakOf(w.pid)));
  };
  let bytesIn = 0;
  const started = performance.now();
  for (const [file, expected] of Object.entries(manifest)) {
    const bytes = new Uint8Array(readFileSync(new URL(file, CORPUS)));
    bytesIn += bytes.length;
    const row = perClass.get(expected.class) ?? { accepted: 0, refused: new Map(), files: 0 };
    perClass.set(expected.class, row);
    row.files++;
    const t0 = performance.now();
    let outcome: string;
    try {
      const { acroFields } = await pool.inspect(bytes);
      const t1 = performance.now();
      inspectMs.push(t1 - t0);
      await pool.fill({ bytes, fields: acroFields, values: {}, useSamples: true, cacheKey: `corpus:${file}` });
      reviewMs.push(performance.now() - t1);
      outcome = 'accepted';
      row.accepted++;
    } catch (err) {
      if (!(err instanceof PdfWorkError)) throw err;
      outcome = err.kind;
      if (err.kind === 'failed' || err.kind === 'timeout' || err.kind === 'busy')
        failures.push(`${file}: ${err.message}`);
      row.refused.set(err.kind, (row.refused.get(err.kind) ?? 0) + 1);
    }
    totalMs.push(performance.now() - t0);
    sample();
    const wanted = expected.expect === 'accepted' ? 'accepted' : expected.refusal;
    if (outcome !== wanted) mismatches.push(`${file}: ${outcome}, manifest says ${wanted}`);
  }
  const wall = performance.now() - started;
  const memoryMb = pool.limits.memoryMb;
  await pool.close();

  const files = Object.keys(manifest).length;
  console.log(
    `\nPDF corpus: ${files} files, ${(bytesIn / 1024 / 1024).toFixed(1)} MB, through the PDF pool (2 children), ${(wall / 1000).toFixed(1)} s`,
  );
  console.log(`${'class'.padEnd(18)}${'files'.padStart(7)}${'accepted'.padStart(10)}  refused`);
  for (const [name, row] of [...perClass].sort()) {
    const refused = [...row.refused].map(([k, n]) => `${n} ${k}`).join(', ') || '-';
    console.log(`${name.padEnd(18)}${String(row.files).padStart(7)}${String(row.accepted).padStart(10)}  ${refused}`);
  }
  const accepted = [...perClass.values()].reduce((n, r) => n + r.accepted, 0);
  console.log(`${'all'.padEnd(18)}${String(files).padStart(7)}${String(accepted).padStart(10)}  ${files - accepted}`);
  console.log(`\n${'ms per file'.padEnd(28)}${'median'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}`);
  for (const [name, xs] of [
    ['inspection + import', inspectMs],
    ['review (accepted files)', reviewMs],
    ['whole file', totalMs],
  ] as const) {
    const q = quantiles(xs);
    console.log(
      `${name.padEnd(28)}${q.median.toFixed(1).padStart(9)}${q.p95.toFixed(1).padStart(9)}${q.max.toFixed(1).padStart(9)}`,
    );
  }
  const peak = Math.max(0, ...peaks.values());
  console.log(
    `\nPDF children's peak RSS: ${(peak / 1024 / 1024).toFixed(0)} MB (highest of ${peaks.size} child process(es); limit ${memoryMb} MB)`,
  );
  console.log(
    `outcomes differing from the manifest: ${mismatches.length}${mismatches.length ? `\n  ${mismatches.join('\n  ')}` : ''}`,
  );
  console.log(
    `server-side failures (would be 5xx): ${failures.length}${failures.length ? `\n  ${failures.join('\n  ')}` : ''}`,
  );
}
