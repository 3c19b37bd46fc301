import { createPromiseCache } from '../../lib/promise-cache.ts';

/** How long a successful database check answers the health call. */
export const DATABASE_CHECK_TTL_MS = 1_000;

/**
 * The health call's database check. A success is reused for a second: load balancers and monitors
 * may call health many times a second from several places, and each call would otherwise take a pool
 * connection and a database round trip (also a cheap way for anyone to load the database). A failure
 * is not remembered, so the next call checks again and recovery shows at once.
 */
export function createDatabaseCheck(
  ping: () => Promise<void>,
  options: { ttlMs?: number; now?: () => number } = {},
): () => Promise<boolean> {
  const cache = createPromiseCache<true>({ ttlMs: options.ttlMs ?? DATABASE_CHECK_TTL_MS, maxEntries: 1 });
  const now = options.now ?? (() => performance.now());
  return () =>
    cache
      .get(
        'database',
        async () => {
          await ping();
          return true as const;
        },
        now(),
      )
      .then(
        () => true,
        () => false,
      );
}
