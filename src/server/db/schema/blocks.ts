// Owned by the blocks feature (features/blocks).
import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts.ts';

/** A member who blocked another: neither sees the other anywhere (search, profile, chat). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: memberRef('blocker_id'),
    blockedId: memberRef('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);
