import { describe, expect, it } from 'vitest';
import { parseFormDefinition } from '../forms/form.schema';
import { checkSystemFields } from '../forms/system-fields';
import { formFromMapping } from './form-from-mapping';
import { PdfFieldSchema } from './pdf-field.schema';

const f = (o: Record<string, unknown>) =>
  PdfFieldSchema.parse({ page: 1, x: 0, y: 0, width: 200, height: 18, ...o, id: o.id ?? o.key });

describe('formFromMapping', () => {
  it('builds a valid form: system fields, one field per key, groups with their choices, no replicas', () => {
    const { form, bindingFields } = formFromMapping([
      f({ key: 'dba', type: 'text', bindingField: { key: 'dba', type: 'email' } }),
      f({ key: 'n', type: 'number' }),
      f({ key: 'v', type: 'currency' }),
      f({ key: 'd', type: 'date' }),
      f({ key: 'ok', type: 'checkbox' }),
      f({ id: 'r1', key: 'kind', type: 'radio', optionValue: 'llc' }),
      f({ id: 'r2', key: 'kind', type: 'radio', optionValue: 'corp' }),
      f({ id: 'c1', key: 'cards', type: 'checkboxList', optionValue: 'visa' }),
      f({ key: 'logo', type: 'image' }),
      f({ key: 'sig', type: 'signature', required: true }),
      f({ key: 'again', type: 'replica', replicaOf: 'dba' }),
    ]);
    const parsed = parseFormDefinition(form);
    expect(parsed.errors).toEqual([]);
    expect(checkSystemFields(form)).toEqual([]);
    expect(bindingFields).toEqual([
      { name: 'dba', type: 'email' },
      { name: 'n', type: 'number' },
      { name: 'v', type: 'currency' },
      { name: 'd', type: 'datetime' },
      { name: 'ok', type: 'checkbox' },
      { name: 'kind', type: 'radio' },
      { name: 'cards', type: 'selectboxes' },
      { name: 'logo', type: 'file' },
      { name: 'sig', type: 'signature' },
    ]);
    const kind = form.components.find((c) => c.key === 'kind') as { values?: unknown[] };
    expect(kind.values).toEqual([
      { label: 'llc', value: 'llc' },
      { label: 'corp', value: 'corp' },
    ]);
  });
});
