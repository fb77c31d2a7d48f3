import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import type { FormDefinition } from './form.schema';
import { importFormio } from './import-formio';
import { validateSubmission } from './validate-submission';

const load = (components: unknown[], display = 'form'): FormDefinition => {
  const result = importFormio({ display, components });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.form as FormDefinition;
};
const pathsOf = (form: FormDefinition, data: Record<string, unknown>) =>
  validateSubmission(form, data).errors.map((e) => `${e.path}:${e.code}`);

describe('importFormio: issue 10 bugs', () => {
  it('removes an attribute whose name holds a dot, reporting it once', () => {
    const result = importFormio({ components: [{ type: 'textfield', key: 'a', 'widget.type': 'input' }] });
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      {
        path: 'components[0]["widget.type"]',
        code: 'unknownAttribute',
        message: MESSAGES.unsupportedAttribute('widget.type'),
      },
    ]);
    expect(Object.keys(result.form?.components[0] ?? {})).not.toContain('widget.type');
  });

  it("imports a datetime with Form.io's `suffix: true`, reporting the removed value", () => {
    const result = importFormio({ components: [{ type: 'datetime', key: 'd', suffix: true, label: 'Date' }] });
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      { path: 'components[0].suffix', code: 'invalid', message: MESSAGES.attributeValueRemoved('suffix') },
    ]);
  });

  it('makes a day whose month and year are required refuse {} and 00/00/0000', () => {
    const form = load([
      {
        type: 'day',
        key: 'dob',
        label: 'Date of birth',
        fields: { day: { required: false }, month: { required: true }, year: { required: true } },
      },
    ]);
    expect(pathsOf(form, { dob: {} })).toEqual(['dob:required']);
    expect(pathsOf(form, { dob: '00/00/0000' })).toEqual(['dob:required']);
    expect(pathsOf(form, { dob: '05/00/0000' })).toEqual(['dob:required']);
    expect(pathsOf(form, { dob: '05/00/1990' })).toEqual([]);
  });

  it('reports moment() date limits by path and enforces plain dates', () => {
    const result = importFormio({
      components: [
        {
          type: 'datetime',
          key: 'start',
          label: 'Start',
          datePicker: { minDate: "moment().subtract(10, 'days')", maxDate: '2026-12-31' },
          widget: { type: 'calendar', minDate: 'moment()' },
        },
      ],
    });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => [w.path, w.code])).toEqual([
      ['components[0].datePicker.minDate', 'javascript'],
      ['components[0].widget.minDate', 'javascript'],
    ]);
    const form = result.form as FormDefinition;
    expect(pathsOf(form, { start: '2026-12-31T20:00:00Z' })).toEqual([]);
    expect(pathsOf(form, { start: '2027-01-01T00:00:01Z' })).toEqual(['start:max']);
  });

  it('names what is missing for keyless components and gives layouts a key', () => {
    const result = importFormio({
      components: [
        { type: 'panel', title: 'One', components: [{ type: 'textfield', label: 'Name' }] },
        { type: 'columns', columns: [{ components: [] }] },
      ],
    });
    expect(result.errors).toEqual([
      { path: 'components[0].components[0].key', code: 'invalid', message: MESSAGES.componentKeyMissing('textfield') },
    ]);
    const layouts = importFormio({ components: [{ type: 'panel', title: 'One', components: [] }] });
    expect(layouts.ok).toBe(true);
    expect(layouts.form?.components[0]?.key).toBe('panel1');
    expect(layouts.warnings[0]?.message).toBe(MESSAGES.componentKeyGiven('panel1'));
  });

  it('removes `tags: ""` with a named warning instead of refusing with schema text', () => {
    const result = importFormio({ components: [{ type: 'textfield', key: 'a', tags: '' }] });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.message)).toEqual([MESSAGES.attributeValueRemoved('tags')]);
  });
});

describe('importFormio: hidden fields are never required', () => {
  it('skips required on hidden: true fields, inside hidden containers and on type hidden', () => {
    const form = load([
      { type: 'hidden', key: 'recordId', validate: { required: true } },
      { type: 'textfield', key: 'secret', hidden: true, validate: { required: true } },
      {
        type: 'panel',
        key: 'internal',
        hidden: true,
        components: [{ type: 'textfield', key: 'inside', validate: { required: true } }],
      },
      {
        type: 'container',
        key: 'office',
        hidden: true,
        components: [{ type: 'textfield', key: 'code', validate: { required: true } }],
      },
      { type: 'textfield', key: 'shown', label: 'Shown', validate: { required: true } },
    ]);
    expect(pathsOf(form, {})).toEqual(['shown:required']);
    // A value the portal set in a hidden field is kept.
    expect(validateSubmission(form, { shown: 'x', secret: 's' }).data.secret).toBe('s');
  });
});

