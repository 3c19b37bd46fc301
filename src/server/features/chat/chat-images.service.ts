import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ChatImageSize } from '../../../shared/contracts/chat.ts';
import type { Tx } from '../../db/client.ts';
import { chatImages, conversations, messages } from '../../db/schema/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import { notFound } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { ChatImageFacts } from '../../policy/rules/chat.rules.ts';
import { isMember, type MemberViewer, type Viewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { isBlockedEitherWay } from '../blocks/blocks.service.ts';
import { processPhoto } from '../photos/photos.pipeline.ts';
import { authorizeSend, type SendTarget } from './chat.service.ts';
import { CHAT_IMAGE_SIZES, chatImageFileKey, chatImageStorageKey, chatImageTag } from './chat-images.keys.ts';

/*
 * Chat images (docs/decisions/0029): uploaded through the profile photos' pipeline (type by
 * content, every piece of metadata dropped, fitted sizes), stored under a key space of their own,
 * sent as an image message, served by chat-images.routes.ts to the uploader and the conversation's
 * two members only, removed with their uploader's account, and removed a day after the upload if
 * no message took them.
 */

/** An upload no message took is removed after this long: time enough for a send to be retried. */
export const UNSENT_CHAT_IMAGE_KEPT_MS = 86_400_000;

/** Removes one chat image a day after its upload unless a message took it. */
export const REMOVE_UNSENT_CHAT_IMAGE_JOB = defineJob({
  name: 'chat.remove-unsent-image',
  payload: z.object({ imageId: z.number().int().positive() }),
});

export type UploadedChatImage = { id: number; width: number; height: number };

/**
 * Stores a photo for a message to the target, once the caller may write there (the same
 * conversation.send the send asks): nobody uploads into a chat they cannot write to, and a refused
 * upload costs no decoding. The row, its files and the job that removes it unless it is sent are
 * one change: files are written before the commit and removed again if it fails.
 */
export async function uploadChatImage(
  services: Pick<AppServices, 'db' | 'storage' | 'enqueue' | 'now'>,
  viewer: MemberViewer,
  target: SendTarget,
  bytes: Buffer,
): Promise<UploadedChatImage> {
  await authorizeSend(services, viewer, target);
  const processed = await processPhoto(bytes);
  const written: string[] = [];
  try {
    return await services.db.transaction(async (tx) => {
      const createdAt = services.now();
      // The storage key contains the image id, so the row goes in first and gets its key after.
      const [inserted] = await tx
        .insert(chatImages)
        .values({
          uploaderId: viewer.id,
          storageKey: '',
          width: processed.width,
          height: processed.height,
          createdAt,
        })
        .returning({ id: chatImages.id });
      if (!inserted) throw new Error('chat image insert returned no row');
      const storageKey = chatImageStorageKey(viewer.id, inserted.id);
      await tx.update(chatImages).set({ storageKey }).where(eq(chatImages.id, inserted.id));
      await Promise.all(
        CHAT_IMAGE_SIZES.map(async (size) => {
          const key = chatImageFileKey(storageKey, size);
          written.push(key);
          await services.storage.put(key, processed.files[size], 'image/webp');
        }),
      );
      await services.enqueue(
        REMOVE_UNSENT_CHAT_IMAGE_JOB,
        { imageId: inserted.id },
        {
          tx,
          runAt: new Date(createdAt.getTime() + UNSENT_CHAT_IMAGE_KEPT_MS),
          dedupeKey: `chat-image:${inserted.id}`,
        },
      );
      return { id: inserted.id, width: processed.width, height: processed.height };
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => services.storage.remove(key)));
    throw error;
  }
}

/**
 * The storage key and ETag of a chat image's file, for a viewer the chat_image.view rule lets
 * have it; anyone else gets the 404 of an unknown id (policy/refusals.ts: media_not_found).
 */
export async function chatImageFileFor(
  services: Pick<AppServices, 'db'>,
  viewer: Viewer,
  imageId: number,
  size: ChatImageSize,
): Promise<{ key: string; etag: string }> {
  // Visitors are refused without a read: nothing they send can reach an image.
  if (!isMember(viewer)) throw notFound();
  const [row] = await services.db
    .select({
      storageKey: chatImages.storageKey,
      uploaderId: chatImages.uploaderId,
      memberLow: conversations.memberLow,
      memberHigh: conversations.memberHigh,
    })
    .from(chatImages)
    .leftJoin(messages, eq(messages.imageId, chatImages.id))
    .leftJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(chatImages.id, imageId));
  if (!row) throw notFound();
  const members: ChatImageFacts['members'] =
    row.memberLow !== null && row.memberHigh !== null ? [row.memberLow, row.memberHigh] : null;
  const facts: ChatImageFacts = {
    uploaderId: row.uploaderId,
    members,
    blocked: members !== null && (await isBlockedEitherWay(services.db, members[0], members[1])),
  };
  authorize(viewer, 'chat_image.view', facts);
  return { key: chatImageFileKey(row.storageKey, size), etag: chatImageTag(row.storageKey, size) };
}

/**
 * The job of REMOVE_UNSENT_CHAT_IMAGE_JOB. The row is locked first: a send taking the image at the
 * same moment then either committed before (the image stays) or fails on the missing row (the
 * send answers image_not_found). Files go before the row, so a failed run is simply run again.
 */
export async function removeUnsentChatImage(
  services: Pick<AppServices, 'db' | 'storage'>,
  payload: { imageId: number },
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [image] = await tx
      .select({ storageKey: chatImages.storageKey })
      .from(chatImages)
      .where(eq(chatImages.id, payload.imageId))
      .for('update');
    if (!image) return;
    const [sent] = await tx
      .select({ one: sql`1` })
      .from(messages)
      .where(eq(messages.imageId, payload.imageId))
      .limit(1);
    if (sent) return;
    await removeFiles(services, [image.storageKey]);
    await tx.delete(chatImages).where(eq(chatImages.id, payload.imageId));
  });
}

/**
 * Every chat image the member uploaded, sent or not, for the erasure of an account: the files are
 * removed first, then the rows in the erasure's transaction (messages keep their row, image_id set
 * null), as erasePhotosOf does, so an interrupted erasure is simply run again. Images the partner
 * sent them stay the partner's.
 */
export async function eraseChatImagesOf(
  services: Pick<AppServices, 'storage'>,
  tx: Tx,
  userId: number,
): Promise<void> {
  const own = await tx
    .select({ storageKey: chatImages.storageKey })
    .from(chatImages)
    .where(eq(chatImages.uploaderId, userId));
  await removeFiles(
    services,
    own.map((image) => image.storageKey),
  );
  await tx.delete(chatImages).where(eq(chatImages.uploaderId, userId));
}

async function removeFiles(services: Pick<AppServices, 'storage'>, storageKeys: string[]): Promise<void> {
  await Promise.all(
    storageKeys.flatMap((storageKey) =>
      CHAT_IMAGE_SIZES.map((size) => services.storage.remove(chatImageFileKey(storageKey, size))),
    ),
  );
}
