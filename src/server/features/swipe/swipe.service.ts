import { and, desc, eq, gt, not, type SQL, sql } from 'drizzle-orm';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import type { SwipeQuery } from '../../../shared/contracts/swipe.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { countryTimeZone } from '../../../shared/time-zones.ts';
import type { Database, Queryable, Tx } from '../../db/client.ts';
import { photos, profiles, swipePasses, swipeStates, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { AppError } from '../../plugins/errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import type { MemberFacts } from '../../policy/rules/members.rules.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { findBlockRelation, notBlockedEitherWay } from '../blocks/blocks.service.ts';
import { likeMember } from '../likes/likes.service.ts';
import { hasLiked, likedByViewer } from '../likes/likes.sql.ts';
import type { CardRow } from '../members/members.presenter.ts';
import { isMemberVisible, visibleMemberCondition } from '../members/members.visibility.ts';
import {
  allowedFilters,
  cardColumns,
  cardPhotoJoin,
  type MemberFilters,
  type MembersDeps,
  matchConditions,
} from '../members/search.service.ts';
import { distanceKm, findSeeker, type Seeker, suitsViewerOrder } from '../members/suits-viewer.ts';
import { type SettingsVisitor, settingsFor } from '../settings/settings.service.ts';
import { currentDay, firstDay, resetsAt, type SwipeDay, withReportedZone } from './swipe-day.ts';

/**
 * The swipe game (docs/decisions/0022): one card at a time from the member's search filters,
 * LIMITS.swipeLikesPerDay likes per local day counted in the like's own transaction, passes that
 * keep a member away for LIMITS.swipePassDays, and an undo of the last pass.
 */

// enqueue: a like in the game mails the liked member as any like does.
export type SwipeDeps = MembersDeps & Pick<AppServices, 'enqueue'>;

const passCutoff = (now: Date) => new Date(now.getTime() - LIMITS.swipePassDays * DAY_MS);
const undoCutoff = (now: Date) => new Date(now.getTime() - LIMITS.swipeUndoMinutes * 60_000);
const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const swipeLimitReached = (at: Date) =>
  new AppError('swipe_limit_reached', 403, `No likes left today; they start over at ${at.toISOString()}`, {
    resets_at: at.toISOString(),
  });

const nothingToUndo = () => new AppError('swipe_nothing_to_undo', 409, 'There is no pass to take back');

/** The game as it stands: the card (if any), the day's likes and whether the last pass can be taken back. */
export type SwipeGame = {
  card: CardRow | null;
  likesLeft: number;
  resetsAt: Date;
  /** Where the page shows resetsAt: the zone the browser reports now, else the member's (SwipeState.time_zone). */
  timeZone: string;
  canUndo: boolean;
  visibleFields: readonly ProfileField[];
};

type Who = { viewer: MemberViewer; visitor: SettingsVisitor };

// ---- Cards ----

/**
 * Member cards the viewer may see on a list (search's matchConditions: visible, not themself, no
 * block either way) under extra conditions, those who suit the viewer first (suits-viewer.ts:
 * nearby, then their country), then newest. One statement; the caller's limit.
 */
async function findCards(
  db: Queryable,
  seeker: Seeker,
  viewer: MemberViewer,
  filters: MemberFilters,
  now: Date,
  conditions: SQL[],
  limit: number,
): Promise<CardRow[]> {
  const rows = await db
    .select({
      ...cardColumns,
      id: profiles.userId,
      photoPrivate: photos.private,
      distanceKm: distanceKm(seeker.point),
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(photos, cardPhotoJoin)
    .where(and(...matchConditions(filters, viewer, now), ...conditions))
    .orderBy(...suitsViewerOrder(seeker, now), desc(profiles.userId))
    .limit(limit);
  return rows.map(({ photoPrivate, ...row }) => ({
    ...row,
    // A locked main photo: the card gets the blur (members.presenter.ts), never the photo.
    photoLocked: !can(viewer, 'photo.view_full', { ownerId: row.id, private: photoPrivate === true }),
  }));
}

/**
 * Nobody the viewer liked (the likes feature's probe, one primary-key lookup per row walked), nor
 * passed in the last LIMITS.swipePassDays (NOT IN over the viewer's recent passes, one range of
 * swipe_passes_recent_idx, runs once per query as a hashed subplan). The card stays one backward
 * walk of a search index that stops at the first member left (docs/performance.md, "Swipe game").
 */
function notSwipedBy(viewerId: number, now: Date): SQL[] {
  return [
    not(likedByViewer(viewerId, profiles.userId)),
    sql`${profiles.userId} not in (select ${swipePasses.passedId} from ${swipePasses}
      where ${swipePasses.memberId} = ${viewerId} and ${swipePasses.passedAt} > ${timestamp(passCutoff(now))})`,
  ];
}

/**
 * The next card: of the members matching the filters whom the viewer has not liked or recently
 * passed, the one who suits the viewer best (nearest first), the newest among equals.
 */
export async function findNextCard(
  db: Queryable,
  seeker: Seeker,
  viewer: MemberViewer,
  filters: MemberFilters,
  now: Date,
): Promise<CardRow | null> {
  const [card] = await findCards(db, seeker, viewer, filters, now, notSwipedBy(viewer.id, now), 1);
  return card ?? null;
}

/** One member as a card, if the viewer may see them on a list. */
async function findCard(
  db: Queryable,
  seeker: Seeker,
  viewer: MemberViewer,
  id: number,
  now: Date,
): Promise<CardRow | null> {
  const [card] = await findCards(db, seeker, viewer, {}, now, [eq(profiles.userId, id)], 1);
  return card ?? null;
}

/** The viewer as the ordering rule reads them, with the filters' ages as the range they look for. */
async function seekerFor(db: Queryable, { viewer, visitor }: Who, filters: MemberFilters): Promise<Seeker> {
  const seeker = await findSeeker(db, viewer, visitor);
  return { ...seeker, minAge: filters.minAge, maxAge: filters.maxAge };
}

// ---- The member's day ----

type StoredState = SwipeDay & { lastPassedId: number | null };

/** The member's state, with their country (for a zone never reported) and whether an undo would find its pass. */
async function readState(db: Database, viewer: MemberViewer, now: Date) {
  const [row] = await db
    .select({
      country: profiles.country,
      timeZone: swipeStates.timeZone,
      nextTimeZone: swipeStates.nextTimeZone,
      day: swipeStates.day,
      likes: swipeStates.likes,
      canUndo: sql<boolean>`exists (
        select 1 from ${swipePasses} inner join ${users} on ${users.id} = ${swipePasses.passedId}
        where ${swipePasses.memberId} = ${viewer.id} and ${swipePasses.passedId} = ${swipeStates.lastPassedId}
          and ${swipePasses.passedAt} > ${timestamp(undoCutoff(now))}
          and ${visibleMemberCondition} and ${notBlockedEitherWay(viewer.id, swipePasses.passedId)})`,
    })
    .from(profiles)
    .leftJoin(swipeStates, eq(swipeStates.memberId, profiles.userId))
    .where(eq(profiles.userId, viewer.id));
  return row;
}

async function countryOf(db: Queryable, memberId: number): Promise<string> {
  const [row] = await db
    .select({ country: profiles.country })
    .from(profiles)
    .where(eq(profiles.userId, memberId));
  return row?.country ?? '';
}

/**
 * The member's state row, created on their first swipe (in the reported zone, else their country's)
 * and locked until the transaction ends: a no-op ON CONFLICT DO UPDATE takes the row lock and
 * returns the row as the last committed swipe left it, so concurrent swipes of one member queue here.
 */
async function lockState(tx: Tx, memberId: number, reportedZone: string | null, now: Date) {
  const zone = reportedZone ?? countryTimeZone(await countryOf(tx, memberId));
  const [row] = await tx
    .insert(swipeStates)
    .values({ memberId, ...firstDay(zone, now), updatedAt: now })
    .onConflictDoUpdate({ target: swipeStates.memberId, set: { memberId: sql`excluded.member_id` } })
    .returning();
  if (!row) throw new Error('swipe state: no row');
  return row;
}

async function saveState(tx: Tx, memberId: number, state: StoredState, now: Date) {
  await tx
    .update(swipeStates)
    .set({ ...state, updatedAt: now })
    .where(eq(swipeStates.memberId, memberId));
}

const dayOf = (row: SwipeDay): SwipeDay => ({
  timeZone: row.timeZone,
  nextTimeZone: row.nextTimeZone,
  day: row.day,
  likes: row.likes,
});

// ---- The game ----

/** The member's day as it stands at `now` (their first one when they never swiped), and whether an undo would work. */
async function dayOfMember(db: Database, viewer: MemberViewer, now: Date, reportedZone: string | null) {
  const state = await readState(db, viewer, now);
  if (state?.timeZone && state.day && state.likes !== null) {
    const { timeZone, nextTimeZone, day, likes } = state;
    return { day: currentDay({ timeZone, nextTimeZone, day, likes }, now), canUndo: state.canUndo };
  }
  return { day: firstDay(reportedZone ?? countryTimeZone(state?.country ?? ''), now), canUndo: false };
}

function game(
  day: SwipeDay,
  reportedZone: string | null,
  card: CardRow | null,
  canUndo: boolean,
  visibleFields: readonly ProfileField[],
) {
  const likesLeft = Math.max(0, LIMITS.swipeLikesPerDay - day.likes);
  return {
    // No likes left: no card either (the page shows the countdown instead).
    card: likesLeft > 0 ? card : null,
    likesLeft,
    resetsAt: resetsAt(day),
    // A traveller's midnight at home is shown at the hour it is where they are now.
    timeZone: reportedZone ?? day.nextTimeZone ?? day.timeZone,
    canUndo,
    visibleFields,
  } satisfies SwipeGame;
}

/**
 * GET /api/swipe.php and the page's first answer: the next card, the likes left today and when they
 * start over. `zone`: the browser's, canonical (the call's time_zone, else its cookie), or null when
 * it never told; it counts only until the first swipe stores one. Two reads side by side.
 */
export async function getSwipeGame(
  deps: SwipeDeps,
  { viewer, visitor }: Who,
  query: SwipeQuery,
  zone: string | null,
) {
  const now = deps.now();
  const settings = await settingsFor(deps, visitor);
  const filters = allowedFilters(query, settings.search_fields);
  const [{ day, canUndo }, card] = await Promise.all([
    dayOfMember(deps.db, viewer, now, zone),
    seekerFor(deps.db, { viewer, visitor }, filters).then((seeker) =>
      findNextCard(deps.db, seeker, viewer, filters, now),
    ),
  ]);
  return game(day, zone, card, canUndo, settings.visible_profile_fields);
}

/** The member to pass as member.pass needs them (the facts of member.like): two primary-key reads. */
async function passTarget(db: Database, viewerId: number, id: number): Promise<MemberFacts> {
  if (id === viewerId) return { id, visible: true, relation: { viewerBlocked: false, blockedViewer: false } };
  const [visible, relation] = await Promise.all([
    isMemberVisible(db, id),
    findBlockRelation(db, viewerId, id),
  ]);
  return { id, visible, relation };
}

/**
 * A like in the game: the likes service's like (idempotent, pair lock, match, events) with the
 * day's count taken in its transaction. A like that already exists counts nothing; the fifth of a
 * day refuses the like (swipe_limit_reached) and rolls it back.
 */
async function swipeLike(deps: SwipeDeps, viewer: MemberViewer, id: number, zone: string | null) {
  const now = deps.now();
  return likeMember(deps, viewer, id, {
    inTransaction: async (tx) => {
      if (await hasLiked(tx, viewer.id, id)) return;
      const row = await lockState(tx, viewer.id, zone, now);
      const day = withReportedZone(currentDay(dayOf(row), now), zone);
      if (day.likes >= LIMITS.swipeLikesPerDay) throw swipeLimitReached(resetsAt(day));
      await saveState(tx, viewer.id, { ...day, likes: day.likes + 1, lastPassedId: null }, now);
    },
  });
}

/** A pass: the member stays away for LIMITS.swipePassDays, and becomes the pass an undo takes back. */
async function swipePass(deps: SwipeDeps, viewer: MemberViewer, id: number, zone: string | null) {
  const target = await passTarget(deps.db, viewer.id, id);
  authorize(viewer, 'member.pass', target);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockState(tx, viewer.id, zone, now);
    const day = withReportedZone(currentDay(dayOf(row), now), zone);
    await tx
      .insert(swipePasses)
      .values({ memberId: viewer.id, passedId: id, passedAt: now })
      .onConflictDoUpdate({ target: [swipePasses.memberId, swipePasses.passedId], set: { passedAt: now } });
    await saveState(tx, viewer.id, { ...day, lastPassedId: id }, now);
  });
}

/** POST /api/swipe.php: like or pass the member, then the game as it stands after it. */
export async function swipe(
  deps: SwipeDeps,
  who: Who,
  input: { id: number; action: 'like' | 'pass' },
  query: SwipeQuery,
  zone: string | null,
): Promise<{ match: boolean; next: SwipeGame }> {
  let match = false;
  if (input.action === 'like') match = await swipeLike(deps, who.viewer, input.id, zone);
  else await swipePass(deps, who.viewer, input.id, zone);
  return { match, next: await getSwipeGame(deps, who, query, zone) };
}

/**
 * POST /api/swipe-undo.php: takes back the last swipe if it was a pass, made within
 * LIMITS.swipeUndoMinutes, of a member the viewer may still see; that member comes back as the card.
 * Anything else (a like since, too late, the member gone) is swipe_nothing_to_undo.
 */
export async function undoLastPass(deps: SwipeDeps, who: Who, zone: string | null): Promise<SwipeGame> {
  const { viewer } = who;
  authorize(viewer, 'member.unpass');
  const now = deps.now();
  const card = await deps.db.transaction(async (tx) => {
    const [state] = await tx
      .select({ lastPassedId: swipeStates.lastPassedId })
      .from(swipeStates)
      .where(eq(swipeStates.memberId, viewer.id))
      .for('update');
    const id = state?.lastPassedId;
    if (!id) throw nothingToUndo();
    const restored = await findCard(tx, await seekerFor(tx, who, {}), viewer, id, now);
    const removed = restored
      ? await tx
          .delete(swipePasses)
          .where(
            and(
              eq(swipePasses.memberId, viewer.id),
              eq(swipePasses.passedId, id),
              gt(swipePasses.passedAt, undoCutoff(now)),
            ),
          )
          .returning({ id: swipePasses.passedId })
      : [];
    if (removed.length === 0) throw nothingToUndo();
    await tx
      .update(swipeStates)
      .set({ lastPassedId: null, updatedAt: now })
      .where(eq(swipeStates.memberId, viewer.id));
    return restored;
  });
  const [settings, { day }] = await Promise.all([
    settingsFor(deps, who.visitor),
    dayOfMember(deps.db, viewer, now, null),
  ]);
  // The restored member is the card, whatever the filters: it was on screen a moment ago.
  return { ...game(day, zone, card, false, settings.visible_profile_fields), card };
}

/** The member's game rows, for the erasure of an account: their state and passes, and passes of them. */
export async function removeSwipesOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(swipeStates).where(eq(swipeStates.memberId, userId));
  await db.delete(swipePasses).where(eq(swipePasses.memberId, userId));
  await db.delete(swipePasses).where(eq(swipePasses.passedId, userId));
}
