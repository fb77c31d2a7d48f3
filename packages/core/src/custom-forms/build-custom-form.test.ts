import { describe, expect, it } from 'vitest';
import type { FormComponent, FormDefinition } from '../forms/form.schema';
import { buildCustomForm, diffMasterFields, isValidDefault, keyCollisions } from './build-custom-form';
import { CustomFormDocumentSchema } from './custom-form.schema';

const field = (key: string, extra: Record<string, unknown> = {}) =>
  ({ type: 'textfield', key, label: key, input: true, ...extra }) as unknown as FormComponent;
const form = (components: FormComponent[]) => ({ version: 1, display: 'form', components }) as FormDefinition;

describe('custom form rules', () => {
  const master = form([field('a', { editableByUc: true, validate: { maxLength: 3 } }), field('b')]);

  it('finds additions keyed like a master component, however deep', () => {
    const additions = [{ type: 'panel', key: 'p', components: [field('b')] } as unknown as FormComponent];
    expect(keyCollisions(master, additions, 'x')).toEqual([
      { path: 'x[0].components[0].key', message: 'This key already existed.' },
    ]);
  });

  it("checks a default by the field's own validation", () => {
    expect(isValidDefault(field('a', { validate: { maxLength: 3, required: true } }), 'abc')).toBe(true);
    expect(isValidDefault(field('a', { validate: { maxLength: 3 } }), 'abcd')).toBe(false);
  });

  it('always starts from the master fields and applies defaults to editableByUc ones only', () => {
    const doc = CustomFormDocumentSchema.parse({ defaultValues: { a: 'x', b: 'y' } });
    const built = buildCustomForm(master, [field('c')], doc);
    expect(built.components.map((c) => c.key)).toEqual(['a', 'b', 'c']);
    expect(built.components[0]?.defaultValue).toBe('x');
    expect(built.components[1]?.defaultValue).toBeUndefined();
  });

  it('diffs master versions by key', () => {
    const next = form([field('a', { label: 'A!' }), field('d')]);
    expect(diffMasterFields(master, next)).toEqual({
      added: [{ key: 'd', label: 'd' }],
      removed: [{ key: 'b', label: 'b' }],
      changed: [{ key: 'a', label: 'A!' }],
    });
  });
});
