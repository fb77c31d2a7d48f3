import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { getDefaultData } from './compile-form';
import { build } from './fixtures/build-form';
import type { FormDefinition } from './form.schema';
import { parseFormDefinition } from './form.schema';
import { MAX_GRID_ROWS, MAX_SUBMISSION_ROWS, validateSubmission } from './validate-submission';

const owners = (extra: Record<string, unknown> = {}) =>
  build([
    { type: 'textfield', key: 'entity', label: 'Entity' },
    {
      type: 'datagrid',
      key: 'owners',
      label: 'Owners',
      validate: { minLength: 1, maxLength: 4 },
      ...extra,
      components: [
        { type: 'textfield', key: 'name', label: 'Name', validate: { required: true } },
        { type: 'textfield', key: 'ssn', label: 'SSN', validate: { required: true, pattern: '\\d{9}' } },
        { type: 'number', key: 'percent', label: 'Ownership %' },
        {
          type: 'textfield',
          key: 'title',
          label: 'Title',
          validate: { required: true },
          // Form.io's row context: shown only for an owner of 25 % or more.
          conditional: { json: { '>=': [{ var: 'row.percent' }, 25] } },
        },
        {
          type: 'textfield',
          key: 'llcRole',
          label: 'LLC role',
          validate: { required: true },
          conditional: { json: { '==': [{ var: 'data.entity' }, 'llc'] } },
        },
      ],
    },
  ]);
const paths = (form: FormDefinition, data: Record<string, unknown>) =>
  validateSubmission(form, data).errors.map((e) => `${e.path}:${e.code}`);

describe('datagrid and editgrid', () => {
  it('validates every row with paths such as owners[2].ssn', () => {
    const form = owners();
    const result = validateSubmission(form, {
      owners: [
        { name: 'Ann', ssn: '123456789', percent: 10 },
        { name: 'Bob', ssn: '123', percent: 10 },
        { name: '', ssn: '987654321', percent: 5, extra: 'dropped' },
      ],
    });
    expect(result.errors.map((e) => `${e.path}:${e.code}`)).toEqual([
      'owners[1].ssn:pattern',
      'owners[2].name:required',
    ]);
    expect(result.errors[1]?.message).toBe(MESSAGES.fieldRequired('Name'));
  });

  it('evaluates conditions per row, with row and data', () => {
    const form = owners();
    expect(
      paths(form, {
        entity: 'llc',
        owners: [
          { name: 'Ann', ssn: '123456789', percent: 60, llcRole: 'member' },
          { name: 'Bob', ssn: '123456789', percent: 10 },
        ],
      }),
    ).toEqual(['owners[0].title:required', 'owners[1].llcRole:required']);
    const stored = validateSubmission(form, {
      entity: 'corp',
      owners: [{ name: 'Ann', ssn: '123456789', percent: 10, title: 'CEO', llcRole: 'x' }],
    });
    // Hidden in its row: not validated and cleared, as Form.io's clearOnHide.
    expect(stored.data.owners).toEqual([{ name: 'Ann', ssn: '123456789', percent: 10 }]);
  });

  it('checks the number of rows and the type of the value', () => {
    const form = owners();
    expect(paths(form, { owners: [] })).toEqual(['owners:minLength']);
    const five = Array.from({ length: 5 }, () => ({ name: 'A', ssn: '123456789' }));
    expect(paths(form, { owners: five })).toEqual(['owners:maxLength']);
    expect(paths(form, { owners: { name: 'A' } })).toEqual(['owners:type']);
    expect(paths(form, { owners: ['x'] })).toEqual(['owners[0]:type']);
  });

  it('requires at least one row when the grid is required', () => {
    const form = owners({ validate: { required: true } });
    expect(paths(form, { owners: [] })).toEqual(['owners:required']);
  });

  it('validates editgrid rows the same way', () => {
    const form = build([
      {
        type: 'editgrid',
        key: 'locations',
        label: 'Locations',
        components: [{ type: 'textfield', key: 'city', label: 'City', validate: { required: true } }],
      },
    ]);
    expect(paths(form, { locations: [{ city: 'Austin' }, {}] })).toEqual(['locations[1].city:required']);
    expect(getDefaultData(form)).toEqual({ locations: [] });
  });

  it('starts a datagrid with one row of defaults unless initEmpty', () => {
    const form = build([
      {
        type: 'datagrid',
        key: 'g',
        components: [{ type: 'textfield', key: 'a', defaultValue: 'x' }],
      },
      { type: 'datagrid', key: 'h', initEmpty: true, components: [{ type: 'textfield', key: 'b' }] },
    ]);
    expect(getDefaultData(form)).toEqual({ g: [{ a: 'x' }], h: [] });
  });

  it('recomputes calculated values inside rows from the row', () => {
    const form = build([
      {
        type: 'datagrid',
        key: 'items',
        components: [
          { type: 'number', key: 'qty' },
          { type: 'currency', key: 'price' },
          { type: 'currency', key: 'total', calculateValue: { '*': [{ var: 'row.qty' }, { var: 'row.price' }] } },
        ],
      },
    ]);
    const result = validateSubmission(form, { items: [{ qty: 5, price: 19.99, total: 1 }] });
    expect(result.data.items).toEqual([{ qty: 5, price: 19.99, total: 99.95 }]);
  });
});

