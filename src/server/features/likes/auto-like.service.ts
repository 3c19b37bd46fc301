import { and, desc, eq, gt, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../shared/limits.ts';
import { soughtGenders } from '../../../shared/profile-options.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { autoLikes, likes, photos, profiles, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { can } from '../../policy/policy.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { notBlockedEitherWay } from '../blocks/blocks.service.ts';
import type { CardRow } from '../members/members.presenter.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { cardColumns, cardPhotoJoin, latestBirthDateForAge } from '../members/search.service.ts';
import { seeksGenderSql } from '../members/suits-viewer.ts';
import { likeMember } from './likes.service.ts';

/** A call repeated within this window (a retry after a lost answer) gets the same profile again. */
const REPEAT_WINDOW_MS = 60_000;
/** The auto-liker's age is within this many years of the member's. */
const AGE_SPAN_YEARS = 10;

type Deps = Pick<AppServices, 'db' | 'now'>;

/**
 * GET /api/auto-like.php (docs/decisions/0021): a profile that now likes the member, or null.
 *
 * Honest by construction: only the site's own fictional profiles (shown with the fictional-profile
 * warning) ever like automatically; a real member's like is only ever their own. The profile must
 * match the member's search both ways (genders each looks for, same country, an age within ten
 * years), be visible, not blocked either way, not already liked by or liking the member, and never
 * have auto-liked them before. At most LIMITS.autoLikesPerDay per 24 hours; a member who is hidden
 * (invisible, not active) gets none. A lock per member makes concurrent calls count one by one.
 */
export async function autoLike(deps: Deps, member: MemberViewer): Promise<CardRow | null> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`auto-like:${member.id}`}, 0))`);
    const [self] = await tx
      .select({
        gender: profiles.gender,
        sexuality: profiles.sexuality,
        country: profiles.country,
        birthDate: profiles.birthDate,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, member.id), visibleMemberCondition));
    if (!self) return null;

    const recent = await tx
      .select({ likerId: autoLikes.likerId, createdAt: autoLikes.createdAt })
      .from(autoLikes)
      .where(
        and(eq(autoLikes.memberId, member.id), gt(autoLikes.createdAt, new Date(now.getTime() - DAY_MS))),
      )
      .orderBy(desc(autoLikes.createdAt));
    const last = recent[0];
    if (last && now.getTime() - last.createdAt.getTime() < REPEAT_WINDOW_MS)
      return (await likerCard(tx, member, last.likerId)) ?? null;
    if (recent.length >= LIMITS.autoLikesPerDay) return null;

    const likerId = await pickAutoLiker(tx, member.id, self, now);
    if (likerId === undefined) return null;
    // The operator's profile likes through the likes service like anyone (policy, pair lock, match,
    // the real-time events), in a savepoint of this transaction.
    await likeMember({ db: tx, enqueue: null, now: () => now }, operatorViewer(likerId), member.id);
    await tx.insert(autoLikes).values({ memberId: member.id, likerId, createdAt: now });
    return (await likerCard(tx, member, likerId)) ?? null;
  });
}

/** A fictional profile acts through its own member viewer (policy/viewer.ts), not as staff. */
function operatorViewer(id: number): MemberViewer {
  return {
    kind: 'member',
    id,
    premium: false,
    status: 'active',
    emailConfirmed: true,
    signupUnfinished: false,
  };
}

type SelfFacts = {
  gender: 'male' | 'female';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  country: string;
  birthDate: string;
};

async function pickAutoLiker(
  tx: Tx,
  memberId: number,
  self: SelfFacts,
  now: Date,
): Promise<number | undefined> {
  const born = new Date(`${self.birthDate}T00:00:00Z`);
  const youngest = new Date(born.getTime() + AGE_SPAN_YEARS * 365.25 * DAY_MS).toISOString().slice(0, 10);
  const oldest = new Date(born.getTime() - AGE_SPAN_YEARS * 365.25 * DAY_MS).toISOString().slice(0, 10);
  const back = alias(likes, 'back');
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(users.fictional, true),
        visibleMemberCondition,
        ne(users.id, memberId),
        inArray(profiles.gender, soughtGenders(self.gender, self.sexuality)),
        seeksGenderSql(profiles.sexuality, profiles.gender, self.gender),
        eq(profiles.country, self.country),
        gt(profiles.birthDate, oldest),
        lte(profiles.birthDate, youngest),
        // Adults only, whatever the member's own age.
        lte(profiles.birthDate, latestBirthDateForAge(now, 18)),
        notBlockedEitherWay(memberId, users.id),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(likes)
            .where(and(eq(likes.likerId, users.id), eq(likes.likedId, memberId))),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(back)
            .where(and(eq(back.likerId, memberId), eq(back.likedId, users.id))),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(autoLikes)
            .where(and(eq(autoLikes.memberId, memberId), eq(autoLikes.likerId, users.id))),
        ),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  return row?.id;
}

/** The auto-liker as a card the member may see (a locked main photo gets the blur), if still visible. */
async function likerCard(db: Queryable, viewer: MemberViewer, likerId: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select({ ...cardColumns, photoPrivate: photos.private })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, cardPhotoJoin)
    .where(and(eq(users.id, likerId), visibleMemberCondition, notBlockedEitherWay(viewer.id, users.id)));
  if (!row) return undefined;
  const { photoPrivate, ...card } = row;
  return {
    ...card,
    photoLocked: !can(viewer, 'photo.view_full', { ownerId: likerId, private: photoPrivate === true }),
    liked: false,
  };
}
