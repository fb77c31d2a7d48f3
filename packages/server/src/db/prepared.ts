import type { DbOrTx } from './client';

/**
 * Prepared queries kept per connection (decision 067): Drizzle builds a prepared query's SQL once, and on
 * PostgreSQL a named one is parsed and planned once per connection; the hot paths (the applicant's save and submit)
 * then skip both on every request. A prepared query runs on the connection it was prepared on, so it is kept per
 * client: the pool for the root database, each pooled connection for a transaction (PGlite's transactions are new
 * objects each time: there it is simply prepared again).
 */
const byClient = new WeakMap<object, Map<string, unknown>>();

export function preparedOn<P>(db: DbOrTx, name: string, prepare: (db: DbOrTx) => P): P {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (typeof client !== 'object' || client === null) return prepare(db);
  let queries = byClient.get(client);
  if (!queries) {
    queries = new Map();
    byClient.set(client, queries);
  }
  let query = queries.get(name) as P | undefined;
  if (!query) {
    query = prepare(db);
    queries.set(name, query);
  }
  return query;
}
