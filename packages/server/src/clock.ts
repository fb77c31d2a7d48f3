/**
 * What every service reads the time from: milliseconds since the epoch. Injected (`deps.now`) so tests and the
 * e2e file clock (main.ts) can move time; production passes nothing and gets `Date.now`.
 */
export type Clock = () => number;
