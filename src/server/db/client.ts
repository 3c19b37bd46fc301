import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;
export type Db = { db: Database; pool: pg.Pool; url: string; close: () => Promise<void> };
/** A transaction as Drizzle hands it to the callback of db.transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: a service function that changes several tables takes the caller's transaction. */
export type Queryable = Database | Tx;

// bigint columns (ids, counts) come back as numbers; our ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * `min`: connections the pool keeps open however long they idle (node-postgres closes the others
 * after 10 s). A new connection costs its first requests the SCRAM handshake, a backend whose
 * catalog caches are empty and every named statement prepared again (docs/performance.md, the chat).
 */
export function connectDatabase(url: string, options: { max?: number; min?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    min: options.min ?? 0,
    // Requests run short statements: starting a parallel worker costs a few milliseconds, more than
    // a page of likes or search takes without one (docs/decisions/0025).
    options: '-c max_parallel_workers_per_gather=0',
  });
  // An idle client that loses its server (restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

const MIGRATION_LOCK = 727_001;

/** Applies pending migrations; an advisory lock keeps several starting instances from racing. */
export async function migrateDatabase({ db, pool }: Pick<Db, 'db' | 'pool'>): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockHolder.release();
  }
}

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
