import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { getDefaultData } from './compile-form';
import { build } from './fixtures/build-form';
import type { FormDefinition } from './form.schema';
import { validateSubmission } from './validate-submission';

const one = (component: Record<string, unknown>) => build([{ label: 'Field', ...component, key: 'f' }]);
const codesOf = (form: FormDefinition, value: unknown) =>
  validateSubmission(form, value === undefined ? {} : { f: value }).errors.map((e) => e.code);
const options = [
  { label: 'A', value: 'a' },
  { label: 'B', value: 'b' },
];

describe('validateSubmission by field type', () => {
  it.each([
    ['textfield', {}, 'hello', { text: 'x' }],
    ['textarea', {}, 'line one\nline two', { x: 1 }],
    ['password', {}, 's3cret!', ['x']],
    ['email', {}, 'jane.doe@example.com', 'jane@'],
    ['phoneNumber', {}, '(555) 123-4567', '555-1234'],
    ['number', {}, 12.5, 'twelve'],
    ['currency', { currency: 'USD' }, 1234.56, 'lots'],
    ['checkbox', {}, true, 'yes'],
    ['selectboxes', { values: options }, { a: true, b: false }, { c: true }],
    ['select', { data: { values: options } }, 'b', 'z'],
    ['radio', { values: options }, 'a', 'z'],
    ['datetime', {}, '2026-11-22T10:30:00.000Z', '2026-02-30'],
    ['day', {}, '11/22/2026', '13/01/2026'],
    ['time', {}, '13:45:00', '25:00'],
    ['address', { components: [{ type: 'textfield', key: 'city', label: 'City' }] }, { city: 'Austin' }, 12],
    ['hidden', {}, 'REC-1', undefined],
    ['file', {}, [{ name: 'check.pdf', size: 1000, url: 'https://files.example/check.pdf' }], [{ size: 1 }]],
    ['signature', {}, 'data:image/png;base64,iVBORw0KGgo=', 'not a signature'],
  ])('%s accepts a good value and refuses a bad one', (type, extra, good, bad) => {
    const form = one({ type, ...extra });
    const result = validateSubmission(form, { f: good });
    expect(result.errors).toEqual([]);
    expect(result.data.f).toEqual(good);
    if (bad !== undefined) expect(validateSubmission(form, { f: bad }).valid).toBe(false);
  });

  it('drops values of content, htmlelement, button and layouts', () => {
    const form = build([
      { type: 'content', key: 'c', html: '<p>x</p>' },
      { type: 'htmlelement', key: 'h', content: 'x' },
      { type: 'button', key: 'submit' },
      { type: 'panel', key: 'p', components: [{ type: 'fieldset', key: 'fs', components: [] }] },
      { type: 'columns', key: 'cols', columns: [{ components: [{ type: 'textfield', key: 'inner' }] }] },
    ]);
    const result = validateSubmission(form, {
      c: 1,
      h: 2,
      submit: true,
      p: 3,
      fs: 4,
      cols: 5,
      inner: 'kept',
      extra: 'x',
    });
    expect(result).toEqual({ valid: true, data: { inner: 'kept' }, errors: [], kept: [] });
  });
});

