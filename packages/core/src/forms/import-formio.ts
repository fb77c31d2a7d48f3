import { MESSAGES } from '../messages';
import { type FormDefinition, parseFormDefinition } from './form.schema';
import type { FormIssue } from './form-checks';
import { checkComponentBounds, mapRawComponents, walkRawComponents } from './form-walk';
import { checkJsonBounds } from './json-bounds';
import { isPlainObject, type PathSegment } from './path';

/**
 * The script Form.io's builder puts on every manual-mode address part. Our renderer toggles manual mode itself,
 * so this one known string is replaced (and reported); any other script is refused.
 */
export const ADDRESS_MANUAL_MODE_SCRIPT = "show = _.get(instance, 'parent.manualMode', false);";

/** Attributes whose removal would change what the form does, so a non-empty value is an error, not a removal. */
const BEHAVIOUR_ATTRIBUTES: ReadonlySet<string> = new Set(['conditions', 'customConditional', 'custom', 'json']);

export interface ImportResult {
  ok: boolean;
  form: FormDefinition | undefined;
  /** Problems that stop the import: unsupported types, JavaScript, invalid values, duplicate keys. */
  errors: FormIssue[];
  /** Attributes that were removed because we do not support them, each named by path. */
  warnings: FormIssue[];
}

/**
 * Loads a Form.io form (JSON as exported by Form.io or by us). Supported types and attributes load as they are;
 * unsupported attributes are removed and each is reported in `warnings`; unsupported types, JavaScript in rule
 * places and invalid values are `errors`. No script is ever evaluated.
 */
export function importFormio(json: unknown): ImportResult {
  if (!isPlainObject(json)) return done([{ path: '', code: 'invalid', message: MESSAGES.formNotObject }], []);
  const bounds = [...checkJsonBounds(json), ...checkComponentBounds(json)];
  if (bounds.length > 0)
    return done(
      bounds.map((issue) => ({ ...issue, code: 'bounds' })),
      [],
    );

  const warnings: FormIssue[] = [];
  // The bounds check above proved this is small, plain JSON, so a JSON copy is safe and cannot be deep.
  const working = normaliseFormio(JSON.parse(JSON.stringify(json)) as Record<string, unknown>, warnings);
  let result = parseFormDefinition(working);
  for (let pass = 0; pass < 3 && !result.ok; pass++) {
    const unknown = result.errors.filter((issue) => issue.code === 'unknownAttribute');
    if (unknown.length === 0) break;
    const errors: FormIssue[] = [];
    for (const issue of unknown) {
      const segments = parsePath(issue.path);
      const name = String(segments.at(-1));
      const value = removeAt(working, segments);
      if (BEHAVIOUR_ATTRIBUTES.has(name) && !isEmptyValue(value)) {
        errors.push({ path: issue.path, code: 'unknownAttribute', message: MESSAGES.unsupportedValue(name) });
      } else {
        warnings.push({ path: issue.path, code: 'unknownAttribute', message: MESSAGES.unsupportedAttribute(name) });
      }
    }
    if (errors.length > 0)
      return done([...errors, ...result.errors.filter((i) => i.code !== 'unknownAttribute')], warnings);
    result = parseFormDefinition(working);
  }
  return result.ok ? { ok: true, form: result.form, errors: [], warnings } : done(result.errors, warnings);
}

function done(errors: FormIssue[], warnings: FormIssue[]): ImportResult {
  return { ok: false, form: undefined, errors, warnings };
}

/** Maps Form.io spellings onto ours before the schema runs: `validate.json` and the address manual-mode script. */
function normaliseFormio(form: Record<string, unknown>, warnings: FormIssue[]): Record<string, unknown> {
  const addressParts = (component: Record<string, unknown>, path: string) => {
    if (component.type !== 'address' || !Array.isArray(component.components)) return component;
    const parts = component.components.map((part, i) => {
      if (!isPlainObject(part) || part.customConditional !== ADDRESS_MANUAL_MODE_SCRIPT) return part;
      warnings.push({
        path: `${path}.components[${i}].customConditional`,
        code: 'javascript',
        message: MESSAGES.addressManualModeScript,
      });
      const { customConditional: _script, ...rest } = part;
      return rest;
    });
    return { ...component, components: parts };
  };
  const paths = new Map<Record<string, unknown>, string>();
  walkRawComponents(form.components, ({ component, path }) => {
    paths.set(component, path);
  });
  const fix = (component: Record<string, unknown>) => {
    let next = component;
    const validate = next.validate;
    if (isPlainObject(validate) && isPlainObject(validate.json) && !validate.custom) {
      const { json: rule, ...rest } = validate;
      next = { ...next, validate: { ...rest, custom: rule } };
    }
    return addressParts(next, paths.get(component) ?? 'components');
  };
  return { ...form, components: mapRawComponents(form.components, fix) };
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

/** Splits `components[3].validate.json` into segments; attribute names never contain dots or brackets. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    segments.push(match[2] !== undefined ? Number(match[2]) : (match[1] as string));
  }
  return segments;
}

function removeAt(root: unknown, segments: readonly PathSegment[]): unknown {
  let current = root;
  for (const seg of segments.slice(0, -1)) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, seg)) return undefined;
    current = (current as Record<PathSegment, unknown>)[seg];
  }
  const last = segments.at(-1);
  if (!isPlainObject(current) || last === undefined || !Object.hasOwn(current, last)) return undefined;
  const value = current[last];
  delete current[last];
  return value;
}
