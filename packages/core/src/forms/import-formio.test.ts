import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { FIELD_TYPES } from './field-types';
import kitchenSink from './fixtures/kitchen-sink.formio.json';
import legacyExport from './fixtures/legacy-export.formio.json';
import wizard from './fixtures/wizard.formio.json';
import { type FormDefinition, parseFormDefinition } from './form.schema';
import { walkComponents } from './form-walk';
import { importFormio } from './import-formio';
import { parsePath } from './path';

const typesOf = (form: FormDefinition) => {
  const types = new Set<string>();
  walkComponents(form.components, ({ component }) => {
    types.add(component.type);
  });
  return types;
};

describe('importFormio', () => {
  it('loads a Form.io form that uses every field type, reporting only the address script it replaced', () => {
    const result = importFormio(kitchenSink);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect([...typesOf(result.form as FormDefinition)].sort()).toEqual([...FIELD_TYPES].sort());
    expect(result.warnings).toHaveLength(6);
    expect(result.warnings[0]).toMatchObject({
      path: 'components[9].components[0].customConditional',
      message: MESSAGES.addressManualModeScript,
    });
  });

  it.each([
    ['kitchen sink', kitchenSink],
    ['legacy export', legacyExport],
    ['wizard', wizard],
  ])('round-trips the %s sample through JSON unchanged', (_name, sample) => {
    const first = importFormio(sample);
    expect(first.ok).toBe(true);
    const exported = JSON.parse(JSON.stringify(first.form));
    const again = importFormio(exported);
    expect(again.warnings).toEqual([]);
    expect(again.form).toEqual(first.form);
    expect(parseFormDefinition(exported).form).toEqual(first.form);
  });

  it('reports every attribute it removes from an old export, by path', () => {
    const result = importFormio(legacyExport);
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.path)).toEqual([
      'components[2].filter',
      'components[2].authenticate',
      'components[2].template',
      '_id',
      'owner',
      'access',
      'submissionAccess',
      'created',
      'modified',
      'machineName',
    ]);
    const select = result.form?.components[2];
    expect(select?.conditional).toEqual({ show: true, when: 'locations', eq: '2' });
  });

  it('moves Form.io validate.json into validate.custom', () => {
    const rule = { if: [{ '==': [{ var: 'input' }, 'Bob'] }, true, 'Name must be Bob'] };
    const result = importFormio({
      display: 'form',
      components: [{ type: 'textfield', key: 'n', validate: { json: rule } }],
    });
    expect(result.form?.components[0]?.validate?.custom).toEqual(rule);
  });

  it('refuses JavaScript in rule places, naming the path, and never runs it', () => {
    let ran = false;
    (globalThis as Record<string, unknown>).__imported = () => {
      ran = true;
    };
    const js = 'globalThis.__imported(); value = 1;';
    const result = importFormio({
      components: [
        { type: 'number', key: 'a', calculateValue: js },
        { type: 'textfield', key: 'b', customDefaultValue: js },
        { type: 'textfield', key: 'c', validate: { custom: js } },
        { type: 'textfield', key: 'd', customConditional: js },
        { type: 'button', key: 'e', action: 'submit', custom: js },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.path, e.code])).toEqual([
      ['components[0].calculateValue', 'javascript'],
      ['components[1].customDefaultValue', 'javascript'],
      ['components[2].validate.custom', 'javascript'],
      ['components[3].customConditional', 'javascript'],
      ['components[4].custom', 'javascript'],
    ]);
    expect(result.errors[0]?.message).toBe(MESSAGES.javascriptRefused);
    expect(ran).toBe(false);
  });

  it('refuses an unsupported type, and a Form.io 5 condition with an operator it cannot translate', () => {
    const result = importFormio({
      components: [
        { type: 'survey', key: 'survey1' },
        { type: 'textfield', key: 'x' },
        {
          type: 'textfield',
          key: 't',
          conditional: { show: true, conjunction: 'all', conditions: [{ component: 'x', operator: 'isDateEqual' }] },
        },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.path, e.message])).toEqual([
      ['components[2].conditional.conditions[0]', MESSAGES.conditionOperatorUnsupported('isDateEqual')],
    ]);
    const typeOnly = importFormio({ components: [{ type: 'survey', key: 'survey1' }] });
    expect(typeOnly.errors.map((e) => [e.path, e.code])).toEqual([['components[0].type', 'unsupportedType']]);
  });

  it('refuses a select whose options load at run time, naming the source', () => {
    const result = importFormio({
      components: [{ type: 'select', key: 's', dataSrc: 'url', data: { url: 'https://example.com/list' } }],
    });
    expect(result.errors).toEqual([
      { path: 'components[0].dataSrc', code: 'invalid', message: MESSAGES.selectSourceUnsupported('url') },
    ]);
  });

  it('refuses malformed input by path within bounded time', () => {
    expect(importFormio('nope').errors[0]?.message).toBe(MESSAGES.formNotObject);
    const polluted = JSON.parse('{"components":[{"type":"textfield","key":"a","__proto__":{"x":1}}]}');
    expect(importFormio(polluted).errors[0]).toMatchObject({ path: 'components[0].__proto__', code: 'bounds' });
  });

  it('parses paths back into segments, quoted keys holding dots included', () => {
    expect(parsePath('components[1]["widget.type"]')).toEqual(['components', 1, 'widget.type']);
    expect(parsePath('components[3].columns[0].validate.json')).toEqual([
      'components',
      3,
      'columns',
      0,
      'validate',
      'json',
    ]);
  });
});
