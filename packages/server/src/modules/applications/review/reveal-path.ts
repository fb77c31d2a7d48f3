import { type CompiledScope, compileForm } from '@under/core/forms/compile-form';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { FORBIDDEN_KEYS, formatPath, isPlainObject, type PathSegment, parsePath } from '@under/core/forms/path';

/**
 * The stored value at a data path (`ssn`, `bank.routing`, `owners[1].ssn`, `home.address1`, `taxIds[0]`) when the
 * path names a value of an `euEncrypted` field (or an encrypted address part) of the form; `{ ok: false }` for any
 * other path, so a reveal can never read a plain field or walk outside the form. A path to an encrypted field with no
 * value gives `value: undefined`.
 */
export function findEncryptedValue(
  form: FormDefinition,
  data: Record<string, unknown>,
  path: string,
): { ok: true; value: unknown } | { ok: false } {
  const segments = parsePath(path);
  // only a path as the form writes it: `parsePath` skips stray dots and brackets (`owner_ssn.`, `[owner_ssn]`),
  // which would otherwise reveal, and record, a path nobody's data has
  if (segments.length === 0 || formatPath(segments) !== path) return { ok: false };
  if (segments.some((s) => typeof s === 'string' && FORBIDDEN_KEYS.has(s))) return { ok: false };
  return walk(compileForm(form), data, segments);
}

const own = (value: unknown, key: PathSegment): unknown => {
  if (typeof key === 'number') return Array.isArray(value) ? value[key] : undefined;
  return isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
};

function walk(
  scope: CompiledScope,
  obj: unknown,
  segments: PathSegment[],
): { ok: true; value: unknown } | { ok: false } {
  const [head, ...rest] = segments;
  if (typeof head !== 'string') return { ok: false };
  const field = scope.fields.find((f) => f.key === head);
  if (!field) return { ok: false };
  const value = own(obj, head);
  if (field.encrypted) {
    // inside an encrypted value (several values, or an object value): an index or key that is there; anything
    // else (`owner_ssn[0]` of a single value, `owner_ssn.x`) names no value of the field
    let inner = value;
    for (const segment of rest) {
      const isIndex = typeof segment === 'number';
      if (isIndex ? !Array.isArray(inner) : !isPlainObject(inner) || !Object.hasOwn(inner, segment)) {
        return { ok: false };
      }
      inner = own(inner, segment);
      if (inner === undefined) return { ok: false };
    }
    return { ok: true, value: inner };
  }
  if (field.scope && field.group === 'container') return walk(field.scope, value ?? {}, rest);
  if (field.scope && field.group === 'grid') {
    const [index, ...inRow] = rest;
    if (typeof index !== 'number') return { ok: false };
    return walk(field.scope, own(value, index) ?? {}, inRow);
  }
  if (field.component.type === 'address' && rest.length === 1 && typeof rest[0] === 'string') {
    const part = (field.component.components ?? []).find((p) => p.key === rest[0]);
    if (part?.euEncrypted !== true) return { ok: false };
    const inner = isPlainObject(value) && isPlainObject(value.address) ? value.address : value;
    return { ok: true, value: own(inner, rest[0]) };
  }
  return { ok: false };
}
