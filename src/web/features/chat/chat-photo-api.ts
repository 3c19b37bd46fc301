import type { ChatPhotoResponse } from '../../../shared/contracts/chat-photos.ts';
import { type UploadFormOptions, uploadForm } from '../../lib/upload-form.ts';

/** Where a chat photo goes: the conversation, or the member the first message starts it with. */
export type ChatPhotoTarget = { conversation: number } | { to: number };

/**
 * POST /api/chat-photo.php: stores the photo for an image message to the target (sent after with
 * postMessage, kind image). Not retried by itself: an upload is not idempotent, the member retries.
 */
export function uploadChatPhoto(
  file: File,
  target: ChatPhotoTarget,
  options: UploadFormOptions,
): Promise<ChatPhotoResponse> {
  const body = new FormData();
  // The target before the file: the server reads the stream in order.
  if ('conversation' in target) body.append('conversation', String(target.conversation));
  else body.append('to', String(target.to));
  body.append('photo', file, file.name);
  return uploadForm('/api/chat-photo.php', body, options);
}
