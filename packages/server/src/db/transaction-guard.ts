import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Refuses a query on the root database while a transaction is open in the same async flow (decision 054).
 *
 * PGlite has one connection: a transaction holds it until its callback returns, so a query issued on the root `db`
 * from inside that callback waits for the transaction, which waits for the query: the request never answers and
 * every other request queues behind it (issue 21 §6: the vault's autosave). On PostgreSQL the same query silently
 * takes a second connection, outside the transaction's snapshot and locks, and hangs the same way once the pool is
 * exhausted or the row is locked. Code inside a transaction reads and writes through its `tx`; this guard turns
 * the mistake into an immediate error on both databases instead of a hang on one.
 */

/** One open (or opening) root transaction; `open` turns false when its callback ends (work it started may outlive it). */
interface TransactionState {
  open: boolean;
}

const context = new AsyncLocalStorage<TransactionState>();

/** A query on the root database inside an open transaction of the same flow (a programming error). */
export class QueryOutsideTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} on the root database while a transaction is open in this request: ` +
        'pass the transaction (tx) through, or run it before the transaction begins or after it ends',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

const listeners = new Set<(err: QueryOutsideTransactionError) => void>();
/**
 * Calls `listener` with every refusal from now on (tests: a refusal some code caught and swallowed still fails the
 * test); answers the unsubscribe.
 */
export function onRefusal(listener: (err: QueryOutsideTransactionError) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Throws when a root transaction is open in the calling async flow. */
export function assertNoOpenTransaction(what: string): void {
  if (!context.getStore()?.open) return;
  const err = new QueryOutsideTransactionError(what);
  for (const listener of listeners) listener(err);
  throw err;
}

/**
 * Runs a root transaction: refused inside another one of the same flow; while `fn` runs, the flow counts as in a
 * transaction. `begin` opens the transaction and calls its callback with the transaction's handle.
 */
export function runGuardedTransaction<Tx, T>(
  begin: (callback: (tx: Tx) => Promise<T>) => Promise<T>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  assertNoOpenTransaction('a transaction');
  const state: TransactionState = { open: false };
  return context.run(state, () =>
    begin(async (tx) => {
      state.open = true;
      try {
        return await fn(tx);
      } finally {
        state.open = false;
      }
    }),
  );
}

/**
 * The database client with its query entry points refused inside an open transaction of the same flow. Every
 * other member is the client's own, bound to it (PGlite's private fields need the real instance as `this`).
 */
export function guardClient<C extends object>(client: C, methods: readonly string[]): C {
  const guarded = new Set(methods);
  return new Proxy(client, {
    get(target, prop, _receiver) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      if (typeof prop === 'string' && guarded.has(prop)) {
        return (...args: unknown[]) => {
          assertNoOpenTransaction(`${prop}()`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
