import type { z } from 'zod';
import type { HealthResponseSchema } from '../../../shared/contracts/site.ts';
import { pingDatabase } from '../../db/client.ts';
import { defineState } from '../../feature.ts';
import type { AppServices } from '../../services.ts';

/** How long a successful database check answers the health call. */
export const DATABASE_CHECK_TTL_MS = 1_000;

export const HEALTH_UP: z.infer<typeof HealthResponseSchema> = Object.freeze({
  status: 'ok',
  database: 'ok',
});
export const HEALTH_DOWN: z.infer<typeof HealthResponseSchema> = Object.freeze({
  status: 'unavailable',
  database: 'unavailable',
});

/** The headers of every health answer besides the security headers. */
export const HEALTH_HEADERS = Object.freeze({
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
});

export type DatabaseCheck = {
  /** true when the database answers; a ping shared by concurrent callers, unless one succeeded within the TTL. */
  check: () => Promise<boolean>;
  /** A ping that started less than the TTL ago succeeded: the answer is known without waiting. */
  knownUp: () => boolean;
};

/**
 * The health call's database check. A success is reused for a second: load balancers and monitors
 * may call health many times a second from several places, and each call would otherwise take a pool
 * connection and a database round trip (also a cheap way for anyone to load the database). A failure
 * is not remembered, so the next call checks again and recovery shows at once.
 */
export function createDatabaseCheck(
  ping: () => Promise<void>,
  options: { ttlMs?: number; now?: () => number } = {},
): DatabaseCheck {
  const ttlMs = options.ttlMs ?? DATABASE_CHECK_TTL_MS;
  const now = options.now ?? (() => performance.now());
  /** When the last successful ping started (a success counts from the moment it was asked). */
  let upAt: number | undefined;
  let inFlight: Promise<boolean> | undefined;
  const knownUp = () => upAt !== undefined && now() - upAt < ttlMs;
  return {
    knownUp,
    check: () => {
      if (knownUp()) return Promise.resolve(true);
      if (inFlight) return inFlight;
      const startedAt = now();
      // The handlers run after the assignment below, even when ping throws at once.
      inFlight = Promise.resolve()
        .then(ping)
        .then(
          () => {
            inFlight = undefined;
            upAt = startedAt;
            return true;
          },
          () => {
            inFlight = undefined;
            upAt = undefined;
            return false;
          },
        );
      return inFlight;
    },
  };
}

/** The app's check (health.feature.ts lists it); a test swaps it for one with its own ping. */
export const databaseCheckState = defineState('health.database-check', (services) =>
  createDatabaseCheck(() => pingDatabase(services.db)),
);

export function databaseCheckOf(services: Pick<AppServices, 'state'>): DatabaseCheck {
  return services.state.of(databaseCheckState);
}