describe('validateSubmission rules', () => {
  it('required, with the field label named', () => {
    const form = one({ type: 'textfield', label: 'Legal Name', validate: { required: true } });
    expect(validateSubmission(form, {}).errors).toEqual([
      { path: 'f', code: 'required', message: MESSAGES.fieldRequired('Legal Name') },
    ]);
    expect(codesOf(form, '')).toEqual(['required']);
    expect(codesOf(one({ type: 'checkbox', validate: { required: true } }), false)).toEqual(['required']);
    expect(codesOf(one({ type: 'selectboxes', values: options, validate: { required: true } }), { a: false })).toEqual([
      'required',
    ]);
    expect(codesOf(one({ type: 'day', validate: { required: true } }), '00/00/0000')).toEqual(['required']);
  });

  it('minLength, maxLength, minWords, maxWords and pattern', () => {
    const form = one({ type: 'textfield', validate: { minLength: 3, maxLength: 5 } });
    expect(codesOf(form, 'ab')).toEqual(['minLength']);
    expect(codesOf(form, 'abcdef')).toEqual(['maxLength']);
    const words = one({ type: 'textarea', validate: { minWords: 2, maxWords: 3 } });
    expect(codesOf(words, 'one')).toEqual(['minWords']);
    expect(codesOf(words, 'one two three four')).toEqual(['maxWords']);
    expect(codesOf(words, '  one   two ')).toEqual([]);
    const pattern = one({ type: 'textfield', validate: { pattern: '\\d{2}-\\d{7}' } });
    expect(codesOf(pattern, '12-3456789')).toEqual([]);
    expect(codesOf(pattern, 'x12-3456789')).toEqual(['pattern']);
  });

  it('e-mail and phone use the spec messages', () => {
    expect(validateSubmission(one({ type: 'email' }), { f: 'nope' }).errors[0]?.message).toBe(MESSAGES.emailInvalid);
    const phone = one({ type: 'phoneNumber' });
    for (const good of [
      '+1 555 123 4567'.replace('+1 ', '+'),
      '555.123.4567',
      '(555)123-4567',
      '5551234567',
      '555 123 456789',
    ]) {
      expect(codesOf(phone, good), good).toEqual([]);
    }
    // the spec's 'Invalid contact number', with the form expected and an example (issue 21)
    expect(validateSubmission(phone, { f: '12-34' }).errors[0]).toMatchObject({
      code: 'phone',
      message: MESSAGES.formatContactNumber('Field'),
    });
    expect(MESSAGES.formatContactNumber('Field')).toContain(MESSAGES.invalidPhone);
  });

  it('number: type, integer, min, max and decimal limit; numeric text becomes a number', () => {
    const form = one({ type: 'number', decimalLimit: 2, validate: { min: 1, max: 10 } });
    expect(validateSubmission(form, { f: '5.25' }).data.f).toBe(5.25);
    expect(codesOf(form, 0)).toEqual(['min']);
    expect(codesOf(form, 11)).toEqual(['max']);
    expect(codesOf(form, 1.234)).toEqual(['decimal']);
    expect(codesOf(form, 'abc')).toEqual(['number']);
    expect(codesOf(one({ type: 'number', validate: { integer: true } }), 1.5)).toEqual(['integer']);
  });

  it('currency: two decimals by default', () => {
    const form = one({ type: 'currency', currency: 'EUR' });
    expect(codesOf(form, 10.005)).toEqual(['decimal']);
    expect(codesOf(form, '10.5')).toEqual([]);
    expect(codesOf(form, true)).toEqual(['currency']);
  });

  it('datetime, day and time formats', () => {
    const dt = one({ type: 'datetime', datePicker: { minDate: '2020-01-01', maxDate: '2030-12-31' } });
    expect(codesOf(dt, '2026-11-22')).toEqual([]);
    expect(codesOf(dt, '2026-11-22T25:00:00Z')).toEqual(['date']);
    expect(codesOf(dt, '2019-06-01')).toEqual(['min']);
    expect(codesOf(dt, '2031-06-01')).toEqual(['max']);
    const day = one({ type: 'day' });
    expect(validateSubmission(day, { f: '13/01/2026' }).errors[0]?.message).toBe(MESSAGES.monthRange);
    expect(codesOf(day, '02/30/2026')).toEqual(['day']);
    expect(codesOf(day, '02/29/2024')).toEqual([]);
    expect(codesOf(one({ type: 'day', dayFirst: true }), '30/01/2026')).toEqual([]);
    expect(codesOf(one({ type: 'day', fields: { year: { required: true } } }), '01/02/0000')).toEqual(['required']);
    const time = one({ type: 'time' });
    expect(codesOf(time, '23:59')).toEqual([]);
    expect(codesOf(time, '12:60')).toEqual(['time']);
  });

  it('option values of select, radio and selectboxes, with select-box counts', () => {
    expect(codesOf(one({ type: 'select', data: { values: options } }), 'x')).toEqual(['option']);
    expect(codesOf(one({ type: 'select', multiple: true, data: { values: options } }), ['a', 'x'])).toEqual(['option']);
    expect(codesOf(one({ type: 'radio', values: options }), { a: 1 })).toEqual(['option']);
    const boxes = one({ type: 'selectboxes', values: options, validate: { minSelectedCount: 2 } });
    expect(codesOf(boxes, { a: true })).toEqual(['minSelected']);
    expect(validateSubmission(boxes, { f: { a: true, b: true } }).data.f).toEqual({ a: true, b: true });
    expect(codesOf(boxes, JSON.parse('{"__proto__": true}'))).toEqual(['option']);
  });

  it('refuses text outside printable ASCII and newlines', () => {
    const form = one({ type: 'textarea' });
    expect(codesOf(form, 'Caf\u00e9')).toEqual(['nonAscii']);
    expect(codesOf(form, 'tab\there')).toEqual(['nonAscii']);
    expect(codesOf(form, 'line\r\nline ~')).toEqual([]);
    const address = one({ type: 'address' });
    expect(codesOf(address, { city: 'M\u00fcnchen' })).toEqual(['nonAscii']);
  });

  it('validate.custom as JSON Logic: truthy passes, false fails, a string is the message', () => {
    const rule = { if: [{ '==': [{ var: 'input' }, 'Bob'] }, true, 'Name must be Bob'] };
    const form = one({ type: 'textfield', validate: { custom: rule } });
    expect(codesOf(form, 'Bob')).toEqual([]);
    expect(validateSubmission(form, { f: 'Al' }).errors).toEqual([
      { path: 'f', code: 'custom', message: 'Name must be Bob' },
    ]);
    const plain = one({ type: 'number', label: 'Age', validate: { custom: { '>=': [{ var: 'input' }, 18] } } });
    expect(validateSubmission(plain, { f: 12 }).errors[0]?.message).toBe(MESSAGES.fieldCustom('Age'));
    const other = build([
      { type: 'number', key: 'a' },
      { type: 'number', key: 'b', validate: { custom: { '>': [{ var: 'input' }, { var: 'data.a' }] } } },
    ]);
    expect(validateSubmission(other, { a: 5, b: 4 }).errors[0]?.code).toBe('custom');
  });

  it('customMessage overrides rule messages', () => {
    const form = one({
      type: 'textfield',
      validate: { required: true, maxLength: 2, customMessage: 'Two letters please' },
    });
    expect(validateSubmission(form, { f: 'abc' }).errors[0]?.message).toBe('Two letters please');
    expect(validateSubmission(form, {}).errors[0]?.message).toBe('Two letters please');
  });

  it('multiple values are checked one by one with an index in the path', () => {
    const form = one({ type: 'email', multiple: true });
    const result = validateSubmission(form, { f: ['a@b.co', 'bad'] });
    expect(result.errors.map((e) => [e.path, e.code])).toEqual([['f[1]', 'email']]);
    expect(codesOf(form, 'a@b.co')).toEqual(['type']);
  });

  it('address parts are checked under the address key', () => {
    const form = one({
      type: 'address',
      components: [
        { type: 'textfield', key: 'city', label: 'City', validate: { required: true } },
        { type: 'textfield', key: 'zip', label: 'Zip', validate: { pattern: '\\d{5}' } },
      ],
    });
    const result = validateSubmission(form, { f: { mode: 'manual', address: { zip: '1234' } } });
    expect(result.errors.map((e) => [e.path, e.code])).toEqual([
      ['f.city', 'required'],
      ['f.zip', 'pattern'],
    ]);
  });
});

