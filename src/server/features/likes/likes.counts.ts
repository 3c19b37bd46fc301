import { aliasedTable, and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { likes, users } from '../../db/schema/index.ts';
import { defineStartedState } from '../../feature.ts';
import { defineChannel } from '../../lib/event-bus.ts';
import { notBlockedEitherWay } from '../blocks/blocks.service.ts';
import { createMemberCountCache } from '../members/member-counts.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';

/**
 * A member's new-likes count changed (a like received, taken back or seen), published in the
 * change's transaction: every instance forgets that member's count.
 */
export const newLikesChanged = defineChannel('new_likes_changed', z.number().int().positive());

/** Likes the member received and has not opened yet, from members they may see (the likes list's rule). */
const newLikeOf = (memberId: number) =>
  and(
    eq(likes.likedId, memberId),
    isNull(likes.seenAt),
    visibleMemberCondition,
    notBlockedEitherWay(memberId, likes.likerId),
  );

/**
 * The member's new likes: the navigation's badge, the title prefix and the app badge. An
 * index-only walk of likes_received_page_idx's unseen part.
 */
export async function countNewLikes(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.likerId))
    .where(newLikeOf(memberId));
  return row?.n ?? 0;
}

/** The new likes that are matches: the member liked the liker too (the likes list's "new" matches). */
export async function countNewMatches(db: Queryable, memberId: number): Promise<number> {
  const back = aliasedTable(likes, 'back');
  const [row] = await db
    .select({ n: count() })
    .from(likes)
    .innerJoin(back, and(eq(back.likerId, likes.likedId), eq(back.likedId, likes.likerId)))
    .innerJoin(users, eq(users.id, likes.likerId))
    .where(newLikeOf(memberId));
  return row?.n ?? 0;
}

/** The badge's count from memory, dropped by newLikesChanged and what members/member-counts.ts names. */
export const newLikesState = defineStartedState('likes.new-likes', ({ db, bus }) =>
  createMemberCountCache(bus, {
    changed: newLikesChanged,
    count: (memberId) => countNewLikes(db, memberId),
  }),
);
