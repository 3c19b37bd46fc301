import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIKES_PAGE_SIZE } from '../../../shared/contracts/likes.ts';
import type { Database, Queryable, Tx } from '../../db/client.ts';
import { autoLikes, blocks, conversations, likes, photos, profiles, users } from '../../db/schema/index.ts';
import { defineChannel, event, publish, publishAll } from '../../lib/event-bus.ts';
import { badRequest } from '../../plugins/errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { memberNotFound } from '../../policy/refusals.ts';
import type { LikeTargetFacts } from '../../policy/rules/members.rules.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { notBlockedEitherWay } from '../blocks/blocks.service.ts';
import type { CardRow } from '../members/members.presenter.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { cardColumns, cardPhotoJoin } from '../members/search.service.ts';
import { distanceKm, findMemberPoint } from '../members/suits-viewer.ts';
import { enqueueLikeMails } from '../notifications/notification-mails.ts';
import { memberEvent } from '../realtime/realtime.service.ts';
import { newLikesChanged, newLikesState } from './likes.counts.ts';
import { likedByViewer } from './likes.sql.ts';

/**
 * A new like, published in the like's transaction (delivered on commit): the real-time channel
 * forwards it to the liked member, and to both when `match`. A repeated like publishes nothing.
 */
export const memberLiked = defineChannel(
  'member_liked',
  z.object({ likerId: z.number().int(), likedId: z.number().int(), match: z.boolean() }),
);

type LikesDeps = Pick<AppServices, 'db'>;

/**
 * What a caller may add to a like: `inTransaction` runs in the like's transaction, after the pair
 * lock and before the insert (the swipe game counts its daily likes there); throwing refuses the
 * like and rolls everything back.
 */
export type LikeOptions = { inTransaction?: (tx: Tx) => Promise<void> };

/** A self-like is refused by the rule before any fact matters. */
const SELF_TARGET = {
  visible: true,
  relation: { viewerBlocked: false, blockedViewer: false },
  invisibleOnly: false,
  conversation: false,
};

/**
 * The member to like as member.like needs them, in one primary-key read: visible, the blocks both
 * ways, and for an invisible member whether the two have a conversation (which keeps them reachable).
 */
async function findLikeTarget(
  db: Queryable,
  likerId: number,
  likedId: number,
): Promise<LikeTargetFacts | undefined> {
  const [low, high] = likerId < likedId ? [likerId, likedId] : [likedId, likerId];
  const [row] = await db
    .select({
      visible: sql<boolean>`coalesce(${visibleMemberCondition}, false)`,
      invisibleOnly: sql<boolean>`(${users.invisible} and ${users.status} = 'active' and ${users.deletedAt} is null)`,
      conversation: sql<boolean>`exists (select 1 from ${conversations} where ${conversations.memberLow} = ${low} and ${conversations.memberHigh} = ${high})`,
      viewerBlocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${likerId} and ${blocks.blockedId} = ${users.id})`,
      blockedViewer: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${likerId})`,
    })
    .from(users)
    .where(eq(users.id, likedId));
  if (!row) return undefined;
  const { visible, invisibleOnly, conversation, ...relation } = row;
  return { id: likedId, visible, relation, invisibleOnly, conversation };
}

/**
 * Likes a member; liking twice is one like. Returns whether it is a match (they like the liker).
 *
 * Two members liking each other at the same moment: each transaction would insert its row and look
 * for the other's before either commits, and both would answer "no match". A transaction lock on
 * the pair serializes the two, so the second sees the first's committed row (READ COMMITTED takes a
 * fresh snapshot per statement) and answers, and publishes, the match (docs/decisions/0020).
 */
