// Owned by the chat feature (features/chat).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberRef, users } from './accounts.ts';
import { identityId } from './columns.ts';

/**
 * A conversation between two members, stored once per pair: `memberLow` < `memberHigh`, so the
 * unique pair cannot hold the same two members twice whoever wrote first. Created by the first
 * message, never by opening the page (docs/decisions/0026).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberLow: memberRef('member_low'),
    memberHigh: memberRef('member_high'),
    /** Who wrote the first message: a free member may start LIMITS.freeConversations. */
    startedBy: memberRef('started_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last seq given out: the next message takes last_seq + 1 in an UPDATE … RETURNING. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /**
     * For the back office (a later issue): since when a real member waits for a fictional profile's
     * answer; cleared when that profile writes. Null in conversations of two real members.
     */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
    /**
     * The fictional profile of the pair, whom the back office's operators answer for (null between
     * two real members): set when the conversation starts, so the queue never joins users.
     */
    operatedMemberId: bigint('operated_member_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
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
    memberId: memberRef('member_id'),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    unread: integer('unread').notNull().default(0),
    /** Removed from this member's list (DELETE /api/chat.php); a new message brings it back. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** This member lets the partner see what they read here (a per-conversation choice). */
    readReceipts: boolean('read_receipts').notNull().default(true),
    /**
     * How far the partner may see this member read: moved with last_read_seq only while the member
     * shows receipts here and is not invisible, so what they read while hidden is never shown later.
     */
    shownReadSeq: bigint('shown_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    index('conversation_members_member_idx').on(t.memberId),
  ],
);

/**
 * The gift catalogue: what a member can send from the profile view or the composer. Names per
 * locale live here (operators add gifts without a release); the picture is `/gifts/{slug}.svg`,
 * drawn locally. `credits` null: the domain's gift_credits setting.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    /** Locale → name, all 7 site locales (checked where it is read). */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    credits: integer('credits'),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('gifts_credits_positive', sql`${t.credits} is null or ${t.credits} > 0`)],
);

/**
 * A photo sent in a chat: uploaded first (through the photo pipeline), then sent as an image
 * message that points at it. Served only to the two members of the message's conversation.
 */
export const chatImages = pgTable(
  'chat_images',
  {
    id: identityId(),
    uploaderId: memberRef('uploader_id'),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_images_uploader_idx').on(t.uploaderId)],
);

export const MESSAGE_KINDS = ['text', 'image', 'gift'] as const;

/**
 * One message. `seq` orders a conversation (strictly increasing, no gaps); (sender, client_id)
 * makes a resend the same message. A text has its `body`; a gift its `gift_id` (and maybe a
 * note in `body`); an image its `image_id` (null again once the image is erased).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: memberRef('sender_id'),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull().default('text'),
    body: text('body').notNull(),
    giftId: integer('gift_id').references(() => gifts.id),
    /** One message per uploaded image: an image is sent once. */
    imageId: bigint('image_id', { mode: 'number' })
      .unique('messages_image_key')
      .references(() => chatImages.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').notNull(),
    credits: integer('credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('messages_conversation_seq_key').on(t.conversationId, t.seq),
    unique('messages_sender_client_key').on(t.senderId, t.clientId),
    check('messages_credits_nonnegative', sql`${t.credits} >= 0`),
    // The nightly retention purge finds what still has content past retention without a scan.
    index('messages_purge_idx').on(t.createdAt).where(sql`${t.body} <> '' or ${t.imageId} is not null`),
    check('messages_kind_known', sql`${t.kind} in ('text', 'image', 'gift')`),
    check('messages_gift_has_gift', sql`${t.kind} <> 'gift' or ${t.giftId} is not null`),
  ],
);

/**
 * Free texts a member got for signing up on a member's entry page (the landing flow): the first
 * `remaining` texts to that partner cost nothing. Written at sign-up (the count from the domain's
 * landing_free_messages setting) and spent by the chat's one send, in its write, one per text.
 */
export const landingFreeMessages = pgTable(
  'landing_free_messages',
  {
    memberId: memberRef('member_id'),
    partnerId: memberRef('partner_id'),
    remaining: integer('remaining').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.partnerId] }),
    check('landing_free_messages_remaining_nonnegative', sql`${t.remaining} >= 0`),
  ],
);
