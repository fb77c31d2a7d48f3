import { describe, expect, it } from 'vitest';
import corpus from './fixtures/formio-corpus/corpus.json';
import { FORM_ISSUE_CODES, type FormIssue } from './form-checks';
import { importFormio } from './import-formio';

/**
 * Every form of the Form.io corpus (real forms from Form.io's public test suites, see fixtures/formio-corpus)
 * through the import. The counts are pinned: a change in what imports must be a decision, seen in this file.
 * `npm run bench -- corpus` prints the same figures by class.
 */
const entries = corpus as { name: string; form: unknown }[];
const CODES: ReadonlySet<string> = new Set(FORM_ISSUE_CODES);
/** zod's own English ("Invalid input: expected string, received undefined") says nothing to a form author. */
const RAW_SCHEMA_TEXT = /^Invalid (input|option)|^Too (big|small)|expected/;

describe('importFormio over the Form.io corpus', () => {
  const results = entries.map((entry) => ({ name: entry.name, result: importFormio(entry.form) }));

  it('holds at least 100 forms and imports at least 80 % of them', () => {
    expect(entries.length).toBe(253);
    const imported = results.filter((r) => r.result.ok);
    const clean = imported.filter((r) => r.result.warnings.length === 0);
    expect({
      clean: clean.length,
      withWarnings: imported.length - clean.length,
      refused: entries.length - imported.length,
    }).toEqual({
      clean: 60,
      withWarnings: 150,
      refused: 43,
    });
    expect(imported.length / entries.length).toBeGreaterThanOrEqual(0.8);
  });

  it('names every warning and refusal by path, with a known code and our own words', () => {
    const named = (issue: FormIssue) =>
      typeof issue.path === 'string' &&
      CODES.has(issue.code) &&
      issue.message.length > 0 &&
      !RAW_SCHEMA_TEXT.test(issue.message);
    const unnamed = results.flatMap(({ name, result }) =>
      [...result.warnings, ...result.errors.slice(0, 1)]
        .filter((i) => !named(i))
        .map((i) => `${name} ${i.path}: ${i.message}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('gives every imported form back as a definition that imports again without change', () => {
    for (const { name, result } of results) {
      if (!result.ok) continue;
      const again = importFormio(JSON.parse(JSON.stringify(result.form)));
      expect({ name, ok: again.ok, warnings: again.warnings }).toEqual({ name, ok: true, warnings: [] });
    }
  });
});