describe('importFormio: Form.io 5 conditions, logic and select sources', () => {
  it('translates conditional.conditions with all/any and the common operators', () => {
    const form = load([
      { type: 'textfield', key: 'kind' },
      { type: 'number', key: 'amount' },
      {
        type: 'textfield',
        key: 'a',
        validate: { required: true },
        conditional: {
          show: true,
          conjunction: 'all',
          conditions: [
            { component: 'kind', operator: 'isEqual', value: 'llc' },
            { component: 'amount', operator: 'greaterThan', value: 100 },
          ],
        },
      },
      {
        type: 'textfield',
        key: 'b',
        validate: { required: true },
        conditional: {
          show: false,
          conjunction: 'any',
          conditions: [
            { component: 'kind', operator: 'isEmpty' },
            { component: 'kind', operator: 'includes', value: 'sole' },
          ],
        },
      },
    ]);
    expect(pathsOf(form, {})).toEqual([]);
    expect(pathsOf(form, { kind: 'llc', amount: 500 })).toEqual(['a:required', 'b:required']);
    expect(pathsOf(form, { kind: 'llc', amount: 50 })).toEqual(['b:required']);
    expect(pathsOf(form, { kind: 'sole prop', amount: 500 })).toEqual([]);
  });

  it('reads a selectboxes target as Form.io does (the ticked option)', () => {
    const form = load([
      {
        type: 'selectboxes',
        key: 'cards',
        values: [
          { label: 'Visa', value: 'visa' },
          { label: 'Amex', value: 'amex' },
        ],
      },
      {
        type: 'textfield',
        key: 'amexId',
        validate: { required: true },
        conditional: {
          show: true,
          conjunction: 'all',
          conditions: [{ component: 'cards', operator: 'isEqual', value: 'amex' }],
        },
      },
    ]);
    expect(pathsOf(form, { cards: { visa: true, amex: false } })).toEqual([]);
    expect(pathsOf(form, { cards: { visa: false, amex: true } })).toEqual(['amexId:required']);
  });

  it('translates logic that only hides or requires, and refuses other actions by path', () => {
    const form = load([
      { type: 'checkbox', key: 'hasDba' },
      {
        type: 'textfield',
        key: 'dba',
        label: 'DBA',
        logic: [
          {
            name: 'require',
            trigger: { type: 'simple', simple: { show: true, when: 'hasDba', eq: 'true' } },
            actions: [
              {
                name: 'r',
                type: 'property',
                property: { label: 'Required', value: 'validate.required', type: 'boolean' },
                state: true,
              },
            ],
          },
        ],
      },
      {
        type: 'textfield',
        key: 'note',
        validate: { required: true },
        logic: [
          {
            name: 'hide',
            trigger: { type: 'javascript', javascript: 'result = !data.hasDba;' },
            actions: [
              {
                name: 'h',
                type: 'property',
                property: { label: 'Hidden', value: 'hidden', type: 'boolean' },
                state: 'true',
              },
            ],
          },
        ],
      },
    ]);
    expect(pathsOf(form, { hasDba: false })).toEqual([]);
    expect(pathsOf(form, { hasDba: true })).toEqual(['dba:required', 'note:required']);

    const refused = importFormio({
      components: [
        {
          type: 'textfield',
          key: 'x',
          logic: [
            { trigger: { type: 'json', json: true }, actions: [{ type: 'value', value: 'value = instance.x()' }] },
            {
              trigger: { type: 'json', json: true },
              actions: [{ type: 'mergeComponentSchema', schemaDefinition: '' }],
            },
          ],
        },
      ],
    });
    expect(refused.errors).toEqual([
      { path: 'components[0].logic[0].actions[0].value', code: 'javascript', message: MESSAGES.javascriptRefused },
      {
        path: 'components[0].logic[1].actions[0]',
        code: 'logic',
        message: MESSAGES.logicUnsupported("an action of type 'mergeComponentSchema'"),
      },
    ]);
  });

  it('takes select options from a static JSON source', () => {
    const result = importFormio({
      components: [
        {
          type: 'select',
          key: 'state',
          dataSrc: 'json',
          valueProperty: 'code',
          template: '<span>{{ item.name }}</span>',
          data: {
            json: [
              { code: 'TX', name: 'Texas' },
              { code: 'CA', name: 'California' },
            ],
          },
        },
      ],
    });
    expect(result.ok).toBe(true);
    const select = result.form?.components[0];
    expect(select?.type === 'select' && select.data.values).toEqual([
      { label: 'Texas', value: 'TX' },
      { label: 'California', value: 'CA' },
    ]);
    expect(pathsOf(result.form as FormDefinition, { state: 'TX' })).toEqual([]);
    expect(pathsOf(result.form as FormDefinition, { state: 'Texas' })).toEqual(['state:option']);
  });
});

describe('importFormio: one-line scripts', () => {
  it('translates customConditional and calculateValue, reporting each translation by path', () => {
    const result = importFormio({
      components: [
        { type: 'textfield', key: 'kind' },
        { type: 'number', key: 'a' },
        { type: 'number', key: 'b' },
        { type: 'textfield', key: 'x', validate: { required: true }, customConditional: "show = data.kind === 'llc';" },
        { type: 'number', key: 'sum', calculateValue: 'value = data.a + data.b;' },
      ],
    });
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      {
        path: 'components[3].customConditional',
        code: 'javascript',
        message: MESSAGES.javascriptTranslated('customConditional', '{"===":[{"var":"data.kind"},"llc"]}'),
      },
      {
        path: 'components[4].calculateValue',
        code: 'javascript',
        message: MESSAGES.javascriptTranslated('calculateValue', '{"+":[{"var":"data.a"},{"var":"data.b"}]}'),
      },
    ]);
    const form = result.form as FormDefinition;
    expect(pathsOf(form, { kind: 'llc' })).toEqual(['x:required']);
    expect(validateSubmission(form, { a: 2, b: 3 }).data.sum).toBe(5);
  });

  it('still refuses scripts outside the subset, by path', () => {
    const result = importFormio({
      components: [{ type: 'textfield', key: 'x', customConditional: 'show = instance.root.ready;' }],
    });
    expect(result.errors.map((e) => [e.path, e.code])).toEqual([['components[0].customConditional', 'javascript']]);
  });
});
