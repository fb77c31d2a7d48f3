import type { CompiledScope, LogicContext } from '@under/core/forms/compile-form';
import type { SubmissionError } from '@under/core/forms/validate-submission';
import type { FormStore } from '../lib/form-store';

type Values = Record<string, unknown>;
const EMPTY: readonly SubmissionError[] = [];
const noop = () => {};

interface ScopeStoreOptions {
  /** The store of the enclosing scope (the form's, or another row's). */
  parent: FormStore;
  /** Key of the container or grid in the enclosing scope: its value holds this scope's object. */
  ownerKey: string;
  scope: CompiledScope;
  /** This scope's object now (the container value, or one grid row). */
  read: () => Values;
  /** Error path of this scope's object: `owners[2]`, `business`. Field errors are at `${path}.${key}`. */
  path: string;
}

/** The form's own store behind each scope store, whose values are `data` in conditions. */
const rootOf = new WeakMap<FormStore, FormStore>();

/**
 * The form store seen from inside a container value or one grid row (decision 028): the same interface, so the
 * renderer's field components work unchanged, with values, errors and visibility of that object. Values and
 * errors follow the owner's key in the enclosing store; visibility comes from the scope's conditions with
 * `row` = this object.
 */
export function createScopeStore({ parent, ownerKey, scope, read, path }: ScopeStoreOptions): FormStore {
  const root = rootOf.get(parent) ?? parent;
  const byKey = new Map(scope.fields.map((f) => [f.key, f]));
  let visibleFor: { row: Values; data: Readonly<Values> } | undefined;
  let visible: boolean[] = [];
  // Conditions read `row` and `data`: recomputed when either changed (a row field may depend on a top-level one).
  const visibility = () => {
    const row = read();
    const data = root.values();
    if (visibleFor?.row === row && visibleFor.data === data) return visible;
    const ctx: LogicContext = { data: data as Values, row };
    const next: boolean[] = new Array(scope.nodes.length);
    scope.nodes.forEach((node, i) => {
      next[i] = (node.parent < 0 || next[node.parent] === true) && (!node.condition || node.condition(ctx));
    });
    visibleFor = { row, data };
    visible = next;
    return visible;
  };
  // Errors of one field, kept by identity while the enclosing errors do not change (useSyncExternalStore needs it).
  const errorCache = new Map<string, { from: readonly SubmissionError[]; errors: readonly SubmissionError[] }>();
  const errorsOf = (key: string): readonly SubmissionError[] => {
    const from = parent.errorsOf(ownerKey);
    const cached = errorCache.get(key);
    if (cached && cached.from === from) return cached.errors;
    const own = `${path}.${key}`;
    const matching = from.filter((e) => e.path === own || e.path.startsWith(`${own}.`) || e.path.startsWith(`${own}[`));
    const errors = matching.length === 0 ? EMPTY : matching;
    errorCache.set(key, { from, errors });
    return errors;
  };
  const store: FormStore = {
    compiled: parent.compiled,
    fieldOf: (key) => byKey.get(key),
    indexOf: (component) => parent.compiled.indexInScope(component),
    isVisible: (n) => n < 0 || visibility()[n] !== false,
    isDisabled: (key) => {
      const field = byKey.get(key);
      const own = field?.component.disabled === true;
      return field?.disabledWhen ? field.disabledWhen({ data: root.values() as Values, row: read() }, own) : own;
    },
    subscribeNode: (_n, listener) => {
      const offRow = parent.subscribeValue(ownerKey, listener);
      const offData = root.subscribeValues(listener);
      return () => {
        offRow();
        offData();
      };
    },
    errorsOf,
    allErrors: () => parent.allErrors(),
    subscribeErrors: (_key, listener) => parent.subscribeErrors(ownerKey, listener),
    subscribeAllErrors: (listener) => parent.subscribeAllErrors(listener),
    setErrors: noop,
    valueOf: (key) => read()[key],
    subscribeValue: (_key, listener) => parent.subscribeValue(ownerKey, listener),
    values: () => read(),
    subscribeValues: (listener) => parent.subscribeValue(ownerKey, listener),
    syncValues: noop,
    update: () => ({}),
  };
  rootOf.set(store, root);
  return store;
}

/** The id prefix of the fields inside a container value or grid row at `path` (`owners[2]`, `business`). */
export function scopeIdPrefix(idPrefix: string, path: string): string {
  return `${idPrefix}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * The id of the input an error inside a container or grid row points at (`owners[2].ssn`), or undefined for an
 * error of a top-level field.
 */
export function scopedFieldId(idPrefix: string, path: string): string | undefined {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf(']'));
  const key = path.slice(cut + 1);
  if (cut <= 0 || path[cut] !== '.' || !/^[A-Za-z0-9_]+$/.test(key)) return undefined;
  return `${scopeIdPrefix(idPrefix, path.slice(0, cut))}-${key}`;
}
