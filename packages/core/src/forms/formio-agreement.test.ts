// @formio/core is a dev dependency of the repository for this comparison (and the bench) only; core never imports it.
import { ProcessTargets, processSync } from '@formio/core';
import { describe, expect, it } from 'vitest';
import corpus from './fixtures/formio-corpus/corpus.json';
import { makeSubmission, type SubmissionKind } from './fixtures/formio-submissions';
import type { FormComponent, FormDefinition } from './form.schema';
import { walkComponents } from './form-walk';
import { importFormio } from './import-formio';
import { validateSubmission } from './validate-submission';

/**
 * Where both accept a corpus form, our validateSubmission and @formio/core's processSync must find the same fields
 * invalid, for an empty, a plausible and an invalid submission made from the form. Every disagreement is listed
 * here with the reason ours is right; a new one fails the test.
 */

/** Ours refuses a value outside a choice field's options; Form.io checks that only with validate.onlyAvailableItems. */
const OPTION_REASON = 'a value that is not one of the options is refused (Form.io: only with onlyAvailableItems)';
const PHANTOM_ROW =
  'an edit grid that was left out has no rows, so nothing inside it is required; Form.io validates a made-up first row';

const REASONS: Record<string, string> = {
  'core/process/process:133 * theirs number1,number4,number5':
    "the calculated value '000123' is numeric text, which we store as the number 123; Form.io refuses text in a number field",
  'core/process/process:250 * theirs number7':
    'the calculated value "000.0123" is numeric text, which we store as a number; Form.io refuses text in a number field',
  'formiojs/components/editgrid/fixtures/comp13:1 empty theirs editGrid[0].textField': PHANTOM_ROW,
  'formiojs/components/editgrid/fixtures/comp13:1 invalid theirs editGrid':
    'the grid has a row (its field is invalid, reported on the field); Form.io also reports the grid as unfinished',
  'formiojs/forms/clearOnHideInsideEditGrid:1 empty theirs subsidiaryEditGrid[0].subsidiaryEntityContainer.entityFullName':
    PHANTOM_ROW,
  'formiojs/forms/modalEditGrid:1 empty theirs editGrid[0].form.data.textField,editGrid[0].form.data.textField2':
    PHANTOM_ROW,
  // Imported since decision 069 (value and disabled logic actions, template literals in scripts):
  'core/process/process:6172 invalid ours textField':
    "the field is shown when the checkbox triggerConditionalLogic 'isEqual' 'false', read as unchecked (decision 028), and it is unchecked, so its required check runs; @formio/core compares the text 'false' with the boolean, never shows the field and so never checks it",
  'formiojs/components/datagrid/fixtures/comp-with-conditional-components-and-validations:1 empty ours dataGrid[0].rootTest,dataGrid[0].rowTest':
    'the submission leaves the datagrid out; ours checks the one row a datagrid starts with, where the empty inputs do not equal the missing root text, as the rules say; @formio/core runs the rules with no row (their script throws on row) and lets them pass',
  'formiojs/forms/conditionalDataGridWithTableAndRadio:1 empty theirs inspectionDataGrid[0].initialExam':
    "the grid is shown only when row.reliabilityAndMaintenanceForms.other is true; that value is missing, so the grid is hidden. Form.io's script throws on the missing object and leaves the grid shown",
};

const KINDS: SubmissionKind[] = ['empty', 'valid', 'invalid'];
const root = (path: string) => path.replace(/\[\d+\]$/, '');

function theirErrors(components: unknown, data: Record<string, unknown>): string[] {
  // Form.io's evaluator logs the failures of the scripts it runs; they are not ours to print.
  const log = globalThis as unknown as { console: Record<'log' | 'warn' | 'error', (...a: unknown[]) => void> };
  const saved = { ...log.console };
  log.console.log = log.console.warn = log.console.error = () => {};
  try {
    const result = processSync({
      components: JSON.parse(JSON.stringify(components)),
      data: JSON.parse(JSON.stringify(data)),
      processors: ProcessTargets.evaluator,
      scope: { errors: [] },
      config: { server: true },
    } as never) as { errors?: { context: { path: string } }[] };
    return [...new Set((result.errors ?? []).map((e) => root(e.context.path)))].sort();
  } finally {
    Object.assign(log.console, saved);
  }
}

function choicePaths(form: FormDefinition): Set<string> {
  const keys = new Set<string>();
  walkComponents(form.components, ({ component }: { component: FormComponent }) => {
    if (component.type === 'select' || component.type === 'radio') keys.add(component.key);
  });
  return keys;
}

describe('validation agrees with @formio/core on the Form.io corpus', () => {
  it('finds the same invalid fields, except the disagreements listed with their reason', () => {
    const unexplained: string[] = [];
    const explained = new Set<string>();
    let compared = 0;
    for (const entry of corpus as { name: string; form: { components: unknown } }[]) {
      const imported = importFormio(entry.form);
      if (!imported.ok || !imported.form) continue;
      const choices = choicePaths(imported.form);
      for (const kind of KINDS) {
        const data = makeSubmission(imported.form, kind);
        const theirs = theirErrors(entry.form.components, data);
        const ours = [...new Set(validateSubmission(imported.form, data).errors.map((e) => root(e.path)))].sort();
        compared++;
        const onlyOurs = ours.filter((p) => !theirs.includes(p));
        const onlyTheirs = theirs.filter((p) => !ours.includes(p));
        const optionOnly = (p: string) =>
          kind === 'invalid' &&
          choices.has(
            p
              .split(/[.[\]]/)
              .filter(Boolean)
              .at(-1) as string,
          );
        const oursLeft = onlyOurs.filter((p) => !optionOnly(p));
        for (const [side, paths] of [
          ['ours', oursLeft],
          ['theirs', onlyTheirs],
        ] as const) {
          if (paths.length === 0) continue;
          const exact = `${entry.name} ${kind} ${side} ${paths.join(',')}`;
          const any = `${entry.name} * ${side} ${paths.join(',')}`;
          if (REASONS[exact]) explained.add(exact);
          else if (REASONS[any]) explained.add(any);
          else unexplained.push(exact);
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(unexplained).toEqual([]);
    expect(Object.keys(REASONS).filter((k) => !explained.has(k))).toEqual([]);
    expect(OPTION_REASON).toBeTruthy();
  }, 60_000);
});
