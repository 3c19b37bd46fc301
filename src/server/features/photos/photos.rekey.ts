import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { photos } from '../../db/schema/index.ts';
import { readAppConfig, replaceAppConfigIf, writeAppConfig } from '../../lib/app-config.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  isLegacyStorageKey,
  LEGACY_STORAGE_KEY_PATTERN,
  legacyFileKeys,
  newPhotoSecret,
  PHOTO_FILES,
  photoFileKey,
} from './photos.keys.ts';

/**
 * Photos stored before 2026-11-24 have keys made of ids alone (`p/<user>/<photo>`), which anyone
 * can guess. This gives each a key with a secret (docs/decisions/0014), once, at start, before the
 * app serves: the media route no longer serves keys without a secret.
 *
 * Crash safety, per batch: the rows are locked, their files copied to the new key, the rows
 * updated, the transaction committed, and only then the old files removed. A crash before the
 * commit leaves every row on its old, complete files (plus unreferenced copies under keys nobody
 * knows); a crash after it leaves old files behind, which the sweep removes at the next start: the
 * marker says `running` from before the first batch until a sweep has finished. Several instances
 * starting at once share the rows (SKIP LOCKED); the one that finds none left sweeps.
 */
export const PHOTO_REKEY_MARKER = 'photo_rekey';

type Marker = { status: 'running'; upToId: number } | { status: 'done' };

const BATCH_SIZE = 50;
const SWEEP_PAGE = 200;

type RekeyDeps = { db: Database; storage: Storage; log?: (msg: string) => void };

export async function rekeyLegacyPhotos(deps: RekeyDeps): Promise<{ rekeyed: number; swept: boolean }> {
  const { db } = deps;
  const legacyMax = await maxLegacyPhotoId(db);
  const marker = await readMarker(db);
  if (legacyMax === null && marker?.status !== 'running') return { rekeyed: 0, swept: false };
  if (legacyMax !== null) {
    const upToId = Math.max(legacyMax, marker?.status === 'running' ? marker.upToId : 0);
    await writeMarker(db, { status: 'running', upToId });
  }

  let rekeyed = 0;
  for (let n = await rekeyBatch(deps); n > 0; n = await rekeyBatch(deps)) rekeyed += n;
  if (rekeyed > 0) deps.log?.(`photo keys: ${rekeyed} photos moved to keys with a secret`);
  // Rows another instance holds right now: that instance sweeps once it is through.
  if ((await maxLegacyPhotoId(db)) !== null) return { rekeyed, swept: false };

  const running = await readMarker(db);
  if (running?.status !== 'running') return { rekeyed, swept: false };
  await sweepLegacyFiles(deps, running.upToId);
  // Not over a marker another instance raised meanwhile for photos this sweep did not cover.
  await replaceAppConfigIf(
    db,
    PHOTO_REKEY_MARKER,
    { status: 'done' },
    (stored) => sql`(${stored}->>'upToId')::bigint <= ${running.upToId}`,
  );
  return { rekeyed, swept: true };
}

const isLegacyKey = sql`${photos.storageKey} ~ ${LEGACY_STORAGE_KEY_PATTERN}`;

async function maxLegacyPhotoId(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${photos.id})` })
    .from(photos)
    .where(isLegacyKey);
  return row?.max === null || row?.max === undefined ? null : Number(row.max);
}

async function readMarker(db: Database): Promise<Marker | undefined> {
  return (await readAppConfig(db, PHOTO_REKEY_MARKER)) as Marker | undefined;
}

async function writeMarker(db: Database, value: Marker): Promise<void> {
  await writeAppConfig(db, PHOTO_REKEY_MARKER, value);
}

/** Re-keys up to one batch of photos; answers how many. */
async function rekeyBatch({ db, storage }: RekeyDeps): Promise<number> {
  const written: string[] = [];
  const removeAfterCommit: string[] = [];
  try {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: photos.id, storageKey: photos.storageKey })
        .from(photos)
        .where(isLegacyKey)
        .orderBy(asc(photos.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        // The area and the ids stay; only the secret is new (photos.keys.ts photoStorageKey).
        const newKey = `${row.storageKey}-${newPhotoSecret()}`;
        for (const size of PHOTO_FILES) {
          const data = await storage.get(photoFileKey(row.storageKey, size));
          if (!data) continue; // a size never stored has nothing to move
          const key = photoFileKey(newKey, size);
          written.push(key);
          await storage.put(key, data, 'image/webp');
        }
        await tx.update(photos).set({ storageKey: newKey }).where(eq(photos.id, row.id));
        removeAfterCommit.push(...PHOTO_FILES.map((size) => photoFileKey(row.storageKey, size)));
      }
      return rows.length;
    });
    // A removal that fails here is the sweep's to finish.
    await Promise.allSettled(removeAfterCommit.map((key) => storage.remove(key)));
    return count;
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw error;
  }
}

/** Removes old-layout files of every photo up to `upToId` that has its new key; idempotent. */
async function sweepLegacyFiles({ db, storage }: RekeyDeps, upToId: number): Promise<void> {
  let afterId = 0;
  for (;;) {
    const page = await db
      .select({ id: photos.id, userId: photos.userId, storageKey: photos.storageKey })
      .from(photos)
      .where(and(gt(photos.id, afterId), lte(photos.id, upToId)))
      .orderBy(asc(photos.id))
      .limit(SWEEP_PAGE);
    const last = page.at(-1);
    if (!last) return;
    afterId = last.id;
    const swept = page.filter((row) => !isLegacyStorageKey(row.storageKey));
    await Promise.all(
      swept.flatMap((row) => legacyFileKeys(row.userId, row.id).map((key) => storage.remove(key))),
    );
  }
}
