import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/limits.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { photos } from '../../db/schema/index.ts';
import { defineState } from '../../feature.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import { photoNotFound } from '../../policy/refusals.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { findAccount } from '../auth/accounts.service.ts';
import {
  claimMainPhoto,
  findMainPhotoId,
  lockMainPhotoId,
  setMainPhotoId,
} from '../profile/profile.service.ts';
import { tellStaffLists } from '../realtime/staff-lists.ts';
import { type PhotoFile, processPhoto } from './photo-processor.ts';
import { PHOTO_FILES, type PhotoSize, photoFileKey, photoKeyInArea, photoStorageKey } from './photos.keys.ts';

/*
 * Decisions (see also the report of issue 4):
 * - The main photo is always a public photo: it is the face of the member on cards, search results
 *   and the landing page, which every visitor sees. A private photo cannot be made main, making
 *   the main photo private hands the role to the next public photo, and the first public photo a
 *   member has becomes main by itself. So main_photo_id is null only while no public photo exists.
 * - A new photo waits for a moderator ('pending'): until it is approved only its owner and the
 *   moderators see it, so it is never main (the main photo is what everybody sees). Its approval
 *   makes it main when the member has none; a member can make any approved public photo main.
 */
const NEW_PHOTO_STATUS = 'pending' as const;
/** The files that move between `p/` and `x/`; the blurred variant always stays public. */
const MOVABLE_SIZES: readonly PhotoSize[] = PHOTO_FILES.filter((size) => size !== 'blur');

const photoNotApproved = () =>
  new AppError('photo_not_approved', 400, 'Only an approved photo can be your main photo.');

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type PhotoRow = typeof photos.$inferSelect;

const photoLimitOf = (paidUser: boolean) => (paidUser ? LIMITS.premiumPhotos : LIMITS.freePhotos);

const photoLimitReached = (limit: number) =>
  new AppError('photo_limit_reached', 403, `You have reached the maximum of ${limit} photos.`, {
    limit,
    premium_limit: LIMITS.premiumPhotos,
  });

export type OwnPhotos = {
  photos: PhotoRow[];
  mainPhotoId: number | null;
  limit: number;
};

/** The member's own photos: they are the caller's by construction, so there is nothing to decide. */
export async function listOwnPhotos(
  services: Pick<AppServices, 'db'>,
  member: MemberViewer,
): Promise<OwnPhotos> {
  const userId = member.id;
  const [account, mainPhotoId] = await Promise.all([
    findAccount(services.db, userId),
    findMainPhotoId(services.db, userId),
  ]);
  if (!account || mainPhotoId === undefined) throw notFound();
  const rows = await services.db
    .select()
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.id));
  return { photos: rows, mainPhotoId, limit: photoLimitOf(account.paidUser) };
}

/** A member's photos in their order, for their profile page: others see the approved ones only. */
export async function listProfilePhotos(db: Database, userId: number, options: { approvedOnly: boolean }) {
  return db
    .select({
      id: photos.id,
      storageKey: photos.storageKey,
      status: photos.status,
      private: photos.private,
      width: photos.width,
      height: photos.height,
      position: photos.position,
    })
    .from(photos)
    .where(and(eq(photos.userId, userId), options.approvedOnly ? eq(photos.status, 'approved') : undefined))
    .orderBy(photos.position, photos.id);
}

async function countPhotos(db: Database | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return row?.n ?? 0;
}

/**
 * A photo staff upload for a profile the back office manages (a fictional profile): approved at
 * once, as a moderator's own upload needs no moderator, with the premium allowance, and the hook
 * writes the caller's audit row in the photo's transaction.
 */
export type StaffUpload = { inTransaction: (tx: Tx, photo: PhotoRow) => Promise<void> };

/**
 * Stores a new photo of the member. The count is checked twice: once before the image work, so a
 * member at the limit costs no decode, and again under a lock on the member's row, so two uploads
 * at once cannot both take the last place.
 */
