import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { parseFormDefinition } from './form.schema';
import { FORM_SCHEMA_VERSION, getFormVersion, migrateForm, readStoredForm } from './form-migrate';

/** What the legacy portal stored: no version, no display, string `show`, numeric `eq`. */
const V0 = {
  components: [
    { type: 'number', key: 'owners' },
    {
      type: 'panel',
      key: 'p',
      components: [{ type: 'textfield', key: 'second', conditional: { show: 'true', when: 'owners', eq: 2 } }],
    },
    {
      type: 'columns',
      key: 'c',
      columns: [
        { components: [{ type: 'textfield', key: 'third', conditional: { show: 'false', when: 'owners', eq: 0 } }] },
      ],
    },
  ],
};

describe('migrateForm', () => {
  it('reads a missing version as 0', () => {
    expect(getFormVersion({})).toBe(0);
    expect(getFormVersion({ version: 1 })).toBe(1);
    expect(getFormVersion({ version: '1' })).toBeUndefined();
  });

  it('upgrades a v0 definition to the current version without touching the input', () => {
    const before = JSON.stringify(V0);
    const result = migrateForm(V0);
    expect(JSON.stringify(V0)).toBe(before);
    if (!result.ok) throw new Error('expected ok');
    expect(result.from).toBe(0);
    expect(result.form.version).toBe(FORM_SCHEMA_VERSION);
    expect(result.form.display).toBe('form');
    const parsed = parseFormDefinition(V0);
    expect(parsed.errors).toEqual([]);
    const panel = parsed.form?.components[1];
    expect(panel?.type === 'panel' && panel.components[0]?.conditional).toEqual({
      show: true,
      when: 'owners',
      eq: '2',
    });
    const columns = parsed.form?.components[2];
    expect(columns?.type === 'columns' && columns.columns[0]?.components[0]?.conditional).toEqual({
      show: false,
      when: 'owners',
      eq: '0',
    });
  });

  it('leaves a current definition as it is', () => {
    const current = { version: 1, display: 'wizard', components: [] };
    expect(migrateForm(current)).toEqual({ ok: true, form: current, from: 1 });
  });

  it("refuses a version from the future with 'Version Form Incorrect'", () => {
    expect(migrateForm({ version: 99, components: [] })).toEqual({
      ok: false,
      errors: [{ path: 'version', message: MESSAGES.versionFormIncorrect }],
    });
    expect(parseFormDefinition({ version: -1, components: [] }).errors[0]).toMatchObject({
      path: 'version',
      code: 'version',
    });
  });
});

describe('readStoredForm', () => {
  it('migrates a stored v0 definition forward and leaves a current one as stored', () => {
    const read = readStoredForm(V0);
    expect(read.version).toBe(FORM_SCHEMA_VERSION);
    expect(parseFormDefinition(read).ok).toBe(true);
    const current = { version: FORM_SCHEMA_VERSION, display: 'form', components: [] };
    expect(readStoredForm(current)).toEqual(current);
    expect(readStoredForm({ version: 99, components: [] })).toEqual({ version: 99, components: [] });
  });
});
