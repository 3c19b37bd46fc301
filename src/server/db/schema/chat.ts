// Owned by the chat feature (features/chat).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A conversation between two members, stored once per pair: `memberLow` < `memberHigh`, so the
 * unique pair cannot hold the same two members twice whoever wrote first. Created by the first
 * message, never by opening the page (docs/decisions/0026).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberLow: bigint('member_low', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberHigh: bigint('member_high', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote the first message: a free member may start LIMITS.freeConversations. */
    startedBy: bigint('started_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last seq given out: the next message takes last_seq + 1 in an UPDATE … RETURNING. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /**
     * For the back office (a later issue): since when a real member waits for a fictional profile's
     * answer; cleared when that profile writes. Null in conversations of two real members.
     */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
  },
  (t) => [
    unique('conversations_pair_key').on(t.memberLow, t.memberHigh),
    check('conversations_ordered_pair', sql`${t.memberLow} < ${t.memberHigh}`),
    index('conversations_member_high_idx').on(t.memberHigh),
    index('conversations_started_by_idx').on(t.startedBy),
    index('conversations_awaiting_idx')
      .on(t.awaitingReplySince)
      .where(sql`${t.awaitingReplySince} is not null`),
  ],
);

/** Each member's side of a conversation: what they read, what waits for them, whether they hid it. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    unread: integer('unread').notNull().default(0),
    /** Removed from this member's list (DELETE /api/chat.php); a new message brings it back. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    index('conversation_members_member_idx').on(t.memberId),
  ],
);

/**
 * One message. `seq` orders a conversation (strictly increasing, no gaps); (sender, client_id)
 * makes a resend the same message. `kind` leaves room for image and gift messages (nullable
 * columns of their own later); a text has its `body`.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text'] })
      .notNull()
      .default('text'),
    body: text('body').notNull(),
    clientId: uuid('client_id').notNull(),
    credits: integer('credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('messages_conversation_seq_key').on(t.conversationId, t.seq),
    unique('messages_sender_client_key').on(t.senderId, t.clientId),
    check('messages_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);
