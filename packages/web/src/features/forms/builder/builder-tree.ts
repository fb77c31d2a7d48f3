import { DATA_GROUP_TYPES, NON_DATA_TYPES } from '@under/core/forms/field-types';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { freeName } from './key-from-label';

/**
 * Pure edits of a form definition's component tree. A component is addressed by its id: its key, prefixed by the
 * ids of the containers and grids that hold it (`owners.ssn`), because keys are only unique within their data scope
 * (the submission, each container, each grid; decision 028), so `ssn` may sit both at the top and in a grid.
 * A list of components (a "container" here) is `root`, the id of a panel, fieldset, well, container or grid,
 * `id:index` for one column or one tab, or `id:row-col` for one table cell.
 */
export const ROOT = 'root';

export function columnContainer(id: string, index: number): string {
  return `${id}:${index}`;
}

export function cellContainer(id: string, row: number, col: number): string {
  return `${id}:${row}-${col}`;
}

/** Components whose children live in their own data scope (their keys need only be unique among themselves). */
const SCOPES = new Set(['container', 'datagrid', 'editgrid']);
/** Whether a component's children are keyed in its own data scope (a container or a grid). */
export function ownsScope(c: FormComponent): boolean {
  return SCOPES.has(c.type);
}

/** Components that hold one plain list of children. */
const LISTS = new Set(['panel', 'fieldset', 'well', 'container', 'datagrid', 'editgrid']);

/** Whether a component holds lists of other components (and is drawn as a frame with drop lists). */
export function isGroup(c: FormComponent): boolean {
  return LISTS.has(c.type) || c.type === 'columns' || c.type === 'tabs' || c.type === 'table';
}

/** The id of a component with `key` whose parents' scope is `scope` ('' at the top). */
export function idIn(scope: string, key: string): string {
  return scope ? `${scope}.${key}` : key;
}

/** The scope of an id: the ids of the containers and grids around it ('' at the top). */
export function scopeOf(id: string): string {
  const dot = id.lastIndexOf('.');
  return dot < 0 ? '' : id.slice(0, dot);
}

interface ChildList {
  container: string;
  components: readonly FormComponent[];
  /** The scope the children's ids are in. */
  scope: string;
}

/** The lists of children of component `c` (id `id`, in `scope`), in document order. */
function childLists(c: FormComponent, id: string, scope: string): ChildList[] {
  const inner = ownsScope(c) ? id : scope;
  if (c.type === 'columns')
    return c.columns.map((col, i) => ({ container: columnContainer(id, i), components: col.components, scope }));
  if (c.type === 'tabs')
    return c.components.map((tab, i) => ({ container: columnContainer(id, i), components: tab.components, scope }));
  if (c.type === 'table')
    return c.rows.flatMap((row, r) =>
      row.map((cell, col) => ({ container: cellContainer(id, r, col), components: cell.components, scope })),
    );
  if (LISTS.has(c.type) && 'components' in c)
    return [{ container: id, components: c.components as readonly FormComponent[], scope: inner }];
  return [];
}

/** `c` with its child lists replaced, in the order `childLists` gives them. */
function withChildLists(c: FormComponent, lists: FormComponent[][]): FormComponent {
  if (c.type === 'columns')
    return { ...c, columns: c.columns.map((col, i) => ({ ...col, components: lists[i] ?? [] })) };
  if (c.type === 'tabs')
    return { ...c, components: c.components.map((t, i) => ({ ...t, components: lists[i] ?? [] })) };
  if (c.type === 'table') {
    let n = 0;
    return { ...c, rows: c.rows.map((row) => row.map((cell) => ({ ...cell, components: lists[n++] ?? [] }))) };
  }
  return { ...c, components: lists[0] ?? [] } as FormComponent;
}

interface Visit {
  component: FormComponent;
  id: string;
  container: string;
  index: number;
  scope: string;
}

