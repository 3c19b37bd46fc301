import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { conversationMembers, conversations, users } from '../../db/schema/index.ts';
import { defineStartedState } from '../../feature.ts';
import { defineChannel } from '../../lib/event-bus.ts';
import { notBlockedEitherWay } from '../blocks/blocks.service.ts';
import { createMemberCountCache } from '../members/member-counts.ts';

/**
 * A member's unread-messages count changed (a message received, a conversation read or removed),
 * published in the change's transaction: every instance forgets that member's count.
 */
export const unreadMessagesChanged = defineChannel('unread_messages_changed', z.number().int().positive());

/** The partner's id in a conversation row, seen from `memberId`. */
export const partnerOf = (memberId: number) =>
  sql<number>`case when ${conversations.memberLow} = ${memberId} then ${conversations.memberHigh} else ${conversations.memberLow} end`;

/**
 * The messages waiting for the member in the conversations of their list (GET /api/chats.php's
 * rule: not removed, partner not erased or disabled, no block either way): the navigation's
 * badge, the title prefix and the app badge.
 */
export async function countUnreadMessages(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversationMembers.unread}), 0)::int` })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, eq(users.id, partnerOf(memberId)))
    .where(
      and(
        eq(conversationMembers.memberId, memberId),
        isNull(conversationMembers.hiddenAt),
        gt(conversationMembers.unread, 0),
        isNull(users.deletedAt),
        ne(users.status, 'disabled'),
        notBlockedEitherWay(memberId, users.id),
      ),
    );
  return row?.n ?? 0;
}

/** The badge's count from memory, dropped by unreadMessagesChanged and what members/member-counts.ts names. */
export const unreadMessagesState = defineStartedState('chat.unread-messages', ({ db, bus }) =>
  createMemberCountCache(bus, {
    changed: unreadMessagesChanged,
    count: (memberId) => countUnreadMessages(db, memberId),
  }),
);
