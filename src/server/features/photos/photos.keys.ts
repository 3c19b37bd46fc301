export const PHOTO_SIZES = { thumb: 200, medium: 600, large: 1200 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES | 'blur';
/** Every file a photo has in storage. */
export const PHOTO_FILES: readonly PhotoSize[] = ['thumb', 'medium', 'large', 'blur'];

/**
 * Storage layout: everything under `p/` may be served to anyone; `x/` holds originals of private
 * photos and is only ever served after an access check. The blurred variant is always public.
 */
export function photoStorageKey(userId: number, photoId: number, isPrivate: boolean): string {
  return `${isPrivate ? 'x' : 'p'}/${userId}/${photoId}`;
}

export function photoFileKey(storageKey: string, size: PhotoSize): string {
  if (size === 'blur') return `${storageKey.replace(/^x\//, 'p/')}-blur.webp`;
  return `${storageKey}-${size}.webp`;
}

export function isPublicKey(key: string): boolean {
  return key.startsWith('p/');
}

const PRIVATE_FILE_KEY = /^x\/(\d+)\/(\d+)-(thumb|medium|large)\.webp$/;

/** The owner of a private file key such as `x/12/345-large.webp`, or null for anything else. */
export function privateFileOwner(key: string): number | null {
  const match = PRIVATE_FILE_KEY.exec(key);
  return match ? Number(match[1]) : null;
}
