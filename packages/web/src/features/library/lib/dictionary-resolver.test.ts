import { MESSAGES } from '@under/core/messages';
import { describe, expect, it } from 'vitest';
import { resolverFor } from './dictionary-resolver';
import { EMPTY_DICTIONARY } from './dictionary-values';

const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('resolverFor', () => {
  it('hands react-hook-form each refused field with the spec message and no values', async () => {
    const result = await resolverFor(undefined)({ ...EMPTY_DICTIONARY }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { type: 'validate', message: MESSAGES.dictionaryKeyRequired },
      label: { type: 'validate', message: MESSAGES.dictionaryLabelRequired },
    });
  });

  it('hands the request body over when nothing is refused', async () => {
    const values = { ...EMPTY_DICTIONARY, type: 'text' as const, name: 'city', label: 'City' };
    const result = await resolverFor(undefined)(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ type: 'text', name: 'city', label: 'City' });
  });
});
