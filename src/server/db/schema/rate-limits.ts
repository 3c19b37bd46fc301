import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the per-IP and per-member limits (lib/rate-limit-store.ts), shared by every
 * app instance on the database. A row is one limiter's key in its current window. UNLOGGED
 * (migration 0020, which Drizzle does not model): counters of minutes need no WAL flush, and a
 * crash only starts the windows over.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
