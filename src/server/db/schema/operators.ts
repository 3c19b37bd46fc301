// Owned by the operators feature (features/operators): who answers which fictional profile's
// conversation now, what they answered, and the notes they keep per member and profile.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts.ts';
import { conversations, messages } from './chat.ts';
import { staffAccounts } from './staff.ts';

/**
 * A claim: one operator answers one waiting conversation. The conversation is the key (two
 * operators never hold it together) and so is the operator (one conversation at a time). A claim
 * past `expires_at` is free for anyone; the row stays until someone takes it or its holder moves on.
 */
export const operatorClaims = pgTable(
  'operator_claims',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('operator_claims_staff_key').on(t.staffId)],
);

/**
 * Each answer an operator sent as a fictional profile: the stats' source (time to answer from the
 * claim and from the member's wait, what the member spent afterwards). Members never see it.
 */
export const operatorReplies = pgTable(
  'operator_replies',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    profileId: memberRef('profile_id'),
    /** Since when the member waited (conversations.awaiting_reply_since at the claim). */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    repliedAt: timestamp('replied_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('operator_replies_staff_idx').on(t.staffId, t.repliedAt),
    index('operator_replies_profile_idx').on(t.profileId, t.repliedAt),
    index('operator_replies_conversation_idx').on(t.conversationId, t.repliedAt),
  ],
);

/** What "the profile" told this member before: one text per member and fictional profile. */
export const operatorNotes = pgTable(
  'operator_notes',
  {
    memberId: memberRef('member_id'),
    profileId: memberRef('profile_id'),
    body: text('body').notNull().default(sql`''`),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => staffAccounts.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.profileId] })],
);
