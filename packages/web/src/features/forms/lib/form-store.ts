import { type CompiledField, type CompiledForm, compileForm, type LogicContext } from '@under/core/forms/compile-form';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { LogicError } from '@under/core/forms/json-logic';
import type { SubmissionError } from '@under/core/forms/validate-submission';

type Listener = () => void;

/** The field key a submission error belongs to: `city` of `address.city`, `files` of `files[0]`. */
export function errorRoot(path: string): string {
  const cut = path.search(/[.[]/);
  return cut < 0 ? path : path.slice(0, cut);
}

/**
 * Per-field state the renderer derives from the values: visibility (conditions), calculated values, the errors of
 * the last validation, and each field's value. Components subscribe by node or field key, so a keystroke re-renders only the
 * fields whose state changed, never the whole form.
 */
export interface FormStore {
  compiled: CompiledForm;
  fieldOf(key: string): CompiledField | undefined;
  /** Node index of each component object, in the order `compileForm` numbered them. */
  indexOf(component: FormComponent): number;
  isVisible(index: number): boolean;
  subscribeNode(index: number, listener: Listener): () => void;
  errorsOf(key: string): readonly SubmissionError[];
  allErrors(): readonly SubmissionError[];
  subscribeErrors(key: string, listener: Listener): () => void;
  subscribeAllErrors(listener: Listener): () => void;
  setErrors(errors: readonly SubmissionError[]): void;
  /** The value of a top-level key as the fields show it (react-hook-form holds the form's values). */
  valueOf(key: string): unknown;
  subscribeValue(key: string, listener: Listener): () => void;
  /** Every value as the fields show them: `data` for the conditions inside containers and grid rows. */
  values(): Readonly<Record<string, unknown>>;
  /** Tells `listener` when any value changed. */
  subscribeValues(listener: Listener): () => void;
  /** Takes the form's current values and tells the fields whose value changed (by identity). */
  syncValues(values: Record<string, unknown>): void;
  /**
   * Recomputes visibility and calculated values from `values`; returns the calculated values that changed,
   * for the caller to write back into the form state.
   */
  update(values: Record<string, unknown>): Record<string, unknown>;
}

const EMPTY: readonly SubmissionError[] = [];

export function createFormStore(form: FormDefinition, values: Record<string, unknown>): FormStore {
  const compiled = compileForm(form);
  const { nodes } = compiled;
  const visible: boolean[] = new Array(nodes.length).fill(true);
  const nodeListeners = new Map<number, Set<Listener>>();
  const errorListeners = new Map<string, Set<Listener>>();
  const allListeners = new Set<Listener>();
  const anyValueListeners = new Set<Listener>();
  let errorsByKey = new Map<string, SubmissionError[]>();
  let all: readonly SubmissionError[] = EMPTY;
  const valueListeners = new Map<string, Set<Listener>>();
  let shown: Record<string, unknown> = { ...values };
  const calculated = compiled.fields.filter((f) => f.calculate);
  const groupsWithCalculations = compiled.fields.filter((f) => f.scope?.fields.some((inner) => inner.calculate));
  const byKey = new Map(compiled.fields.map((f) => [f.key, f]));

  const listen = <K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
  const notify = (set: Set<Listener> | undefined) => {
    if (set) for (const l of set) l();
  };

  const computeVisibility = (ctx: LogicContext): number[] => {
    const changed: number[] = [];
    if (!compiled.hasConditions) return changed;
    for (let n = 0; n < nodes.length; n++) {
      const node = nodes[n] as (typeof nodes)[number];
      const shown = (node.parent < 0 || visible[node.parent] === true) && (!node.condition || node.condition(ctx));
      if (visible[n] !== shown) {
        visible[n] = shown;
        changed.push(n);
      }
    }
    return changed;
  };

  const computeCalculated = (ctx: LogicContext): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const field of calculated) {
      if (field.allowCalculateOverride && ctx.data[field.key] !== undefined) continue;
      let result: unknown;
      try {
        result = field.calculate?.(ctx);
      } catch (error) {
        if (!(error instanceof LogicError)) throw error;
        continue;
      }
      if (result === null || (typeof result === 'number' && !Number.isFinite(result))) result = undefined;
      if (typeof result === 'number' && field.decimalLimit !== undefined)
        result = Number(result.toFixed(field.decimalLimit));
      if (result !== ctx.data[field.key]) {
        out[field.key] = result;
        ctx.data[field.key] = result;
      }
    }
    // Calculated fields inside containers and grid rows, with `row` the object they sit in (decision 028).
    for (const group of groupsWithCalculations) {
      const next = calculateInside(group, ctx.data[group.key], ctx.data);
      if (next !== ctx.data[group.key]) {
        out[group.key] = next;
        ctx.data[group.key] = next;
      }
    }
    return out;
  };

  // Initial state, computed before the first render so hidden fields never flash.
  const initial = { ...values };
  computeCalculated({ data: initial, row: initial });
  computeVisibility({ data: initial, row: initial });

  return {
    compiled,
    fieldOf: (key) => byKey.get(key),
    indexOf: (component) => compiled.indexOf(component),
    isVisible: (n) => n < 0 || visible[n] !== false,
    subscribeNode: (n, listener) => listen(nodeListeners, n, listener),
    errorsOf: (key) => errorsByKey.get(key) ?? EMPTY,
    allErrors: () => all,
    subscribeErrors: (key, listener) => listen(errorListeners, key, listener),
    subscribeAllErrors: (listener) => {
      allListeners.add(listener);
      return () => {
        allListeners.delete(listener);
      };
    },
    valueOf: (key) => shown[key],
    subscribeValue: (key, listener) => listen(valueListeners, key, listener),
    values: () => shown,
    subscribeValues: (listener) => {
      anyValueListeners.add(listener);
      return () => {
        anyValueListeners.delete(listener);
      };
    },
    syncValues(next) {
      const previous = shown;
      const changed = [...new Set([...Object.keys(previous), ...Object.keys(next)])].filter(
        (key) => previous[key] !== next[key],
      );
      if (changed.length === 0) return;
      shown = { ...next };
      for (const key of changed) notify(valueListeners.get(key));
      notify(anyValueListeners);
    },
    setErrors(errors) {
      const next = new Map<string, SubmissionError[]>();
      for (const error of errors) {
        const root = errorRoot(error.path);
        const list = next.get(root);
        if (list) list.push(error);
        else next.set(root, [error]);
      }
      const previous = errorsByKey;
      errorsByKey = next;
      all = errors.length === 0 ? EMPTY : errors;
      const keys = new Set([...previous.keys(), ...next.keys()]);
      for (const key of keys) {
        if (!sameErrors(previous.get(key), next.get(key))) notify(errorListeners.get(key));
      }
      for (const l of allListeners) l();
    },
    update(current) {
      const data = { ...current };
      const ctx: LogicContext = { data, row: data };
      const changedValues = computeCalculated(ctx);
      for (const n of computeVisibility(ctx)) notify(nodeListeners.get(n));
      return changedValues;
    },
  };
}

