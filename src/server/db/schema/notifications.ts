// Owned by the notifications feature (features/notifications).
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../../../shared/contracts/notifications.ts';
import { memberKey, memberRef } from './accounts.ts';
import { identityId } from './columns.ts';

/**
 * A member's notification switches, per channel: the types that are on. No row: the defaults
 * (shared/contracts/notifications.ts), so the table holds only members who changed something.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: memberKey('user_id'),
  email: text('email').array().$type<NotificationType[]>().notNull(),
  push: text('push').array().$type<NotificationType[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A notification mail, claimed before it is handed to the mail server and kept after: the flood
 * rules count these rows (one per conversation until the member comes back, a daily cap). The row
 * is locked while the mail server has the mail and marked sent once it took it; a job that finds
 * the mark never sends it again, one that finds an unmarked row nobody holds hands it over again
 * (the hand-over died with its process: docs/decisions/0045).
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: identityId(),
    /** What the mail is about, once: `message:{conversation}:{seq}:{recipient}`, `like:{liker}:{liked}` … */
    key: text('key').notNull(),
    userId: memberRef('user_id'),
    kind: text('kind').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** When the mail server took it; null while it is being handed over (or the hand-over died). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_mails_key_idx').on(t.key),
    index('notification_mails_user_idx').on(t.userId, t.claimedAt),
  ],
);

/**
 * What came back about a member's mail: a hard or soft bounce (a DSN's status) or a spam complaint
 * (a feedback-loop report). A hard bounce and a complaint also stop the mail (users'
 * notifications_disabled); a soft one is only kept, since the sending server retries it.
 */
export const notificationBounces = pgTable(
  'notification_bounces',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    kind: text('kind').$type<'hard' | 'soft' | 'complaint'>().notNull(),
    /** The DSN's status (5.1.1, 4.2.2) or the report's feedback type (abuse). */
    detail: text('detail').notNull(),
    /** By which way it came: smtp or webhook. */
    via: text('via').$type<'smtp' | 'webhook'>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notification_bounces_user_idx').on(t.userId, t.receivedAt)],
);
