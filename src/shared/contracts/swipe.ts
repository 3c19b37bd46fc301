import { z } from 'zod';
import { isTimeZone } from '../time-zones.ts';
import { MemberCardSchema, SearchQuerySchema } from './members.ts';

/**
 * The swipe game (/swipe-game, docs/decisions/0022): GET /api/swipe.php, POST /api/swipe.php,
 * POST /api/swipe-undo.php.
 */

/** The browser's IANA zone (Intl.DateTimeFormat().resolvedOptions().timeZone); the member's day is counted there. */
export const TimeZoneSchema = z.string().max(64).refine(isTimeZone, { message: 'time_zone_invalid' });

const { cursor: _cursor, ...searchFilters } = SearchQuerySchema.shape;

/**
 * Which members the cards come from: the filters of the member search (/members), under the same
 * names, and the browser's zone, which counts only until the member's first swipe stores one.
 */
export const SwipeQuerySchema = z
  .object({ ...searchFilters, time_zone: TimeZoneSchema.optional() })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['max_age'],
    message: 'age_range_invalid',
  });
export type SwipeQuery = z.infer<typeof SwipeQuerySchema>;

const SWIPE_ACTIONS = ['like', 'pass'] as const;
export type SwipeAction = (typeof SWIPE_ACTIONS)[number];

/** POST /api/swipe.php (the filters of the next card in the query string, as for GET). */
export const SwipeInputSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(SWIPE_ACTIONS),
  time_zone: TimeZoneSchema.optional(),
});

/** The game as it stands for the caller. */
export const SwipeStateSchema = z.object({
  /** The next member to like or pass; null when there is nobody left, or no like left today. */
  card: MemberCardSchema.nullable(),
  /** Likes left in the member's local day (LIMITS.swipeLikesPerDay a day). */
  likes_left: z.number().int().min(0),
  /** When the likes start over: the member's next local midnight (ISO 8601, UTC). */
  resets_at: z.string(),
  /**
   * The member's IANA zone as last known, where the page shows `resets_at` as a time of day: the
   * zone the browser reports with this call (its `time_zone` or the tz cookie), else the one the
   * game counts in. The page asks again with its own zone when this is another.
   */
  time_zone: z.string(),
  /** The last swipe was a pass, recent enough to take back with POST /api/swipe-undo.php. */
  can_undo: z.boolean(),
});
export type SwipeState = z.infer<typeof SwipeStateSchema>;

/** `match`: the liked member likes the caller back. `next`: the game after the swipe. */
export const SwipeResponseSchema = z.object({ match: z.boolean(), next: SwipeStateSchema });
export type SwipeResponse = z.infer<typeof SwipeResponseSchema>;