/** One calculated value, as validation computes it: nothing for missing inputs, rounded to the field's decimals. */
function calculate(field: CompiledField, ctx: LogicContext): unknown {
  let result: unknown;
  try {
    result = field.calculate?.(ctx);
  } catch (error) {
    if (!(error instanceof LogicError)) throw error;
    return undefined;
  }
  if (result === null || (typeof result === 'number' && !Number.isFinite(result))) return undefined;
  if (typeof result === 'number' && field.decimalLimit !== undefined) return Number(result.toFixed(field.decimalLimit));
  return result;
}

/** The container value or grid rows with their calculated fields brought up to date; the same value if none changed. */
function calculateInside(group: CompiledField, value: unknown, data: Record<string, unknown>): unknown {
  const fields = group.scope?.fields.filter((f) => f.calculate) ?? [];
  const update = (row: unknown) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
    let next = row as Record<string, unknown>;
    for (const field of fields) {
      if (field.allowCalculateOverride && next[field.key] !== undefined) continue;
      const result = calculate(field, { data, row: next });
      if (result !== next[field.key]) next = { ...next, [field.key]: result };
    }
    return next;
  };
  if (group.group === 'container') return update(value);
  if (!Array.isArray(value)) return value;
  const rows = value.map(update);
  return rows.some((row, i) => row !== value[i]) ? rows : value;
}

function sameErrors(a: readonly SubmissionError[] | undefined, b: readonly SubmissionError[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((e, i) => e.path === b[i]?.path && e.message === b[i]?.message);
}
