import { MESSAGES } from '../messages';
import type { FormComponent } from './form.schema';
import { FORM_LIMITS, type PathIssue } from './json-bounds';
import { isPlainObject, joinPath } from './path';

/** Where a component sits: its path, nesting depth, and the layout chain above it (outermost first). */
export interface ComponentVisit {
  component: FormComponent;
  path: string;
  depth: number;
  ancestors: readonly FormComponent[];
}

/**
 * Visits components in document order (depth first, as Form.io renders them), through panels, fieldsets and
 * columns. Address parts are not visited: they live inside the address value, not in the form's data.
 */
export function walkComponents(
  components: readonly FormComponent[],
  visit: (entry: ComponentVisit) => void,
  basePath = 'components',
): void {
  const walk = (list: readonly FormComponent[], path: string, depth: number, ancestors: FormComponent[]) => {
    list.forEach((component, i) => {
      const here = joinPath(path, i);
      visit({ component, path: here, depth, ancestors });
      const inner = [...ancestors, component];
      if (component.type === 'panel' || component.type === 'fieldset') {
        walk(component.components, joinPath(here, 'components'), depth + 1, inner);
      } else if (component.type === 'columns') {
        component.columns.forEach((column, c) => {
          walk(column.components, joinPath(joinPath(joinPath(here, 'columns'), c), 'components'), depth + 1, inner);
        });
      }
    });
  };
  walk(components, basePath, 0, []);
}

/**
 * Checks component nesting and count on raw JSON before the schema runs, so a hostile definition cannot make
 * the recursive schema work deep or long.
 */
export function checkComponentBounds(raw: unknown): PathIssue[] {
  const issues: PathIssue[] = [];
  let count = 0;
  const walk = (list: unknown, path: string, depth: number): void => {
    if (!Array.isArray(list) || issues.length > 0) return;
    if (depth > FORM_LIMITS.maxComponentDepth) {
      issues.push({ path, message: MESSAGES.nestingTooDeep(FORM_LIMITS.maxComponentDepth) });
      return;
    }
    list.forEach((item, i) => {
      if (!isPlainObject(item) || issues.length > 0) return;
      count += 1;
      const here = joinPath(path, i);
      if (count > FORM_LIMITS.maxComponents) {
        issues.push({ path: here, message: MESSAGES.tooManyComponents(FORM_LIMITS.maxComponents) });
        return;
      }
      walk(item.components, joinPath(here, 'components'), depth + 1);
      if (Array.isArray(item.columns)) {
        item.columns.forEach((col, c) => {
          if (isPlainObject(col)) walk(col.components, `${here}.columns[${c}].components`, depth + 1);
        });
      }
    });
  };
  if (isPlainObject(raw)) walk(raw.components, 'components', 0);
  return issues;
}
