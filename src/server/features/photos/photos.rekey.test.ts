import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appConfig, photos } from '../../db/schema/index.ts';
import type { Storage } from '../../lib/storage.ts';
import { createTestApp } from '../../test/app.ts';
import { addPhoto, createMember, logIn } from '../../test/members.ts';
import { legacyFileKeys, PHOTO_FILES, photoFileKey } from './photos.keys.ts';
import { PHOTO_REKEY_MARKER, rekeyLegacyPhotos } from './photos.rekey.ts';

const { app, services } = await createTestApp();
const { db, storage } = services;

/** A photo as a site before 2026-11-24 stored it: key and files named by ids alone. */
async function legacyPhoto(userId: number, isPrivate: boolean) {
  const { id } = await addPhoto(db, userId, { private: isPrivate, main: !isPrivate });
  const legacyKey = `${isPrivate ? 'x' : 'p'}/${userId}/${id}`;
  await db.update(photos).set({ storageKey: legacyKey }).where(eq(photos.id, id));
  for (const size of PHOTO_FILES)
    await storage.put(photoFileKey(legacyKey, size), Buffer.from(`${id}:${size}`), 'image/webp');
  return { id, legacyKey };
}

async function keyOf(photoId: number) {
  const [row] = await db.select({ key: photos.storageKey }).from(photos).where(eq(photos.id, photoId));
  return row!.key;
}

async function marker() {
  const [row] = await db.select().from(appConfig).where(eq(appConfig.key, PHOTO_REKEY_MARKER));
  return row?.value;
}

const media = async (path: string, login?: { cookies: { sid: string } }) =>
  app.inject({ url: `/media/${path}`, cookies: login?.cookies ?? {} });

/** Every file of the photo under its current key has the bytes it had under the old one. */
async function expectFilesIntact(photo: { id: number; legacyKey: string }) {
  const key = await keyOf(photo.id);
  for (const size of PHOTO_FILES) {
    const data = await storage.get(photoFileKey(key, size));
    expect(data?.toString(), `${key} ${size}`).toBe(`${photo.id}:${size}`);
  }
}

describe('re-keying photos stored under guessable keys', () => {
  it('moves every file to a key with a secret, and the old address answers 404', async () => {
    expect(await marker()).toBeUndefined(); // the start of this test app found nothing to do
    const owner = await createMember(db);
    const ownerLogin = await logIn(db, owner.id);
    const shown = await legacyPhoto(owner.id, false);
    const locked = await legacyPhoto(owner.id, true);

    expect(await rekeyLegacyPhotos({ db, storage })).toEqual({ rekeyed: 2, swept: true });
    expect(await marker()).toEqual({ status: 'done' });
    for (const photo of [shown, locked]) {
      const key = await keyOf(photo.id);
      expect(key).toMatch(new RegExp(`^${photo.legacyKey}-[0-9a-f]{32}$`));
      await expectFilesIntact(photo);
      for (const old of legacyFileKeys(owner.id, photo.id))
        expect(await storage.exists(old), old).toBe(false);
    }

    expect((await media(photoFileKey(shown.legacyKey, 'large'))).statusCode).toBe(404);
    const fresh = await media(photoFileKey(await keyOf(shown.id), 'large'));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe(`${shown.id}:large`);
    expect((await media(photoFileKey(locked.legacyKey, 'large'), ownerLogin)).statusCode).toBe(404);
    expect((await media(photoFileKey(await keyOf(locked.id), 'large'), ownerLogin)).statusCode).toBe(200);
    // The blur of a private photo is public, under the new key too.
    expect((await media(photoFileKey(await keyOf(locked.id), 'blur'))).statusCode).toBe(200);

    // Twice changes nothing: not the keys, not the files; also after a lost marker.
    const keys = [await keyOf(shown.id), await keyOf(locked.id)];
    expect(await rekeyLegacyPhotos({ db, storage })).toEqual({ rekeyed: 0, swept: false });
    await db.delete(appConfig).where(eq(appConfig.key, PHOTO_REKEY_MARKER));
    expect(await rekeyLegacyPhotos({ db, storage })).toEqual({ rekeyed: 0, swept: false });
    expect([await keyOf(shown.id), await keyOf(locked.id)]).toEqual(keys);
    for (const photo of [shown, locked]) await expectFilesIntact(photo);
  });

  it('loses nothing when the storage fails half-way, and finishes at the next start', async () => {
    const owner = await createMember(db);
    const first = await legacyPhoto(owner.id, false);
    const second = await legacyPhoto(owner.id, true);
    let puts = 0;
    const failingPut: Storage = {
      ...storage,
      put: async (key, data, type) => {
        if (++puts > 5) throw new Error('disk full');
        await storage.put(key, data, type);
      },
    };
    await expect(rekeyLegacyPhotos({ db, storage: failingPut })).rejects.toThrow('disk full');
    // The batch rolled back: rows on their old, complete files; the copies are gone again.
    for (const photo of [first, second]) {
      expect(await keyOf(photo.id)).toBe(photo.legacyKey);
      await expectFilesIntact(photo);
    }
    expect(await marker()).toMatchObject({ status: 'running' });

    // Committed, but the old files could not be removed (a crash right after the commit looks the same).
    const failingRemove: Storage = {
      ...storage,
      remove: async () => {
        throw new Error('storage gone');
      },
    };
    await expect(rekeyLegacyPhotos({ db, storage: failingRemove })).rejects.toThrow('storage gone');
    for (const photo of [first, second]) {
      expect(await keyOf(photo.id)).not.toBe(photo.legacyKey);
      await expectFilesIntact(photo);
    }
    expect(await storage.exists(photoFileKey(first.legacyKey, 'large'))).toBe(true);
    expect(await marker()).toMatchObject({ status: 'running' });

    // The next start sweeps what was left.
    expect(await rekeyLegacyPhotos({ db, storage })).toEqual({ rekeyed: 0, swept: true });
    expect(await marker()).toEqual({ status: 'done' });
    for (const photo of [first, second]) {
      await expectFilesIntact(photo);
      for (const old of legacyFileKeys(owner.id, photo.id))
        expect(await storage.exists(old), old).toBe(false);
    }
  });

  it('re-keys each photo once when two instances start at the same moment', async () => {
    const owner = await createMember(db);
    const many = [];
    for (let i = 0; i < 60; i++) many.push(await legacyPhoto(owner.id, i % 3 === 0));
    const results = await Promise.all([
      rekeyLegacyPhotos({ db, storage }),
      rekeyLegacyPhotos({ db, storage }),
    ]);
    expect(results.reduce((sum, r) => sum + r.rekeyed, 0)).toBe(60);
    for (const photo of many) {
      await expectFilesIntact(photo);
      for (const old of legacyFileKeys(owner.id, photo.id))
        expect(await storage.exists(old), old).toBe(false);
    }
    expect(await marker()).toEqual({ status: 'done' });
  });
});
