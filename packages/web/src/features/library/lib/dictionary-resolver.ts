import type { Dictionary, DictionaryInput } from '@under/core/templates/dictionary.schema';
import type { Resolver } from 'react-hook-form';
import { type DictionaryFormValues, toDictionaryInput } from './dictionary-values';

/** Checks the values with the server's contract; what it would refuse appears under the inputs. */
export function resolverFor(saved: Dictionary | undefined): Resolver<DictionaryFormValues, unknown, DictionaryInput> {
  return async (values) => {
    const { body, errors } = toDictionaryInput(values, saved);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values: body, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])),
    };
  };
}
