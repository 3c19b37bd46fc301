import { authorize, can } from '../../policy/policy.ts';
import type { MediaFacts } from '../../policy/rules/photos.rules.ts';
import { isMember, type MemberViewer, VISITOR, viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { isBlockedEitherWay } from '../blocks/blocks.service.ts';
import { memberVisibilityState } from '../members/members.visibility.ts';
import type { MediaFile } from '../photos/photos.keys.ts';
import { isPhotoApproved } from '../photos/photos.service.ts';

/**
 * - `public`: anyone may have it, shared caches too;
 * - `private`: only this viewer (the owner, or a premium member for a private photo).
 * Refusals are thrown: 404 like a missing file, or 403 (policy/refusals.ts).
 */
type MediaAccess = 'public' | 'private';

/**
 * Who gets a media file: the policy's media.serve rule (policy/rules/photos.rules.ts,
 * docs/decisions/0008 and 0014). Facts are read only where they can change the answer, so the
 * photos of visible members cost one in-memory lookup and no session read.
 */
export async function decideMediaAccess(
  services: Pick<AppServices, 'db' | 'state'>,
  file: MediaFile,
  readSession: () => Promise<ActiveSession | null>,
): Promise<MediaAccess> {
  const [ownerVisible, approved] = await Promise.all([
    services.state.of(memberVisibilityState).isVisible(file.ownerId),
    isPhotoApproved(services, file.photoId),
  ]);
  const facts: MediaFacts = {
    area: file.area,
    ownerId: file.ownerId,
    ownerVisible,
    blockedEitherWay: false,
    approved,
  };
  // What a visitor may have, every viewer may (the policy test holds the rule to it): public.
  if (can(VISITOR, 'media.serve', facts)) return 'public';
  const viewer = viewerOf(await readSession());
  if (isMember(viewer) && blocksCanChangeAnswer(viewer, facts))
    facts.blockedEitherWay = await isBlockedEitherWay(services.db, viewer.id, file.ownerId);
  authorize(viewer, 'media.serve', facts);
  return 'private';
}

/**
 * Whether the block relation could change this member's answer, asked of the rule itself rather
 * than copied from it: the owner and a free member are answered without a block read, which keeps
 * a free member's 403 the same whoever the owner is.
 */
function blocksCanChangeAnswer(viewer: MemberViewer, facts: MediaFacts): boolean {
  return (
    can(viewer, 'media.serve', { ...facts, blockedEitherWay: false }) !==
    can(viewer, 'media.serve', { ...facts, blockedEitherWay: true })
  );
}
