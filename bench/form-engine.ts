// validateSubmission on a 300-field form with conditions and calculated values, beside @formio/core
// validating the same Form.io JSON and data in the same run (target: median <= 2 ms and >= 10x faster).
import { createRequire } from 'node:module';
import { buildLargeForm, largeFormData } from '../packages/core/src/forms/fixtures/large-form';
import { validateSubmission } from '../packages/core/src/forms/validate-submission';

const require = createRequire(import.meta.url);
// @formio/core is installed for this comparison only; our code never imports it.
const formio = require('@formio/core') as {
  processSync: (context: Record<string, unknown>) => { errors?: unknown[] };
  ProcessTargets: { evaluator: unknown[] };
};

const RUNS = Number(process.env.BENCH_RUNS ?? 400);

function measure(fn: () => void): { median: number; p95: number } {
  for (let i = 0; i < 50; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)] as number, p95: samples[Math.floor(RUNS * 0.95)] as number };
}

const form = buildLargeForm();
const data = largeFormData();
let fields = 0;
const count = (components: { components?: unknown[]; input?: boolean; type: string }[]) => {
  for (const c of components) {
    if (c.components) count(c.components as never);
    else if (c.type !== 'content' && c.type !== 'button') fields++;
  }
};
count(form.components as never);

const ours = validateSubmission(form, data, { role: 'primaryOwnerEndUser' });
const oursTime = measure(() => validateSubmission(form, data, { role: 'primaryOwnerEndUser' }));

const runFormio = () => {
  const context = {
    components: structuredClone(form.components),
    data: structuredClone(data),
    processors: formio.ProcessTargets.evaluator,
    scope: { errors: [] as unknown[] },
    config: { server: true },
  };
  return formio.processSync(context);
};
const theirs = runFormio();
const theirsTime = measure(runFormio);
// the clone is part of what @formio/core needs (it mutates its input); measured alone to be fair
const cloneTime = measure(() => {
  structuredClone(form.components);
  structuredClone(data);
});

// Both engines must see the same problems, or the race is not fair: blank every required name.
const invalid: Record<string, unknown> = structuredClone(data);
for (const key of Object.keys(invalid)) if (/^name\d+$/.test(key)) invalid[key] = '';
const oursInvalid = validateSubmission(form, invalid, { role: 'primaryOwnerEndUser' }).errors.length;
const theirsInvalid = (
  formio.processSync({
    components: structuredClone(form.components),
    data: structuredClone(invalid),
    processors: formio.ProcessTargets.evaluator,
    scope: { errors: [] as unknown[] },
    config: { server: true },
  }).errors ?? []
).length;

const f = (n: number) => n.toFixed(3).padStart(9);
console.log(`\nform-engine bench: ${fields} fields, ${RUNS} runs each after warm-up, Node ${process.version}`);
console.log(`${'engine'.padEnd(48)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}  errors`);
console.log(`${'Under validateSubmission'.padEnd(48)}${f(oursTime.median)} ${f(oursTime.p95)}  ${ours.errors.length}`);
console.log(
  `${'@formio/core processSync (evaluator targets)'.padEnd(48)}${f(theirsTime.median)} ${f(theirsTime.p95)}  ${(theirs.errors ?? []).length}`,
);
console.log(`${'  of which cloning its input'.padEnd(48)}${f(cloneTime.median)} ${f(cloneTime.p95)}`);
console.log(
  `errors on the invalid variant (30 blank required names): Under ${oursInvalid}, @formio/core ${theirsInvalid}`,
);
const ratio = (theirsTime.median - cloneTime.median) / oursTime.median;
console.log(`\nUnder is ${ratio.toFixed(1)}x faster (median, @formio/core without its input clone).`);
console.log(
  `target: median <= 2 ms: ${oursTime.median <= 2 ? 'met' : 'NOT met'}; >= 10x: ${ratio >= 10 ? 'met' : 'NOT met'}`,
);
