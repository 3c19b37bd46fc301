import { z } from 'zod';
import { COUNTRIES } from '../limits.ts';

export const MainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
});

/** A member as a card in lists (home highlights, search results). */
export const MemberCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(['male', 'female']),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  main_image: MainImageSchema.nullable(),
  /** The logged-in viewer likes this member (the card's like button); absent for visitors. */
  liked: z.boolean().optional(),
  /**
   * How far the member lives from the viewer, in km: 0 under 5 km, whole km under 100, tens
   * beyond (no finer, so nobody can be located by it). Absent where either place is unknown.
   */
  distance_km: z.number().int().nonnegative().optional(),
});
export type MemberCard = z.infer<typeof MemberCardSchema>;

/** Whole years lived on `today` (UTC), from a YYYY-MM-DD birth date: the one age the site shows and checks. */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

// ---- Search (/api/members.php) ----

export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MIN_AGE = 18;
export const SEARCH_MAX_AGE = 99;
/** Below this many results the first page also carries a set of similar profiles. */
export const SIMILAR_WHEN_FEWER_THAN = 12;

const ageParam = z.coerce.number().int().min(SEARCH_MIN_AGE).max(SEARCH_MAX_AGE);

/** The spec's search filter state; it lives in the page URL under the same names. */
export const SearchQuerySchema = z
  .object({
    gender: z.enum(['male', 'female']).optional(),
    country: z.enum(COUNTRIES).optional(),
    /** ISO 3166-2 code such as NL-NH; implies its country. */
    countryregion: z
      .string()
      .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/)
      .optional(),
    min_age: ageParam.optional(),
    max_age: ageParam.optional(),
    /** Opaque keyset cursor from the previous page's next_cursor. */
    cursor: z.string().max(100).optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['max_age'],
    message: 'age_range_invalid',
  });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * The search filter form: its selects give strings, '' for "any"; read as the search query, so
 * the browser refuses a reversed age range with the server's own key.
 */
export const SearchFilterFormSchema = z
  .object({
    gender: z.string(),
    country: z.string(),
    countryregion: z.string(),
    min_age: z.string(),
    max_age: z.string(),
  })
  .transform(
    (draft): Record<string, unknown> =>
      Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')),
  )
  .pipe(SearchQuerySchema);
export type SearchFilterFormValues = z.input<typeof SearchFilterFormSchema>;

export const SearchResponseSchema = z.object({
  members: z.array(MemberCardSchema),
  total: z.number().int(),
  /** true: there are more matches than `total` (counting stops at 1,000; show "more than"). */
  total_more: z.boolean(),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
  /** Only on the first page and only when the results are few: members close to the search. */
  similar: z
    .object({ members: z.array(MemberCardSchema), total: z.number().int(), total_more: z.boolean() })
    .nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

// ---- Profile view (/api/member.php?id=) ----

/**
 * A photo as another member sees it. For a locked photo (private, viewer not premium) every
 * address is the blurred variant: the server never sends the path of the real image.
 */
const MemberPhotoSchema = z.object({
  id: z.number().int(),
  locked: z.boolean(),
  status: z.enum(['pending', 'approved', 'rejected']),
  thumb_filename: z.string(),
  filename: z.string(),
  large_filename: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MemberPhoto = z.infer<typeof MemberPhotoSchema>;

const MemberProfileSchema = MemberCardSchema.extend({
  sexuality: z.enum(['hetero', 'gay', 'lesbian', 'bi']),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  signup_reason: z.string().nullable(),
  about_me: z.string().nullable(),
  interests: z.array(z.string()),
  /** Main photo first. */
  photos: z.array(MemberPhotoSchema),
  /** How many photos are locked for this viewer (for the upsell). */
  locked_photos: z.number().int(),
  /** The viewer's relation to this member; all false for visitors. */
  relation: z.object({
    is_self: z.boolean(),
    blocked_by_viewer: z.boolean(),
    liked_by_viewer: z.boolean(),
  }),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

export const MemberQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const MemberResponseSchema = z.object({
  member: MemberProfileSchema,
  /** Members like this one, for the block below the profile. */
  related: z.array(MemberCardSchema),
});
export type MemberResponse = z.infer<typeof MemberResponseSchema>;

/** Block and unblock (POST and DELETE /api/block.php). */
export const BlockInputSchema = z.object({ id: z.number().int().positive() });

/** GET /api/blocks.php: the caller's own blocks, newest first, a page at a time. */
export const BLOCKED_MEMBERS_PAGE_SIZE = 50;
export const BlockedMembersQuerySchema = z.object({
  /** Opaque keyset cursor from the previous page's next_cursor. */
  cursor: z.string().max(100).optional(),
});
const BlockedMemberCardSchema = MemberCardSchema.extend({
  /** When the caller blocked the member (ISO 8601). */
  blocked_at: z.string(),
});
export type BlockedMemberCard = z.infer<typeof BlockedMemberCardSchema>;
/**
 * Only members the caller could see but for their own block: one who is hidden now (invisible,
 * leaving) or who blocked the caller too is left out, like everywhere, and their block stays
 * (docs/decisions/0024).
 */
export const BlockedMembersResponseSchema = z.object({
  members: z.array(BlockedMemberCardSchema),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
});
export type BlockedMembersResponse = z.infer<typeof BlockedMembersResponseSchema>;
