import { randomBytes } from 'node:crypto';

export const PHOTO_SIZES = { thumb: 200, medium: 600, large: 1200 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES | 'blur';
/** Every file a photo has in storage. */
export const PHOTO_FILES: readonly PhotoSize[] = ['thumb', 'medium', 'large', 'blur'];

/** 128 random bits in hex: hex, not base64url, so keys stay distinct on case-insensitive disks. */
export function newPhotoSecret(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Storage layout (docs/decisions/0014): `p/<user>/<photo>-<secret>` may be served to anyone while the
 * owner is visible; `x/` holds the real sizes of private photos and is only served after an access
 * check; the blurred variant is always under `p/`. The secret is drawn once per photo, so nobody
 * reaches a photo from member and photo ids alone: only someone who was shown its address.
 */
export function photoStorageKey(userId: number, photoId: number, isPrivate: boolean): string {
  return `${isPrivate ? 'x' : 'p'}/${userId}/${photoId}-${newPhotoSecret()}`;
}

/**
 * The key of the same photo under the other area. The secret stays: it protects against guessing,
 * not against those who once had the address, and `x/` has its own check; keeping it leaves the
 * blurred variant where it is.
 */
export function photoKeyInArea(storageKey: string, isPrivate: boolean): string {
  return `${isPrivate ? 'x' : 'p'}${storageKey.slice(1)}`;
}

export function photoFileKey(storageKey: string, size: PhotoSize): string {
  if (size === 'blur') return `${photoKeyInArea(storageKey, false)}-blur.webp`;
  return `${storageKey}-${size}.webp`;
}

export type MediaFile = {
  /** `p`: public while the owner is visible; `x`: a real size of a private photo. */
  area: 'p' | 'x';
  ownerId: number;
  photoId: number;
  /** Names the bytes for good: a key's content never changes, so it serves as the ETag. */
  tag: string;
};

const MEDIA_FILE_KEY = /^([px])\/(\d{1,15})\/(\d{1,15})-([0-9a-f]{32})-(thumb|medium|large|blur)\.webp$/;

/**
 * What the media route may serve: a file key of the current layout, or null. Keys without a secret
 * (the layout before 2026-11-24) and the blur under `x/` (it never lives there) are refused.
 */
export function parseMediaFileKey(key: string): MediaFile | null {
  const match = MEDIA_FILE_KEY.exec(key);
  if (!match) return null;
  const [, area, owner, photo, secret, size] = match as unknown as [
    string,
    'p' | 'x',
    string,
    string,
    string,
    PhotoSize,
  ];
  if (area === 'x' && size === 'blur') return null;
  return { area, ownerId: Number(owner), photoId: Number(photo), tag: `${area}-${secret}-${size}` };
}

/** The layout before 2026-11-24: `p/<user>/<photo>`, guessable from ids; photos.rekey.ts replaces it. */
export const LEGACY_STORAGE_KEY_PATTERN = '^[px]/[0-9]+/[0-9]+$';

export function isLegacyStorageKey(storageKey: string): boolean {
  return /^[px]\/\d+\/\d+$/.test(storageKey);
}

/** Every file a photo could have had under the old layout, in either area. */
export function legacyFileKeys(userId: number, photoId: number): string[] {
  return [
    ...PHOTO_FILES.map((size) => `p/${userId}/${photoId}-${size}.webp`),
    ...PHOTO_FILES.filter((size) => size !== 'blur').map((size) => `x/${userId}/${photoId}-${size}.webp`),
  ];
}
