import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts.ts';

// Owned by the auth feature (its lockout, lockout.service.ts).

/**
 * Password checks counted per key (docs/decisions/0013): a typed login identifier, an account, a
 * known device, or an account's checks inside a session. The key is a hash, so the table names no
 * address; rows live minutes (pruned by the login itself), not the account's lifetime.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    /** Checks started since the window began; never above the limit + 1. */
    failures: integer('failures').notNull().default(0),
    /** Set when the count reaches the limit; the key is refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_updated_idx').on(t.updatedAt)],
);

/**
 * Browsers that logged in to an account before: the `ldev` cookie's token, stored hashed. A login
 * from such a browser is counted on its own, so a stranger's lock of the account does not shut the
 * owner out of a browser they used before.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: memberRef('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_devices_user_idx').on(t.userId), index('login_devices_used_idx').on(t.lastUsedAt)],
);
