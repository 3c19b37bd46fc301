import { and, count, desc, eq, gt, lt, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  SEARCH_MAX_AGE,
  SEARCH_MIN_AGE,
  SEARCH_PAGE_SIZE,
  type SearchQuery,
  SIMILAR_WHEN_FEWER_THAN,
} from '../../../shared/contracts/members.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import type { Database } from '../../db/client.ts';
import { photos, profiles, users } from '../../db/schema/index.ts';
import { defineStartedState } from '../../feature.ts';
import { createPromiseCache, type PromiseCache } from '../../lib/promise-cache.ts';
import { badRequest } from '../../plugins/errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { isMember, type Viewer, viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { blockedEitherWayIds, notBlockedEitherWay } from '../blocks/blocks.service.ts';
import { likedByViewer } from '../likes/likes.sql.ts';
import { type SettingsVisitor, settingsFor } from '../settings/settings.service.ts';
import type { CardRow } from './members.presenter.ts';
import { visibleMemberCondition } from './members.visibility.ts';
import { distanceKm, findSeeker, type Seeker, suitsViewerOrder } from './suits-viewer.ts';

/** What a member card needs (members.presenter.ts), for every list of cards. */
export const cardColumns = {
  id: users.id,
  name: users.name,
  fictional: users.fictional,
  birthDate: profiles.birthDate,
  gender: profiles.gender,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  photoKey: photos.storageKey,
  photoStatus: photos.status,
};

/** The photo a card shows: the member's own approved main photo (left-joined: a card may have none). */
export const cardPhotoJoin = and(
  eq(photos.id, profiles.mainPhotoId),
  eq(photos.userId, profiles.userId),
  eq(photos.status, 'approved'),
);

/** What the member services need of the process-wide services (the bench builds the same). */
export type MembersDeps = Pick<AppServices, 'db' | 'resolvedSettings' | 'vapid' | 'now'>;

/** The filters of a member list; the match finder narrows its candidates with the same ones. */
export type MemberFilters = {
  gender?: 'male' | 'female';
  country?: string;
  /** ISO 3166-2; its country is pinned as well. */
  region?: string;
  minAge?: number;
  maxAge?: number;
};

const SIMILAR_AGE_WIDENING = 5;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The last birth date of someone who is `years` old on `today` (UTC, like ageOn): born on or before
 * it means at least that old. On 29 February of a leap year the bound in a common year is the 28th.
 */
export function latestBirthDateForAge(today: Date, years: number): string {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth() + 1;
  let d = today.getUTCDate();
  if (m === 2 && d === 29 && !isLeapYear(y)) d = 28;
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
}

/** Ages become birth-date bounds, so the condition is on the stored column and needs no per-row math. */
export function filterConditions(filters: MemberFilters, today: Date): SQL[] {
  const conditions: SQL[] = [];
  if (filters.gender) conditions.push(eq(profiles.gender, filters.gender));
  if (filters.country) conditions.push(eq(profiles.country, filters.country));
  if (filters.region) {
    conditions.push(eq(profiles.region, filters.region));
    // Implied by the code (and empty against a different country filter); it also serves the country index.
    conditions.push(eq(profiles.country, filters.region.slice(0, 2)));
  }
  if (filters.minAge !== undefined)
    conditions.push(lte(profiles.birthDate, latestBirthDateForAge(today, filters.minAge)));
  if (filters.maxAge !== undefined)
    conditions.push(gt(profiles.birthDate, latestBirthDateForAge(today, filters.maxAge + 1)));
  return conditions;
}

/**
 * Members matching the filters that this viewer may see on a list: the policy's member.list rule
 * (visible, not themself, no block either way) as SQL, so a page stays one index walk.
 * members.list-policy.test.ts holds the two to the same answers; the match finder applies it too.
 */
export function matchConditions(filters: MemberFilters, viewer: Viewer, today: Date): (SQL | undefined)[] {
  return [
    visibleMemberCondition,
    ...filterConditions(filters, today),
    isMember(viewer) ? ne(profiles.userId, viewer.id) : undefined,
    isMember(viewer) ? notBlockedEitherWay(viewer.id, profiles.userId) : undefined,
  ];
}

