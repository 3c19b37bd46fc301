import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import {
  FINDER_RESULTS,
  type FinderQuery,
  type FinderReasons,
} from '../../../shared/contracts/match-finder.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { INTEREST_KEYS, type InterestKey } from '../../../shared/interests.ts';
import type { Gender } from '../../../shared/profile-options.ts';
import type { Database } from '../../db/client.ts';
import { photos, profiles, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { profileNotFound } from '../../policy/refusals.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import { notBlockedEitherWay } from '../blocks/blocks.service.ts';
import { likedByViewer } from '../likes/likes.sql.ts';
import type { CardRow } from '../members/members.presenter.ts';
import {
  cardColumns,
  cardPhotoJoin,
  filterConditions,
  type MemberFilters,
  type MembersDeps,
  matchConditions,
} from '../members/search.service.ts';
import { seeksGenderSql } from '../members/suits-viewer.ts';
import { type SettingsVisitor, settingsFor } from '../settings/settings.service.ts';

/*
 * The ranking (docs/decisions/0023). A candidate's score is
 *
 *   match = 10 per shared interest + 3 same country + 3 same region + 0–4 age closeness
 *   score = match + 2 with an approved main photo + 0–3 recently active (falls to 0 over 30 days)
 *
 * `match` needs only profile columns, all in profiles_finder_idx; the bonus needs the users and photos
 * rows. Step one ranks every candidate the filters let through by `match` in an index-only scan and
 * keeps the best `pool` of them; step two joins those few to users and photos, applies search's
 * member.list conditions (visible, not oneself, no block either way) and orders by the full score.
 * A candidate left out of the pool has match ≤ the pool's lowest, so score ≤ that + BONUS_MAX: when
 * the last result scores more than that, nobody left out could have beaten it and the list is
 * exact. Otherwise (rare: many near-equal candidates, or many hidden ones in the pool) the pool
 * grows and the query runs again, up to every candidate.
 */
export const WEIGHTS = { interest: 10, country: 3, region: 3, age: 4, photo: 2, active: 3 } as const;
const BONUS_MAX = WEIGHTS.photo + WEIGHTS.active;
/** Activity counts fully today and not at all after this. */
const ACTIVE_WINDOW_SECONDS = 30 * 24 * 3600;
const DAYS_PER_YEAR = 365.25;
/**
 * Pool sizes tried in turn; null: every candidate. Step two reads three rows by primary key per
 * pooled candidate, so the first pool is as small as proves the list exact in the bench's answer
 * sets (four times the list: 300 cost twice as much and were never needed there).
 */
export const POOL_STEPS: readonly (number | null)[] = [120, 1_200, null];

/** Bit i of profiles.interests_mask is INTEREST_KEYS[i] (interests_mask() in drizzle/0011). */
export function interestsMask(keys: readonly InterestKey[]): bigint {
  let mask = 0n;
  for (const key of keys) mask |= 1n << BigInt(INTEREST_KEYS.indexOf(key));
  return mask;
}

/** The member's home as the ranking needs it. */
type Home = { gender: Gender; country: string; region: string | null };

/** The answers after the site's visible fields: what the ranking may use. */
type Ranking = {
  filters: MemberFilters;
  /** The viewer's gender: candidates who look for it (their gender and sexuality). */
  viewerGender: Gender;
  interests: InterestKey[];
  country: string;
  /** null: the region does not count (the viewer has none, or the site does not show regions). */
  region: string | null;
  minAge: number;
  maxAge: number;
};

type FinderRow = CardRow & { reasons: FinderReasons };
export type FinderResult = { rows: FinderRow[]; visibleFields: readonly ProfileField[] };

export type FinderInput = { viewer: MemberViewer; visitor: SettingsVisitor; answers: FinderQuery };

async function findHome(db: Database, userId: number): Promise<Home | undefined> {
  const [home] = await db
    .select({ gender: profiles.gender, country: profiles.country, region: profiles.region })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return home;
}

/**
 * The answers as conditions and weights. A field the site does not show on profiles
 * (settings.visible_profile_fields) takes no part: the order of the list would tell it otherwise.
 */
function rankingFor(answers: FinderQuery, home: Home, visibleFields: readonly ProfileField[]): Ranking {
  const regions = visibleFields.includes('region');
  const region = regions ? home.region : null;
  const filters: MemberFilters = {
    gender: answers.gender || undefined,
    minAge: answers.min_age,
    maxAge: answers.max_age,
  };
  if (answers.distance === 'region') {
    // Without a region the question has no answer; the page offers the option only with one.
    if (home.region === null) throw validationFailed({ distance: ['finder_region_missing'] });
    if (region) filters.region = region;
    else filters.country = home.country;
  } else if (answers.distance === 'country') {
    filters.country = home.country;
  }
  return {
    filters,
    viewerGender: home.gender,
    interests: visibleFields.includes('interests') ? answers.interests : [],
    country: home.country,
    region,
    minAge: answers.min_age,
    maxAge: answers.max_age,
  };
}

/**
 * The profile part of the score, in float8 and integer arithmetic only: it runs for every
 * candidate, and numeric or text work there costs several times more (docs/performance.md).
 */
function matchScore(r: Ranking, today: Date): SQL<number> {
  const terms: SQL[] = [];
  if (r.interests.length > 0) {
    const mask = interestsMask(r.interests).toString();
    terms.push(
      sql`${WEIGHTS.interest} * bit_count((${profiles.interestsMask} & ${mask}::bigint)::bit(64))::int`,
    );
  }
  terms.push(sql`(${profiles.country} = ${r.country})::int * ${WEIGHTS.country}`);
  // Not `=`: a candidate without a region would make the whole score null.
  if (r.region !== null)
    terms.push(sql`(${profiles.region} is not distinct from ${r.region})::int * ${WEIGHTS.region}`);
  // Closeness to the middle of the age range: full at its middle, nothing at its ends.
  const halfSpanDays = ((r.maxAge + 1 - r.minAge) / 2) * DAYS_PER_YEAR;
  const middle = new Date(today.getTime() - ((r.minAge + r.maxAge + 1) / 2) * DAYS_PER_YEAR * DAY_MS);
  const middleDate = middle.toISOString().slice(0, 10);
  terms.push(
    sql`greatest(0, ${WEIGHTS.age} - abs(${profiles.birthDate} - ${middleDate}::date) * ${WEIGHTS.age / halfSpanDays}::float8)`,
  );
  return sql<number>`(${sql.join(terms, sql` + `)})::float8`;
}

/** The part of the score that needs the users and photos rows. */
function bonusScore(now: Date): SQL<number> {
  return sql<number>`((${photos.id} is not null)::int * ${WEIGHTS.photo}
    + ${WEIGHTS.active} * least(1, greatest(0, 1 - extract(epoch from (${now.toISOString()}::timestamptz - ${users.lastActiveAt}))::float8 / ${ACTIVE_WINDOW_SECONDS})))`;
}

type RankedRow = CardRow & {
  photoPrivate: boolean | null;
  score: number;
  sharedMask: number;
  poolSize: number;
  poolFloor: number;
};

/** One run of the two steps with a pool of at most `pool` candidates (null: all). */
async function rankOnce(
  db: Database,
  r: Ranking,
  viewer: MemberViewer,
  now: Date,
  pool: number | null,
): Promise<RankedRow[]> {
  const match = matchScore(r, now);
  const step1 = db
    .select({ userId: profiles.userId, match: match.as('match') })
    .from(profiles)
    .where(
      and(
        ...filterConditions(r.filters, now),
        // Candidates whose own search includes the viewer.
        seeksGenderSql(profiles.sexuality, profiles.gender, r.viewerGender),
        ne(profiles.userId, viewer.id),
        notBlockedEitherWay(viewer.id, profiles.userId),
      ),
    )
    .orderBy(desc(sql`match`), desc(profiles.userId))
    .$dynamic();
  const best = db.$with('best').as(pool === null ? step1 : step1.limit(pool));
  const mask = interestsMask(r.interests).toString();
  return db
    .with(best)
    .select({
      ...cardColumns,
      id: profiles.userId,
      photoPrivate: photos.private,
      liked: likedByViewer(viewer.id, profiles.userId),
      score: sql<number>`${best.match} + ${bonusScore(now)}`.as('score'),
      sharedMask: sql<number>`${profiles.interestsMask} & ${mask}::bigint`,
      // What the caller needs to know whether the list is exact (see the top of this file).
      poolSize: sql<number>`(select count(*) from ${best})::int`,
      poolFloor: sql<number>`(select min(match) from ${best})`,
    })
    .from(best)
    .innerJoin(profiles, eq(profiles.userId, best.userId))
    .innerJoin(users, eq(users.id, best.userId))
    .leftJoin(photos, cardPhotoJoin)
    .where(
      and(
        // The pool's few by primary key on both sides. Left to the joins, the planner may scan
        // every profile to hash-join the pool (its cost model expects disk reads; they are memory).
        sql`${profiles.userId} = any(array(select ${best.userId} from ${best}))`,
        sql`${users.id} = any(array(select ${best.userId} from ${best}))`,
        // Search's member.list conditions (visible, not oneself, no block either way). The filters
        // were the first step's: given again, they would only invite a scan of every filtered profile.
        ...matchConditions({}, viewer, now),
      ),
    )
    .orderBy(desc(sql`score`), desc(profiles.userId))
    .limit(FINDER_RESULTS);
}

/** Whether a run with this pool could have missed a better candidate (see the top of this file). */
export function poolMayMissBetter(
  rows: readonly Pick<RankedRow, 'score' | 'poolSize' | 'poolFloor'>[],
  pool: number,
) {
  const first = rows[0];
  // Nobody visible in the pool: only a bigger pool can tell.
  if (!first) return true;
  if (first.poolSize < pool) return false;
  const last = rows[FINDER_RESULTS - 1];
  return last === undefined || last.score <= first.poolFloor + BONUS_MAX;
}

async function rank(db: Database, r: Ranking, viewer: MemberViewer, now: Date): Promise<RankedRow[]> {
  let rows: RankedRow[] = [];
  for (const pool of POOL_STEPS) {
    rows = await rankOnce(db, r, viewer, now, pool);
    if (pool === null || !poolMayMissBetter(rows, pool)) break;
  }
  return rows;
}

function reasonsOf(row: RankedRow, r: Ranking): FinderReasons {
  const shared = BigInt(row.sharedMask);
  return {
    shared_interests: r.interests.filter((key) => (shared >> BigInt(INTEREST_KEYS.indexOf(key))) & 1n),
    same_place:
      r.region !== null && row.region === r.region ? 'region' : row.country === r.country ? 'country' : null,
  };
}

/**
 * GET /api/match-finder.php: the members who fit the answers best, ranked in PostgreSQL, each with
 * the reasons it was chosen. Only members the viewer may see on a list, as search shows them.
 */
export async function findMatches(deps: MembersDeps, input: FinderInput): Promise<FinderResult> {
  const { viewer, answers } = input;
  authorize(viewer, 'member.find');
  const [home, settings] = await Promise.all([
    findHome(deps.db, viewer.id),
    settingsFor(deps, input.visitor),
  ]);
  if (!home) throw profileNotFound();
  const ranking = rankingFor(answers, home, settings.visible_profile_fields);
  const now = deps.now();
  const ranked = await rank(deps.db, ranking, viewer, now);
  const rows = ranked.map((row) => {
    const {
      photoPrivate,
      score: _score,
      sharedMask: _mask,
      poolSize: _size,
      poolFloor: _floor,
      ...card
    } = row;
    return {
      ...card,
      // A locked main photo: the card gets the blur (members.presenter.ts).
      photoLocked: !can(viewer, 'photo.view_full', { ownerId: card.id, private: photoPrivate === true }),
      reasons: reasonsOf(row, ranking),
    };
  });
  return { rows, visibleFields: settings.visible_profile_fields };
}
