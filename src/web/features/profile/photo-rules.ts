import {
  type OwnPhoto,
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  PHOTO_MIN_SIDE,
} from '../../../shared/contracts/photos.ts';
import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';

/** The file input's accept attribute: the server's list, so the picker offers what will pass. */
export const PHOTO_ACCEPT_ATTRIBUTE = PHOTO_ACCEPT.join(',');

const MB = 1024 * 1024;

/** Placeholders of the errors.photo_* texts, filled from the shared limits (the server's own). */
export function photoErrorVars(details?: unknown): Record<string, number> {
  const fromServer = (details && typeof details === 'object' ? details : {}) as Record<string, unknown>;
  const vars: Record<string, number> = { max_mb: Math.round(PHOTO_MAX_BYTES / MB), min_px: PHOTO_MIN_SIDE };
  for (const [key, value] of Object.entries(fromServer)) if (typeof value === 'number') vars[key] = value;
  return vars;
}

/** An upload's error in the member's language: the code's text with its limits, or the general one. */
export function photoErrorText(t: KeyedTranslate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.general');
  return errorText(t, error.code, { vars: photoErrorVars(error.details) });
}

// Some browsers leave the type of HEIC files empty; the extension is the only hint there.
const HEIC_EXTENSION = /\.(heic|heif)$/i;

/**
 * The checks the browser can make before sending: the type the file claims and its size. The
 * server still checks the content itself (a renamed file passes here and fails there).
 */
export function checkPhotoFile(
  file: Pick<File, 'type' | 'name' | 'size'>,
): 'photo_not_an_image' | 'photo_too_large' | null {
  const type = file.type.toLowerCase();
  const accepted = type ? (PHOTO_ACCEPT as readonly string[]).includes(type) : HEIC_EXTENSION.test(file.name);
  if (!accepted) return 'photo_not_an_image';
  if (file.size > PHOTO_MAX_BYTES) return 'photo_too_large';
  return null;
}

export type PhotoBadge = {
  /**
   * The spec's image info badges: info, success, warning, premium-member. Waiting for a moderator
   * is a warning, approved a success, rejected an info (with the reason beside it).
   */
  variant: 'info' | 'success' | 'warning' | 'premium-member';
  /** Text key under photos.status. */
  key: 'pending' | 'approved' | 'rejected' | 'private';
};

/** What the member sees on each photo: its review status, and whether only premium members see it. */
export function photoBadges(photo: Pick<OwnPhoto, 'status' | 'private'>): PhotoBadge[] {
  const badges: PhotoBadge[] = [];
  if (photo.status === 'pending') badges.push({ variant: 'warning', key: 'pending' });
  else if (photo.status === 'approved') badges.push({ variant: 'success', key: 'approved' });
  else badges.push({ variant: 'info', key: 'rejected' });
  if (photo.private) badges.push({ variant: 'premium-member', key: 'private' });
  return badges;
}

export type PhotoQuota = {
  count: number;
  limit: number;
  /** Photos that may still be added. */
  remaining: number;
  atLimit: boolean;
  /** Free members at their limit are told that premium members can add more. */
  showUpsell: boolean;
};

export function photoQuota(
  count: number,
  limit: number,
  premiumLimit: number,
  paidUser: boolean,
): PhotoQuota {
  const remaining = Math.max(0, limit - count);
  const atLimit = remaining === 0;
  return { count, limit, remaining, atLimit, showUpsell: atLimit && !paidUser && premiumLimit > limit };
}
