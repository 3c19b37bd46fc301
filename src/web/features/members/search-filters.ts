import type { User } from '../../../shared/contracts/auth.ts';
import {
  SEARCH_MAX_AGE,
  SEARCH_MIN_AGE,
  type SearchFilterFormValues,
  type SearchQuery,
} from '../../../shared/contracts/members.ts';
import { COUNTRIES } from '../../../shared/limits.ts';
import { GENDERS, type Gender, soughtGenders } from '../../../shared/profile-options.ts';

/**
 * The search filter state of /members, free of React so it can be tested: it lives in the page
 * URL under the API's own parameter names (gender, country, countryregion, min_age, max_age), so a
 * search can be shared, reloaded and sent to GET /api/members.php unchanged.
 */

const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type SearchFilters = Omit<SearchQuery, 'cursor'>;

const REGION_CODE = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

function parseAge(value: string | null): number | undefined {
  if (value === null || !/^\d{1,3}$/.test(value)) return undefined;
  const age = Number(value);
  return age >= SEARCH_MIN_AGE && age <= SEARCH_MAX_AGE ? age : undefined;
}

const isFilterKey = (key: string): key is FilterKey => (FILTER_KEYS as readonly string[]).includes(key);

/**
 * The filters a URL holds, limited to the fields the site offers (settings.search_fields). A shared
 * or hand-edited link never breaks the page: a value the API would refuse is left out, a region
 * brings its country, a region of another country is dropped, and a reversed age range loses its
 * maximum.
 */
export function filtersFromParams(params: URLSearchParams, offered: readonly string[]): SearchFilters {
  const allowed = new Set(offered.filter(isFilterKey));
  const filters: SearchFilters = {};
  const gender = params.get('gender');
  if (allowed.has('gender') && (GENDERS as readonly string[]).includes(gender ?? '')) {
    filters.gender = gender as Gender;
  }
  const country = params.get('country');
  if (allowed.has('country') && (COUNTRIES as readonly string[]).includes(country ?? '')) {
    filters.country = country as SearchFilters['country'];
  }
  const region = params.get('countryregion');
  if (allowed.has('countryregion') && region && REGION_CODE.test(region)) {
    const regionCountry = region.slice(0, 2);
    if (
      (COUNTRIES as readonly string[]).includes(regionCountry) &&
      (!filters.country || filters.country === regionCountry)
    ) {
      filters.countryregion = region;
      if (allowed.has('country')) filters.country = regionCountry as SearchFilters['country'];
    }
  }
  const minAge = allowed.has('min_age') ? parseAge(params.get('min_age')) : undefined;
  const maxAge = allowed.has('max_age') ? parseAge(params.get('max_age')) : undefined;
  if (minAge !== undefined) filters.min_age = minAge;
  if (maxAge !== undefined && (minAge === undefined || maxAge >= minAge)) filters.max_age = maxAge;
  return filters;
}

/** Whether the URL states a search itself (a key given empty counts: "any gender", chosen on purpose). */
export function hasFilterParams(params: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => params.has(key));
}

/**
 * A logged-in member starts with the gender they look for (from their gender and sexuality; a bi
 * member with either) in their own country: results are newest first, so without it a member in
 * Amersfoort met members from the other side of the world first. A visitor starts without filters.
 * Each only where the site offers the field; "any" stays one choice away.
 */
export function defaultFilters(
  user: Pick<User, 'profile'> | null,
  offered: readonly string[],
): SearchFilters {
  if (!user) return {};
  const filters: SearchFilters = {};
  const genders = soughtGenders(user.profile.gender, user.profile.sexuality);
  if (offered.includes('gender') && genders.length === 1) filters.gender = genders[0];
  const country = user.profile.country;
  if (offered.includes('country') && (COUNTRIES as readonly string[]).includes(country))
    filters.country = country as SearchFilters['country'];
  return filters;
}

/**
 * The query string of a search, keys in a fixed order. A default the member cleared is written as
 * an empty key (`gender=`), otherwise the page would put the default back on the next load.
 */
export function filtersToParams(filters: SearchFilters, defaults: SearchFilters = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
    else if (defaults[key] !== undefined) params.set(key, '');
  }
  return params;
}

export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return FILTER_KEYS.every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

/** GET /api/members.php for the page after `cursor` of this search. */
export function searchApiUrl(filters: SearchFilters, cursor?: string | null): string {
  const params = filtersToParams(filters);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/api/members.php${query ? `?${query}` : ''}`;
}

/** What the filter form holds: strings, as its selects give them. */
export type FilterDraft = SearchFilterFormValues;

export function draftFromFilters(filters: SearchFilters): FilterDraft {
  return {
    gender: filters.gender ?? '',
    country: filters.country ?? '',
    countryregion: filters.countryregion ?? '',
    min_age: filters.min_age === undefined ? '' : String(filters.min_age),
    max_age: filters.max_age === undefined ? '' : String(filters.max_age),
  };
}

/** Checked filters as the site offers them (the form's selects only offer valid values). */
export function offeredFilters(filters: SearchFilters, offered: readonly string[]): SearchFilters {
  return filtersFromParams(filtersToParams(filters), offered);
}

/** The ages the age selects offer: from the site's minimum age (never below the API's) to the maximum. */
export function ageOptions(siteMinAge: number): number[] {
  const from = Math.max(SEARCH_MIN_AGE, Math.min(siteMinAge, SEARCH_MAX_AGE));
  return Array.from({ length: SEARCH_MAX_AGE - from + 1 }, (_, i) => from + i);
}
