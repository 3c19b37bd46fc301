import { and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { likes, users } from '../../db/schema/index.ts';
import { defineChannel, type EventBus } from '../../lib/event-bus.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';
import { userChanged } from '../auth/sessions.service.ts';
import { blocksChanged, notBlockedEitherWay } from '../blocks/blocks.service.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';

/**
 * A member's new-likes count changed (a like received, taken back or seen), published in the
 * change's transaction: every instance forgets that member's count.
 */
export const newLikesChanged = defineChannel('new_likes_changed', z.number().int().positive());

/**
 * The likes the member received and has not opened yet, from members they may see (the likes
 * list's rule): the navigation's badge, the title prefix and the app badge. An index-only walk of
 * likes_received_page_idx's unseen part.
 */
export async function countNewLikes(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.likerId))
    .where(
      and(
        eq(likes.likedId, memberId),
        isNull(likes.seenAt),
        visibleMemberCondition,
        notBlockedEitherWay(memberId, likes.likerId),
      ),
    );
  return row?.n ?? 0;
}

export type NewLikesCache = {
  countOf: (memberId: number) => Promise<number>;
  /**
   * Forgets a count on this instance now. The change's own request calls it after its commit: the
   * notification that drops it everywhere arrives a moment later, and the member's next read (the
   * badge refreshed right after opening a like) must not get the old count in between.
   */
  forget: (memberId: number) => void;
};

/**
 * GET /api/user.php is polled by every open tab: the count comes from memory, dropped on every
 * instance when a like, a seen flag or a block between the two changes. A liker turning invisible
 * or asking for deletion changes the counts of the members they liked: every count goes
 * (memberVisibilityChanged, rare), as which ones held the liker is not known.
 */
const NEW_LIKES_TTL_MS = 30_000;

export async function createNewLikesCache(
  db: Queryable,
  bus: Pick<EventBus, 'subscribe'>,
): Promise<NewLikesCache> {
  const cache = createPromiseCache<number>({ ttlMs: NEW_LIKES_TTL_MS, maxEntries: 100_000 });
  await bus.subscribe(newLikesChanged, (memberId) => cache.forget(String(memberId)));
  await bus.subscribe(blocksChanged, ({ blockerId, blockedId }) => {
    cache.forget(String(blockerId));
    cache.forget(String(blockedId));
  });
  await bus.subscribe(userChanged, (memberId) => cache.forget(String(memberId)));
  await bus.subscribe(memberVisibilityChanged, () => cache.clear());
  return {
    countOf: (memberId) => cache.get(String(memberId), () => countNewLikes(db, memberId)),
    forget: (memberId) => cache.forget(String(memberId)),
  };
}
