import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import { describe, expect, it } from 'vitest';
import { buildForm } from '../../../test/form-test-utils';
import {
  cellContainer,
  columnContainer,
  duplicateComponent,
  findComponent,
  listContainer,
  locate,
  moveBy,
  moveComponent,
  removeComponent,
  scopeKeys,
  updateComponent,
} from './builder-tree';
import { dropPlace } from './drop-place';

const form = buildForm([
  { type: 'textfield', key: 'ssn', label: 'SSN' },
  {
    type: 'datagrid',
    key: 'owners',
    label: 'Owners',
    components: [
      { type: 'textfield', key: 'name', label: 'Name' },
      { type: 'textfield', key: 'ssn', label: 'Owner SSN' },
    ],
  },
  { type: 'container', key: 'business', label: 'Business', components: [] },
  { type: 'well', key: 'box', label: 'Box', components: [] },
  {
    type: 'tabs',
    key: 'steps',
    label: 'Steps',
    components: [
      { key: 'tab1', label: 'One', components: [{ type: 'textfield', key: 'a', label: 'A' }] },
      { key: 'tab2', label: 'Two', components: [] },
    ],
  },
  {
    type: 'table',
    key: 'grid',
    label: 'Grid',
    rows: [
      [{ components: [] }, { components: [{ type: 'textfield', key: 'b', label: 'B' }] }],
      [{ components: [] }, { components: [] }],
    ],
  },
]);

const keys = (list: readonly FormComponent[] | undefined) => list?.map((c) => c.key);
const valid = (f: FormDefinition) => expect(parseFormDefinition(f).ok).toBe(true);

describe('builder tree: grids, containers, tabs and tables', () => {
  it('addresses a key repeated in a grid by its path, never confusing it with the top-level key', () => {
    expect(findComponent(form, 'ssn')?.label).toBe('SSN');
    expect(findComponent(form, 'owners.ssn')?.label).toBe('Owner SSN');
    expect(locate(form, 'owners.ssn')).toEqual({ container: 'owners', index: 1 });
    const renamed = updateComponent(form, 'owners.ssn', { type: 'textfield', key: 'ssn', label: 'Owner tax ID' });
    expect(findComponent(renamed, 'ssn')?.label).toBe('SSN');
    expect(findComponent(renamed, 'owners.ssn')?.label).toBe('Owner tax ID');
    const removed = removeComponent(form, 'owners.ssn');
    expect(findComponent(removed, 'ssn')).toBeDefined();
    expect(keys(listContainer(removed, 'owners'))).toEqual(['name']);
  });

  it('keys need only be unique within their grid or container', () => {
    expect([...scopeKeys(form, 'owners.name')].sort()).toEqual(['name', 'ssn']);
    expect(scopeKeys(form, 'ssn').has('name')).toBe(false);
    // Keys inside layouts (tabs, table cells) belong to the scope around them.
    expect(scopeKeys(form, 'a').has('b')).toBe(true);
  });

  it('moves fields into a container, a well, each tab and each table cell', () => {
    let f = moveComponent(form, 'a', 'business', 0);
    expect(keys(listContainer(f, 'business'))).toEqual(['a']);
    f = moveComponent(f, 'business.a', columnContainer('steps', 1), 0);
    expect(keys(listContainer(f, columnContainer('steps', 1)))).toEqual(['a']);
    f = moveComponent(f, 'a', cellContainer('grid', 1, 0), 0);
    expect(keys(listContainer(f, cellContainer('grid', 1, 0)))).toEqual(['a']);
    f = moveComponent(f, 'a', 'box', 0);
    expect(keys(listContainer(f, 'box'))).toEqual(['a']);
    f = moveComponent(f, 'a', 'owners', 2);
    expect(keys(listContainer(f, 'owners'))).toEqual(['name', 'ssn', 'a']);
    valid(f);
  });

  it('refuses a move that would repeat a key in the target scope, or put a group inside itself', () => {
    expect(moveComponent(form, 'ssn', 'owners', 0)).toBe(form);
    expect(moveComponent(form, 'steps', columnContainer('steps', 1), 0)).toBe(form);
    const nested = moveComponent(form, 'grid', columnContainer('steps', 1), 0);
    expect(moveComponent(nested, 'steps', cellContainer('grid', 0, 0), 0)).toBe(nested);
  });

  it('moves a grid with its fields, which keep their keys', () => {
    const f = moveComponent(form, 'owners', 'business', 0);
    expect(findComponent(f, 'business.owners.ssn')?.label).toBe('Owner SSN');
    valid(f);
  });

  it('steps up and down within a grid and duplicates inside it', () => {
    const f = moveBy(form, 'owners.ssn', -1);
    expect(keys(listContainer(f, 'owners'))).toEqual(['ssn', 'name']);
    const copy = duplicateComponent(form, 'owners.name');
    expect(copy.key).toBe('owners.name1');
    expect(keys(listContainer(copy.form, 'owners'))).toEqual(['name', 'name1', 'ssn']);
  });

  it('drops (mouse and keyboard) into a tab, a table cell and a grid', () => {
    expect(
      dropPlace({ form, target: { container: columnContainer('steps', 1) }, moving: 'ssn', isPanel: false }),
    ).toEqual({ container: 'steps:1', index: 0 });
    expect(dropPlace({ form, target: { item: 'b' }, moving: 'a', isPanel: false, direction: 'down' })).toEqual({
      container: 'grid:0-1',
      index: 0,
    });
    expect(dropPlace({ form, target: { item: 'owners.ssn' }, moving: 'a', isPanel: false, direction: 'up' })).toEqual({
      container: 'owners',
      index: 2,
    });
  });
});
