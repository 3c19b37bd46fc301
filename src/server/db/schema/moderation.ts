// Owned by the moderation feature (features/moderation).
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts.ts';
import { identityId } from './columns.ts';

/**
 * A change of a member's published text (name, about me), checked after publishing: the text
 * before and after, until a moderator keeps it (approved) or puts the old one back (rejected).
 */
export const textChanges = pgTable(
  'text_changes',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    field: text('field', { enum: ['name', 'about_me'] }).notNull(),
    before: text('before'),
    after: text('after'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('text_changes_status_idx').on(t.status, t.createdAt, t.id),
    index('text_changes_user_idx').on(t.userId),
  ],
);

/** What a member is told on /profile about a moderator's decision, until they dismiss it. */
export const moderationNotices = pgTable(
  'moderation_notices',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    subject: text('subject', { enum: ['photo', 'name', 'about_me'] }).notNull(),
    // What became of the text (NoticeOutcome in features/moderation/moderation.mails.ts).
    outcome: text('outcome', {
      enum: ['approved', 'rejected', 'rejected_choose_new', 'rejected_newer_kept'],
    }).notNull(),
    reason: text('reason'),
    note: text('note'),
    /** The photo decided on (gone when the member deletes it; the notice stays). */
    photoId: bigint('photo_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [index('moderation_notices_user_idx').on(t.userId, t.createdAt)],
);