export async function uploadPhoto(
  services: Pick<AppServices, 'db' | 'now' | 'storage' | 'sessions'>,
  owner: MemberViewer,
  photo: PhotoFile,
  options: { private: boolean; byStaff?: StaffUpload },
): Promise<{ photo: PhotoRow; isMain: boolean }> {
  const userId = owner.id;
  authorize(owner, 'photo.upload');
  const user = await findAccount(services.db, userId);
  if (!user) throw notFound();
  const limitOf = (paidUser: boolean) => (options.byStaff ? LIMITS.premiumPhotos : photoLimitOf(paidUser));
  const early = limitOf(user.paidUser);
  if ((await countPhotos(services.db, userId)) >= early) throw photoLimitReached(early);

  const processed = await processPhoto(photo);

  const written: string[] = [];
  let result: { photo: PhotoRow; isMain: boolean };
  try {
    result = await services.db.transaction(async (tx) => {
      const locked = await findAccount(tx, userId, { lock: true });
      if (!locked) throw notFound();
      const limit = limitOf(locked.paidUser);
      if ((await countPhotos(tx, userId)) >= limit) throw photoLimitReached(limit);

      // The storage key contains the photo id, so the row goes in first and gets its key after.
      const [inserted] = await tx
        .insert(photos)
        .values({
          userId,
          status: options.byStaff ? ('approved' as const) : NEW_PHOTO_STATUS,
          private: options.private,
          storageKey: '',
          width: processed.width,
          height: processed.height,
          position: sql`(select coalesce(max(${photos.position}) + 1, 0) from ${photos} where ${photos.userId} = ${userId})`,
          createdAt: services.now(),
        })
        .returning({ id: photos.id });
      if (!inserted) throw new Error('photo insert returned no row');
      const storageKey = photoStorageKey(userId, inserted.id, options.private);
      const [photo] = await tx
        .update(photos)
        .set({ storageKey })
        .where(eq(photos.id, inserted.id))
        .returning();
      if (!photo) throw new Error('photo update returned no row');

      // Files are written before the commit: a crash in between leaves unreferenced files, never
      // a row whose images are missing.
      await Promise.all(
        PHOTO_FILES.map(async (size) => {
          const key = photoFileKey(storageKey, size);
          written.push(key);
          await services.storage.put(key, processed.files[size], 'image/webp');
        }),
      );

      if (!options.byStaff) {
        await tellStaffLists(tx, { list: 'moderation_photos', kind: 'entered', id: photo.id });
        return { photo, isMain: false };
      }
      // Approved at once: the first public one becomes main, as a moderator's approval makes it.
      const isMain = !photo.private && (await claimMainPhoto(tx, userId, photo.id));
      await options.byStaff.inTransaction(tx, photo);
      return { photo, isMain };
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => services.storage.remove(key)));
    throw error;
  }
  if (options.byStaff) await services.sessions.invalidateUser(userId);
  return result;
}

/** The photo, locked, once the policy let this member edit it (another member's answers like a missing one). */
async function lockOwnPhoto(tx: Tx, owner: MemberViewer, photoId: number): Promise<PhotoRow> {
  const [photo] = await tx.select().from(photos).where(eq(photos.id, photoId)).for('update');
  if (!photo) throw photoNotFound();
  authorize(owner, 'photo.edit', { ownerId: photo.userId });
  return photo;
}

/** The photo that takes over as main: the first public, approved one in the member's order. */
async function nextMainPhotoId(tx: Tx, userId: number, excludingId: number): Promise<number | null> {
  const [next] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        eq(photos.userId, userId),
        ne(photos.id, excludingId),
        eq(photos.private, false),
        eq(photos.status, 'approved'),
      ),
    )
    .orderBy(asc(photos.position), asc(photos.id))
    .limit(1);
  return next?.id ?? null;
}

type PhotoWithMain = { photo: PhotoRow; isMain: boolean };
/** What changing a stored photo uses: its row, its files and the session cache (main_photo_id). */
type PhotoChangeDeps = Pick<AppServices, 'db' | 'storage' | 'sessions'>;

/**
 * Marks a photo private or public and moves its files between `p/` (served to anyone) and `x/`
 * (served after an access check), under the same secret. The blurred variant stays public.
 */
