import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { FIELD_TYPES } from './field-types';
import { parseFormDefinition } from './form.schema';

const form = (components: unknown[], extra: Record<string, unknown> = {}) => ({
  version: 1,
  display: 'form',
  components,
  ...extra,
});

const options = [
  { label: 'A', value: 'a' },
  { label: 'B', value: 'b' },
];

/** The smallest valid component of each type. */
export const MINIMAL: Record<(typeof FIELD_TYPES)[number], Record<string, unknown>> = {
  textfield: { type: 'textfield', key: 'textfield1', label: 'Text' },
  textarea: { type: 'textarea', key: 'textarea1', rows: 3 },
  number: { type: 'number', key: 'number1', decimalLimit: 2 },
  password: { type: 'password', key: 'password1' },
  checkbox: { type: 'checkbox', key: 'checkbox1', defaultValue: false },
  selectboxes: { type: 'selectboxes', key: 'selectboxes1', values: options },
  select: { type: 'select', key: 'select1', dataSrc: 'values', data: { values: options } },
  radio: { type: 'radio', key: 'radio1', values: options },
  content: { type: 'content', key: 'content1', html: '<p>Hi</p>', input: false },
  button: { type: 'button', key: 'submit', action: 'submit' },
  email: { type: 'email', key: 'email1' },
  phoneNumber: { type: 'phoneNumber', key: 'phone1', inputMask: '(999) 999-9999' },
  datetime: { type: 'datetime', key: 'datetime1', format: 'MMM/dd/yyyy', enableTime: false },
  day: { type: 'day', key: 'day1', fields: { day: { hide: false }, month: { hide: false }, year: { hide: false } } },
  time: { type: 'time', key: 'time1', dataFormat: 'HH:mm:ss' },
  address: { type: 'address', key: 'address1', components: [{ type: 'textfield', key: 'city', label: 'City' }] },
  currency: { type: 'currency', key: 'currency1', currency: 'EUR' },
  hidden: { type: 'hidden', key: 'hidden1' },
  file: { type: 'file', key: 'file1', storage: 'url', fileMaxSize: '25MB' },
  signature: { type: 'signature', key: 'signature1', width: '100%', height: '150px' },
  htmlelement: { type: 'htmlelement', key: 'html1', tag: 'p', content: 'Hello' },
  columns: {
    type: 'columns',
    key: 'columns1',
    columns: [{ components: [{ type: 'textfield', key: 'inColumn' }], width: 6 }],
  },
  fieldset: { type: 'fieldset', key: 'fieldset1', legend: 'Set', components: [{ type: 'textfield', key: 'inSet' }] },
  panel: { type: 'panel', key: 'panel1', title: 'Page', components: [{ type: 'textfield', key: 'inPanel' }] },
};

