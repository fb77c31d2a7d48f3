import { describe, expect, it } from 'vitest';
import { build } from './fixtures/build-form';
import { checkComponentBounds, walkComponents } from './form-walk';

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

  it('bounds raw nesting before the schema runs', () => {
    expect(checkComponentBounds({ components: [{ components: [{ components: [] }] }] })).toEqual([]);
    expect(checkComponentBounds('x')).toEqual([]);
  });
});