async function setPhotoPrivate(
  services: PhotoChangeDeps,
  owner: MemberViewer,
  photoId: number,
  makePrivate: boolean,
): Promise<PhotoWithMain> {
  const userId = owner.id;
  const { storage } = services;
  const written: string[] = [];
  let removeAfterCommit: string[] = [];
  let oldFilesGone = false;
  try {
    const result = await services.db.transaction(async (tx) => {
      const photo = await lockOwnPhoto(tx, owner, photoId);
      let mainPhotoId = await lockMainPhotoId(tx, userId);
      if (photo.private === makePrivate) return { photo, isMain: mainPhotoId === photo.id };

      const oldKey = photo.storageKey;
      const newKey = photoKeyInArea(oldKey, makePrivate);
      await Promise.all(
        MOVABLE_SIZES.map(async (size) => {
          const data = await storage.get(photoFileKey(oldKey, size));
          if (!data) return; // nothing stored for this size: nothing to move
          const key = photoFileKey(newKey, size);
          written.push(key);
          await storage.put(key, data, 'image/webp');
        }),
      );
      const [updated] = await tx
        .update(photos)
        .set({ private: makePrivate, storageKey: newKey })
        .where(eq(photos.id, photo.id))
        .returning();
      if (!updated) throw new Error('photo update returned no row');

      if (makePrivate && mainPhotoId === photo.id) {
        mainPhotoId = await nextMainPhotoId(tx, userId, photo.id);
        await setMainPhotoId(tx, userId, mainPhotoId);
      } else if (!makePrivate && mainPhotoId === null && photo.status === 'approved') {
        mainPhotoId = photo.id;
        await setMainPhotoId(tx, userId, mainPhotoId);
      }

      const oldFiles = MOVABLE_SIZES.map((size) => photoFileKey(oldKey, size));
      if (makePrivate) {
        // Removed before the commit: a photo the member made private must not stay reachable at its
        // public address, not even after a crash between the commit and the clean-up.
        await Promise.all(oldFiles.map((key) => storage.remove(key)));
        oldFilesGone = true;
      } else {
        removeAfterCommit = oldFiles;
      }
      return { photo: updated, isMain: mainPhotoId === updated.id };
    });
    await Promise.allSettled(removeAfterCommit.map((key) => storage.remove(key)));
    return result;
  } catch (error) {
    // The row still points at the old files; drop the copies unless they are all that is left.
    if (!oldFilesGone) await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw error;
  } finally {
    await services.sessions.invalidateUser(userId);
  }
}

/** A change's hook in its transaction: the back office writes its audit row there. */
type InTransaction = (tx: Tx, photo: PhotoRow) => Promise<void>;

/** Makes a public photo the member's main photo. */
export async function setMainPhoto(
  services: Pick<AppServices, 'db' | 'sessions'>,
  owner: MemberViewer,
  photoId: number,
  inTransaction?: InTransaction,
): Promise<PhotoWithMain> {
  const userId = owner.id;
  const result = await services.db.transaction(async (tx) => {
    const photo = await lockOwnPhoto(tx, owner, photoId);
    if (photo.private) throw badRequest('A private photo cannot be the main photo; make it public first.');
    if (photo.status !== 'approved') throw photoNotApproved();
    await lockMainPhotoId(tx, userId); // locks the profile row, as the other changes of main do
    await setMainPhotoId(tx, userId, photo.id);
    await inTransaction?.(tx, photo);
    return { photo, isMain: true };
  });
  await services.sessions.invalidateUser(userId);
  return result;
}

/** PUT /api/photo.php: privacy first, so `{ private: false, main: true }` publishes and promotes at once. */
export async function updatePhoto(
  services: PhotoChangeDeps,
  owner: MemberViewer,
  photoId: number,
  change: { private?: boolean; main?: true },
): Promise<PhotoWithMain> {
  let result: PhotoWithMain | undefined;
  if (change.private !== undefined) result = await setPhotoPrivate(services, owner, photoId, change.private);
  if (change.main) result = await setMainPhoto(services, owner, photoId);
  if (!result) throw badRequest();
  return result;
}

/**
 * Deletes a photo and its files; when it was the main photo, the next public photo takes over.
 * Answers with the member's remaining photos.
 */
export async function deletePhoto(
  services: PhotoChangeDeps,
  owner: MemberViewer,
  photoId: number,
  inTransaction?: InTransaction,
): Promise<OwnPhotos> {
  const userId = owner.id;
  const storageKey = await services.db.transaction(async (tx) => {
    const photo = await lockOwnPhoto(tx, owner, photoId);
    const mainPhotoId = await lockMainPhotoId(tx, userId);
    await tx.delete(photos).where(eq(photos.id, photo.id));
    if (photo.status === 'pending')
      await tellStaffLists(tx, { list: 'moderation_photos', kind: 'left', id: photo.id });
    if (mainPhotoId === photo.id)
      await setMainPhotoId(tx, userId, await nextMainPhotoId(tx, userId, photo.id));
    await inTransaction?.(tx, photo);
    return photo.storageKey;
  });
  // After the commit: a failed removal leaves an unreferenced file, never a row without images.
  await Promise.allSettled(
    PHOTO_FILES.map((size) => services.storage.remove(photoFileKey(storageKey, size))),
  );
  await services.sessions.invalidateUser(userId);
  return listOwnPhotos(services, owner);
}

/**
 * Every photo of a member and its files, for the erasure of an account. Rows go in the caller's
 * transaction; the files are removed first, so an interrupted erasure is simply run again.
 */
