import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ChatImageSize } from '../../../shared/contracts/chat.ts';
import type { Tx } from '../../db/client.ts';
import { chatImages, conversations, messages } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { defineJob } from '../../lib/jobs.ts';
import { notFound } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { ChatImageFacts } from '../../policy/rules/chat.rules.ts';
import { isMember, type MemberViewer, type Viewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { isBlockedEitherWay } from '../blocks/blocks.service.ts';
import { type PhotoFile, processPhoto } from '../photos/photo-processor.ts';
import { authorizeSend, type SendTarget } from './chat.service.ts';
import { CHAT_IMAGE_SIZES, chatImageFileKey, chatImageStorageKey, chatImageTag } from './chat-images.keys.ts';

/*
 * Chat images (docs/decisions/0029): uploaded through the profile photos' pipeline (type by
 * content, every piece of metadata dropped, fitted sizes), stored under a key space of their own,
 * sent as an image message, served by chat-images.routes.ts to the uploader and the conversation's
 * two members only, removed with their uploader's account, and swept once no message holds them:
 * an upload never sent, or an image whose message retention emptied (chat.retention.ts).
 */

/** An upload no message took is kept this long at least: time enough for a send to be retried. */
export const UNSENT_CHAT_IMAGE_KEPT_MS = DAY_MS;

/** Images one sweep transaction removes: short transactions, however many waited. */
const SWEEP_BATCH = 200;

/** Every hour: the chat images no message holds, a day after their upload (sweepChatImages). */
export const CHAT_IMAGE_SWEEP_JOB = defineJob({
  name: 'chat-image-sweep',
  payload: z.object({}),
  cron: '41 * * * *',
  maxAttempts: 3,
});

export type UploadedChatImage = { id: number; width: number; height: number };

/**
 * Stores a photo for a message to the target, once the caller may write there (the same
 * conversation.send the send asks): nobody uploads into a chat they cannot write to, and a refused
 * upload costs no decoding. Files are written before the row commits and removed again if it fails;
 * one never sent is swept a day later (sweepChatImages).
 */
export async function uploadChatImage(
  services: Pick<AppServices, 'db' | 'storage' | 'now'>,
  viewer: MemberViewer,
  target: SendTarget,
  photo: PhotoFile,
): Promise<UploadedChatImage> {
  await authorizeSend(services, viewer, target);
  const processed = await processPhoto(photo);
  const written: string[] = [];
  try {
    return await services.db.transaction(async (tx) => {
      // The storage key contains the image id, so the row goes in first and gets its key after.
      const [inserted] = await tx
        .insert(chatImages)
        .values({
          uploaderId: viewer.id,
          storageKey: '',
          width: processed.width,
          height: processed.height,
          createdAt: services.now(),
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
 * Removes the chat images no message holds that were uploaded before `now` minus a day: uploads
 * never sent, and images whose message retention emptied. Each batch locks its rows first (SKIP
 * LOCKED: a send holding one is left for the next run) and then asks again, in a statement of its
 * own, which ones a message took meanwhile: a send that committed in between keeps its image, one
 * that comes after fails on the missing row and answers image_not_found. Files go before the rows,
 * so a failed run is simply run again. Returns how many images went.
 */
export async function sweepChatImages(
  services: Pick<AppServices, 'db' | 'storage'>,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNSENT_CHAT_IMAGE_KEPT_MS);
  let removed = 0;
  for (;;) {
    const batch = await services.db.transaction(async (tx) => {
      const candidates = await tx
        .select({ id: chatImages.id, storageKey: chatImages.storageKey })
        .from(chatImages)
        .where(
          and(
            lt(chatImages.createdAt, cutoff),
            notExists(tx.select({ one: sql`1` }).from(messages).where(eq(messages.imageId, chatImages.id))),
          ),
        )
        .orderBy(asc(chatImages.id))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      if (candidates.length === 0) return { seen: 0, gone: 0 };
      const ids = candidates.map((image) => image.id);
      const taken = new Set(
        (
          await tx.select({ imageId: messages.imageId }).from(messages).where(inArray(messages.imageId, ids))
        ).map((row) => row.imageId),
      );
      const gone = candidates.filter((image) => !taken.has(image.id));
      await removeFiles(
        services,
        gone.map((image) => image.storageKey),
      );
      if (gone.length > 0)
        await tx.delete(chatImages).where(
          inArray(
            chatImages.id,
            gone.map((image) => image.id),
          ),
        );
      return { seen: candidates.length, gone: gone.length };
    });
    removed += batch.gone;
    if (batch.seen < SWEEP_BATCH) return removed;
  }
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
