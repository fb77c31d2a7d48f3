import { describe, expect, it } from 'vitest';
import { compileCondition, compileForm } from './compile-form';
import { build } from './fixtures/build-form';

describe('compileForm', () => {
  it('compiles once per form object', () => {
    const form = build([
      { type: 'textfield', key: 'a', validate: { pattern: '[a-z]+' } },
      { type: 'content', key: 'c' },
    ]);
    const compiled = compileForm(form);
    expect(compileForm(form)).toBe(compiled);
    expect(compiled.fields.map((f) => f.key)).toEqual(['a']);
    expect(compiled.nodes).toHaveLength(2);
    expect(compiled.hasConditions).toBe(false);
  });

  it('marks system fields required and computes permissions per role', () => {
    const field = compileForm(build([{ type: 'email', key: 'Email' }])).fields[0];
    expect(field?.required).toBe(true);
    expect(field?.editable).toEqual({
      primaryOwnerEndUser: true,
      sharedOwnerEndUser: false,
      sharedOwnerEndUserSubmitNew: false,
    });
  });
});

describe('compileCondition', () => {
  const ctx = (data: Record<string, unknown>) => ({ data, row: data });

  it('compares eq with the string form of the value, ticked boxes and lists', () => {
    const show = compileCondition({ show: true, when: 'n', eq: '2' });
    expect(show?.(ctx({ n: 2 }))).toBe(true);
    expect(show?.(ctx({ n: '3' }))).toBe(false);
    expect(show?.(ctx({ n: { '2': true } }))).toBe(true);
    expect(show?.(ctx({ n: ['1', '2'] }))).toBe(true);
    const hide = compileCondition({ show: false, when: 'n', eq: 'true' });
    expect(hide?.(ctx({ n: true }))).toBe(false);
    expect(hide?.(ctx({}))).toBe(true);
  });

  it('ignores an empty Form.io condition and uses JSON Logic when present', () => {
    expect(compileCondition({ show: null, when: null, eq: '' })).toBeUndefined();
    expect(compileCondition({ json: { '>': [{ var: 'data.n' }, 1] } })?.(ctx({ n: 2 }))).toBe(true);
  });
});
