import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import type { FormComponent } from './form.schema';
import { FORM_LIMITS, type PathIssue } from './json-bounds';
import { isPlainObject, joinPath } from './path';

/**
 * The one component walker. A form's components form a tree: a component keeps others in its own `components`
 * (panels, fieldsets, wells, containers, grids, and an address's manual-mode parts), in each column's
 * `components`, in each tab's `components` (a `tabs` component's `components` are its tabs, which are not
 * components themselves) and in each table cell's `components`. Every walk and map of that tree, over checked
 * definitions or raw JSON, goes through this file, so the tree's shape is written once.
 */

type JsonObject = Record<string, unknown>;

/** Raw JSON is walked no deeper than this, whatever it holds (the bounds check refuses far less: 20). */
const RAW_DEPTH_LIMIT = 200;

/** Where a component sits: its path, nesting depth, and the layout chain above it (outermost first). */
export interface ComponentVisit {
  component: FormComponent;
  path: string;
  depth: number;
  ancestors: readonly FormComponent[];
}

/** Where a raw component sits (raw JSON, before any schema: only plain objects are visited). */
export interface RawComponentVisit {
  component: JsonObject;
  path: string;
  depth: number;
  ancestors: readonly JsonObject[];
}

/** `false` from a visitor ends the walk. */
type Visitor<T> = (entry: T) => unknown;

/**
 * Depth first, in document order. `addressParts` says whether an address's parts are visited: they are components
 * of the definition but live inside the address value, not in the form's data.
 */
function traverse(
  list: unknown,
  visit: Visitor<RawComponentVisit & { ancestors: readonly JsonObject[] }>,
  basePath: string,
  addressParts: boolean,
): void {
  let stopped = false;
  const walk = (items: unknown, path: string, depth: number, ancestors: JsonObject[]): void => {
    if (!Array.isArray(items) || depth > RAW_DEPTH_LIMIT) return;
    for (let i = 0; i < items.length && !stopped; i++) {
      const component = items[i];
      if (!isPlainObject(component)) continue;
      const here = joinPath(path, i);
      if (visit({ component, path: here, depth, ancestors }) === false) {
        stopped = true;
        return;
      }
      const inner = [...ancestors, component];
      for (const [children, childPath] of childLists(component, here, addressParts)) {
        if (stopped) return;
        walk(children, childPath, depth + 1, inner);
      }
    }
  };
  walk(list, basePath, 0, []);
}

/** The lists of child components of one component, with their paths, in document order. */
function childLists(component: JsonObject, here: string, addressParts: boolean): [unknown, string][] {
  const lists: [unknown, string][] = [];
  if (component.type === 'tabs') {
    if (Array.isArray(component.components)) {
      component.components.forEach((tab, t) => {
        if (isPlainObject(tab))
          lists.push([tab.components, joinPath(joinPath(joinPath(here, 'components'), t), 'components')]);
      });
    }
  } else if (addressParts || component.type !== 'address') {
    lists.push([component.components, joinPath(here, 'components')]);
  }
  if (Array.isArray(component.columns)) {
    component.columns.forEach((column, c) => {
      if (isPlainObject(column))
        lists.push([column.components, joinPath(joinPath(joinPath(here, 'columns'), c), 'components')]);
    });
  }
  if (Array.isArray(component.rows)) {
    component.rows.forEach((row, r) => {
      if (!Array.isArray(row)) return;
      row.forEach((cell, c) => {
        if (isPlainObject(cell)) {
          lists.push([cell.components, joinPath(joinPath(joinPath(joinPath(here, 'rows'), r), c), 'components')]);
        }
      });
    });
  }
  return lists;
}

/**
 * Visits the components of a checked definition in document order (depth first, as Form.io renders them), through
 * panels, fieldsets and columns. Address parts are not visited: they live inside the address value, not in the
 * form's data.
 */
export function walkComponents(
  components: readonly FormComponent[],
  visit: Visitor<ComponentVisit>,
  basePath = 'components',
): void {
  traverse(components, (entry) => visit(entry as unknown as ComponentVisit), basePath, false);
}

/**
 * Visits every component object of raw JSON (not yet checked), address parts included; anything that is not a
 * plain object is skipped. Used before the schema runs: bounds, Form.io import, field lists of stored forms.
 */
export function walkRawComponents(list: unknown, visit: Visitor<RawComponentVisit>, basePath = 'components'): void {
  traverse(list, visit, basePath, true);
}

/**
 * Applies `fn` to every component of a raw list, address parts included, copying rather than mutating: `fn` gets
 * the original object, and the children of what it returns are mapped in turn.
 */
export function mapRawComponents(list: unknown, fn: (component: JsonObject) => JsonObject, depth = 0): unknown {
  return copyRaw(list, fn, () => true, depth);
}

/** Removes the components `keep` refuses from a raw list and every list inside it, copying rather than mutating. */
export function filterRawComponents(list: unknown, keep: (component: JsonObject) => boolean, depth = 0): unknown {
  return copyRaw(list, (component) => component, keep, depth);
}

/** Copies a raw list and every list inside it, leaving out what `keep` refuses and replacing the rest by `fn`. */
function copyRaw(
  list: unknown,
  fn: (component: JsonObject) => JsonObject,
  keep: (component: JsonObject) => boolean,
  depth: number,
): unknown {
  if (!Array.isArray(list) || depth > RAW_DEPTH_LIMIT) return list;
  const children = (components: unknown) => copyRaw(components, fn, keep, depth + 1);
  return list
    .filter((item) => !isPlainObject(item) || keep(item))
    .map((item) => {
      if (!isPlainObject(item)) return item;
      const mapped = fn(item);
      const next: JsonObject = { ...mapped };
      const inner = (holder: unknown) =>
        isPlainObject(holder) ? { ...holder, components: children(holder.components) } : holder;
      if (Array.isArray(mapped.components)) {
        next.components = mapped.type === 'tabs' ? mapped.components.map(inner) : children(mapped.components);
      }
      if (Array.isArray(mapped.columns)) next.columns = mapped.columns.map(inner);
      if (Array.isArray(mapped.rows)) {
        next.rows = mapped.rows.map((row) => (Array.isArray(row) ? row.map(inner) : row));
      }
      return next;
    });
}

/**
 * `mapRawComponents` over a checked definition's components: every component (address parts included) replaced
 * by what `fn` returns for it, then its children mapped in turn.
 */
export function mapComponents(
  components: readonly FormComponent[],
  fn: (component: FormComponent) => FormComponent,
): FormComponent[] {
  return mapRawComponents(
    components,
    (c) => fn(c as unknown as FormComponent) as unknown as JsonObject,
  ) as FormComponent[];
}

/**
 * Checks component nesting and count on raw JSON before the schema runs, so a hostile definition cannot make
 * the recursive schema work deep or long.
 */
export function checkComponentBounds(raw: unknown): PathIssue[] {
  if (!isPlainObject(raw)) return [];
  const issues: PathIssue[] = [];
  let count = 0;
  walkRawComponents(raw.components, ({ path, depth }) => {
    if (depth > FORM_LIMITS.maxComponentDepth) {
      // named by the list that is one level too deep
      issues.push({
        path: path.slice(0, path.lastIndexOf('[')),
        message: MESSAGES.nestingTooDeep(FORM_LIMITS.maxComponentDepth),
      });
      return false;
    }
    count += 1;
    if (count > FORM_LIMITS.maxComponents) {
      issues.push({ path, message: MESSAGES.tooManyComponents(FORM_LIMITS.maxComponents) });
      return false;
    }
    return true;
  });
  return issues;
}
