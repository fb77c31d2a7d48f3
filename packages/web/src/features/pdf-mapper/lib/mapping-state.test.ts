import type { PdfPage } from '@under/core/templates/pdf-field.schema';
import { describe, expect, it } from 'vitest';
import { bindingFor, createField, duplicateField, problemsById, updateField } from './mapping-state';

const PAGE: PdfPage = { page: 1, width: 612, height: 792, rotation: 0 };
const at = { x: 10, y: 10, width: 200, height: 18 };
const ENTRY = {
  id: 'd1',
  name: 'business_name',
  label: 'Business name',
  type: 'text' as const,
  require: false,
  encrypted: false,
  createdAt: '',
  updatedAt: '',
};

describe('mapping edits', () => {
  it('gives new fields unique keys by type', () => {
    const first = createField([], 'text', 1, at);
    const second = createField([first], 'text', 1, at);
    expect([first.key, second.key]).toEqual(['text_1', 'text_2']);
  });

  it('duplicates a radio box into the same group as a new choice, any other box under a new key', () => {
    const radio = createField([], 'radio', 1, { ...at, width: 25, height: 25 });
    const copy = duplicateField([radio], radio, PAGE);
    expect(copy.key).toBe(radio.key);
    expect(copy.optionValue).toBe('option2');
    expect(copy.options).toHaveLength(2);
    expect(problemsById([radio, copy], [PAGE]).size).toBe(0);

    const text = createField([], 'text', 1, at);
    expect(duplicateField([text], text, PAGE)).toMatchObject({ key: 'text_2', x: 20, y: 20 });
  });

  it('keeps the options of a group the same on all its boxes', () => {
    const radio = createField([], 'radio', 1, at);
    const copy = duplicateField([radio], radio, PAGE);
    const options = [{ label: 'Yes', value: 'y' }];
    const next = updateField([radio, copy], radio.id, { options });
    expect(next.map((f) => f.options)).toEqual([options, options]);
  });

  it('carries a new key to the replicas of the field and to the other boxes of its group', () => {
    const text = createField([], 'text', 1, at);
    const replica = createField([text], 'replica', 1, { ...at, y: 40 });
    expect(replica.replicaOf).toBe('text_1');
    const radio = createField([text, replica], 'radio', 1, at);
    const choice = duplicateField([text, replica, radio], radio, PAGE);
    let fields = updateField([text, replica, radio, choice], text.id, { key: 'business_name' });
    fields = updateField(fields, radio.id, { key: 'entity' });
    expect(fields.map((f) => [f.key, f.replicaOf])).toEqual([
      ['business_name', undefined],
      ['replica_1', 'business_name'],
      ['entity', undefined],
      ['entity', undefined],
    ]);
    expect(problemsById(fields, [PAGE]).size).toBe(0);
  });

  it('binds a dictionary entry of a matching type, and names both types when it does not match', () => {
    const text = createField([], 'text', 1, at);
    expect(bindingFor(text, { kind: 'dictionary', entry: ENTRY })).toEqual({
      ok: true,
      binding: { key: 'business_name', type: 'textfield', dictionaryId: 'd1' },
    });
    const checkbox = createField([], 'checkbox', 1, at);
    expect(bindingFor(checkbox, { kind: 'form', key: 'dob', type: 'datetime' })).toEqual({
      ok: false,
      message: 'A Checkbox field of the PDF cannot take its value from a Date field.',
    });
  });

  it('reports duplicate keys and boxes outside the page by field', () => {
    const a = createField([], 'text', 1, at);
    const b = { ...createField([a], 'text', 1, { ...at, x: 500 }), key: a.key };
    const problems = problemsById([a, b], [PAGE]);
    expect(problems.get(b.id)?.map((p) => p.message)).toEqual([
      'The field "text_1" lies outside page 1.',
      'This key already existed.',
    ]);
    expect(problems.has(a.id)).toBe(false);
  });
});