describe('container, well, tabs and table', () => {
  it('keeps a container value as an object with paths such as business.name', () => {
    const form = build([
      {
        type: 'container',
        key: 'business',
        components: [
          { type: 'textfield', key: 'name', label: 'Name', validate: { required: true } },
          {
            type: 'textfield',
            key: 'dba',
            validate: { required: true },
            conditional: { show: true, when: 'hasDba', eq: 'true' },
          },
          { type: 'checkbox', key: 'hasDba' },
        ],
      },
    ]);
    expect(paths(form, { business: {} })).toEqual(['business.name:required']);
    expect(paths(form, { business: { name: 'Acme', hasDba: true } })).toEqual(['business.dba:required']);
    expect(validateSubmission(form, { business: { name: 'Acme', other: 1 } }).data).toEqual({
      business: { name: 'Acme' },
    });
    expect(getDefaultData(form)).toEqual({ business: {} });
  });

  it('lays out well, tabs and table children at the top level of the data', () => {
    const form = build([
      { type: 'well', key: 'w', components: [{ type: 'textfield', key: 'a', validate: { required: true } }] },
      {
        type: 'tabs',
        key: 't',
        components: [
          { key: 'tab1', label: 'One', components: [{ type: 'textfield', key: 'b', validate: { required: true } }] },
          { key: 'tab2', label: 'Two', components: [{ type: 'textfield', key: 'c' }] },
        ],
      },
      {
        type: 'table',
        key: 'tbl',
        rows: [[{ components: [{ type: 'textfield', key: 'd', validate: { required: true } }] }, { components: [] }]],
      },
    ]);
    expect(paths(form, {})).toEqual(['a:required', 'b:required', 'd:required']);
    expect(validateSubmission(form, { a: '1', b: '2', c: '3', d: '4', w: 1, t: 2 }).data).toEqual({
      a: '1',
      b: '2',
      c: '3',
      d: '4',
    });
  });

  it('allows the same key in different data scopes but not twice in one', () => {
    const ok = parseFormDefinition({
      version: 1,
      display: 'form',
      components: [
        { type: 'textfield', key: 'name' },
        { type: 'datagrid', key: 'owners', components: [{ type: 'textfield', key: 'name' }] },
        { type: 'container', key: 'bank', components: [{ type: 'textfield', key: 'name' }] },
      ],
    });
    expect(ok.errors).toEqual([]);
    const twice = parseFormDefinition({
      version: 1,
      display: 'form',
      components: [
        {
          type: 'datagrid',
          key: 'owners',
          components: [
            { type: 'textfield', key: 'name' },
            { type: 'well', key: 'w', components: [{ type: 'textfield', key: 'name' }] },
          ],
        },
      ],
    });
    expect(twice.errors.map((e) => [e.path, e.code])).toEqual([
      ['components[0].components[1].components[0].key', 'duplicateKey'],
    ]);
  });
});

describe('Form.io behaviours kept for imported forms', () => {
  it('checks the fields of a container or datagrid that was left out, as Form.io starts them', () => {
    const form = build([
      {
        type: 'container',
        key: 'bank',
        components: [{ type: 'textfield', key: 'routing', validate: { required: true } }],
      },
      {
        type: 'datagrid',
        key: 'owners',
        components: [{ type: 'textfield', key: 'name', validate: { required: true } }],
      },
      {
        type: 'editgrid',
        key: 'sites',
        components: [{ type: 'textfield', key: 'city', validate: { required: true } }],
      },
    ]);
    expect(paths(form, {})).toEqual(['bank.routing:required', 'owners[0].name:required']);
  });

  it('runs a custom rule on an empty value, as Form.io does', () => {
    const form = build([
      {
        type: 'textfield',
        key: 'a',
        validate: { custom: { if: [{ '==': [{ var: 'input' }, 'Joe'] }, true, 'Must be Joe'] } },
      },
    ]);
    expect(validateSubmission(form, {}).errors).toEqual([{ path: 'a', code: 'custom', message: 'Must be Joe' }]);
  });

  it("enforces a text field's input mask (9 digit, a letter, * either)", () => {
    const form = build([{ type: 'textfield', key: 'ssn', label: 'SSN', inputMask: '999-99-9999' }]);
    expect(paths(form, { ssn: '123-45-6789' })).toEqual([]);
    expect(paths(form, { ssn: '123456789' })).toEqual(['ssn:pattern']);
  });
});

describe('row bounds', () => {
  const nested = build([
    {
      type: 'datagrid',
      key: 'outer',
      label: 'Outer',
      components: [
        {
          type: 'datagrid',
          key: 'inner',
          label: 'Inner',
          components: [{ type: 'textfield', key: 'name', label: 'Name', validate: { required: true } }],
        },
      ],
    },
  ]);
  const rows = (n: number, row: () => Record<string, unknown>) => Array.from({ length: n }, row);

  it('refuses a grid of more than MAX_GRID_ROWS rows without walking its rows', () => {
    const result = validateSubmission(nested, { outer: rows(MAX_GRID_ROWS + 1, () => ({})) });
    expect(result.errors).toEqual([{ path: 'outer', code: 'tooLong', message: MESSAGES.fieldTooLong('Outer') }]);
  });

  it('bounds the rows of grids inside grid rows together, so nesting cannot multiply the work', () => {
    // 100 × 100 = 10,000 empty rows, each missing its required name: every grid is within MAX_GRID_ROWS.
    const perGrid = 100;
    const result = validateSubmission(nested, {
      outer: rows(perGrid, () => ({ inner: rows(perGrid, () => ({})) })),
    });
    const walked = result.errors.filter((e) => e.code === 'required').length;
    const refused = result.errors.filter((e) => e.code === 'tooLong');
    expect(walked).toBe(MAX_SUBMISSION_ROWS - perGrid);
    expect(refused.length).toBe(perGrid - (MAX_SUBMISSION_ROWS - perGrid) / perGrid);
    expect(refused[0]).toEqual({ path: 'outer[49].inner', code: 'tooLong', message: MESSAGES.fieldTooLong('Inner') });
  });
});
