// Owned by the blocks feature (features/blocks).
import { bigint, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A member who blocked another: neither sees the other anywhere (search, profile, chat). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);
