import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { isBlockedEitherWay } from '../blocks/blocks.service.ts';
import type { MediaFile } from '../photos/photos.keys.ts';

/**
 * - `public`: anyone may have it, shared caches too;
 * - `private`: only this viewer (the owner, or a premium member for a private photo);
 * - `forbidden` (403) and `not_found` (404).
 */
export type MediaAccess = 'public' | 'private' | 'forbidden' | 'not_found';

/**
 * Who gets a media file (docs/decisions/0008 and 0014). A member others may not see (invisible,
 * pending deletion, not confirmed, disabled) answers like an unknown member: their files are 404
 * to everyone but themselves, in every area and size. The session is only read when the answer
 * depends on it, so the photos of visible members cost one in-memory lookup.
 */
export async function decideMediaAccess(
  services: Pick<AppServices, 'db' | 'memberVisibility'>,
  file: MediaFile,
  readSession: () => Promise<ActiveSession | null>,
): Promise<MediaAccess> {
  if (file.area === 'p') {
    if (await services.memberVisibility.isVisible(file.ownerId)) return 'public';
    const session = await readSession();
    return session?.user.id === file.ownerId ? 'private' : 'not_found';
  }
  const session = await readSession();
  if (!session) return 'not_found';
  const viewer = session.user;
  if (viewer.id === file.ownerId) return 'private';
  // Refused before the owner is looked at: a free member learns nothing about whose key it is.
  if (!viewer.paidUser) return 'forbidden';
  if (!(await services.memberVisibility.isVisible(file.ownerId))) return 'not_found';
  if (await isBlockedEitherWay(services.db, viewer.id, file.ownerId)) return 'forbidden';
  return 'private';
}