/** Every component with its id and place, depth first in document order; `false` from `fn` ends the walk. */
function visitTree(form: FormDefinition, fn: (v: Visit) => boolean | undefined): void {
  let stopped = false;
  const walk = (list: readonly FormComponent[], container: string, scope: string) => {
    for (let i = 0; i < list.length && !stopped; i++) {
      const component = list[i] as FormComponent;
      const id = idIn(scope, component.key);
      if (fn({ component, id, container, index: i, scope }) === false) {
        stopped = true;
        return;
      }
      for (const child of childLists(component, id, scope)) walk(child.components, child.container, child.scope);
    }
  };
  walk(form.components, ROOT, '');
}

/** The list `container` names, and the scope of its children. */
function findList(form: FormDefinition, container: string): ChildList | undefined {
  if (container === ROOT) return { container, components: form.components, scope: '' };
  let found: ChildList | undefined;
  visitTree(form, ({ component, id, scope }) => {
    found = childLists(component, id, scope).find((l) => l.container === container);
    return found ? false : undefined;
  });
  return found;
}

export function listContainer(form: FormDefinition, container: string): readonly FormComponent[] | undefined {
  return findList(form, container)?.components;
}

/** The scope the children of `container` are in ('' at the top). */
function scopeOfContainer(form: FormDefinition, container: string): string | undefined {
  return findList(form, container)?.scope;
}

export function findComponent(form: FormDefinition, id: string): FormComponent | undefined {
  let found: FormComponent | undefined;
  visitTree(form, (v) => {
    if (v.id === id) found = v.component;
    return found ? false : undefined;
  });
  return found;
}

/** The container and position of a component. */
export function locate(form: FormDefinition, id: string): { container: string; index: number } | undefined {
  let found: { container: string; index: number } | undefined;
  visitTree(form, (v) => {
    if (v.id === id) found = { container: v.container, index: v.index };
    return found ? false : undefined;
  });
  return found;
}

/** Applies `edit` to every list of components, with its container and scope, rebuilding only what changed. */
function mapLists(
  form: FormDefinition,
  edit: (list: readonly FormComponent[], container: string, scope: string) => readonly FormComponent[],
): FormDefinition {
  const visit = (list: readonly FormComponent[], container: string, scope: string): FormComponent[] => {
    const inner = list.map((c): FormComponent => {
      const id = idIn(scope, c.key);
      const lists = childLists(c, id, scope);
      if (lists.length === 0) return c;
      let changed = false;
      const next = lists.map((l) => {
        const components = visit(l.components, l.container, l.scope);
        if (components !== l.components) changed = true;
        return components;
      });
      return changed ? withChildLists(c, next) : c;
    });
    const same = inner.every((c, i) => c === list[i]);
    const result = edit(same ? list : inner, container, scope);
    return result === list ? (list as FormComponent[]) : [...result];
  };
  const components = visit(form.components, ROOT, '');
  return components === form.components ? form : { ...form, components };
}

export function updateComponent(form: FormDefinition, id: string, next: FormComponent): FormDefinition {
  return mapLists(form, (list, _container, scope) =>
    list.some((c) => idIn(scope, c.key) === id) ? list.map((c) => (idIn(scope, c.key) === id ? next : c)) : list,
  );
}

export function removeComponent(form: FormDefinition, id: string): FormDefinition {
  return mapLists(form, (list, _container, scope) =>
    list.some((c) => idIn(scope, c.key) === id) ? list.filter((c) => idIn(scope, c.key) !== id) : list,
  );
}

export function insertComponent(
  form: FormDefinition,
  container: string,
  index: number,
  component: FormComponent,
): FormDefinition {
  return mapLists(form, (list, here) => {
    if (here !== container) return list;
    const copy = [...list];
    copy.splice(Math.max(0, Math.min(index, copy.length)), 0, component);
    return copy;
  });
}

