import { DATA_GROUP_TYPES, type FieldType } from '@under/core/forms/field-types';
import type { FormComponent } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';

/**
 * Data paths of components without row numbers: `ssn` at the top, `owners.ssn` in a grid, `business.name` in a
 * container (decision 028: keys are unique per scope, so a key alone does not name a field).
 */
function dataPathOf(component: FormComponent, ancestors: readonly FormComponent[]): string {
  const scopes = ancestors.filter((a) => DATA_GROUP_TYPES.has(a.type as FieldType)).map((a) => a.key);
  return [...scopes, component.key].join('.');
}

/** An error's path without row numbers: `owners[0].ssn` -> `owners.ssn`. */
export function pathShape(path: string): string {
  return path.replace(/\[\d+\]/g, '');
}

/** Every component's data path, with what `value` says of it. */
export function mapDataPaths<T>(
  components: readonly FormComponent[],
  value: (component: FormComponent, ancestors: readonly FormComponent[]) => T | undefined,
): Map<string, T> {
  const map = new Map<string, T>();
  walkComponents(components, ({ component, ancestors }) => {
    const v = value(component, ancestors);
    if (v !== undefined) map.set(dataPathOf(component, ancestors), v);
  });
  return map;
}

/**
 * What `map` says of the field an error path points at: the longest data path the error is at or under
 * (`owners[0].ssn` -> `owners.ssn`, else `owners`; an address part `addr.street` -> `addr`).
 */
export function lookupPath<T>(map: ReadonlyMap<string, T>, errorPath: string): T | undefined {
  const parts = pathShape(errorPath).split('.');
  for (let n = parts.length; n > 0; n--) {
    const hit = map.get(parts.slice(0, n).join('.'));
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** Whether the error path is at or under one of `paths`. */
export function underAny(paths: ReadonlySet<string>, errorPath: string): boolean {
  const parts = pathShape(errorPath).split('.');
  for (let n = parts.length; n > 0; n--) if (paths.has(parts.slice(0, n).join('.'))) return true;
  return false;
}
