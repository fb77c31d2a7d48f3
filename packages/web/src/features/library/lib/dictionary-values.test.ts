import { MESSAGES } from '@under/core/messages';
import type { Dictionary } from '@under/core/templates/dictionary.schema';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { describe, expect, it } from 'vitest';
import { attributesFor, EMPTY_DICTIONARY, toDictionaryInput, toFormValues } from './dictionary-values';

const base = { ...EMPTY_DICTIONARY, name: 'amount', label: 'Amount' };

describe('toDictionaryInput', () => {
  it('names the three required fields with the spec messages', () => {
    const { errors } = toDictionaryInput({ ...EMPTY_DICTIONARY });
    expect(errors).toMatchObject({
      type: MESSAGES.dictionaryTypeRequired,
      name: MESSAGES.dictionaryKeyRequired,
      label: MESSAGES.dictionaryLabelRequired,
    });
  });

  it('sends the number attributes of a currency and none of a text or a choice', () => {
    const { body, errors } = toDictionaryInput({
      ...base,
      type: 'currency',
      minLength: 3,
      pattern: '\\d+',
      options: [{ label: 'A', value: 'a' }],
      minValue: 0,
      maxValue: 1000,
      decimalLimit: 2,
      delimiter: true,
      prefix: '$',
      defaultNumber: 10.5,
    });
    expect(errors).toEqual({});
    expect(body).toEqual({
      type: 'currency',
      name: 'amount',
      label: 'Amount',
      dataType: 'currency',
      require: false,
      encrypted: false,
      defaultValue: 10.5,
      minValue: 0,
      maxValue: 1000,
      prefix: '$',
      decimalLimit: 2,
      delimiter: true,
      requireDecimal: false,
      alternativeKeys: [],
    });
  });

  it('refuses a minimum over the maximum, a broken pattern, JSON that does not parse and bad alternative keys', () => {
    const { errors } = toDictionaryInput({
      ...base,
      type: 'text',
      minLength: 10,
      maxLength: 2,
      pattern: '([a-z]',
      conditions: '{"==": [',
      alternativeKeys: ['ok_key', 'not ok'],
    });
    expect(errors).toEqual({
      maxLength: T.minOverMax,
      pattern: T.patternInvalid,
      conditions: T.conditionsInvalid,
      alternativeKeys: T.alternativeKeyInvalid,
    });
  });

  it('asks for complete, distinct options on a checkbox list, whose default is a list', () => {
    const list = { ...base, type: 'checkboxList' as const };
    expect(toDictionaryInput({ ...list, options: [{ label: 'A', value: '' }] }).errors.options).toBe(
      T.optionIncomplete,
    );
    expect(
      toDictionaryInput({
        ...list,
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'a' },
        ],
      }).errors.options,
    ).toBe(T.optionValuesUnique);
    const { body } = toDictionaryInput({
      ...list,
      options: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b' },
      ],
      defaultChoices: ['b'],
    });
    expect(body.defaultValue).toEqual(['b']);
  });

  it('round-trips a saved entry, keeping data it does not edit and dropping the pattern when cleared', () => {
    const saved: Dictionary = {
      id: 'd1',
      type: 'text',
      name: 'ssn',
      label: 'SSN',
      dataType: 'text',
      require: true,
      encrypted: true,
      maxLength: 11,
      data: { pattern: '\\d{3}-\\d{2}-\\d{4}', source: 'import' },
      dataRaw: '{"legacy":true}',
      conditions: { '==': [{ var: 'country' }, 'US'] },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const values = toFormValues(saved);
    expect(values.pattern).toBe('\\d{3}-\\d{2}-\\d{4}');
    const again = toDictionaryInput(values, saved);
    expect(again.errors).toEqual({});
    expect(again.body).toMatchObject({
      encrypted: true,
      maxLength: 11,
      data: saved.data,
      dataRaw: saved.dataRaw,
      conditions: saved.conditions,
    });
    expect(toDictionaryInput({ ...values, pattern: '' }, saved).body.data).toEqual({ source: 'import' });
  });
});

describe('attributesFor', () => {
  it('keeps the choices of a radio that stores text, and the text rules of that data', () => {
    const has = attributesFor({ type: 'radio', dataType: 'text' });
    expect(has.hasOptions).toBe(true);
    expect(has.hasLength).toBe(true);
    expect(attributesFor({ type: 'text', dataType: '' }).hasOptions).toBe(false);
  });
});
