import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import { FORBIDDEN_KEYS, isPlainObject, joinPath } from './path';

/** Bounds on a form definition, checked before any schema work so hostile input is refused in bounded time. */
export const FORM_LIMITS = {
  /** Components inside components (panels, fieldsets, columns). */
  maxComponentDepth: 20,
  maxComponents: 5_000,
  /** Nesting of any JSON value; covers component nesting plus rules inside them. */
  maxJsonDepth: 160,
  /** Values of any kind in the whole definition. */
  maxValues: 1_000_000,
  /** Longest string anywhere (HTML content is the long one). */
  maxString: 100_000,
  maxKeyLength: 128,
  /** Stop collecting after this many problems; one is enough to refuse. */
  maxIssues: 100,
} as const;

/** A problem at a path such as `components[3].components[0].key`. */
export interface PathIssue {
  path: string;
  message: string;
}

/**
 * Checks that a value is plain JSON within the bounds and has no prototype-polluting keys.
 * It never descends past `maxJsonDepth`, so deep input cannot exhaust the stack.
 */
export function checkJsonBounds(
  value: unknown,
  limits: Partial<Record<keyof typeof FORM_LIMITS, number>> = {},
): PathIssue[] {
  const maxDepth = limits.maxJsonDepth ?? FORM_LIMITS.maxJsonDepth;
  const maxValues = limits.maxValues ?? FORM_LIMITS.maxValues;
  const maxString = limits.maxString ?? FORM_LIMITS.maxString;
  const issues: PathIssue[] = [];
  let count = 0;
  const walk = (node: unknown, path: string, depth: number): void => {
    if (issues.length >= FORM_LIMITS.maxIssues) return;
    count += 1;
    if (count === maxValues + 1) issues.push({ path, message: MESSAGES.tooManyValues(maxValues) });
    if (count > maxValues) return;
    if (node === null || node === undefined || typeof node === 'boolean') return;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) issues.push({ path, message: MESSAGES.notJson });
      return;
    }
    if (typeof node === 'string') {
      if (node.length > maxString) issues.push({ path, message: MESSAGES.stringTooLong(maxString) });
      return;
    }
    if (depth >= maxDepth) {
      issues.push({ path, message: MESSAGES.jsonTooDeep(maxDepth) });
      return;
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length && count <= maxValues; i++) walk(node[i], joinPath(path, i), depth + 1);
      return;
    }
    const proto = isPlainObject(node) ? Object.getPrototypeOf(node) : undefined;
    if (proto !== Object.prototype && proto !== null) {
      issues.push({ path, message: MESSAGES.notJson });
      return;
    }
    for (const key of Object.keys(node as object)) {
      const keyPath = joinPath(path, key);
      if (FORBIDDEN_KEYS.has(key)) {
        issues.push({ path: keyPath, message: MESSAGES.forbiddenKey(key) });
        continue;
      }
      if (key.length > FORM_LIMITS.maxKeyLength) {
        issues.push({ path, message: MESSAGES.stringTooLong(FORM_LIMITS.maxKeyLength) });
        continue;
      }
      walk((node as Record<string, unknown>)[key], keyPath, depth + 1);
    }
  };
  walk(value, '', 0);
  return issues;
}
