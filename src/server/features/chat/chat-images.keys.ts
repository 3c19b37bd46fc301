import type { ChatImageSize } from '../../../shared/contracts/chat.ts';
import { newPhotoSecret } from '../photos/photos.keys.ts';

/** The pipeline's sizes a chat image keeps: the bubble's (medium) and the full view's (large). */
export const CHAT_IMAGE_SIZES: readonly ChatImageSize[] = ['medium', 'large'];

/**
 * `chat/<uploader>/<image>-<secret>` (docs/decisions/0029): a key space of its own, which the
 * public media route never serves (it takes `p/` and `x/` keys only); the secret (128 random bits)
 * keeps the files unguessable even for whoever could read the storage's listing of ids.
 */
export function chatImageStorageKey(uploaderId: number, imageId: number): string {
  return `chat/${uploaderId}/${imageId}-${newPhotoSecret()}`;
}

export function chatImageFileKey(storageKey: string, size: ChatImageSize): string {
  return `${storageKey}-${size}.webp`;
}

/** The file's ETag: a key's bytes never change, so its secret and size name them for good. */
export function chatImageTag(storageKey: string, size: ChatImageSize): string {
  const secret = storageKey.slice(storageKey.lastIndexOf('-') + 1);
  return `"chat-${secret}-${size}"`;
}
