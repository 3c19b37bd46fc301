import { type Decision, forAnyone, forMembers, type OwnedFacts } from '../rule.ts';
import { isMember, isMemberSelf, type Viewer } from '../viewer.ts';

/** A photo as the viewing rules need it. */
type PhotoFacts = { ownerId: number; private: boolean };

/**
 * A file under /media/, from its key (docs/decisions/0014): `p/` holds public photos and every
 * blurred variant, `x/` the real sizes of private photos.
 */
export type MediaFacts = {
  area: 'p' | 'x';
  ownerId: number;
  /** From the members' memberVisibilityState (visibleMemberCondition, cached). */
  ownerVisible: boolean;
  /** Read only where it can change the answer (media.service.ts); false otherwise. */
  blockedEitherWay: boolean;
  /** A moderator approved the photo: before that (and after a rejection) it is its owner's only. */
  approved: boolean;
};

/**
 * A private photo in full: the owner and premium members. Everyone else is sent only its blurred
 * variant by the presenters (docs/decisions/0008), and refused its `x/` files by the media route.
 */
const viewPhotoInFull = forAnyone((viewer: Viewer, photo: PhotoFacts): Decision => {
  if (!photo.private || isMemberSelf(viewer, photo.ownerId)) return null;
  return isMember(viewer) && viewer.premium ? null : 'private_photo_forbidden';
});

/**
 * Being served a media file, the second lock behind the presenters (docs/decisions/0008, 0014).
 * The order of the `x/` checks is part of the answer: a free member is refused before the owner's
 * visibility counts, so their 403 is the same for a visible, a hidden and an unknown owner.
 */
const serveMedia = forAnyone((viewer: Viewer, file: MediaFacts): Decision => {
  const own = isMemberSelf(viewer, file.ownerId);
  if (file.area === 'p') return (file.ownerVisible && file.approved) || own ? null : 'media_not_found';
  if (!isMember(viewer)) return 'media_not_found';
  if (own) return null;
  const inFull = viewPhotoInFull.on(viewer, { ownerId: file.ownerId, private: true });
  if (inFull) return inFull;
  if (!file.ownerVisible || !file.approved) return 'media_not_found';
  if (file.blockedEitherWay) return 'private_photo_forbidden';
  return null;
});

/**
 * Uploading at all: any member. How many photos (3 free, 25 premium) is checked by
 * photos.service.ts under a lock on the member's row, where two uploads at once cannot both pass.
 */
const uploadPhoto = forMembers((_member, _none: undefined): Decision => null);

/** Changing, deleting or listing photos as their owner: another member's photo is a missing one. */
const editPhoto = forMembers(
  (member, photo: OwnedFacts): Decision => (photo.ownerId === member.id ? null : 'photo_not_found'),
);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const photoActions = {
  'photo.view_full': viewPhotoInFull,
  'photo.upload': uploadPhoto,
  'photo.edit': editPhoto,
  'media.serve': serveMedia,
};
