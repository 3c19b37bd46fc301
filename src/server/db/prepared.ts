import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Database, Queryable } from './client.ts';

/**
 * A statement prepared once per database and then executed by name (Drizzle's `.prepare(name)`):
 * PostgreSQL plans it once per connection instead of at every call, and Drizzle builds its SQL
 * once instead of at every call. For the reads every request makes (the session) and the chat's
 * per-message reads, where planning cost more than running (docs/performance.md, the chat).
 *
 * Only for statements on the pool, not inside a transaction: a prepared statement belongs to the
 * database object it was built on. Inside a transaction, `.prepare(name).execute()` on the built
 * query gives the same plan once per connection (Drizzle still builds the SQL at each call). Either
 * way a name stands for one SQL text: node-postgres refuses a name reused with another text on the
 * same connection, so a statement whose shape varies takes one name per shape.
 */
export function preparedPerDatabase<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const prepared = new WeakMap<Database, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();
/** Each name's SQL, built once: building these statements cost more than running them. */
const built = new Map<string, Query>();

/**
 * A hand-written statement (one Drizzle cannot build, such as an UPDATE … FROM a JSON set inside a
 * data-modifying WITH) executed by name, on the pool or in a transaction: PostgreSQL plans it once
 * per connection, and its SQL is built once per process (`build` runs at the first call only).
 * What varies goes in `sql.placeholder(key)`, filled from `values`: a set as one JSON parameter,
 * never as a list of parameters. Answers node-postgres' result; timestamps come back as text.
 */
export async function executeNamed<T extends QueryResultRow>(
  db: Queryable,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<QueryResult<T>> {
  let query = built.get(name);
  if (!query) {
    query = dialect.sqlToQuery(build());
    built.set(name, query);
  }
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return (await prepared.execute(values)) as QueryResult<T>;
}
