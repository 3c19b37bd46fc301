// Owned by the likes feature (features/likes).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts.ts';

/**
 * A member who liked another. Two rows the other way round are a match: a match is derived, never
 * stored, so it cannot be created twice or outlive an unlike (docs/decisions/0020).
 */
export const likes = pgTable(
  'likes',
  {
    likerId: memberRef('liker_id'),
    likedId: memberRef('liked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the liked member opened the liker's profile; null: a new like for them. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    // The policy refuses it (cannot_like_self); a row liking oneself would be a match with oneself.
    check('likes_not_self', sql`${t.likerId} <> ${t.likedId}`),
    // Likes received by a member, new first, then newest, then by member: the keyset order of the
    // received pages, walked and stopped after a page (a shorter key would sort every like first).
    // NULLS FIRST is what ORDER BY … DESC means: an index with NULLS LAST cannot give that order.
    index('likes_received_page_idx').on(
      t.likedId,
      sql`(${t.seenAt} is not null)`,
      t.createdAt.desc().nullsFirst(),
      t.likerId.desc().nullsFirst(),
    ),
    // Likes given by a member, newest first, then by member: the pages of likes given and matches.
    index('likes_given_idx').on(t.likerId, t.createdAt.desc().nullsFirst(), t.likedId.desc().nullsFirst()),
  ],
);

/**
 * The auto-likes a member received (GET /api/auto-like.php): the daily cap, the answer to a retried
 * call, and never the same profile twice (docs/decisions/0021). The like itself is a row of likes.
 */
export const autoLikes = pgTable(
  'auto_likes',
  {
    memberId: memberRef('member_id'),
    likerId: memberRef('liker_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.likerId] }),
    index('auto_likes_recent_idx').on(t.memberId, t.createdAt.desc()),
  ],
);
