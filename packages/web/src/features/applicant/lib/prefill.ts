import type { FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { isMaskedValue } from '@under/core/forms/masking';
import { FORBIDDEN_KEYS, isPlainObject, parsePath } from '@under/core/forms/path';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The form's data with the vault's answers (dotted paths into objects: the vault keeps no grid rows) put where the
 * applicant has not typed anything yet; what they typed always wins. Returns new objects along the changed paths.
 */
export function fillEmpty(data: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  let out = data;
  for (const [path, value] of Object.entries(values)) {
    const segments = parsePath(path);
    if (segments.length === 0 || segments.some((s) => typeof s !== 'string' || FORBIDDEN_KEYS.has(s))) continue;
    out = put(out, segments as string[], value);
  }
  return out;
}

function put(obj: Record<string, unknown>, [head, ...rest]: string[], value: unknown): Record<string, unknown> {
  const key = head as string;
  const current = Object.hasOwn(obj, key) ? obj[key] : undefined;
  if (rest.length === 0) return isEmpty(current) ? { ...obj, [key]: value } : obj;
  if (current !== undefined && !isPlainObject(current)) return obj;
  const inner = put(current ?? {}, rest, value);
  return inner === current ? obj : { ...obj, [key]: inner };
}

/**
 * The masked answers of `values` (encrypted ones, as the vault shows them), for the renderer's stored data: a mask
 * stands for a stored value, so the browser's checks take it as given; the server puts the real value in.
 */
export function maskedOnly(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => isMaskedValue(v)));
}

/** The label of the field a data path ends in (by its last key), for the list of what was prefilled. */
export function labelsByKey(form: FormDefinition): (path: string) => string | undefined {
  const labels = new Map<string, string>();
  walkComponents(form.components, ({ component }) => {
    if (component.key && component.label && !labels.has(component.key)) labels.set(component.key, component.label);
  });
  return (path) => {
    const last = parsePath(path).at(-1);
    return typeof last === 'string' ? labels.get(last) : undefined;
  };
}
