// Owned by the notifications feature (features/notifications).
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../../../shared/contracts/notifications.ts';
import { users } from './accounts.ts';

/**
 * A member's notification switches, per channel: the types that are on. No row: the defaults
 * (shared/contracts/notifications.ts), so the table holds only members who changed something.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').array().$type<NotificationType[]>().notNull(),
  push: text('push').array().$type<NotificationType[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
