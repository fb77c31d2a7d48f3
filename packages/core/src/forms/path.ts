/** One step of a path into a JSON value: an object key or an array index. */
export type PathSegment = string | number;

/** A key that a dotted path could not name unambiguously (Form.io exports do have `"widget.type"`). */
const NEEDS_QUOTES = /[.[\]"]/;

/**
 * Appends one segment to a dotted path: `components[3]`, `components[3].key`. A key holding a dot, a bracket or a
 * quote is written quoted, `components[3]["widget.type"]`, so `parsePath` gives back exactly the segments.
 */
export function joinPath(base: string, segment: PathSegment): string {
  if (typeof segment === 'number') return `${base}[${segment}]`;
  if (NEEDS_QUOTES.test(segment)) return `${base}[${JSON.stringify(segment)}]`;
  return base === '' ? segment : `${base}.${segment}`;
}

/** Splits a path made by `joinPath` back into its segments: `components[3]["widget.type"]` -> components, 3, widget.type. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const match of path.matchAll(/\[("(?:[^"\\]|\\.)*")\]|\[(\d+)\]|([^.[\]]+)/g)) {
    if (match[1] !== undefined) segments.push(JSON.parse(match[1]) as string);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push(match[3] as string);
  }
  return segments;
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
