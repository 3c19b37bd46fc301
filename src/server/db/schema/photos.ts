// Owned by the photos feature (features/photos).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts.ts';
import { identityId } from './columns.ts';

export const photos = pgTable(
  'photos',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Why a moderator rejected it: a key of MODERATION_REASONS, and their optional words to the member. */
    rejectionReason: text('rejection_reason'),
    rejectionNote: text('rejection_note'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** Private photos are shown to premium members only; others get the blurred variant. */
    private: boolean('private').notNull().default(false),
    /** Storage key prefix; sizes are stored as `${key}-thumb.webp` and so on. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_user_idx').on(t.userId, t.position),
    // The moderators' queue, oldest first: only the few photos that wait.
    index('photos_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
