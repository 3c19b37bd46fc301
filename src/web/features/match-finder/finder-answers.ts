import type { User } from '../../../shared/contracts/auth.ts';
import {
  FINDER_MAX_INTERESTS,
  type FinderAnswers,
  FinderQuerySchema,
} from '../../../shared/contracts/match-finder.ts';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '../../../shared/contracts/members.ts';
import { INTEREST_KEYS, type InterestKey } from '../../../shared/interests.ts';
import { soughtGenders } from '../../../shared/profile-options.ts';

/**
 * The match finder's answers, free of React so they can be tested. Answered, they live in the page
 * URL under the API's own names (/match-finder?gender=female&min_age=30&…&interests=hiking,wine),
 * so a result list can be reloaded, shared and sent to GET /api/match-finder.php unchanged.
 */

const ANSWER_KEYS = ['gender', 'min_age', 'max_age', 'distance', 'interests'] as const;
/** The age range offered first: the member's own age, this many years either way. */
const AGE_SPREAD = 6;

/** The questions, in order; a site that does not show interests on profiles does not ask the last. */
export type FinderStep = 'who' | 'age' | 'distance' | 'interests';

export function finderSteps(visibleFields: readonly string[]): FinderStep[] {
  const steps: FinderStep[] = ['who', 'age', 'distance'];
  if (visibleFields.includes('interests')) steps.push('interests');
  return steps;
}

/** The answers' fields each step asks, for checking one step before the next. */
export const STEP_FIELDS: Record<FinderStep, readonly (keyof FinderAnswers)[]> = {
  who: ['gender'],
  age: ['min_age', 'max_age'],
  distance: ['distance'],
  interests: ['interests'],
};

/** The answers a URL holds, or null when it holds none or any the API would refuse (the questions show). */
export function answersFromParams(params: URLSearchParams): FinderAnswers | null {
  if (!ANSWER_KEYS.some((key) => params.has(key))) return null;
  const query: Record<string, string> = {};
  for (const key of ANSWER_KEYS) {
    const value = params.get(key);
    if (value !== null) query[key] = value;
  }
  const parsed = FinderQuerySchema.safeParse(query);
  return parsed.success ? parsed.data : null;
}

/** The query string of answers, keys in a fixed order ("both" is an empty gender). */
export function answersToParams(answers: FinderAnswers): URLSearchParams {
  const params = new URLSearchParams();
  params.set('gender', answers.gender ?? '');
  params.set('min_age', String(answers.min_age));
  params.set('max_age', String(answers.max_age));
  params.set('distance', answers.distance);
  if (answers.interests.length > 0) params.set('interests', answers.interests.join(','));
  return params;
}

export function finderApiUrl(answers: FinderAnswers): string {
  return `/api/match-finder.php?${answersToParams(answers)}`;
}

/** The ages the age selects offer: from the site's minimum age (never below the API's) to the maximum. */
export function finderAgeOptions(siteMinAge: number): number[] {
  const from = Math.max(SEARCH_MIN_AGE, Math.min(siteMinAge, SEARCH_MAX_AGE));
  return Array.from({ length: SEARCH_MAX_AGE - from + 1 }, (_, i) => from + i);
}

/**
 * The first answers, from the member's profile: the gender they look for (both for bi members), an
 * age range around their own, their region if they gave one, and their own interests (the first
 * FINDER_MAX_INTERESTS, in the order of the list).
 */
export function defaultAnswers(
  user: Pick<User, 'profile'>,
  ownInterests: readonly string[],
  options: { siteMinAge: number; visibleFields: readonly string[] },
): FinderAnswers {
  const { profile } = user;
  const genders = soughtGenders(profile.gender, profile.sexuality);
  const lowest = Math.max(SEARCH_MIN_AGE, options.siteMinAge);
  const minAge = Math.min(SEARCH_MAX_AGE, Math.max(lowest, profile.age - AGE_SPREAD));
  const maxAge = Math.max(minAge, Math.min(SEARCH_MAX_AGE, profile.age + AGE_SPREAD));
  const own = new Set(ownInterests);
  return {
    gender: genders.length === 1 ? genders[0] : '',
    min_age: minAge,
    max_age: maxAge,
    distance: canAskRegion(user, options.visibleFields) ? 'region' : 'country',
    interests: options.visibleFields.includes('interests')
      ? INTEREST_KEYS.filter((key: InterestKey) => own.has(key)).slice(0, FINDER_MAX_INTERESTS)
      : [],
  };
}

/** "In my region" needs a region of one's own, on a site that shows regions. */
export function canAskRegion(user: Pick<User, 'profile'>, visibleFields: readonly string[]): boolean {
  return user.profile.region !== null && visibleFields.includes('region');
}

/** The first step whose fields have an error: where a failed submit takes the member back to. */
export function firstStepWithError(
  steps: readonly FinderStep[],
  errorFields: readonly string[],
): FinderStep | undefined {
  return steps.find((step) => STEP_FIELDS[step].some((field) => errorFields.includes(field)));
}