describe('conditions and calculations', () => {
  const form = build([
    {
      type: 'radio',
      key: 'hasWebsite',
      label: 'Has website',
      values: [
        { label: 'Yes', value: 'yes' },
        { label: 'No', value: 'no' },
      ],
    },
    {
      type: 'textfield',
      key: 'website',
      label: 'Website',
      validate: { required: true },
      conditional: { show: true, when: 'hasWebsite', eq: 'yes' },
    },
    {
      type: 'select',
      key: 'kind',
      data: {
        values: [
          { label: 'LLC', value: 'llc' },
          { label: 'Sole', value: 'sole' },
        ],
      },
    },
    {
      type: 'panel',
      key: 'llcPage',
      conditional: { json: { '==': [{ var: 'data.kind' }, 'llc'] } },
      components: [{ type: 'textfield', key: 'state', label: 'State', validate: { required: true } }],
    },
    { type: 'textfield', key: 'kept', clearOnHide: false, conditional: { show: false, when: 'hasWebsite', eq: 'no' } },
    { type: 'number', key: 'monthly' },
    { type: 'number', key: 'annual', disabled: true, calculateValue: { '*': [{ var: 'data.monthly' }, 12] } },
  ]);

  it('ignores and strips fields hidden by a simple condition', () => {
    const result = validateSubmission(form, { hasWebsite: 'no', website: 'Caf\u00e9', kept: 'x' });
    expect(result.errors).toEqual([]);
    expect(result.data).toEqual({ hasWebsite: 'no', kept: 'x' });
    expect(validateSubmission(form, { hasWebsite: 'yes' }).errors.map((e) => e.path)).toEqual(['website']);
  });

  it('hides every child of a panel whose JSON Logic condition is false', () => {
    expect(validateSubmission(form, { kind: 'sole', state: 'TX' }).data).toEqual({ kind: 'sole' });
    expect(validateSubmission(form, { kind: 'llc' }).errors.map((e) => e.path)).toEqual(['state']);
  });

  it('recomputes calculated values and ignores what was sent for them', () => {
    const result = validateSubmission(form, { monthly: 100, annual: 5 }, { role: 'primaryOwnerEndUser' });
    expect(result.errors).toEqual([]);
    expect(result.data.annual).toBe(1200);
  });

  it('computes defaults from defaultValue and customDefaultValue', () => {
    const defaults = build([
      { type: 'textfield', key: 'a', defaultValue: 'x' },
      { type: 'textfield', key: 'b', customDefaultValue: { cat: [{ var: 'data.a' }, 'y'] } },
    ]);
    expect(getDefaultData(defaults)).toEqual({ a: 'x', b: 'xy' });
  });
});

describe('hostile submissions', () => {
  it('refuses data that is not an object', () => {
    for (const bad of [null, 'x', 3, [1]]) {
      expect(validateSubmission(one({ type: 'textfield' }), bad).errors[0]).toMatchObject({
        path: '',
        code: 'invalid',
      });
    }
  });

  it('strips prototype keys and never pollutes', () => {
    const form = one({ type: 'textfield' });
    const result = validateSubmission(form, JSON.parse('{"__proto__": {"polluted": true}, "f": "ok"}'));
    expect(result.data).toEqual({ f: 'ok' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
  });

  it('refuses huge strings quickly', () => {
    const form = one({ type: 'textfield', validate: { pattern: '[a-z]+' } });
    const started = Date.now();
    expect(codesOf(form, 'a'.repeat(5_000_000))).toEqual(['tooLong']);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
