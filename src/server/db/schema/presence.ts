// Owned by the realtime feature (features/realtime): who has a real-time socket open, on which instance.
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts.ts';

/**
 * A member with at least one open socket on an instance: a row per (member, instance), stamped at
 * the socket's opening and again while it stays open (presence.service.ts). In the database rather
 * than in the hub's memory, so that every instance answers alike; a row whose instance stopped
 * stamping it (a crash) is read as offline once its stamp is old, and swept later.
 */
export const memberPresence = pgTable(
  'member_presence',
  {
    userId: memberRef('user_id'),
    /** The hub that holds the sockets: random per process, so a restarted instance is a new one. */
    instance: text('instance').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instance] })],
);