describe('parseFormDefinition', () => {
  it.each(FIELD_TYPES)('accepts a %s component', (type) => {
    const result = parseFormDefinition(form([MINIMAL[type]]));
    expect(result.errors).toEqual([]);
    expect(result.form?.components[0]?.type).toBe(type);
  });

  it('accepts every spec 1 §3 Form field attribute', () => {
    const field = {
      type: 'textfield',
      key: 'taxId',
      label: 'Tax ID',
      name: 'taxId',
      dataType: 'text',
      defaultValue: '',
      validate: {
        required: true,
        unique: false,
        multiple: false,
        minLength: 2,
        maxLength: 20,
        custom: { '!=': [{ var: 'input' }, '000'] },
        customMessage: 'Bad tax ID',
        customPrivate: false,
        pattern: '\\d+-\\d+',
        minWords: 1,
        maxWords: 3,
      },
      conditional: { show: true, when: 'other', eq: 'x', json: { '==': [1, 1] } },
      calculateValue: { cat: ['a', 'b'] },
      customDefaultValue: { var: 'data.other' },
      prefix: '#',
      suffix: '!',
      euPermission: 'editTableByAllOwner',
      euEncrypted: true,
      editableByUc: true,
      isSystemField: false,
      bindingField: 'taxIdBinding',
      isOwnersEmailField: false,
      page: 1,
      x: 10.5,
      y: 20,
      width: 200,
      height: 18,
      renderOrder: 3,
    };
    const result = parseFormDefinition(form([{ type: 'textfield', key: 'other' }, field]));
    expect(result.errors).toEqual([]);
    expect(result.form?.components[1]).toMatchObject({ key: 'taxId', euEncrypted: true, renderOrder: 3 });
  });

  it('names the path of each error in nested layouts', () => {
    const result = parseFormDefinition(
      form([
        { type: 'panel', key: 'p', components: [{ type: 'textfield', key: 'ok' }] },
        {
          type: 'columns',
          key: 'c',
          columns: [{ components: [{ type: 'number', key: 'n', decimalLimit: 'two' }] }],
        },
        { type: 'fieldset', key: 'f', components: [{ type: 'textfield', key: 'bad key' }] },
      ]),
    );
    expect(result.ok).toBe(false);
    const paths = result.errors.map((e) => e.path);
    expect(paths).toContain('components[1].columns[0].components[0].decimalLimit');
    expect(paths).toContain('components[2].components[0].key');
    expect(result.errors.find((e) => e.path === 'components[2].components[0].key')?.message).toBe(MESSAGES.keyFormat);
  });

  it("reports a duplicate key as 'This key already existed.' at its path", () => {
    const result = parseFormDefinition(
      form([
        { type: 'textfield', key: 'name' },
        { type: 'panel', key: 'p', components: [{ type: 'email', key: 'name' }] },
      ]),
    );
    expect(result.errors).toEqual([
      { path: 'components[1].components[0].key', code: 'duplicateKey', message: 'This key already existed.' },
    ]);
  });

  it('reports an unsupported type and an unknown attribute by path', () => {
    const result = parseFormDefinition(
      form([
        { type: 'tags', key: 'g' },
        { type: 'textfield', key: 't', foo: 1 },
      ]),
    );
    expect(result.errors).toContainEqual({
      path: 'components[0].type',
      code: 'unsupportedType',
      message: MESSAGES.unsupportedType('tags'),
    });
    expect(result.errors).toContainEqual({
      path: 'components[1].foo',
      code: 'unknownAttribute',
      message: MESSAGES.unknownAttribute('foo'),
    });
  });

  it('refuses JavaScript in every rule place', () => {
    const js = 'valid = true;';
    const result = parseFormDefinition(
      form([
        { type: 'textfield', key: 'a', calculateValue: js },
        { type: 'textfield', key: 'b', customDefaultValue: js },
        { type: 'textfield', key: 'c', validate: { custom: js } },
        { type: 'textfield', key: 'd', customConditional: js },
        { type: 'textfield', key: 'e', conditional: { json: js } },
      ]),
    );
    expect(result.errors.filter((e) => e.code === 'javascript').map((e) => e.path)).toEqual([
      'components[0].calculateValue',
      'components[1].customDefaultValue',
      'components[2].validate.custom',
      'components[3].customConditional',
      'components[4].conditional.json',
    ]);
  });

  it('reports unknown JSON Logic operators with their full path', () => {
    const result = parseFormDefinition(form([{ type: 'number', key: 'n', calculateValue: { and: [{ method: [] }] } }]));
    expect(result.errors).toEqual([
      {
        path: 'components[0].calculateValue.and[0].method',
        code: 'logic',
        message: MESSAGES.unknownOperator('method'),
      },
    ]);
  });

  it('requires wizard pages to be panels and conditions to name existing fields', () => {
    const result = parseFormDefinition(
      form([{ type: 'textfield', key: 't', conditional: { show: true, when: 'ghost', eq: '1' } }], {
        display: 'wizard',
      }),
    );
    expect(result.errors.map((e) => [e.path, e.code])).toEqual([
      ['components[0].type', 'layout'],
      ['components[0].conditional.when', 'reference'],
    ]);
  });

  it('refuses invalid and catastrophic patterns', () => {
    const result = parseFormDefinition(
      form([
        { type: 'textfield', key: 'a', validate: { pattern: '([a-z' } },
        { type: 'textfield', key: 'b', validate: { pattern: '(a+)+$' } },
      ]),
    );
    expect(result.errors.map((e) => [e.path, e.message])).toEqual([
      ['components[0].validate.pattern', MESSAGES.patternInvalid],
      ['components[1].validate.pattern', MESSAGES.patternTooSlow],
    ]);
  });

  it('refuses __proto__, constructor and prototype keys anywhere, by path', () => {
    const json = JSON.parse(
      '{"version":1,"display":"form","components":[{"type":"textfield","key":"a","validate":{"__proto__":{"required":true}}}],"constructor":1}',
    );
    const result = parseFormDefinition(json);
    expect(result.errors.map((e) => e.path)).toEqual(['components[0].validate.__proto__', 'constructor']);
    expect(parseFormDefinition(form([{ type: 'textfield', key: '__proto__' }])).errors[0]?.path).toBe(
      'components[0].key',
    );
    expect(parseFormDefinition(form([{ type: 'textfield', key: 'prototype' }])).ok).toBe(false);
  });

  it('refuses deep nesting, too many components and huge strings within bounded time', () => {
    let deep: Record<string, unknown> = { type: 'textfield', key: 'leaf' };
    for (let i = 0; i < 5000; i++) deep = { type: 'panel', key: `p${i}`, components: [deep] };
    const many = Array.from({ length: 6000 }, (_, i) => ({ type: 'textfield', key: `f${i}` }));
    const huge = { type: 'content', key: 'c', html: 'x'.repeat(200_000) };
    const started = Date.now();
    expect(parseFormDefinition(form([deep])).errors[0]?.code).toBe('bounds');
    expect(parseFormDefinition(form(many)).errors[0]?.message).toBe(MESSAGES.tooManyComponents(5000));
    expect(parseFormDefinition(form([huge])).errors[0]).toMatchObject({ path: 'components[0].html', code: 'bounds' });
    const nested20 = parseFormDefinition(form([nestPanels(21)]));
    expect(nested20.errors[0]?.message).toBe(MESSAGES.nestingTooDeep(20));
    expect(parseFormDefinition(form([nestPanels(19)])).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses wrong types at the top', () => {
    expect(parseFormDefinition(null).errors[0]?.message).toBe(MESSAGES.formNotObject);
    expect(parseFormDefinition([]).ok).toBe(false);
    expect(parseFormDefinition(form([], { display: 'pdf' })).errors[0]?.path).toBe('display');
    expect(parseFormDefinition({ version: 1, display: 'form', components: 'x' }).errors[0]?.path).toBe('components');
    expect(parseFormDefinition(form([{ type: 'textfield', key: 'a', label: 5 }])).errors[0]?.path).toBe(
      'components[0].label',
    );
  });

  it('never throws on arbitrary JSON and always names paths', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (json) => {
        const result = parseFormDefinition(json);
        expect(result.ok).toBe(false);
        for (const error of result.errors) expect(typeof error.path).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on mutated valid forms', () => {
    const valid = form(Object.values(MINIMAL));
    expect(parseFormDefinition(valid).ok).toBe(true);
    fc.assert(
      fc.property(
        fc.nat({ max: 23 }),
        fc.string({ maxLength: 12 }),
        fc.jsonValue({ maxDepth: 2 }),
        (i, attr, value) => {
          const copy = JSON.parse(JSON.stringify(valid));
          copy.components[i][attr] = value;
          const result = parseFormDefinition(copy);
          if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
    // 300 parses take about a second; the shared 2-core machine can be five times slower.
  }, 20_000);
});

function nestPanels(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'textfield', key: 'leaf' };
  for (let i = 0; i < depth; i++) node = { type: 'panel', key: `p${i}`, components: [node] };
  return node;
}
