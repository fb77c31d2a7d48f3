// validateSubmission beside @formio/core validating the same Form.io JSON and data in the same run:
// a 300-field form with conditions and calculated values (target: median <= 2 ms and >= 10x faster), then a
// 1,000-field form with a datagrid of 5 owners and conditions on the rows (target: <= 3 ms and >= 20x, issue 10).
import { createRequire } from 'node:module';
import {
  buildLargeForm,
  buildLargeFormWithOwners,
  buildThousandFieldForm,
  largeFormData,
  largeFormWithOwnersData,
} from '../packages/core/src/forms/fixtures/large-form';
import type { FormDefinition } from '../packages/core/src/forms/form.schema';
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

function countFields(components: { components?: unknown[]; type: string }[]): number {
  let fields = 0;
  for (const c of components) {
    if (c.type === 'datagrid' || c.type === 'editgrid') fields += (c.components ?? []).length;
    else if (c.components) fields += countFields(c.components as never);
    else if (c.type !== 'content' && c.type !== 'button') fields++;
  }
  return fields;
}

function runFormio(form: FormDefinition, data: Record<string, unknown>) {
  return formio.processSync({
    components: structuredClone(form.components),
    data: structuredClone(data),
    processors: formio.ProcessTargets.evaluator,
    scope: { errors: [] as unknown[] },
    config: { server: true },
  });
}

function compare(
  title: string,
  form: FormDefinition,
  data: Record<string, unknown>,
  invalid: Record<string, unknown>,
  target: { ms: number; ratio: number },
) {
  const ours = validateSubmission(form, data, { role: 'primaryOwnerEndUser' });
  const oursTime = measure(() => validateSubmission(form, data, { role: 'primaryOwnerEndUser' }));
  const theirs = runFormio(form, data);
  const theirsTime = measure(() => runFormio(form, data));
  // the clone is part of what @formio/core needs (it mutates its input); measured alone to be fair
  const cloneTime = measure(() => {
    structuredClone(form.components);
    structuredClone(data);
  });
  // Both engines must see the same problems, or the race is not fair.
  const oursInvalid = validateSubmission(form, invalid, { role: 'primaryOwnerEndUser' }).errors.length;
  const theirsInvalid = (runFormio(form, invalid).errors ?? []).length;

  const f = (n: number) => n.toFixed(3).padStart(9);
  console.log(
    `\n${title}: ${countFields(form.components as never)} fields, ${RUNS} runs each after warm-up, Node ${process.version}`,
  );
  console.log(`${'engine'.padEnd(48)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}  errors`);
  console.log(
    `${'Under validateSubmission'.padEnd(48)}${f(oursTime.median)} ${f(oursTime.p95)}  ${ours.errors.length}`,
  );
  console.log(
    `${'@formio/core processSync (evaluator targets)'.padEnd(48)}${f(theirsTime.median)} ${f(theirsTime.p95)}  ${(theirs.errors ?? []).length}`,
  );
  console.log(`${'  of which cloning its input'.padEnd(48)}${f(cloneTime.median)} ${f(cloneTime.p95)}`);
  console.log(`errors on the invalid variant: Under ${oursInvalid}, @formio/core ${theirsInvalid}`);
  const ratio = (theirsTime.median - cloneTime.median) / oursTime.median;
  console.log(`Under is ${ratio.toFixed(1)}x faster (median, @formio/core without its input clone).`);
  console.log(
    `target: median <= ${target.ms} ms: ${oursTime.median <= target.ms ? 'met' : 'NOT met'}; >= ${target.ratio}x: ${ratio >= target.ratio ? 'met' : 'NOT met'}`,
  );
}

const small = buildLargeForm();
const smallData = largeFormData();
const smallInvalid: Record<string, unknown> = structuredClone(smallData);
for (const key of Object.keys(smallInvalid)) if (/^name\d+$/.test(key)) smallInvalid[key] = '';
compare('form-engine bench, 300 fields', small, smallData, smallInvalid, { ms: 2, ratio: 10 });

const large = buildLargeFormWithOwners();
const largeData = largeFormWithOwnersData();
// blank every required name, and break two owners: no SSN, and a title missing where ownership is 25 % or more
const largeInvalid = structuredClone(largeData) as Record<string, unknown> & { owners: Record<string, unknown>[] };
for (const key of Object.keys(largeInvalid)) if (/^name\d+$/.test(key)) largeInvalid[key] = '';
delete (largeInvalid.owners[1] as Record<string, unknown>).ssn;
delete (largeInvalid.owners[3] as Record<string, unknown>).title;
compare('form-engine bench, 1,000 fields with a datagrid of 5 owners', large, largeData, largeInvalid, {
  ms: 3,
  ratio: 20,
});

// Decision 069: a 1,000-field form (100 panels of ten fields) with 50 calculated fields (totals and tiered fees),
// beside the same form without calculations, in the same run (target: <= 3 ms median with them).
{
  const data = largeFormData(100);
  const plain = buildThousandFieldForm(0);
  const calculating = buildThousandFieldForm(50);
  const check = validateSubmission(calculating, data, { role: 'primaryOwnerEndUser' });
  const calculated = Object.keys(check.data).filter((k) => /^total\d+$/.test(k)).length;
  const f = (n: number) => n.toFixed(3).padStart(9);
  console.log(`\nform-engine bench, 1,000 fields with and without 50 calculated fields, ${RUNS} runs each`);
  console.log(`${'form'.padEnd(48)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}  errors`);
  const pair = [
    ['without calculations (baseline)', plain],
    [`with 50 calculated fields (${calculated} computed)`, calculating],
  ] as const;
  // both warmed up alike before either is measured, so the first is not measured colder
  for (const [, form] of pair) measure(() => validateSubmission(form, data, { role: 'primaryOwnerEndUser' }));
  for (const [title, form] of pair) {
    const result = validateSubmission(form, data, { role: 'primaryOwnerEndUser' });
    const time = measure(() => validateSubmission(form, data, { role: 'primaryOwnerEndUser' }));
    console.log(`${title.padEnd(48)}${f(time.median)} ${f(time.p95)}  ${result.errors.length}`);
    if (form === calculating)
      console.log(`target: median <= 3 ms with calculations: ${time.median <= 3 ? 'met' : 'NOT met'}`);
  }
}
