import { z } from 'zod';
import { ModerationReasonSchema } from './moderation.ts';

/** Upload bounds. Bytes and pixels guard memory; the photo count limits are LIMITS.freePhotos/premiumPhotos. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** About 50 megapixels: a 12 MP phone photo passes, a decompression bomb does not. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_MIN_SIDE = 200;
export const PHOTO_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

/** One of the member's own photos (GET /api/photos.php). Paths are relative to settings.cdn_prefix. */
const OwnPhotoSchema = z.object({
  id: z.number().int(),
  /** pending: waiting for a moderator, seen by its owner only until approved. */
  status: z.enum(['pending', 'approved', 'rejected']),
  /** Why a moderator rejected it, and their optional words (rejected photos only). */
  rejection_reason: ModerationReasonSchema.nullable(),
  rejection_note: z.string().nullable(),
  private: z.boolean(),
  is_main: z.boolean(),
  thumb_filename: z.string(),
  filename: z.string(),
  large_filename: z.string(),
  blur_filename: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type OwnPhoto = z.infer<typeof OwnPhotoSchema>;

export const OwnPhotosResponseSchema = z.object({
  photos: z.array(OwnPhotoSchema),
  /** 3 for free members, 25 for premium members. */
  limit: z.number().int(),
  premium_limit: z.number().int(),
  main_photo_id: z.number().int().nullable(),
});
export type OwnPhotosResponse = z.infer<typeof OwnPhotosResponseSchema>;

export const PhotoIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
/** PUT /api/photo.php?id=: mark private or public, or make it the main image. */
export const PhotoUpdateSchema = z
  .object({ private: z.boolean().optional(), main: z.literal(true).optional() })
  .refine((v) => v.private !== undefined || v.main !== undefined, { message: 'bad_request' });
export const PhotoResponseSchema = z.object({ photo: OwnPhotoSchema });
