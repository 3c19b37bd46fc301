import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const complaints = pgTable('complaints', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  language: text('language').notNull(),
  domain: text('domain').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Page-hidden beacons and bounce logging: append-only, written in batches. */
export const pageEvents = pgTable(
  'page_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['hidden', 'bounce'] }).notNull(),
    path: text('path').notNull(),
    visitorId: text('visitor_id'),
    userId: bigint('user_id', { mode: 'number' }),
    loggedIn: boolean('logged_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_events_created_idx').on(t.createdAt)],
);
