import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { likes } from '../../db/schema/index.ts';

/**
 * Whether the viewer likes the member in `memberId`, as a column of a card query: one primary-key
 * probe per row, so every list of cards (search, related members, the finder, the swipe game)
 * shows its like buttons in the right state without a second call. Only table access here: the
 * member lists import it without importing the likes service (which imports them).
 */
export function likedByViewer(viewerId: number, memberId: AnyPgColumn): SQL<boolean> {
  // An alias of its own: inside a query on likes itself, a bare "likes" would shadow the outer row.
  return sql<boolean>`exists (select 1 from ${likes} as viewer_like where viewer_like.liker_id = ${viewerId} and viewer_like.liked_id = ${memberId})`;
}

/** Whether `likerId` likes `likedId` (one primary-key read): the profile view's like button. */
export async function hasLiked(db: Queryable, likerId: number, likedId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return rows.length > 0;
}
