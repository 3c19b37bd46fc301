// Owned by the likes feature (features/likes).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A member who liked another. Two rows the other way round are a match: a match is derived, never
 * stored, so it cannot be created twice or outlive an unlike (docs/decisions/0020).
 */
export const likes = pgTable(
  'likes',
  {
    likerId: bigint('liker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: bigint('liked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the liked member opened the liker's profile; null: a new like for them. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    // The policy refuses it (cannot_like_self); a row liking oneself would be a match with oneself.
    check('likes_not_self', sql`${t.likerId} <> ${t.likedId}`),
    // Likes received by a member, new first, then newest: the order of GET /api/likes.php's liked_by.
    index('likes_received_idx').on(t.likedId, sql`(${t.seenAt} is not null)`, t.createdAt.desc()),
    // Likes given by a member, newest first: the pages of likes given and of matches.
    index('likes_given_idx').on(t.likerId, t.createdAt.desc()),
  ],
);

/**
 * The auto-likes a member received (GET /api/auto-like.php): the daily cap, the answer to a retried
 * call, and never the same profile twice (docs/decisions/0021). The like itself is a row of likes.
 */
export const autoLikes = pgTable(
  'auto_likes',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likerId: bigint('liker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.likerId] }),
    index('auto_likes_recent_idx').on(t.memberId, t.createdAt.desc()),
  ],
);
