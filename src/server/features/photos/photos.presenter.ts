import { type ModerationReason, ModerationReasonSchema } from '../../../shared/contracts/moderation.ts';
import type { OwnPhoto, OwnPhotosResponse } from '../../../shared/contracts/photos.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { photoFileKey } from './photos.keys.ts';
import type { OwnPhotos, PhotoRow } from './photos.service.ts';

/** A reason no longer on the list (stored before it changed) reads as "other". */
const reasonOf = (stored: string | null): ModerationReason =>
  ModerationReasonSchema.safeParse(stored).data ?? 'other';

/**
 * The owner's view of a photo. Paths are relative to settings.cdn_prefix; a private photo's sizes
 * point at `x/`, which the media route serves to its owner (and premium members) only.
 */
export function presentOwnPhoto(photo: PhotoRow, isMain: boolean): OwnPhoto {
  return {
    id: photo.id,
    status: photo.status,
    rejection_reason: photo.status === 'rejected' ? reasonOf(photo.rejectionReason) : null,
    rejection_note: photo.status === 'rejected' ? photo.rejectionNote : null,
    private: photo.private,
    is_main: isMain,
    thumb_filename: photoFileKey(photo.storageKey, 'thumb'),
    filename: photoFileKey(photo.storageKey, 'medium'),
    large_filename: photoFileKey(photo.storageKey, 'large'),
    blur_filename: photoFileKey(photo.storageKey, 'blur'),
    width: photo.width,
    height: photo.height,
    created_at: photo.createdAt.toISOString(),
  };
}

export function presentOwnPhotos(own: OwnPhotos): OwnPhotosResponse {
  return {
    photos: own.photos.map((photo) => presentOwnPhoto(photo, photo.id === own.mainPhotoId)),
    limit: own.limit,
    premium_limit: LIMITS.premiumPhotos,
    main_photo_id: own.mainPhotoId,
  };
}
