// Owned by the push feature (features/push).
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberRef, sessions } from './accounts.ts';
import { identityId } from './columns.ts';

/**
 * A browser's push subscription (one per device: a member can have several). Bound to the session
 * that posted it, so a logout of that device stops its pushes; posting it again from another login
 * moves it there. A push service's 404 or 410 removes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: identityId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userId: memberRef('user_id'),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A push about an event, claimed before it leaves (the flood rules count these rows, as the mails'),
 * with the subscriptions it reached: a retry after one device failed sends only to the others.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    id: identityId(),
    key: text('key').notNull(),
    userId: memberRef('user_id'),
    conversationId: bigint('conversation_id', { mode: 'number' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    deliveredTo: bigint('delivered_to', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  },
  (t) => [
    uniqueIndex('push_sends_key_idx').on(t.key),
    index('push_sends_user_idx').on(t.userId, t.claimedAt),
  ],
);
