import { z } from 'zod';
import { INTEREST_KEYS } from '../interests.ts';
import { GENDERS } from '../profile-options.ts';
import { MemberCardSchema, SEARCH_MAX_AGE, SEARCH_MIN_AGE } from './members.ts';

/**
 * The match finder (/match-finder, GET /api/match-finder.php): a few answers give a ranked list of
 * members, each with the reasons it was chosen (docs/decisions/0023).
 */

/** How far: the viewer's own region, their country, or anywhere (same region > same country > elsewhere). */
const FINDER_DISTANCES = ['region', 'country', 'anywhere'] as const;
/** Interests that matter: a handful, so each counts (the profile may list up to all of them). */
export const FINDER_MAX_INTERESTS = 10;
/** The length of the ranked list. */
export const FINDER_RESULTS = 30;

const age = z.coerce.number().int().min(SEARCH_MIN_AGE).max(SEARCH_MAX_AGE);
const interests = z
  .array(z.enum(INTEREST_KEYS, { error: 'interest_unknown' }))
  .max(FINDER_MAX_INTERESTS, { error: 'interests_too_many' });

const answerFields = {
  /** Empty or absent: women and men. */
  gender: z.enum(GENDERS).or(z.literal('')).optional(),
  min_age: age,
  max_age: age,
  distance: z.enum(FINDER_DISTANCES),
};

const ageOrder = <T extends { min_age: number; max_age: number }>(value: T) => value.min_age <= value.max_age;
const ageOrderError = { path: ['max_age'], message: 'age_range_invalid' };

/** The answers as the stepper's form holds them; the same rules as the API's query. */
export const FinderAnswersSchema = z.object({ ...answerFields, interests }).refine(ageOrder, ageOrderError);
export type FinderAnswers = z.infer<typeof FinderAnswersSchema>;

/**
 * GET /api/match-finder.php?gender=&min_age=&max_age=&distance=&interests=a,b,c — the answers in the
 * query string, the interests comma-separated (repeats count once).
 */
export const FinderQuerySchema = z
  .object({
    ...answerFields,
    interests: z
      .string()
      .max(1_000)
      .optional()
      .transform((list) => (list ? [...new Set(list.split(','))] : []))
      .pipe(interests),
  })
  .refine(ageOrder, ageOrderError);
export type FinderQuery = z.infer<typeof FinderQuerySchema>;

/**
 * Why a member is in the list, as data the page words in the viewer's language. Only what the
 * card itself may show: no shared interests where the site hides interests, no region where it
 * hides regions.
 */
const FinderReasonsSchema = z.object({
  /** The chosen interests this member has too, in the order they were chosen. */
  shared_interests: z.array(z.enum(INTEREST_KEYS)),
  /** Lives in the viewer's region, else in their country; null: elsewhere. */
  same_place: z.enum(['region', 'country']).nullable(),
});
export type FinderReasons = z.infer<typeof FinderReasonsSchema>;

const FinderResultSchema = MemberCardSchema.extend({ reasons: FinderReasonsSchema });

/** Best match first, at most FINDER_RESULTS. */
export const FinderResponseSchema = z.object({ results: z.array(FinderResultSchema) });
export type FinderResponse = z.infer<typeof FinderResponseSchema>;
