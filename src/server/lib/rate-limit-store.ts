import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { SESSION_COOKIE } from '../../shared/limits.ts';
import type { BackgroundWork } from './background-work.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** What @fastify/rate-limit hands a store's child: the merged limiter options and, for a route's config, the route. */
type ChildParams = {
  groupId?: string;
  countBehind?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /**
     * A wall against scripts, far above what a person does (the chat's sends, a provider's
     * notices): a hit below half the limit is allowed at once and counted in the database right
     * after, with the others that wait, instead of before the request goes on. Near the limit and
     * for every refusal the database counts first, as for every other limit. Never for a limit
     * that guards secrets (logins, codes, resets): those count each hit before answering.
     */
    countBehind?: boolean;
  }
}

// One statement for any number of keys, each with its number of hits: a window restarts when it
// has run out, otherwise the count goes up. The database's clock decides, so every instance agrees
// on when a window ends (`ends` names the window). Its commit does not wait for the WAL flush
// (synchronous_commit off for this statement's own transaction, set_config's third argument): a
// count lost in a crash costs at most a few hits of one window. A hit is never lost otherwise: the
// count is visible to every instance as soon as the statement ends.
const HITS = `
  insert into rate_limits (key, count, expires_at)
  select k, n, now() + w * interval '1 millisecond'
  from unnest($1::text[], $2::int[], $3::int[]) as hits(k, n, w),
    (select set_config('synchronous_commit', 'off', true)) as async_commit
  on conflict (key) do update set
    count = case when rate_limits.expires_at <= now() then excluded.count else rate_limits.count + excluded.count end,
    expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
  returning key, count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl,
    (extract(epoch from expires_at) * 1000)::float8 as ends`;

const CLEAN_EVERY_MS = 10 * 60_000;
/**
 * How often an instance writes the hits of countBehind limits that wait: one statement for all of
 * them, so a busy instance writes its counts in a few statements a second instead of one per
 * request, and what it knows lags by at most this and a round trip. A crash loses at most these.
 */
const WRITE_EVERY_MS = 10;
/** Keys of countBehind limits whose counts an instance remembers; past it they are forgotten. */
const MAX_KNOWN = 100_000;

export type RateLimitStores = { Store: FastifyRateLimitStoreCtor; close: () => void };

/** A count as the database answers it, with the window it belongs to. */
type Counted = Result & { ends: number };

/**
 * What an instance knows of a countBehind key: the count the database last answered (of the
 * window that ends at `ends`, by the database's clock; `expiresAt` by this process's), and this
 * instance's hits since: `sent` on their way to the database, `waiting` not yet.
 */
type Known = {
  count: number;
  ends: number;
  expiresAt: number;
  window: number;
  sent: number;
  waiting: number;
};

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so a limit holds across
 * every instance of the app (its own stores keep them in one process, or need Redis). Each limiter
 * gets its own key space: a route's limit by method and URL, a limiter shared by several routes
 * (app.rateLimit) by the groupId it must be given.
 *
 * A hit is counted before the request goes on, except for a countBehind limit below half its
 * count: allowed at once, it is written after, with every other hit that waits, in one statement,
 * one statement at a time (docs/decisions/0015, addendum). Each answer brings the count of every
 * instance's hits, and an instance's own hits are always in what it knows, so one instance never
 * lets more through than its limit; a refusal is always the database's count.
 */
