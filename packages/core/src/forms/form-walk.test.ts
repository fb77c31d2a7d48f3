import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { build } from './fixtures/build-form';
import type { FormComponent } from './form.schema';
import {
  checkComponentBounds,
  filterRawComponents,
  mapComponents,
  mapRawComponents,
  walkComponents,
  walkRawComponents,
} from './form-walk';

describe('walkComponents', () => {
  it('visits panels, fieldsets and columns in document order with paths and ancestors', () => {
    const form = build([
      { type: 'panel', key: 'p', components: [{ type: 'textfield', key: 'a' }] },
      {
        type: 'columns',
        key: 'c',
        columns: [
          { components: [] },
          { components: [{ type: 'fieldset', key: 'f', components: [{ type: 'textfield', key: 'b' }] }] },
        ],
      },
      { type: 'address', key: 'addr', components: [{ type: 'textfield', key: 'city' }] },
    ]);
    const seen: string[] = [];
    walkComponents(form.components, ({ component, path, depth, ancestors }) => {
      seen.push(`${component.key}@${path}#${depth}/${ancestors.map((a) => a.key).join('>')}`);
    });
    expect(seen).toEqual([
      'p@components[0]#0/',
      'a@components[0].components[0]#1/p',
      'c@components[1]#0/',
      'f@components[1].columns[1].components[0]#1/c',
      'b@components[1].columns[1].components[0].components[0]#2/c>f',
      'addr@components[2]#0/',
    ]);
  });

  it('stops when the visitor answers false', () => {
    const form = build([
      { type: 'textfield', key: 'a' },
      { type: 'panel', key: 'p', components: [{ type: 'textfield', key: 'b' }] },
      { type: 'textfield', key: 'c' },
    ]);
    const seen: string[] = [];
    walkComponents(form.components, ({ component }) => {
      seen.push(component.key);
      return component.key !== 'b';
    });
    expect(seen).toEqual(['a', 'p', 'b']);
  });
});

describe('walkRawComponents', () => {
  it('visits plain objects of raw JSON, address parts and columns included, skipping anything else', () => {
    const seen: string[] = [];
    walkRawComponents(
      [
        'not a component',
        { key: 'addr', type: 'address', components: [{ key: 'city' }, 7] },
        { key: 'cols', columns: [null, { components: [{ key: 'inner' }] }] },
      ],
      ({ component, path, depth }) => {
        seen.push(`${String(component.key)}@${path}#${depth}`);
      },
    );
    expect(seen).toEqual([
      'addr@components[1]#0',
      'city@components[1].components[0]#1',
      'cols@components[2]#0',
      'inner@components[2].columns[1].components[0]#1',
    ]);
  });
});

describe('mapComponents', () => {
  it('replaces every component depth first, through panels, columns and address parts, without mutating', () => {
    const form = build([
      { type: 'panel', key: 'p', components: [{ type: 'textfield', key: 'a', label: 'A' }] },
      { type: 'columns', key: 'c', columns: [{ components: [{ type: 'textfield', key: 'b', label: 'B' }] }] },
      { type: 'address', key: 'addr', components: [{ type: 'textfield', key: 'city', label: 'City' }] },
    ]);
    const before = JSON.stringify(form);
    const upper = (c: FormComponent): FormComponent => ({ ...c, label: c.label?.toUpperCase() ?? c.key });
    const mapped = mapComponents(form.components, upper);
    expect(JSON.stringify(form)).toBe(before);
    const labels: string[] = [];
    walkRawComponents(mapped, ({ component }) => {
      labels.push(String(component.label));
    });
    expect(labels).toEqual(['p', 'A', 'c', 'B', 'addr', 'CITY']);
  });

  it('maps the children of what the function returns', () => {
    const replaced = mapRawComponents([{ key: 'p', components: [] }], (c) =>
      c.key === 'p' ? { ...c, components: [{ key: 'new' }] } : { ...c, seen: true },
    );
    expect(replaced).toEqual([{ key: 'p', components: [{ key: 'new', seen: true }] }]);
  });
});

describe('checkComponentBounds', () => {
  const nest = (levels: number): Record<string, unknown> => {
    let node: Record<string, unknown> = { type: 'textfield', key: 'leaf' };
    for (let i = 0; i < levels; i++) node = { type: 'panel', key: `p${i}`, components: [node] };
    return node;
  };

  it('accepts nesting up to the bound and names the list one level too deep', () => {
    expect(checkComponentBounds({ components: [nest(20)] })).toEqual([]);
    const issues = checkComponentBounds({ components: [nest(21)] });
    expect(issues).toEqual([
      {
        path: `components[0]${'.components[0]'.repeat(20)}.components`,
        message: MESSAGES.nestingTooDeep(20),
      },
    ]);
  });

  it('counts components in columns and refuses one past the limit', () => {
    const column = { components: Array.from({ length: 2500 }, (_, i) => ({ type: 'textfield', key: `f${i}` })) };
    expect(checkComponentBounds({ components: [{ type: 'columns', key: 'c', columns: [column] }] })).toEqual([]);
    const issues = checkComponentBounds({
      components: [{ type: 'columns', key: 'c', columns: [column, column] }],
    });
    expect(issues).toEqual([
      { path: 'components[0].columns[1].components[2499]', message: MESSAGES.tooManyComponents(5000) },
    ]);
    expect(checkComponentBounds('x')).toEqual([]);
  });
});

describe('filterRawComponents', () => {
  it('drops refused components from every list: children, columns, tabs and table cells, without mutating', () => {
    const drop = { key: 'drop' };
    const list = [
      drop,
      { key: 'panel', components: [drop, { key: 'a' }] },
      { key: 'cols', columns: [{ components: [{ key: 'b' }, drop] }] },
      {
        key: 'tabs',
        type: 'tabs',
        components: [{ key: 'tab', components: [drop, { key: 'grid', components: [drop] }] }],
      },
      { key: 'table', type: 'table', rows: [[{ components: [drop, { key: 'c' }] }]] },
    ];
    const before = JSON.stringify(list);
    const keys: string[] = [];
    walkRawComponents(
      filterRawComponents(list, (c) => c.key !== 'drop'),
      ({ component }) => {
        keys.push(String(component.key));
      },
    );
    expect(keys).toEqual(['panel', 'a', 'cols', 'b', 'tabs', 'grid', 'table', 'c']);
    expect(JSON.stringify(list)).toBe(before);
  });
});