type PageQuery = {
  filters: MemberFilters;
  viewer: Viewer;
  today: Date;
  /** Keyset: only members with a smaller id (newest first). */
  beforeId?: number;
  excludeIds?: number[];
  limit: number;
  /** Who looks: the cards carry the distance to their place. */
  seeker?: Seeker;
  /** 'suits': the members who suit the seeker first (suits-viewer.ts) instead of newest first; no keyset. */
  order?: 'newest' | 'suits';
};

/**
 * One keyset page, newest members first. With the filters pinned by equality, the order is the
 * order of a search index (profiles_search_*), so PostgreSQL walks it from the cursor and stops
 * after `limit` rows: page 50 costs what page 1 costs.
 */
export async function findMemberPage(db: Database, q: PageQuery): Promise<CardRow[]> {
  const rows = await db
    .select({
      ...cardColumns,
      id: profiles.userId,
      photoPrivate: photos.private,
      liked: isMember(q.viewer) ? likedByViewer(q.viewer.id, profiles.userId) : sql<boolean>`false`,
      distanceKm: distanceKm(q.seeker?.point ?? null),
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    // Only an approved main photo of the member themself appears on a card.
    .leftJoin(photos, cardPhotoJoin)
    .where(
      and(
        ...matchConditions(q.filters, q.viewer, q.today),
        q.beforeId !== undefined ? lt(profiles.userId, q.beforeId) : undefined,
        // The same bound on the joined side: without it a merge join reads users from the newest
        // one down to the cursor, and page 50 costs 50 times page 1.
        q.beforeId !== undefined ? lt(users.id, q.beforeId) : undefined,
        q.excludeIds?.length ? notInArray(profiles.userId, q.excludeIds) : undefined,
      ),
    )
    .orderBy(
      ...(q.order === 'suits' && q.seeker ? suitsViewerOrder(q.seeker, q.today) : []),
      desc(profiles.userId),
    )
    .limit(q.limit);
  return rows.map(({ photoPrivate, liked, ...row }) => ({
    ...row,
    // Visitors' cards carry no like state (their like buttons ask them to log in).
    ...(isMember(q.viewer) ? { liked } : {}),
    // A locked main photo: the card gets the blur.
    photoLocked: !can(q.viewer, 'photo.view_full', { ownerId: row.id, private: photoPrivate === true }),
  }));
}

/**
 * A total is exact up to this many matches; above it the page says "more than 1,000". Counting
 * stops there, so a first search costs the same at 100,000 members as at 2,000 (docs/decisions/0007).
 */
export const TOTAL_EXACT_UP_TO = 1_000;
/** The viewer's own exclusions (self, blocks) come off a shared count; this much room keeps "more than" true after that. */
const HIDDEN_ALLOWANCE = 200;
const COUNT_LIMIT = TOTAL_EXACT_UP_TO + HIDDEN_ALLOWANCE + 1;

/** A number of matches; `more`: there are more than `count` (= TOTAL_EXACT_UP_TO). */
type MatchCount = { count: number; more: boolean };

/** Totals per filter set for a short while: counting matches is the one part of a search that grows with the site. */
export type SearchTotalsCache = PromiseCache<number>;

export function createSearchTotalsCache(ttlMs = 30_000): SearchTotalsCache {
  return createPromiseCache<number>({ ttlMs });
}

/**
 * The process's totals. A count holds every visible member it counted: when one turns invisible or
 * asks for deletion, every instance drops all counts (memberVisibilityChanged), so no total counts
 * a member others can no longer find. Such changes are rare next to searches.
 */
export const searchTotalsState = defineStartedState('members.search-totals', async ({ bus }) => {
  const totals = createSearchTotalsCache();
  await bus.subscribe(memberVisibilityChanged, () => totals.clear());
  return totals;
});

/** Visible matches, counted up to `limit` rows (the count stops reading there). */
async function countVisible(
  db: Database,
  filters: MemberFilters,
  today: Date,
  limit?: number,
): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(visibleMemberCondition, ...filterConditions(filters, today)));
  const [row] = await db
    .select({ n: count() })
    .from((limit === undefined ? matches : matches.limit(limit)).as('matches'));
  return row?.n ?? 0;
}