/** Whether list `container` is inside the component `id` (a component cannot go inside itself). */
function inside(form: FormDefinition, id: string, container: string): boolean {
  let hit = false;
  visitTree(form, (v) => {
    if (v.id !== id) return undefined;
    const walk = (c: FormComponent, cid: string, scope: string) => {
      for (const l of childLists(c, cid, scope)) {
        if (l.container === container) hit = true;
        for (const child of l.components) walk(child, idIn(l.scope, child.key), l.scope);
      }
    };
    walk(v.component, v.id, v.scope);
    return false;
  });
  return hit;
}

/**
 * Moves a component to `container` at `index` (the index in the list without the moved component). A component
 * whose key is already taken in the target's scope keeps its place (keys are unique per scope).
 */
export function moveComponent(form: FormDefinition, id: string, container: string, index: number): FormDefinition {
  const component = findComponent(form, id);
  if (!component) return form;
  // A layout cannot go inside itself.
  if (container !== ROOT && inside(form, id, container)) return form;
  const scope = scopeOfContainer(form, container);
  if (scope === undefined) return form;
  const target = idIn(scope, component.key);
  if (target !== id && findComponent(form, target)) return form;
  return insertComponent(removeComponent(form, id), container, index, component);
}

/** The id of the moved or renamed component `id` once it sits in `container` (or is keyed `key`). */
export function idAfterMove(form: FormDefinition, container: string, key: string): string | undefined {
  const scope = scopeOfContainer(form, container);
  return scope === undefined ? undefined : idIn(scope, key);
}

/** The id of component `id` once its key is `key`. */
export function renamedId(id: string, key: string): string {
  return idIn(scopeOf(id), key);
}

/** One step up or down within its own list. */
export function moveBy(form: FormDefinition, id: string, delta: -1 | 1): FormDefinition {
  const at = locate(form, id);
  if (!at) return form;
  const size = listContainer(form, at.container)?.length ?? 0;
  const index = at.index + delta;
  if (index < 0 || index >= size) return form;
  return moveComponent(form, id, at.container, index);
}

/** The keys of the scope component `id` is in: what its key must differ from (decision 028). */
export function scopeKeys(form: FormDefinition, id: string): Set<string> {
  const scope = scopeOf(id);
  const keys = new Set<string>();
  visitTree(form, (v) => {
    if (v.scope === scope) keys.add(v.component.key);
    return undefined;
  });
  return keys;
}

export function allKeys(form: FormDefinition): Set<string> {
  const keys = new Set<string>();
  walkComponents(form.components, ({ component }) => {
    keys.add(component.key);
  });
  return keys;
}

/** `base`, or `base1`, `base2`, ... whichever is free; keys keep to letters, digits and underscore. */
export function uniqueKey(taken: Set<string>, base: string): string {
  return freeName(taken, base.replace(/[^A-Za-z0-9_]/g, '') || 'field');
}

/** A copy placed right after the original, with fresh keys for it and everything inside it. */
export function duplicateComponent(form: FormDefinition, id: string): { form: FormDefinition; key?: string } {
  const original = findComponent(form, id);
  const at = locate(form, id);
  if (!original || !at) return { form };
  const taken = allKeys(form);
  const fresh = (key: string) => {
    const k = uniqueKey(taken, key);
    taken.add(k);
    return k;
  };
  const rekey = (c: FormComponent): FormComponent => {
    const lists = childLists(c, c.key, '').map((l) => l.components.map(rekey));
    const copy = { ...c, key: fresh(c.key) } as FormComponent;
    return lists.length > 0 ? withChildLists(copy, lists) : copy;
  };
  const copy = rekey(structuredClone(original));
  return { form: insertComponent(form, at.container, at.index + 1, copy), key: renamedId(id, copy.key) };
}

/** Keys of fields that hold data, for the condition editor's "when" list. */
export function dataFields(form: FormDefinition): FormComponent[] {
  const out: FormComponent[] = [];
  // Fields of the submission's own scope: a field inside a grid or container is read as `row.x`, not `data.x`.
  visitTree(form, ({ component, scope }) => {
    if (scope === '' && !NON_DATA_TYPES.has(component.type) && !DATA_GROUP_TYPES.has(component.type))
      out.push(component);
    return undefined;
  });
  return out;
}
