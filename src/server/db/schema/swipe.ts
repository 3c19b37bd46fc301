// Owned by the swipe feature (features/swipe): the game's day counter and its passes.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { memberKey, memberRef } from './accounts.ts';

/**
 * A member's state in the swipe game (docs/decisions/0022): the local day their likes are counted
 * in, in the IANA time zone their browser reported, and the pass an undo would take back.
 * Written with the row locked (INSERT … ON CONFLICT DO UPDATE … RETURNING) in the transaction of
 * the like or pass it counts.
 */
export const swipeStates = pgTable(
  'swipe_states',
  {
    memberId: memberKey('member_id'),
    /** The zone `day` is a date of (validated against Intl.supportedValuesOf('timeZone')). */
    timeZone: text('time_zone').notNull(),
    /** A different zone the browser reported: it takes effect when the current day has ended. */
    nextTimeZone: text('next_time_zone'),
    /** The member's local day that `likes` counts; it only ever moves forward. */
    day: date('day', { mode: 'string' }).notNull(),
    likes: integer('likes').notNull().default(0),
    /** The member passed last (no like since): the one pass an undo restores, within its window. */
    lastPassedId: bigint('last_passed_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('swipe_states_likes_non_negative', sql`${t.likes} >= 0`)],
);

/**
 * Members a member passed in the game: they do not come back as a card while the pass is recent
 * (LIMITS.swipePassDays). Passing again refreshes the date; one row per pair.
 */
export const swipePasses = pgTable(
  'swipe_passes',
  {
    memberId: memberRef('member_id'),
    passedId: memberRef('passed_id'),
    passedAt: timestamp('passed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.passedId] }),
    check('swipe_passes_not_self', sql`${t.memberId} <> ${t.passedId}`),
    // A member's recent passes, for the next card's exclusion: only the recent part of the range is read.
    index('swipe_passes_recent_idx').on(t.memberId, t.passedAt, t.passedId),
    // Erasing an account removes the passes it received as well.
    index('swipe_passes_passed_idx').on(t.passedId),
  ],
);