/** Of the matches, those this viewer may not see (themself, blocks either way): a few primary-key reads. */
async function countHiddenFromViewer(
  db: Database,
  filters: MemberFilters,
  viewerId: number,
  today: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        visibleMemberCondition,
        ...filterConditions(filters, today),
        sql`${profiles.userId} in (select ${viewerId}::bigint union all ${blockedEitherWayIds(viewerId)})`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The matches for this viewer: the viewer-independent count (capped) comes from the short-lived
 * cache, the viewer's own exclusions are subtracted exactly.
 */
async function countMatches(
  db: Database,
  totals: SearchTotalsCache,
  filters: MemberFilters,
  viewer: Viewer,
  today: Date,
): Promise<MatchCount> {
  const key = JSON.stringify([
    filters.gender,
    filters.country,
    filters.region,
    filters.minAge,
    filters.maxAge,
    today.toISOString().slice(0, 10),
  ]);
  const [all, hidden] = await Promise.all([
    totals.get(key, () => countVisible(db, filters, today, COUNT_LIMIT)),
    isMember(viewer) ? countHiddenFromViewer(db, filters, viewer.id, today) : 0,
  ]);
  if (all < COUNT_LIMIT) return exactCount(all - hidden);
  if (all - hidden > TOTAL_EXACT_UP_TO) return { count: TOTAL_EXACT_UP_TO, more: true };
  // A viewer who excludes hundreds of these matches: only an exact count can tell.
  return exactCount((await countVisible(db, filters, today)) - hidden);
}

function exactCount(n: number): MatchCount {
  return n > TOTAL_EXACT_UP_TO
    ? { count: TOTAL_EXACT_UP_TO, more: true }
    : { count: Math.max(0, n), more: false };
}

/**
 * The cursor carries the last id shown and the total of page 1 ("lastId.total", "+" when there are
 * more), so later pages need no count.
 */
export function encodeCursor(lastId: number, total: MatchCount): string {
  return Buffer.from(`${lastId}.${total.count}${total.more ? '+' : ''}`).toString('base64url');
}

export function decodeCursor(cursor: string): { lastId: number; total: MatchCount } {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^([1-9]\d{0,14})\.(\d{1,9})(\+?)$/.exec(decoded);
  if (!match || Buffer.from(decoded).toString('base64url') !== cursor) {
    throw badRequest('Invalid cursor', { cursor: ['invalid'] });
  }
  return { lastId: Number(match[1]), total: { count: Number(match[2]), more: match[3] === '+' } };
}

/** The query's filters that the domain offers (settings.search_fields); others are ignored. */
export function allowedFilters(
  query: Omit<SearchQuery, 'cursor'>,
  searchFields: readonly string[],
): MemberFilters {
  const allowed = new Set(searchFields);
  const filters: MemberFilters = {};
  if (allowed.has('gender') && query.gender) filters.gender = query.gender;
  if (allowed.has('country') && query.country) filters.country = query.country;
  if (allowed.has('countryregion') && query.countryregion) filters.region = query.countryregion;
  if (allowed.has('min_age') && query.min_age !== undefined) filters.minAge = query.min_age;
  if (allowed.has('max_age') && query.max_age !== undefined) filters.maxAge = query.max_age;
  return filters;
}

/** Looser searches for the similar-profiles set, tried in order until one finds enough. */
function relaxedFilterSteps(filters: MemberFilters): MemberFilters[] {
  const country = filters.country ?? filters.region?.slice(0, 2);
  const widened: MemberFilters = {
    gender: filters.gender,
    country,
    minAge:
      filters.minAge === undefined
        ? undefined
        : Math.max(SEARCH_MIN_AGE, filters.minAge - SIMILAR_AGE_WIDENING),
    maxAge:
      filters.maxAge === undefined
        ? undefined
        : Math.min(SEARCH_MAX_AGE, filters.maxAge + SIMILAR_AGE_WIDENING),
  };
  const steps: MemberFilters[] = [];
  const changed =
    filters.region !== undefined || widened.minAge !== filters.minAge || widened.maxAge !== filters.maxAge;
  if (changed) steps.push(widened);
  if (country !== undefined) steps.push({ ...widened, country: undefined });
  return steps;
}

type MemberList = { members: CardRow[]; total: MatchCount };
export type SearchResult = MemberList & {
  nextCursor: string | null;
  similar: MemberList | null;
  visibleFields: readonly ProfileField[];
};

export type SearchInput = { visitor: SettingsVisitor; session: ActiveSession | null; query: SearchQuery };

/**
 * GET /api/members.php: a page of visible members matching the filters, newest first, with the
 * total, the next page's cursor and, on a small first page, a set of similar members.
 */
export async function searchMembers(
  deps: MembersDeps,
  input: SearchInput,
  totals: SearchTotalsCache,
): Promise<SearchResult> {
  const viewer = viewerOf(input.session);
  const [settings, seeker] = await Promise.all([
    settingsFor(deps, input.visitor),
    // Only for the distances on the cards: results stay newest first, so pages stay keyset pages.
    isMember(viewer) ? findSeeker(deps.db, viewer, input.visitor) : undefined,
  ]);
  authorize(viewer, 'member.search', { visitorSearchAllowed: settings.logged_out_search_visible });
  const cursor = input.query.cursor === undefined ? null : decodeCursor(input.query.cursor);
  const filters = allowedFilters(input.query, settings.search_fields);
  const today = deps.now();

  // Page 1 counts alongside the page: when the count is expensive the page is full and the count
  // is needed; when the page is not full the count is cheap (few matches) and ignored.
  const [rows, counted] = await Promise.all([
    findMemberPage(deps.db, {
      filters,
      viewer,
      today,
      beforeId: cursor?.lastId,
      limit: SEARCH_PAGE_SIZE + 1,
      seeker,
    }),
    cursor ? undefined : countMatches(deps.db, totals, filters, viewer, today),
  ]);
  const hasMore = rows.length > SEARCH_PAGE_SIZE;
  const members = rows.slice(0, SEARCH_PAGE_SIZE);
  let total: MatchCount;
  if (cursor) total = cursor.total;
  // A first page that is not full holds every match: exact whatever the cache says.
  else if (!hasMore) total = { count: members.length, more: false };
  else total = atLeast(counted, rows.length);
  const last = members.at(-1);
  const nextCursor = hasMore && last ? encodeCursor(last.id, total) : null;

  const similar =
    !cursor && !total.more && total.count < SIMILAR_WHEN_FEWER_THAN
      ? await findSimilarMembers(
          deps.db,
          totals,
          filters,
          viewer,
          today,
          members.map((m) => m.id),
          seeker,
        )
      : null;
  return { members, total, nextCursor, similar, visibleFields: settings.visible_profile_fields };
}

/** A cached count may lag the rows just read: never show fewer than those. */
function atLeast(counted: MatchCount | undefined, rows: number): MatchCount {
  if (counted?.more) return counted;
  return { count: Math.max(rows, counted?.count ?? 0), more: false };
}

async function findSimilarMembers(
  db: Database,
  totals: SearchTotalsCache,
  filters: MemberFilters,
  viewer: Viewer,
  today: Date,
  mainIds: number[],
  seeker: Seeker | undefined,
): Promise<MemberList | null> {
  const steps = relaxedFilterSteps(filters);
  for (const [index, step] of steps.entries()) {
    const rows = await findMemberPage(db, {
      filters: step,
      viewer,
      today,
      excludeIds: mainIds,
      limit: SEARCH_PAGE_SIZE + 1,
      seeker,
    });
    const members = rows.slice(0, SEARCH_PAGE_SIZE);
    // Every main result also matches the looser filters: they are counted there and taken off.
    let total: MatchCount = { count: rows.length, more: false };
    if (rows.length > SEARCH_PAGE_SIZE) {
      const counted = await countMatches(db, totals, step, viewer, today);
      total = atLeast(
        counted.more ? counted : { count: counted.count - mainIds.length, more: false },
        rows.length,
      );
    }
    if (total.more || total.count >= SIMILAR_WHEN_FEWER_THAN || index === steps.length - 1) {
      return members.length > 0 ? { members, total } : null;
    }
  }
  return null;
}
