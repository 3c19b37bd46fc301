import { and, eq, gt, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { type Gender, soughtGenders } from '../../../shared/profile-options.ts';
import type { Queryable } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { isMember, type Viewer } from '../../policy/viewer.ts';
import type { Point } from '../geocode/geocode.service.ts';
import { latestBirthDateForAge } from './search.service.ts';

/**
 * Who suits a viewer, written once for every list that offers members rather than answering a
 * search (the home page, the swipe game, "you may also like" on a profile; docs/decisions/0041):
 * the members the viewer looks for first, then the nearest where both places are known, then the
 * viewer's country, then the rest. Each list adds its own tie-break (newest, a daily shuffle).
 */
export type Seeker = {
  /** The genders the viewer looks for; null: anyone (a visitor says nothing about it). */
  genders: readonly Gender[] | null;
  /** An age range the viewer asked for (the swipe game's filters); absent: any age. */
  minAge?: number;
  maxAge?: number;
  /** The countries counted as the viewer's own, likeliest first. */
  countries: readonly string[];
  /** Where the viewer lives, when their city is known. */
  point: Point | null;
};

/**
 * The countries whose members a visitor most likely means, by the language they read: a Dutch
 * reader lives in the Netherlands or Flanders. The address's country (geoip), when known, comes first.
 */
const LOCALE_COUNTRIES: Record<Locale, readonly string[]> = {
  nl: ['NL', 'BE'],
  de: ['DE', 'AT', 'CH'],
  en: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
  es: ['ES'],
  fr: ['FR', 'BE', 'CH', 'CA'],
  it: ['IT', 'CH'],
  pl: ['PL'],
};

function visitorCountries(locale: Locale, country: string | null): string[] {
  return [...new Set([...(country ? [country] : []), ...(LOCALE_COUNTRIES[locale] ?? [])])];
}

/** A member's place as the distance needs it; null when unknown (no city, or one the city table lacks). */
export async function findMemberPoint(db: Queryable, memberId: number): Promise<Point | null> {
  const [row] = await db
    .select({ lat: profiles.latitude, lon: profiles.longitude })
    .from(profiles)
    .where(eq(profiles.userId, memberId));
  return row?.lat == null || row.lon == null ? null : { lat: row.lat, lon: row.lon };
}

/** The viewer as a seeker: a member by their profile (one primary-key read), a visitor by language and address. */
export async function findSeeker(
  db: Queryable,
  viewer: Viewer,
  visitor: { locale: Locale; country: string | null },
): Promise<Seeker> {
  if (!isMember(viewer)) {
    return { genders: null, countries: visitorCountries(visitor.locale, visitor.country), point: null };
  }
  const [row] = await db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      country: profiles.country,
      lat: profiles.latitude,
      lon: profiles.longitude,
    })
    .from(profiles)
    .where(eq(profiles.userId, viewer.id));
  if (!row)
    return { genders: null, countries: visitorCountries(visitor.locale, visitor.country), point: null };
  return {
    genders: soughtGenders(row.gender, row.sexuality),
    countries: [row.country],
    point: row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon },
  };
}

/**
 * Whether a member with this sexuality and gender looks for the other gender: soughtGenders
 * (shared/profile-options.ts) as SQL, for whichever rows the query names (the candidate who must
 * look for the viewer, the member a weekly update counts for).
 */
export function seeksGenderSql(sexuality: SQLWrapper, gender: SQLWrapper, other: SQLWrapper | string): SQL {
  return sql`(${sexuality} = 'bi'
    or (${sexuality} = 'hetero' and ${gender} <> ${other})
    or (${sexuality} in ('gay', 'lesbian') and ${gender} = ${other}))`;
}

const EARTH_RADIUS_KM = 6371;

/**
 * Kilometres from the point to each member's city (great circle, haversine), null where the
 * member's place or the point is unknown. Computed in PostgreSQL so coordinates never reach Node's
 * rows, let alone a browser.
 */
export function distanceKm(point: Point | null): SQL<number | null> {
  if (!point) return sql<number | null>`null::float8`;
  const lat = sql`${point.lat}::float8`;
  const lon = sql`${point.lon}::float8`;
  // least() would pass over a null, hence the case: no place, no distance.
  return sql<number | null>`(case when ${profiles.latitude} is null or ${profiles.longitude} is null then null
    else ${sql.raw(String(2 * EARTH_RADIUS_KM))} * asin(least(1, sqrt(
      power(sin(radians(${profiles.latitude} - ${lat}) / 2), 2)
      + cos(radians(${lat})) * cos(radians(${profiles.latitude})) * power(sin(radians(${profiles.longitude} - ${lon}) / 2), 2))))
    end)`.mapWith((value: unknown) => (value === null ? null : Number(value)));
}

/**
 * A member of the viewer's country whose place (or the viewer's) is unknown ranks as if this far:
 * after everyone known to be nearby, before the known far away. The second of the visitor's
 * countries one kilometre further, and so on.
 */
const OWN_COUNTRY_KM = 500;
/** Farther than any two places on Earth (half the circumference is ~20,000 km). */
const ELSEWHERE_KM = 1_000_000;

/** The ORDER BY keys of the rule; the caller appends its tie-break. */
export function suitsViewerOrder(seeker: Seeker, today: Date): SQL[] {
  const keys: SQL[] = [];
  const wanted = and(
    seeker.genders && seeker.genders.length < 2 ? inArray(profiles.gender, [...seeker.genders]) : undefined,
    seeker.minAge === undefined
      ? undefined
      : lte(profiles.birthDate, latestBirthDateForAge(today, seeker.minAge)),
    seeker.maxAge === undefined
      ? undefined
      : gt(profiles.birthDate, latestBirthDateForAge(today, seeker.maxAge + 1)),
  );
  if (wanted) keys.push(sql`(${wanted}) desc`);
  const ownCountry = seeker.countries.length
    ? sql`case ${profiles.country} ${sql.join(
        seeker.countries.map((c, i) => sql`when ${c} then ${sql.raw(String(OWN_COUNTRY_KM + i))}`),
        sql` `,
      )} else ${sql.raw(String(ELSEWHERE_KM))} end`
    : sql.raw(String(ELSEWHERE_KM));
  keys.push(sql`coalesce(${distanceKm(seeker.point)}, ${ownCountry}) asc`);
  return keys;
}
