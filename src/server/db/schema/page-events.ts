import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identityId } from './columns.ts';

/** Owned by the page-hidden feature: beacons and bounce logging, append-only, written in batches. */
export const pageEvents = pgTable(
  'page_events',
  {
    id: identityId(),
    kind: text('kind', { enum: ['hidden', 'bounce'] }).notNull(),
    path: text('path').notNull(),
    visitorId: text('visitor_id'),
    userId: bigint('user_id', { mode: 'number' }),
    loggedIn: boolean('logged_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_events_created_idx').on(t.createdAt)],
);