export async function likeMember(
  /** enqueue null: the member liked sees the like where it happens (an auto-like), so no mail. */
  deps: { db: Queryable; enqueue: AppServices['enqueue'] | null; now: AppServices['now'] },
  liker: MemberViewer,
  likedId: number,
  options: LikeOptions = {},
): Promise<boolean> {
  // The self check comes first: a self-like must answer 400 whatever the caller's own visibility.
  const target =
    likedId === liker.id ? { ...SELF_TARGET, id: likedId } : await findLikeTarget(deps.db, liker.id, likedId);
  if (!target) throw memberNotFound();
  authorize(liker, 'member.like', target);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${pairLockKey(liker.id, likedId)})`);
    await options.inTransaction?.(tx);
    // Insert and look for the reverse like in one statement. Its snapshot is taken after the lock
    // was granted, so it sees the other member's like if theirs committed first.
    const [row] = await tx
      .with(
        tx
          .$with('inserted')
          .as(
            tx
              .insert(likes)
              .values({ likerId: liker.id, likedId })
              .onConflictDoNothing()
              .returning({ likedId: likes.likedId }),
          ),
      )
      .select({
        inserted: sql<boolean>`exists (select 1 from inserted)`,
        match: sql<boolean>`exists (select 1 from ${likes} where ${likes.likerId} = ${likedId} and ${likes.likedId} = ${liker.id})`,
        // An invisible liker stays unseen: their like waits, untold, until they are visible again
        // (docs/decisions/0024). Read in the same statement: no extra round trip.
        likerSeen: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${liker.id} and ${visibleMemberCondition})`,
      })
      .from(sql`(select 1) as one`);
    const match = row?.match === true;
    if (row?.inserted) {
      await publishAll(tx, [
        event(memberLiked, { likerId: liker.id, likedId, match }),
        event(newLikesChanged, likedId),
        // The members' open tabs hear it live, on every instance, once the like commits; the liked
        // member's only while the liker is visible.
        ...(row.likerSeen ? [memberEvent(likedId, { type: 'like', from: { id: liker.id } })] : []),
        ...(match && row.likerSeen ? [memberEvent(likedId, { type: 'match', with: { id: liker.id } })] : []),
        ...(match ? [memberEvent(liker.id, { type: 'match', with: { id: likedId } })] : []),
      ]);
      // The mails it may cause, in its transaction (they decide when they run: features/notifications).
      if (deps.enqueue)
        await enqueueLikeMails({ enqueue: deps.enqueue, now: deps.now }, tx, {
          likerId: liker.id,
          likedId,
          match,
        });
    }
    return match;
  });
}

/** One bigint key per unordered pair: both members' likes of each other take the same lock. */
function pairLockKey(a: number, b: number): SQL {
  const [low, high] = a < b ? [a, b] : [b, a];
  return sql`hashtextextended(${`like:${low}:${high}`}, 0)`;
}

/** Takes a like back; taking back one that does not exist (or of a hidden or unknown id) is not an error. */
export async function unlikeMember(deps: LikesDeps, liker: MemberViewer, likedId: number): Promise<void> {
  authorize(liker, 'member.unlike');
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(likes)
      .where(and(eq(likes.likerId, liker.id), eq(likes.likedId, likedId)))
      .returning({ seenAt: likes.seenAt });
    if (deleted.some((row) => row.seenAt === null)) await publish(tx, newLikesChanged, likedId);
  });
}

/**
 * The liked member opened the liker's profile (/likes/m/{id}): that like is no longer new. Any id is
 * accepted and changes nothing when there is no such like, so it tells nothing about the member.
 */
export async function markLikeSeen(
  deps: Pick<AppServices, 'db' | 'now' | 'state'>,
  viewer: MemberViewer,
  likerId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const seen = await tx
      .update(likes)
      .set({ seenAt: deps.now() })
      .where(and(eq(likes.likerId, likerId), eq(likes.likedId, viewer.id), sql`${likes.seenAt} is null`))
      .returning({ likerId: likes.likerId });
    if (seen.length > 0) await publish(tx, newLikesChanged, viewer.id);
  });
  deps.state.of(newLikesState).forget(viewer.id);
}

export type LikesList = 'received' | 'given' | 'matches';
export type LikeCardRow = CardRow & { likedAt: string; isNew?: boolean };
export type LikesPage = { rows: LikeCardRow[]; nextCursor: string | null };
export type LikesResult = Record<LikesList, LikesPage>;

type OtherSide = typeof likes.likerId | typeof likes.likedId;

/**
 * The other member of each like as a card row, only if the viewer may see them on a list (the
 * member.list rule as SQL: visible, no block either way), with their approved main photo.
 */
function likeCards<Extra extends Record<string, SQL>>(
  db: Database,
  viewer: MemberViewer,
  other: OtherSide,
  extra: Extra,
  ...conditions: (SQL | undefined)[]
) {
  const mine = other === likes.likedId ? eq(likes.likerId, viewer.id) : eq(likes.likedId, viewer.id);
  return db
    .select({
      ...cardColumns,
      photoPrivate: photos.private,
      // Exact to the microsecond (a Date keeps milliseconds): the page's cursor compares it.
      likedAt: sql<string>`${likes.createdAt}::text`,
      ...extra,
    })
    .from(likes)
    .innerJoin(users, eq(users.id, other))
    .innerJoin(profiles, eq(profiles.userId, other))
    .leftJoin(photos, cardPhotoJoin)
    .where(and(mine, visibleMemberCondition, notBlockedEitherWay(viewer.id, other), ...conditions))
    .$dynamic();
}

