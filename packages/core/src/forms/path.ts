/** One step of a path into a JSON value: an object key or an array index. */
export type PathSegment = string | number;

/** Appends one segment to a dotted path: `components[3]`, `components[3].key`. */
export function joinPath(base: string, segment: PathSegment): string {
  if (typeof segment === 'number') return `${base}[${segment}]`;
  return base === '' ? segment : `${base}.${segment}`;
}

/** Formats a path given as segments (zod issue paths, walker stacks) the same way as `joinPath`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) out = joinPath(out, typeof s === 'symbol' ? String(s) : s);
  return out;
}

/**
 * Keys that would reach or replace an object's prototype if used with bracket access. They are refused
 * everywhere (definitions, rules and submissions) rather than escaped, so no code path has to remember.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