export async function erasePhotosOf(
  services: Pick<AppServices, 'storage'>,
  tx: Tx,
  userId: number,
): Promise<void> {
  const own = await tx
    .select({ id: photos.id, storageKey: photos.storageKey, status: photos.status })
    .from(photos)
    .where(eq(photos.userId, userId));
  await Promise.all(
    own.flatMap((photo) =>
      PHOTO_FILES.map((size) => services.storage.remove(photoFileKey(photo.storageKey, size))),
    ),
  );
  await tx.delete(photos).where(eq(photos.userId, userId));
  // Its waiting photos leave the moderators' open queues.
  await tellStaffLists(
    tx,
    ...own
      .filter((photo) => photo.status === 'pending')
      .map((photo) => ({ list: 'moderation_photos' as const, kind: 'left' as const, id: photo.id })),
  );
}

/**
 * Photo ids known approved. Approval is final (a photo leaves that state only by being deleted,
 * and then its files are gone), so what is known here never needs telling to other instances;
 * waiting and rejected photos are read each time, which only their owner's browser asks for.
 */
export const approvedPhotosState = defineState('photos.approved', () => new Set<number>());
const APPROVED_PHOTOS_KEPT = 100_000;

/** Whether others may see this photo at all (the media route's `approved` fact). */
export async function isPhotoApproved(services: Pick<AppServices, 'db' | 'state'>, photoId: number) {
  const known = services.state.of(approvedPhotosState);
  if (known.has(photoId)) return true;
  const [row] = await services.db
    .select({ status: photos.status })
    .from(photos)
    .where(eq(photos.id, photoId));
  if (row?.status !== 'approved') return false;
  // Ids come from request paths: bounded like every cache fed by requests.
  if (known.size >= APPROVED_PHOTOS_KEPT) known.clear();
  known.add(photoId);
  return true;
}

/** The photos waiting for a moderator, oldest first. */
export async function listPendingPhotos(db: Queryable, limit: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.status, 'pending'))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(limit);
}

export async function countPendingPhotos(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.status, 'pending'));
  return row?.n ?? 0;
}

export async function findPhoto(db: Queryable, photoId: number): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
  return row;
}

export type PhotoDecision =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; reason: string; note: string | null };

/**
 * A moderator's decision on a waiting photo, in the caller's transaction (which writes its audit
 * row). An approved public photo becomes main when the member has none; a rejected one stays with
 * its owner, files and all, with the reason. Undefined when the photo is gone or was decided
 * meanwhile. The caller drops the member's cached session after the commit (main_photo_id).
 */
export async function decidePendingPhoto(
  tx: Tx,
  photoId: number,
  decision: PhotoDecision,
  now: Date,
): Promise<{ photo: PhotoRow; isMain: boolean } | undefined> {
  const [current] = await tx.select().from(photos).where(eq(photos.id, photoId)).for('update');
  if (current?.status !== 'pending') return undefined;
  const mainPhotoId = await lockMainPhotoId(tx, current.userId);
  const [photo] = await tx
    .update(photos)
    .set({
      status: decision.outcome,
      rejectionReason: decision.outcome === 'rejected' ? decision.reason : null,
      rejectionNote: decision.outcome === 'rejected' ? decision.note : null,
      moderatedAt: now,
    })
    .where(eq(photos.id, photoId))
    .returning();
  if (!photo) throw new Error('photo update returned no row');
  let isMain = mainPhotoId === photo.id;
  if (decision.outcome === 'approved' && !photo.private && mainPhotoId === null)
    isMain = await claimMainPhoto(tx, photo.userId, photo.id);
  else if (decision.outcome === 'rejected' && isMain) {
    await setMainPhotoId(tx, photo.userId, await nextMainPhotoId(tx, photo.userId, photo.id));
    isMain = false;
  }
  return { photo, isMain };
}

/**
 * A photo whose files are already made (the demo seed draws them): its row, key and files, in the
 * caller's transaction, after the member's others.
 */
export async function addRenderedPhoto(
  tx: Tx,
  storage: AppServices['storage'],
  userId: number,
  rendered: { width: number; height: number; files: Record<PhotoSize, Buffer> },
  options: { status: PhotoRow['status']; createdAt: Date },
): Promise<number> {
  const [row] = await tx
    .insert(photos)
    .values({
      userId,
      status: options.status,
      private: false,
      storageKey: '',
      width: rendered.width,
      height: rendered.height,
      position: sql`(select coalesce(max(${photos.position}) + 1, 0) from ${photos} where ${photos.userId} = ${userId})`,
      createdAt: options.createdAt,
    })
    .returning({ id: photos.id });
  if (!row) throw new Error('photo insert returned no row');
  const storageKey = photoStorageKey(userId, row.id, false);
  await Promise.all(
    PHOTO_FILES.map((size) =>
      storage.put(photoFileKey(storageKey, size), rendered.files[size], 'image/webp'),
    ),
  );
  await tx.update(photos).set({ storageKey }).where(eq(photos.id, row.id));
  return row.id;
}
