import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { SESSION_COOKIE } from '../../shared/limits.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** What @fastify/rate-limit hands a store's child: the merged limiter options and, for a route's config, the route. */
type ChildParams = { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

// One statement: the window restarts when it has run out, otherwise the count goes up. The
// database's clock decides, so every instance agrees on when a window ends.
// Its commit does not wait for the WAL flush (synchronous_commit off for this statement's own
// transaction, set_config's third argument): the request waited for a flush here before its own
// work, and a count lost in a crash costs at most a few hits of one window. A hit is never lost
// otherwise: the count is visible to every instance as soon as the statement ends.
const INCREMENT = `
  insert into rate_limits (key, count, expires_at)
  select $1, 1, now() + $2 * interval '1 millisecond'
  from (select set_config('synchronous_commit', 'off', true)) as async_commit
  on conflict (key) do update set
    count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
    expires_at = case when rate_limits.expires_at <= now()
      then now() + $2 * interval '1 millisecond' else rate_limits.expires_at end
  returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`;

const CLEAN_EVERY_MS = 10 * 60_000;

export type RateLimitStores = { Store: FastifyRateLimitStoreCtor; close: () => void };

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so a limit holds across
 * every instance of the app (its own stores keep them in one process, or need Redis). Each limiter
 * gets its own key space: a route's limit by method and URL, a limiter shared by several routes
 * (app.rateLimit) by the groupId it must be given.
 */
export function createRateLimitStores(pool: pg.Pool): RateLimitStores {
  const cleaner = setInterval(() => {
    pool.query(`delete from rate_limits where expires_at < now()`).catch(() => {});
  }, CLEAN_EVERY_MS);
  cleaner.unref();

  class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(pool, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const params = routeOptions as unknown as ChildParams;
      const { method, url } = params.routeInfo ?? {};
      const name = params.groupId ?? (url ? `${[method].flat().join(',')} ${url}` : undefined);
      // Without a name two shared limiters would count in one key space.
      if (!name) throw new Error('a limiter made with app.rateLimit needs a groupId (its key space)');
      return new PostgresStore(undefined, `${name}|`);
    }
  }

  return {
    Store: PostgresStore as unknown as FastifyRateLimitStoreCtor,
    close: () => clearInterval(cleaner),
  };
}

/**
 * Counts one hit of `key` in its window (shared by every instance), for a limit a service keeps
 * itself on a key no request header can choose: SMS per member and per phone number (0033).
 */
export async function countHit(pool: Pick<pg.Pool, 'query'>, key: string, windowMs: number): Promise<Result> {
  // Named: planned once per connection, it runs before nearly every API call.
  const { rows } = await pool.query<{ count: number; ttl: number }>({
    name: 'rate_limit_hit',
    text: INCREMENT,
    values: [key, windowMs],
  });
  const row = rows[0];
  return row ? { current: row.count, ttl: row.ttl } : { current: 1, ttl: windowMs };
}

/**
 * The key of a limit on members' own actions (likes, swipes): the session, so members behind one
 * address (an office, a mobile carrier) do not share a count. A request without a session cookie,
 * or with an invented one, is refused by the route anyway; it is counted by address.
 */
export function perSessionKey(request: FastifyRequest): string {
  const sid = request.cookies?.[SESSION_COOKIE];
  return sid ? `s:${createHash('sha256').update(sid).digest('base64url').slice(0, 22)}` : request.ip;
}
