import type { Database } from './client.ts';

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
