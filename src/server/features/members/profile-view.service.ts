import { and, eq, sql } from 'drizzle-orm';
import { distance as haversineKm } from 'geokdbush';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import type { Queryable } from '../../db/client.ts';
import { conversations, profiles, users } from '../../db/schema/index.ts';
import { authorize, can } from '../../policy/policy.ts';
import { memberNotFound } from '../../policy/refusals.ts';
import { NO_BLOCKS } from '../../policy/rules/members.rules.ts';
import { isMember, isMemberSelf, viewerOf } from '../../policy/viewer.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { findBlockRelation } from '../blocks/blocks.service.ts';
import type { Point } from '../geocode/geocode.service.ts';
import { hasLiked } from '../likes/likes.sql.ts';
import { listProfilePhotos } from '../photos/photos.service.ts';
import { type SettingsVisitor, settingsFor } from '../settings/settings.service.ts';
import type { CardRow } from './members.presenter.ts';
import { visibleMemberCondition } from './members.visibility.ts';
import { findMemberPage, type MembersDeps } from './search.service.ts';
import { findSeeker } from './suits-viewer.ts';

const RELATED_COUNT = 8;

export type ProfilePhotoRow = {
  id: number;
  storageKey: string;
  status: 'pending' | 'approved' | 'rejected';
  width: number;
  height: number;
  /** Private and the viewer is neither premium nor the owner: only the blurred variant may be sent. */
  locked: boolean;
};

export type MemberProfileResult = {
  user: { id: number; name: string; fictional: boolean };
  profile: typeof profiles.$inferSelect;
  /** Main photo first, then by position; only those this viewer may see. */
  photos: ProfilePhotoRow[];
  related: CardRow[];
  relation: { isSelf: boolean; blockedByViewer: boolean; likedByViewer: boolean };
  visibleFields: readonly ProfileField[];
  /** Exact kilometres between the viewer's place and the member's; null when either is unknown or not the viewer's to know. */
  distanceKm: number | null;
};

/** The two have a conversation (the pair is stored once, lower id first), as the like rule reads it. */
async function haveConversation(db: Queryable, a: number, b: number): Promise<boolean> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, low), eq(conversations.memberHigh, high)));
  return row !== undefined;
}

type ProfileInput = { visitor: SettingsVisitor; session: ActiveSession | null; id: number };

/**
 * GET /api/member.php: a visible member's profile as this viewer may see it. A member who blocked
 * the viewer answers 403 blocked_by_member; one the viewer blocked is shown, so they can unblock.
 */
export async function getMemberProfile(deps: MembersDeps, input: ProfileInput): Promise<MemberProfileResult> {
  const { db } = deps;
  const viewer = viewerOf(input.session);
  const isSelf = isMemberSelf(viewer, input.id);
  const [settings, [row], relation, likedByViewer, seeker] = await Promise.all([
    settingsFor(deps, input.visitor),
    db
      .select({
        user: { id: users.id, name: users.name, fictional: users.fictional },
        profile: profiles,
        visible: sql<boolean>`coalesce(${visibleMemberCondition}, false)`,
        invisibleOnly: sql<boolean>`(${users.status} = 'active' and ${users.invisible} and ${users.deletedAt} is null)`,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, input.id)),
    isMember(viewer) && !isSelf ? findBlockRelation(db, viewer.id, input.id) : Promise.resolve(NO_BLOCKS),
    isMember(viewer) && !isSelf ? hasLiked(db, viewer.id, input.id) : Promise.resolve(false),
    findSeeker(db, viewer, input.visitor),
  ]);
  if (!row) throw memberNotFound();
  // Only asked where it can change the answer: an invisible member, shown to their conversations.
  const conversation =
    !row.visible && row.invisibleOnly && isMember(viewer) && !isSelf
      ? await haveConversation(db, viewer.id, input.id)
      : false;
  authorize(viewer, 'member.view', {
    id: input.id,
    name: row.user.name,
    visible: row.visible,
    invisibleOnly: row.invisibleOnly,
    conversation,
    relation,
  });

  const today = deps.now();
  const [photoRows, related] = await Promise.all([
    // Others see approved photos only; the owner also their pending and rejected ones. A hidden
    // member's files are served to nobody else (media.serve): no address is sent that cannot load.
    row.visible || isSelf ? listProfilePhotos(db, input.id, { approvedOnly: !isSelf }) : Promise.resolve([]),
    // "You may also like": whom the viewer looks for, nearby first (suits-viewer.ts), not people
    // like this member: a woman looking for men, on a woman's profile, is offered men.
    findMemberPage(db, {
      filters: {},
      viewer,
      today,
      excludeIds: [input.id],
      limit: RELATED_COUNT,
      seeker,
      order: 'suits',
    }),
  ]);
  const mainId = row.profile.mainPhotoId;
  const ordered = [...photoRows.filter((p) => p.id === mainId), ...photoRows.filter((p) => p.id !== mainId)];
  return {
    user: row.user,
    profile: row.profile,
    photos: ordered.map((p) => ({
      id: p.id,
      storageKey: p.storageKey,
      status: p.status,
      width: p.width,
      height: p.height,
      locked: !can(viewer, 'photo.view_full', { ownerId: input.id, private: p.private }),
    })),
    related,
    relation: { isSelf, blockedByViewer: relation.viewerBlocked, likedByViewer },
    visibleFields: settings.visible_profile_fields,
    // Only of a member the viewer may find (not of an invisible one shown to a conversation).
    distanceKm: row.visible && !isSelf ? kmBetween(seeker.point, pointOf(row.profile)) : null,
  };
}

const pointOf = (p: { latitude: number | null; longitude: number | null }): Point | null =>
  p.latitude === null || p.longitude === null ? null : { lat: p.latitude, lon: p.longitude };

function kmBetween(a: Point | null, b: Point | null): number | null {
  return a && b ? haversineKm(a.lon, a.lat, b.lon, b.lat) : null;
}
