import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it } from 'vitest';
import { followLabel, placeForNew, withDisplay, withSystemFields } from './builder-edits';
import { allKeys, ROOT } from './builder-tree';

const field = (key: string, label = key) => ({ type: 'textfield', key, label, input: true }) as FormComponent;
const page = (key: string, components: FormComponent[]) =>
  ({ type: 'panel', key, title: key, label: key, input: false, components }) as FormComponent;
const formOf = (display: 'form' | 'wizard', components: FormComponent[]) =>
  ({ version: 1, display, components }) as unknown as FormDefinition;

describe('followLabel', () => {
  it('keys a following field by its label in camelCase, unique in its scope', () => {
    const before = field('textField');
    const next = followLabel(before, { ...before, label: 'Legal name' }, 'label', true, new Set(['legalName']));
    expect(next.key).toBe('legalName1');
  });
  it('leaves a key typed by hand, and other attributes, alone', () => {
    const before = field('own');
    expect(followLabel(before, { ...before, label: 'X y' }, 'label', false, new Set()).key).toBe('own');
    expect(followLabel(before, { ...before, label: 'X y' }, 'description', true, new Set()).key).toBe('own');
  });
  it('gives the type default key back for an empty label', () => {
    const before = field('name');
    expect(followLabel(before, { ...before, label: '' }, 'label', true, new Set()).key).toBe('textField');
  });
});

describe('placeForNew', () => {
  const wizard = formOf('wizard', [page('p1', [field('a')]), page('p2', [])]);
  it('puts a new page of a wizard after the page holding the selection, else last', () => {
    expect(placeForNew(wizard, 'a', 'panel')).toEqual({ container: ROOT, index: 1 });
    expect(placeForNew(wizard, undefined, 'panel')).toEqual({ container: ROOT, index: 2 });
  });
  it('puts a field into a selected panel, after a selected field, or on a wizard last page', () => {
    expect(placeForNew(wizard, 'p2', 'textfield')).toEqual({ container: 'p2', index: Number.MAX_SAFE_INTEGER });
    expect(placeForNew(wizard, 'a', 'textfield')).toEqual({ container: 'p1', index: 1 });
    expect(placeForNew(wizard, undefined, 'textfield')).toEqual({ container: 'p2', index: Number.MAX_SAFE_INTEGER });
    expect(placeForNew(formOf('form', [field('a')]), undefined, 'textfield')).toEqual({ container: ROOT, index: 1 });
  });
});

describe('withSystemFields and withDisplay', () => {
  it('adds the missing system fields on a wizard first page', () => {
    const next = withSystemFields(formOf('wizard', [page('p1', [])]), SYSTEM_FIELDS);
    const keys = allKeys(next);
    for (const f of SYSTEM_FIELDS) expect(keys.has(f.key)).toBe(true);
    expect(next.components).toHaveLength(1);
  });
  it('moves loose fields onto a first page when the form becomes a wizard', () => {
    const form = formOf('form', [field('a'), page('p1', [])]);
    const next = withDisplay(form, 'wizard', allKeys(form));
    expect(next.display).toBe('wizard');
    expect(next.components.map((c) => c.key)).toEqual(['page', 'p1']);
    expect(next.components[0]).toMatchObject({ title: UI_TEXT.builderFirstPage, components: [field('a')] });
    expect(withDisplay(next, 'form', allKeys(next)).components).toBe(next.components);
  });
});
