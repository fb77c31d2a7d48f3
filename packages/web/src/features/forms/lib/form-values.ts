type Values = Record<string, unknown>;

/**
 * The form's values, one object replaced on every write (so an unchanged field keeps its value's identity), with
 * synchronous listeners. All the renderer needed of react-hook-form (getValues, setValue of a top-level key, watch),
 * without its 12 KB gzip in the applicant's budgeted bundle (decision 040).
 */
interface FormValues {
  getValues(): Values;
  setValue(key: string, value: unknown): void;
  watch(listener: (values: Values) => void): { unsubscribe(): void };
}

export function createFormValues(initial: Values): FormValues {
  let values: Values = { ...initial };
  const listeners = new Set<(values: Values) => void>();
  return {
    getValues: () => values,
    setValue(key, value) {
      values = { ...values, [key]: value };
      for (const listener of [...listeners]) listener(values);
    },
    watch(listener) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
  };
}
