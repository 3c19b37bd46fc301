import { z } from 'zod';
import { MemberCardSchema } from './members.ts';

/** POST /api/like.php, DELETE /api/like.php (or ?id=), POST /api/like-seen.php. */
export const LikeInputSchema = z.object({ id: z.number().int().positive() });

/** `match`: the other member likes the caller back (a mutual like is a match). */
export const LikeResponseSchema = z.object({ ok: z.literal(true), match: z.boolean() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

const LikedByCardSchema = MemberCardSchema.extend({
  /** The caller has not opened this member's profile since the like (POST /api/like-seen.php). */
  like_new: z.boolean(),
});

/** The lists' slugs: the tabs of /likes/{type} and GET /api/likes-list.php's `list`. */
const LIKES_LISTS = ['received', 'given', 'matches'] as const;
export type LikesListName = (typeof LIKES_LISTS)[number];

/** Members per page of a likes list. */
export const LIKES_PAGE_SIZE = 48;

const cursor = z.string().max(200).nullable();

/**
 * GET /api/likes.php: the first page of each list. `profiles`: likes given, newest first;
 * `liked_by`: likes received, new first then newest; `matches`: members who like each other,
 * newest like first. `next` holds each list's cursor for GET /api/likes-list.php (null: no more).
 */
export const LikesResponseSchema = z.object({
  profiles: z.array(MemberCardSchema),
  liked_by: z.array(LikedByCardSchema),
  matches: z.array(MemberCardSchema),
  next: z.object({ profiles: cursor, liked_by: cursor, matches: cursor }),
});
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

/** GET /api/likes-list.php?list=…&cursor=…: one page of one list (the likes screen's tabs). */
export const LikesListQuerySchema = z.object({
  list: z.enum(LIKES_LISTS),
  cursor: z.string().min(1).max(200).optional(),
});
export const LikesListResponseSchema = z.object({
  /** Received likes carry their `like_new` flag. */
  members: z.array(MemberCardSchema.extend({ like_new: z.boolean().optional() })),
  next_cursor: cursor,
});
export type LikesListResponse = z.infer<typeof LikesListResponseSchema>;

/**
 * GET /api/auto-like.php: a member who now likes the caller (the `?t=` like modal), or null when
 * nobody does this time (docs/decisions/0021).
 */
export const AutoLikeResponseSchema = z.object({ profile: MemberCardSchema.nullable() });
export type AutoLikeResponse = z.infer<typeof AutoLikeResponseSchema>;