function withLockedPhoto<R extends CardRow & { photoPrivate: boolean | null }>(viewer: MemberViewer, row: R) {
  const { photoPrivate, ...card } = row;
  // A locked main photo: the card gets the blur (members.presenter.ts).
  return {
    ...card,
    photoLocked: !can(viewer, 'photo.view_full', { ownerId: row.id, private: photoPrivate === true }),
  };
}

/** Where a page ended: the last row's place in its list's order. */
const CursorSchema = z.tuple([
  z.boolean(),
  // PostgreSQL's own text of a timestamptz, to the microsecond.
  z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/),
  z.number().int().positive(),
]);
type Cursor = { seen: boolean; at: string; id: number };

function encodeLikesCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.seen, cursor.at, cursor.id])).toString('base64url');
}

function decodeLikesCursor(text: string): Cursor {
  try {
    const [seen, at, id] = CursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return { seen, at, id };
  } catch {
    throw badRequest('Invalid cursor', { cursor: ['invalid'] });
  }
}

/**
 * One page of a likes list, in keyset order, so page 20 costs what page 1 costs:
 * - received: new (unseen) first, then newest (the order of likes_received_page_idx);
 * - given: newest first (likes_given_idx);
 * - matches: the given likes whose member likes the viewer back, newest first.
 */
export async function likesPage(
  deps: LikesDeps,
  viewer: MemberViewer,
  list: LikesList,
  cursorText?: string,
  limit = LIKES_PAGE_SIZE,
): Promise<LikesPage> {
  const after = cursorText === undefined ? undefined : decodeLikesCursor(cursorText);
  // The cards say how far each member lives from the viewer (only members the viewer may see are listed).
  const distance = distanceKm(await findMemberPoint(deps.db, viewer.id));
  if (list === 'received') {
    const seen = sql<boolean>`(${likes.seenAt} is not null)`;
    const rows = await likeCards(
      deps.db,
      viewer,
      likes.likerId,
      {
        isNew: sql<boolean>`${likes.seenAt} is null`,
        liked: likedByViewer(viewer.id, likes.likerId),
        distanceKm: distance,
      },
      // After the cursor in (seen ascending, created_at and id descending).
      after &&
        sql`(${seen} > ${after.seen} or (${seen} = ${after.seen} and (${likes.createdAt}, ${likes.likerId}) < (${after.at}::timestamptz, ${after.id})))`,
    )
      .orderBy(seen, desc(likes.createdAt), desc(likes.likerId))
      .limit(limit + 1);
    return pageOf(viewer, rows, limit, (row) => ({ seen: !row.isNew, at: row.likedAt, id: row.id }));
  }
  const matchCondition = sql`exists (select 1 from ${likes} back where back.liker_id = ${likes.likedId} and back.liked_id = ${likes.likerId})`;
  const rows = await likeCards(
    deps.db,
    viewer,
    likes.likedId,
    { distanceKm: distance },
    list === 'matches' ? matchCondition : undefined,
    after && sql`(${likes.createdAt}, ${likes.likedId}) < (${after.at}::timestamptz, ${after.id})`,
  )
    .orderBy(desc(likes.createdAt), desc(likes.likedId))
    .limit(limit + 1);
  return pageOf(
    viewer,
    rows.map((row) => ({ ...row, liked: true })),
    limit,
    (row) => ({ seen: true, at: row.likedAt, id: row.id }),
  );
}

function pageOf<R extends LikeCardRow & { photoPrivate: boolean | null }>(
  viewer: MemberViewer,
  rows: R[],
  limit: number,
  cursorOf: (row: R) => Cursor,
): LikesPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map((row) => withLockedPhoto(viewer, row)),
    nextCursor: rows.length > limit && last ? encodeLikesCursor(cursorOf(last)) : null,
  };
}

/** GET /api/likes.php: the first page of each list, the three queries side by side. */
export async function listLikes(deps: LikesDeps, viewer: MemberViewer): Promise<LikesResult> {
  const [received, given, matches] = await Promise.all([
    likesPage(deps, viewer, 'received'),
    likesPage(deps, viewer, 'given'),
    likesPage(deps, viewer, 'matches'),
  ]);
  return { received, given, matches };
}

/** The member's likes both ways, for the erasure of an account (the stub keeps no relations). */
export async function removeLikesOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(likes).where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)));
  await db.delete(autoLikes).where(or(eq(autoLikes.memberId, userId), eq(autoLikes.likerId, userId)));
}
