import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { conversationMembers, conversations, users } from '../../db/schema/index.ts';
import { defineChannel, type EventBus } from '../../lib/event-bus.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';
import { userChanged } from '../auth/sessions.service.ts';
import { blocksChanged, notBlockedEitherWay } from '../blocks/blocks.service.ts';

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

export type UnreadMessagesCache = {
  countOf: (memberId: number) => Promise<number>;
  /**
   * Forgets a count on this instance now: the request that read a conversation calls it after its
   * commit, so the badge refreshed right after does not get the old count before the notification.
   */
  forget: (memberId: number) => void;
};

const UNREAD_MESSAGES_TTL_MS = 30_000;

/**
 * GET /api/user.php is polled by every open tab: the count comes from memory, dropped on every
 * instance when a message, a read or a removal changes it, or a block between two members; a
 * partner erased or disabled changes the counts of their partners: every count goes
 * (memberVisibilityChanged, rare). The same pattern as likes.counts.ts.
 */
export async function createUnreadMessagesCache(
  db: Queryable,
  bus: Pick<EventBus, 'subscribe'>,
): Promise<UnreadMessagesCache> {
  const cache = createPromiseCache<number>({ ttlMs: UNREAD_MESSAGES_TTL_MS, maxEntries: 100_000 });
  await bus.subscribe(unreadMessagesChanged, (memberId) => cache.forget(String(memberId)));
  await bus.subscribe(blocksChanged, ({ blockerId, blockedId }) => {
    cache.forget(String(blockerId));
    cache.forget(String(blockedId));
  });
  await bus.subscribe(userChanged, (memberId) => cache.forget(String(memberId)));
  await bus.subscribe(memberVisibilityChanged, () => cache.clear());
  return {
    countOf: (memberId) => cache.get(String(memberId), () => countUnreadMessages(db, memberId)),
    forget: (memberId) => cache.forget(String(memberId)),
  };
}
