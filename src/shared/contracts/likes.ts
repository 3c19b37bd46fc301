import { z } from 'zod';
import { MemberCardSchema } from './members.ts';

/** POST /api/like.php, DELETE /api/like.php (or ?id=), POST /api/like-seen.php. */
export const LikeInputSchema = z.object({ id: z.number().int().positive() });
export type LikeInput = z.infer<typeof LikeInputSchema>;

/** `match`: the other member likes the caller back (a mutual like is a match). */
export const LikeResponseSchema = z.object({ ok: z.literal(true), match: z.boolean() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

export const LikedByCardSchema = MemberCardSchema.extend({
  /** The caller has not opened this member's profile since the like (POST /api/like-seen.php). */
  like_new: z.boolean(),
});
export type LikedByCard = z.infer<typeof LikedByCardSchema>;

/**
 * GET /api/likes.php. `profiles`: likes given, newest first; `liked_by`: likes received, new first
 * then newest; `matches`: the members of `profiles` who like the caller back. Each list holds at
 * most LIKES_LIST_LIMIT members.
 */
export const LikesResponseSchema = z.object({
  profiles: z.array(MemberCardSchema),
  liked_by: z.array(LikedByCardSchema),
  matches: z.array(MemberCardSchema),
});
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

/** The lists are not paged (the screen shows them whole); this bounds what one member can cost. */
export const LIKES_LIST_LIMIT = 500;

/**
 * GET /api/auto-like.php: a member who now likes the caller (the `?t=` like modal), or null when
 * nobody does this time (docs/decisions/0021).
 */
export const AutoLikeResponseSchema = z.object({ profile: MemberCardSchema.nullable() });
export type AutoLikeResponse = z.infer<typeof AutoLikeResponseSchema>;
