// The Form.io half of `npm run bench -- corpus`: every form of the Form.io corpus (real forms from Form.io's public
// test suites, packages/core/src/forms/fixtures/formio-corpus) through importFormio, with the outcome per class
// (refusals classed by their first reason) and the time per file.
import { readFileSync } from 'node:fs';
import type { FormIssue } from '../packages/core/src/forms/form-checks';
import { importFormio } from '../packages/core/src/forms/import-formio';

export interface CorpusEntry {
  name: string;
  repo: string;
  source: string;
  form: unknown;
}

export function loadFormioCorpus(): CorpusEntry[] {
  const url = new URL('../packages/core/src/forms/fixtures/formio-corpus/corpus.json', import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as CorpusEntry[];
}

/** A refusal's class: its code and its message with names, numbers and quoted values taken out. */
export function refusalClass(issue: FormIssue): string {
  return `${issue.code}: ${issue.message
    .replace(/'[^']*'/g, "'…'")
    .replace(/\d+/g, 'N')
    .slice(0, 90)}`;
}

export async function runFormioCorpus(): Promise<void> {
  const corpus = loadFormioCorpus();
  const classes = new Map<string, number>();
  const warningClasses = new Map<string, number>();
  let clean = 0;
  let withWarnings = 0;
  let refused = 0;
  const times: number[] = [];
  for (const entry of corpus) {
    const t0 = performance.now();
    const result = importFormio(entry.form);
    times.push(performance.now() - t0);
    if (!result.ok) {
      refused++;
      const first = result.errors[0] as FormIssue;
      classes.set(refusalClass(first), (classes.get(refusalClass(first)) ?? 0) + 1);
    } else if (result.warnings.length > 0) withWarnings++;
    else clean++;
    for (const w of result.warnings)
      warningClasses.set(refusalClass(w), (warningClasses.get(refusalClass(w)) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  const pct = (n: number) => `${((100 * n) / corpus.length).toFixed(1)} %`;
  console.log(`\nForm.io corpus: ${corpus.length} forms from public test suites (formio/core, formio/formio.js)`);
  console.log(`  imported cleanly          ${String(clean).padStart(4)}  ${pct(clean)}`);
  console.log(`  imported with warnings    ${String(withWarnings).padStart(4)}  ${pct(withWarnings)}`);
  console.log(`  refused                   ${String(refused).padStart(4)}  ${pct(refused)}`);
  console.log(`  target: >= 80 % imported: ${clean + withWarnings >= 0.8 * corpus.length ? 'met' : 'NOT met'}`);
  console.log('\nrefused, by first reason:');
  for (const [name, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${name}`);
  console.log('\nwarnings, by kind (all forms):');
  for (const [name, n] of [...warningClasses].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${String(n).padStart(4)}  ${name}`);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(times.length * q))] as number).toFixed(2);
  console.log(`\ntime per file: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
}
