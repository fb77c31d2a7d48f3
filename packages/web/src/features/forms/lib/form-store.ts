import {
  type CompiledField,
  type CompiledForm,
  compileForm,
  computeFieldValue,
  KEEP_VALUE,
  type LogicContext,
} from '@under/core/forms/compile-form';
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
  /** Whether `logic` disables a top-level field now (decision 069); its value listeners hear the change. */
  isDisabled(key: string): boolean;
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
  const computes = (f: CompiledField) => f.calculate !== undefined || f.setValue !== undefined;
  const calculated = compiled.fields.filter(computes);
  const groupsWithCalculations = compiled.fields.filter((f) => f.scope?.fields.some(computes));
  const withDisabled = compiled.fields.filter((f) => f.disabledWhen);
  const disabled = new Map<string, boolean>();
  /**
   * The value each calculation gave last: a field that still shows it has not been overridden by hand, so it keeps
   * following its inputs (Form.io's allowCalculateOverride); rows keep theirs by row object.
   */
  const lastCalculated = new Map<string, unknown>();
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
      const current = ctx.data[field.key];
      const result = fieldValue(field, ctx, current === lastCalculated.get(field.key) ? undefined : current);
      if (result === KEEP_VALUE) continue;
      lastCalculated.set(field.key, result);
      if (result !== current) {
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

  const computeDisabled = (ctx: LogicContext): string[] => {
    const changed: string[] = [];
    for (const field of withDisabled) {
      const now = field.disabledWhen?.(ctx, field.component.disabled === true) === true;
      if ((disabled.get(field.key) ?? field.component.disabled === true) !== now) changed.push(field.key);
      disabled.set(field.key, now);
    }
    return changed;
  };

  // Initial state, computed before the first render so hidden fields never flash.
  const initial = { ...values };
  // A stored value that is what the calculation gives was calculated, not typed: it keeps following its inputs.
  for (const field of calculated) {
    if (!field.allowCalculateOverride) continue;
    const result = fieldValue(field, { data: initial, row: initial }, undefined);
    if (result !== KEEP_VALUE && result === initial[field.key]) lastCalculated.set(field.key, result);
  }
  computeCalculated({ data: initial, row: initial });
  computeVisibility({ data: initial, row: initial });
  computeDisabled({ data: initial, row: initial });

  return {
    compiled,
    fieldOf: (key) => byKey.get(key),
    indexOf: (component) => compiled.indexOf(component),
    isVisible: (n) => n < 0 || visible[n] !== false,
    isDisabled: (key) => disabled.get(key) ?? byKey.get(key)?.component.disabled === true,
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
      for (const key of computeDisabled(ctx)) notify(valueListeners.get(key));
      return changedValues;
    },
  };
}

/** What a value action or calculation gives the field (core's rule, shared with validation); KEEP_VALUE on a failed rule. */
function fieldValue(field: CompiledField, ctx: LogicContext, current: unknown): unknown {
  try {
    return computeFieldValue(field, ctx, current);
  } catch (error) {
    if (!(error instanceof LogicError)) throw error;
    return KEEP_VALUE;
  }
}

/** Last calculated values of fields inside rows and containers, by the row object that holds them. */
const rowCalculated = new WeakMap<object, Map<string, unknown>>();

/** The container value or grid rows with their calculated fields brought up to date; the same value if none changed. */
function calculateInside(group: CompiledField, value: unknown, data: Record<string, unknown>): unknown {
  const fields = group.scope?.fields.filter((f) => f.calculate || f.setValue) ?? [];
  const update = (row: unknown) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
    let next = row as Record<string, unknown>;
    const last = rowCalculated.get(row) ?? new Map<string, unknown>();
    for (const field of fields) {
      const current = next[field.key];
      const result = fieldValue(field, { data, row: next }, current === last.get(field.key) ? undefined : current);
      if (result === KEEP_VALUE) continue;
      last.set(field.key, result);
      if (result !== current) next = { ...next, [field.key]: result };
    }
    rowCalculated.set(next, last);
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