export function createRateLimitStores(
  pool: pg.Pool,
  background: Pick<BackgroundWork, 'track'> = { track: (work) => work },
): RateLimitStores {
  const known = new Map<string, Known>();
  /** The keys with hits waiting to be written. */
  const waitingKeys = new Set<string>();
  let writing = false;

  const cleaner = setInterval(() => {
    pool.query(`delete from rate_limits where expires_at < now()`).catch(() => {});
    const now = performance.now();
    for (const [key, k] of known) if (k.expiresAt <= now && k.sent + k.waiting === 0) known.delete(key);
  }, CLEAN_EVERY_MS);
  cleaner.unref();

  /** A key no answer has told of yet: its first answer, whatever its window, replaces this. */
  const unknown = (key: string, window: number): Known => {
    if (known.size >= MAX_KNOWN) known.clear();
    const k = { count: 0, ends: 0, expiresAt: 0, window, sent: 0, waiting: 0 };
    known.set(key, k);
    return k;
  };

  /** The database's answer: a later count of the window known (counts only grow), or a new window. */
  const remember = (key: string, window: number, result: Counted) => {
    const k = known.get(key) ?? unknown(key, window);
    if (result.ends === k.ends) k.count = Math.max(k.count, result.current);
    else if (result.ends > k.ends)
      Object.assign(k, {
        count: result.current,
        ends: result.ends,
        expiresAt: performance.now() + result.ttl,
      });
  };

  /** Sends `hits` of a known key to the database; its answer updates what is known. */
  const send = async (keys: string[], hits: number[], windows: number[]) => {
    for (const [i, key] of keys.entries()) (known.get(key) as Known).sent += hits[i] as number;
    try {
      const results = await countHits(pool, keys, hits, windows);
      for (const [i, key] of keys.entries()) {
        const result = results.get(key);
        if (result) remember(key, windows[i] as number, result);
      }
      return results;
    } catch (error) {
      // Not lost: they go with the next write (the database being away fails requests anyway).
      for (const [i, key] of keys.entries()) {
        const k = known.get(key);
        if (!k) continue;
        k.waiting += hits[i] as number;
        waitingKeys.add(key);
      }
      throw error;
    } finally {
      for (const [i, key] of keys.entries()) {
        const k = known.get(key);
        if (k) k.sent -= hits[i] as number;
      }
    }
  };

  /**
   * Writes the hits that wait, one statement at a time, at most every WRITE_EVERY_MS (`writing`:
   * planned or running). Background work from the timer on: what waits for the instance to be idle
   * (a stop, a test) waits for the hits to be written.
   */
  const writeSoon = () => {
    if (writing || waitingKeys.size === 0) return;
    writing = true;
    void background.track(
      new Promise<void>((written) => setTimeout(() => writeWaiting(written), WRITE_EVERY_MS).unref()),
    );
  };
  const writeWaiting = (written: () => void) => {
    const keys: string[] = [];
    const hits: number[] = [];
    const windows: number[] = [];
    for (const key of waitingKeys) {
      const k = known.get(key);
      if (!k || k.waiting === 0) continue;
      keys.push(key);
      hits.push(k.waiting);
      windows.push(k.window);
      k.waiting = 0;
    }
    waitingKeys.clear();
    // A hit that had to wait for the database took this key's waiting hits with it.
    if (keys.length === 0) {
      writing = false;
      written();
      return;
    }
    send(keys, hits, windows)
      .catch(() => {})
      .finally(() => {
        writing = false;
        writeSoon();
        written();
      });
  };

  class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly behind: boolean;
    constructor(_options?: unknown, prefix = '', behind = false) {
      this.prefix = prefix;
      this.behind = behind;
    }

    incr(key: string, callback: Callback, timeWindow: number, max?: number) {
      const full = `${this.prefix}${key}`;
      if (!this.behind) {
        countHit(pool, full, timeWindow).then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
        return;
      }
      const k = known.get(full);
      const now = performance.now();
      if (k && k.expiresAt > now && k.window === timeWindow && max !== undefined) {
        const current = k.count + k.sent + k.waiting + 1;
        if (current <= max / 2) {
          k.waiting += 1;
          waitingKeys.add(full);
          writeSoon();
          callback(null, { current, ttl: Math.ceil(k.expiresAt - now) });
          return;
        }
      }
      // Counted before the answer: this hit, with this key's hits that wait.
      const entry = k ?? unknown(full, timeWindow);
      const hits = 1 + entry.waiting;
      entry.waiting = 0;
      send([full], [hits], [timeWindow]).then(
        (results) => callback(null, answer(results.get(full), hits, timeWindow)),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const params = routeOptions as unknown as ChildParams;
      const { method, url } = params.routeInfo ?? {};
      const name = params.groupId ?? (url ? `${[method].flat().join(',')} ${url}` : undefined);
      // Without a name two shared limiters would count in one key space.
      if (!name) throw new Error('a limiter made with app.rateLimit needs a groupId (its key space)');
      return new PostgresStore(undefined, `${name}|`, params.countBehind === true);
    }
  }

  return {
    Store: PostgresStore as unknown as FastifyRateLimitStoreCtor,
    close: () => clearInterval(cleaner),
  };
}

const answer = (counted: Counted | undefined, hits: number, window: number): Result => ({
  current: counted?.current ?? hits,
  ttl: counted?.ttl ?? window,
});

/** Counts `hits[i]` hits of `keys[i]` in its window of `windows[i]` ms; the counts after, by key. */
async function countHits(
  pool: Pick<pg.Pool, 'query'>,
  keys: string[],
  hits: number[],
  windows: number[],
): Promise<Map<string, Counted>> {
  // Named: planned once per connection, it runs for nearly every API call.
  const { rows } = await pool.query<{ key: string; count: number; ttl: number; ends: number }>({
    name: 'rate_limit_hits',
    text: HITS,
    values: [keys, hits, windows],
  });
  return new Map(rows.map((row) => [row.key, { current: row.count, ttl: row.ttl, ends: row.ends }]));
}

/**
 * Counts one hit of `key` in its window (shared by every instance) and answers the count: every
 * limit's hit but a countBehind one's, and a limit a service keeps itself on a key no request
 * header can choose (SMS per member and per phone number, 0033).
 */
export async function countHit(pool: Pick<pg.Pool, 'query'>, key: string, windowMs: number): Promise<Result> {
  return answer((await countHits(pool, [key], [1], [windowMs])).get(key), 1, windowMs);
}

/**
 * The key of a limit on members' own actions (likes, sends): the session, so members behind one
 * address (an office, a mobile carrier) do not share a count. Only a session that exists: an
 * invented or stale cookie would otherwise be a fresh count per value; without one, the request is
 * counted by address (request.ip, which trusts TRUST_PROXY's proxies only). The lookup is the one
 * the route's actor needs anyway (memoised per request).
 */
export async function perSessionKey(request: FastifyRequest): Promise<string> {
  const sid = request.cookies?.[SESSION_COOKIE];
  if (!sid || !(await request.session())) return request.ip;
  return `s:${createHash('sha256').update(sid).digest('base64url').slice(0, 22)}`;
}

/**
 * The key of a limit on what a member does over all their sessions (photo uploads, swipes): a new
 * login does not start a new count. Without a session, by address, as perSessionKey.
 */
export async function perMemberKey(request: FastifyRequest): Promise<string> {
  const session = await request.session();
  return session ? `member:${session.user.id}` : `ip:${request.ip}`;
}
