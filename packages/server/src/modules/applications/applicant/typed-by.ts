import { createHmac } from 'node:crypto';
import { DATA_GROUP_TYPES, GRID_TYPES, NON_DATA_TYPES } from '@under/core/forms/field-types';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { isMaskedValue } from '@under/core/forms/masking';

/** data path -> the owner whose own save wrote the encrypted value there, and a keyed tag of that value. */
export type TypedBy = Record<string, { ownerId: string; tag: string }>;

/**
 * The data paths of a form's encrypted fields outside repeated rows (container keys, then the field's key): the
 * values whose provenance is kept (decision 056). Grid rows are left out as the vault leaves them out.
 */
const pathsCache = new WeakMap<FormDefinition, string[]>();
function encryptedPathsOf(form: FormDefinition): string[] {
  let paths = pathsCache.get(form);
  if (paths) return paths;
  const found: string[] = [];
  walkComponents(form.components, ({ component, ancestors }) => {
    if (component.euEncrypted !== true) return;
    if (ancestors.some((a) => GRID_TYPES.has(a.type))) return;
    if (NON_DATA_TYPES.has(component.type) || DATA_GROUP_TYPES.has(component.type)) return;
    const containers = ancestors.filter((a) => DATA_GROUP_TYPES.has(a.type)).map((a) => a.key);
    found.push([...containers, component.key].join('.'));
  });
  paths = found;
  pathsCache.set(form, paths);
  return paths;
}

/** The value at a dotted data path, if every step is an object. */
function readPath(data: Record<string, unknown>, path: string): unknown {
  let here: unknown = data;
  for (const part of path.split('.')) {
    if (typeof here !== 'object' || here === null || Array.isArray(here)) return undefined;
    here = Object.hasOwn(here, part) ? (here as Record<string, unknown>)[part] : undefined;
  }
  return here;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A keyed tag of a plaintext value, bound to its application and path: equal values elsewhere get other tags, and
 * the tag says nothing about the value without the server's secret. A value is tagged as its text (a string as it
 * is, anything else as JSON), which is what opening its envelope gives back.
 */
function valueTag(secret: string, applicationId: string, path: string, value: unknown): string {
  return createHmac('sha256', secret)
    .update(`typed-by:${applicationId}:${path}:${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .digest('base64url');
}

/**
 * The provenance after an owner's save. For each encrypted path whose plaintext changed: the owner typed it when
 * they sent it in plaintext (an entry with the new value's tag); it came from the vault when they sent a masked
 * value the vault replaced (no entry: they never read it). Unchanged values keep their entry; empty ones lose it.
 */
export function typedByAfterSave(opts: {
  form: FormDefinition;
  secret: string;
  applicationId: string;
  ownerId: string;
  prior: TypedBy;
  /** The stored data before the save, opened. */
  previous: Record<string, unknown>;
  /** What the owner sent, before the vault replaced its masked values. */
  sent: Record<string, unknown>;
  /** The data as validated and about to be stored, opened. */
  data: Record<string, unknown>;
}): TypedBy {
  const next: TypedBy = {};
  for (const path of encryptedPathsOf(opts.form)) {
    const value = readPath(opts.data, path);
    if (isEmpty(value)) continue;
    if (JSON.stringify(value) === JSON.stringify(readPath(opts.previous, path))) {
      const kept = opts.prior[path];
      if (kept) next[path] = kept;
      continue;
    }
    const typed = readPath(opts.sent, path);
    if (isEmpty(typed) || isMaskedValue(typed)) continue;
    next[path] = { ownerId: opts.ownerId, tag: valueTag(opts.secret, opts.applicationId, path, value) };
  }
  return next;
}

/** Whether the plaintext now at `path` is the one `ownerId` typed there themselves. */
export function isTypedBy(
  typedBy: TypedBy | null | undefined,
  opts: { secret: string; applicationId: string; ownerId: string; path: string; value: unknown },
): boolean {
  const entry = typedBy?.[opts.path];
  if (!entry || entry.ownerId !== opts.ownerId) return false;
  return entry.tag === valueTag(opts.secret, opts.applicationId, opts.path, opts.value);
}
