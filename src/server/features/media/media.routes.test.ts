import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { addPhoto, createMember, logIn, type MemberOverrides, type TestLogin } from '../../test/members.ts';
import { PHOTO_FILES, type PhotoSize, photoFileKey } from '../photos/photos.keys.ts';

const { app, services } = await createTestApp();
const { db, storage } = services;

const media = (path: string, login?: TestLogin, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/media/${path}`, cookies: login?.cookies ?? {}, headers });

/** A member with one public and one private photo whose files exist. */
async function memberWithPhotos(overrides: MemberOverrides = {}) {
  const member = await createMember(db, overrides);
  const login = await logIn(db, member.id);
  const shown = await addPhoto(db, member.id, { main: true });
  const locked = await addPhoto(db, member.id, { private: true, position: 1 });
  for (const photo of [shown, locked])
    for (const size of PHOTO_FILES)
      await storage.put(photoFileKey(photo.storageKey, size), Buffer.from(`${size} bytes`), 'image/webp');
  const files = (key: string, sizes: readonly PhotoSize[]) => sizes.map((size) => photoFileKey(key, size));
  return {
    ...member,
    login,
    publicFiles: files(shown.storageKey, PHOTO_FILES),
    privateFiles: files(locked.storageKey, ['thumb', 'medium', 'large']),
  };
}

const free = await memberWithPhotos();
const premium = await memberWithPhotos({ paidUser: true });

describe('photos of members others may not see', () => {
  // A member pending deletion has no session any more (login refuses them until they reactivate),
  // so not even they get their photos; the files stay for a reactivation.
  const hiddenKinds: [string, MemberOverrides, { ownerSees: boolean }][] = [
    ['invisible', { invisible: true }, { ownerSees: true }],
    ['not confirmed', { status: 'not_confirmed', emailConfirmedAt: null }, { ownerSees: true }],
    [
      'pending deletion',
      { status: 'pending_deletion', deletionRequestedAt: new Date('2026-11-20T00:00:00Z') },
      { ownerSees: false },
    ],
  ];

  for (const [kind, overrides, { ownerSees }] of hiddenKinds) {
    it(`serves the ${kind} member's photos to nobody${ownerSees ? ' but themselves' : ''}`, async () => {
      const owner = await memberWithPhotos(overrides);
      // A visible member's photo that does not exist: the answer a hidden one must not differ from.
      const missing = await media(owner.publicFiles[0]!.replace(/\/\d+-/, '/999999-'));
      expect(missing.statusCode).toBe(404);

      for (const path of owner.publicFiles) {
        for (const viewer of [undefined, free.login, premium.login]) {
          const res = await media(path, viewer);
          expect(res.statusCode, path).toBe(404);
          expect(res.body).toBe(missing.body);
          expect(res.headers['cache-control']).toBe(missing.headers['cache-control']);
          expect(res.headers.etag).toBeUndefined();
        }
        const own = await media(path, owner.login);
        expect(own.statusCode, path).toBe(ownerSees ? 200 : 404);
        expect(own.headers['cache-control']).toBe('private, no-store');
        expect(await storage.exists(path)).toBe(true);
      }
      for (const path of owner.privateFiles) {
        expect((await media(path)).statusCode, path).toBe(404);
        // As for any x/ key, a visible member's or an unknown one's: a free member learns nothing.
        expect((await media(path, free.login)).statusCode, path).toBe(403);
        expect((await media(path, premium.login)).statusCode, path).toBe(404);
        expect((await media(path, owner.login)).statusCode, path).toBe(ownerSees ? 200 : 404);
      }
    });
  }

  it('stops serving a member who goes invisible at once, and serves them again when they return', async () => {
    const owner = await memberWithPhotos();
    const [large] = owner.publicFiles.filter((path) => path.endsWith('-large.webp'));
    expect((await media(large!)).statusCode).toBe(200); // now cached as visible
    await services.pool.query('update users set invisible = true where id = $1', [owner.id]);
    // The invisible switch, like every account change, tells all instances through the bus.
    await services.sessions.invalidateUser(owner.id);
    await services.bus.sync();
    expect((await media(large!)).statusCode).toBe(404);
    expect((await media(owner.privateFiles[0]!, premium.login)).statusCode).toBe(404);

    await services.pool.query('update users set invisible = false where id = $1', [owner.id]);
    await services.sessions.invalidateUser(owner.id);
    await services.bus.sync();
    expect((await media(large!)).statusCode).toBe(200);
  });
});

describe('caching of public photos', () => {
  it('lets shared caches keep a public photo ten minutes, not a year, and revalidates with a 304', async () => {
    const owner = await memberWithPhotos();
    const path = owner.publicFiles[0]!;
    const first = await media(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"p-[0-9a-f]{32}-thumb"$/);

    const again = await media(path, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // A deleted file does not live on as a 304.
    await storage.remove(path);
    expect((await media(path, undefined, { 'if-none-match': etag })).statusCode).toBe(404);
  });
});

describe('photo addresses', () => {
  it('carry 128 random bits per photo, so ids alone reach nothing', async () => {
    const owner = await createMember(db);
    const keys = await Promise.all(Array.from({ length: 20 }, () => addPhoto(db, owner.id)));
    const secrets = keys.map(({ id, storageKey }) => {
      const match = new RegExp(`^p/${owner.id}/${id}-([0-9a-f]{32})$`).exec(storageKey);
      expect(match, storageKey).not.toBeNull();
      return match![1];
    });
    expect(new Set(secrets).size).toBe(secrets.length);

    // The address made of ids alone, as before, is no address at all.
    const [first] = keys;
    await storage.put(photoFileKey(first!.storageKey, 'large'), Buffer.from('x'), 'image/webp');
    await storage.put(`p/${owner.id}/${first!.id}-large.webp`, Buffer.from('x'), 'image/webp');
    expect((await media(photoFileKey(first!.storageKey, 'large'))).statusCode).toBe(200);
    expect((await media(`p/${owner.id}/${first!.id}-large.webp`)).statusCode).toBe(404);
    // Nor is a guessed secret, nor the blur under x/.
    expect((await media(`p/${owner.id}/${first!.id}-${'a'.repeat(32)}-large.webp`)).statusCode).toBe(404);
    expect(
      (
        await media(
          photoFileKey(first!.storageKey, 'blur').replace(/^p/, 'x'),
          owner ? await logIn(db, owner.id) : undefined,
        )
      ).statusCode,
    ).toBe(404);
  });
});
