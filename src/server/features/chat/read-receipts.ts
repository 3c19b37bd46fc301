import { type SQL, sql } from 'drizzle-orm';
import { conversationMembers, users } from '../../db/schema/index.ts';

/**
 * Whether a member's reading reaches the partner, for their conversation_members row in scope: their
 * choice for this conversation, and never while they are invisible. Only while it does, the
 * position the partner may see (shown_read_seq) moves with what they read: a read (markChatRead)
 * or their own message (the send: who answers has read what came before).
 */
export const receiptsShown = (memberId: number | SQL) =>
  sql<boolean>`(${conversationMembers.readReceipts} and not coalesce((select u.invisible from ${users} u where u.id = ${memberId}), false))`;
