/**
 * Counts failures per key in a sliding window. In memory: the embedded database allows one
 * process, and a restart forgetting counts only restores the normal limit (see decision 003).
 */
export interface AttemptLimiter {
  /** Whether the key is blocked now; `retryAfterMs` tells how long. */
  check(key: string): { blocked: boolean; retryAfterMs: number };
  fail(key: string): void;
  reset(key: string): void;
}

export function createAttemptLimiter(options: { max: number; windowMs: number; now?: () => number }): AttemptLimiter {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = now() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    check(key) {
      const list = recent(key);
      if (list.length < options.max) return { blocked: false, retryAfterMs: 0 };
      return { blocked: true, retryAfterMs: (list[0] ?? now()) + options.windowMs - now() };
    },
    fail(key) {
      const list = recent(key);
      list.push(now());
      failures.set(key, list);
      // bound memory under a spray of distinct keys
      if (failures.size > 100_000) failures.delete(failures.keys().next().value as string);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
