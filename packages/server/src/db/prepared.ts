import { createHash } from 'node:crypto';
import { is, type SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
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

/** Names given per statement text (a text's hash); bounded: a text past the limit runs unnamed. */
const names = new Map<string, string>();
const MAX_NAMED_TEXTS = 500;

/** A statement's text and parameters as Drizzle builds them (values, or placeholders to fill per call). */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/**
 * Runs `query` as a named statement on PostgreSQL (decision 076): the name is derived from the built text, so
 * PostgreSQL parses it once per connection and every later save with the same shape (the same columns, the same
 * number of audit events) binds new values only. `values` fill the query's placeholders (`sql.placeholder`).
 * PGlite runs it as `execute` does (its driver has no named statements). Answers the statement's rows.
 */
export async function executeNamed(
  db: DbOrTx,
  query: SQL,
  prefix: string,
  values: Record<string, unknown> = {},
): Promise<unknown[]> {
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): BuiltQuery } }).dialect;
  return executeBuilt(db, dialect.sqlToQuery(query), prefix, values);
}

/** `query` built once (`buildQuery`), run as `executeNamed` runs it: the applicant's autosave (decision 081). */
export async function executeBuilt(
  db: DbOrTx,
  built: BuiltQuery,
  prefix: string,
  values: Record<string, unknown> = {},
): Promise<unknown[]> {
  const session = (db as unknown as { session: Preparing }).session;
  if (!is(session, NodePgSession))
    return rowsOf(await session.prepareQuery(built, undefined, undefined, false).execute(values));
  let name = names.get(built.sql);
  if (!name && names.size < MAX_NAMED_TEXTS) {
    name = `${prefix}_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 24)}`;
    names.set(built.sql, name);
  }
  return rowsOf(await session.prepareQuery(built, undefined, name, false).execute(values));
}

/** `query`'s text and parameters (placeholders stay placeholders): build once, run many times with `executeBuilt`. */
export function buildQuery(db: DbOrTx, query: SQL): BuiltQuery {
  return (db as unknown as { dialect: { sqlToQuery(q: SQL): BuiltQuery } }).dialect.sqlToQuery(query);
}

interface Preparing {
  prepareQuery(
    query: BuiltQuery,
    fields: undefined,
    name: string | undefined,
    arrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

/** The rows of a driver's answer (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = (result: unknown): unknown[] => (result as { rows?: unknown[] } | undefined)?.rows ?? [];
