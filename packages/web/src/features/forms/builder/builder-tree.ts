import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';

/**
 * Pure edits of a form definition's component tree, addressed by key (keys are unique in a form the builder
 * holds). A container is `root`, a panel or fieldset key, or `columnsKey:index` for one column.
 */
export const ROOT = 'root';

export function columnContainer(key: string, index: number): string {
  return `${key}:${index}`;
}

export function listContainer(form: FormDefinition, container: string): readonly FormComponent[] | undefined {
  if (container === ROOT) return form.components;
  const [key, col] = container.split(':');
  const found = findComponent(form, key ?? '');
  if (!found) return undefined;
  if (col !== undefined) return found.type === 'columns' ? found.columns[Number(col)]?.components : undefined;
  return found.type === 'panel' || found.type === 'fieldset' ? found.components : undefined;
}

export function findComponent(form: FormDefinition, key: string): FormComponent | undefined {
  let found: FormComponent | undefined;
  walkComponents(form.components, ({ component }) => {
    if (!found && component.key === key) found = component;
  });
  return found;
}

/** The container and position of a component. */
export function locate(form: FormDefinition, key: string): { container: string; index: number } | undefined {
  const search = (
    list: readonly FormComponent[],
    container: string,
  ): { container: string; index: number } | undefined => {
    for (let i = 0; i < list.length; i++) {
      const c = list[i] as FormComponent;
      if (c.key === key) return { container, index: i };
      if (c.type === 'panel' || c.type === 'fieldset') {
        const hit = search(c.components, c.key);
        if (hit) return hit;
      } else if (c.type === 'columns') {
        for (let col = 0; col < c.columns.length; col++) {
          const hit = search(c.columns[col]?.components ?? [], columnContainer(c.key, col));
          if (hit) return hit;
        }
      }
    }
    return undefined;
  };
  return search(form.components, ROOT);
}

/** Applies `edit` to every list of components (root, panels, fieldsets, columns), rebuilding only what changed. */
function mapLists(
  form: FormDefinition,
  edit: (list: readonly FormComponent[], container: string) => readonly FormComponent[],
): FormDefinition {
  const visit = (list: readonly FormComponent[], container: string): FormComponent[] => {
    const inner = list.map((c): FormComponent => {
      if (c.type === 'panel' || c.type === 'fieldset') {
        const components = visit(c.components, c.key);
        return components === c.components ? c : { ...c, components };
      }
      if (c.type === 'columns') {
        let changed = false;
        const columns = c.columns.map((column, i) => {
          const components = visit(column.components, columnContainer(c.key, i));
          if (components === column.components) return column;
          changed = true;
          return { ...column, components };
        });
        return changed ? { ...c, columns } : c;
      }
      return c;
    });
    const same = inner.every((c, i) => c === list[i]);
    const result = edit(same ? list : inner, container);
    return result === list ? (list as FormComponent[]) : [...result];
  };
  const components = visit(form.components, ROOT);
  return components === form.components ? form : { ...form, components };
}

export function updateComponent(form: FormDefinition, key: string, next: FormComponent): FormDefinition {
  return mapLists(form, (list) =>
    list.some((c) => c.key === key) ? list.map((c) => (c.key === key ? next : c)) : list,
  );
}

export function removeComponent(form: FormDefinition, key: string): FormDefinition {
  return mapLists(form, (list) => (list.some((c) => c.key === key) ? list.filter((c) => c.key !== key) : list));
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

/** Moves a component to `container` at `index` (the index in the list without the moved component). */
export function moveComponent(form: FormDefinition, key: string, container: string, index: number): FormDefinition {
  const component = findComponent(form, key);
  if (!component) return form;
  // A layout cannot go inside itself.
  if (container !== ROOT && containsContainer(component, container)) return form;
  return insertComponent(removeComponent(form, key), container, index, component);
}

function containsContainer(component: FormComponent, container: string): boolean {
  const key = container.split(':')[0];
  let found = false;
  walkComponents([component], ({ component: c }) => {
    if (c.key === key) found = true;
  });
  return found;
}

/** One step up or down within its own list. */
export function moveBy(form: FormDefinition, key: string, delta: -1 | 1): FormDefinition {
  const at = locate(form, key);
  if (!at) return form;
  const size = listContainer(form, at.container)?.length ?? 0;
  const index = at.index + delta;
  if (index < 0 || index >= size) return form;
  return moveComponent(form, key, at.container, index);
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
  const clean = base.replace(/[^A-Za-z0-9_]/g, '') || 'field';
  if (!taken.has(clean)) return clean;
  const stem = clean.replace(/\d+$/, '');
  for (let i = 1; ; i++) {
    const candidate = `${stem}${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A copy placed right after the original, with fresh keys for it and everything inside it. */
export function duplicateComponent(form: FormDefinition, key: string): { form: FormDefinition; key?: string } {
  const original = findComponent(form, key);
  const at = locate(form, key);
  if (!original || !at) return { form };
  const taken = allKeys(form);
  const rekey = (c: FormComponent): FormComponent => {
    const fresh = uniqueKey(taken, c.key);
    taken.add(fresh);
    if (c.type === 'panel' || c.type === 'fieldset') return { ...c, key: fresh, components: c.components.map(rekey) };
    if (c.type === 'columns')
      return { ...c, key: fresh, columns: c.columns.map((col) => ({ ...col, components: col.components.map(rekey) })) };
    return { ...c, key: fresh };
  };
  const copy = rekey(structuredClone(original));
  return { form: insertComponent(form, at.container, at.index + 1, copy), key: copy.key };
}

/** Keys of fields that hold data, for the condition editor's "when" list. */
export function dataFields(form: FormDefinition): FormComponent[] {
  const out: FormComponent[] = [];
  walkComponents(form.components, ({ component }) => {
    if (!['panel', 'fieldset', 'columns', 'content', 'htmlelement', 'button'].includes(component.type))
      out.push(component);
  });
  return out;
}
