import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../../shared/contracts/photos.ts';
import { createTestApp } from '../../test/app.ts';
import { addPhoto, blockMember, createMember, logIn, type TestLogin } from '../../test/members.ts';
import {
  makePngHeaderClaiming,
  makeTestJpeg,
  makeTestPng,
  multipartBody,
} from '../../test/photo-fixtures.ts';
import { PHOTO_FILES, photoFileKey } from './photos.keys.ts';
import { decidePendingPhoto, type PhotoDecision } from './photos.service.ts';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads, uploadsDir } from './photos.upload.ts';

const { app, services } = await createTestApp();
const { db, storage } = services;

async function member(overrides: { paidUser?: boolean } = {}) {
  const created = await createMember(db, overrides);
  return { ...created, login: await logIn(db, created.id) };
}

async function upload(
  login: TestLogin | null,
  file: Buffer,
  options: { filename?: string; type?: string; private?: boolean; csrf?: boolean } = {},
) {
  const body = await multipartBody({
    photo: { data: file, filename: options.filename ?? 'photo.jpg', type: options.type ?? 'image/jpeg' },
    ...(options.private ? { private: 'true' } : {}),
  });
  return app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload: body.payload,
    cookies: login?.cookies ?? {},
    headers: { ...(options.csrf === false || !login ? {} : login.headers), ...body.headers },
  });
}

const jpeg = await makeTestJpeg(400, 300);

/** A moderator's decision, as the moderation feature makes it (in its transaction, then the session). */
async function decide(photoId: number, decision: PhotoDecision = { outcome: 'approved' }) {
  const decided = await db.transaction((tx) => decidePendingPhoto(tx, photoId, decision, services.now()));
  if (decided) await services.sessions.invalidateUser(decided.photo.userId);
  return decided;
}

/** An upload a moderator has approved (every upload waits for one first). */
async function uploadOk(login: TestLogin, options: { private?: boolean; approve?: boolean } = {}) {
  const res = await upload(login, jpeg, options);
  expect(res.statusCode, res.body).toBe(200);
  const photo = res.json().photo as { id: number; status: string; is_main: boolean };
  expect(photo).toMatchObject({ status: 'pending', is_main: false });
  if (options.approve !== false) await decide(photo.id);
  return (await listOf(login)).photos.find((p: { id: number }) => p.id === photo.id) as {
    id: number;
    private: boolean;
    is_main: boolean;
    thumb_filename: string;
    filename: string;
    large_filename: string;
    blur_filename: string;
    width: number;
    height: number;
  };
}

const listOf = async (login: TestLogin) =>
  (await app.inject({ method: 'GET', url: '/api/photos.php', cookies: login.cookies })).json();

const media = (path: string, login?: TestLogin) =>
  app.inject({ method: 'GET', url: `/media/${path}`, cookies: login?.cookies ?? {} });

const put = (login: TestLogin, id: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/photo.php?id=${id}`, payload, ...login });

const del = (login: TestLogin, id: number) =>
  app.inject({ method: 'DELETE', url: `/api/photo.php?id=${id}`, ...login });

const storedKeys = (storageKey: string) => PHOTO_FILES.map((size) => photoFileKey(storageKey, size));

describe('upload refusals', () => {
  it('refuses a text file named .jpg', async () => {
    const { login } = await member();
    const res = await upload(login, Buffer.from('This is not a photo, only text.\n'.repeat(20)));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('photo_not_an_image');
  });

  it('refuses an SVG and a GIF, whatever they are called', async () => {
    const { login } = await member();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"></svg>');
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    for (const file of [svg, gif]) {
      const res = await upload(login, file);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('photo_not_an_image');
    }
  });

  it('refuses a file over the byte limit with photo_too_large, not a 500', async () => {
    const { login } = await member();
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1024, 0x20);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const res = await upload(login, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'photo_too_large', details: { max_mb: 20 } });
  });

  it('keeps an upload on disk only while it is processed: none is left, accepted or refused', async () => {
    const { id, login } = await member();
    const left = async () => (await readdir(uploadsDir(services.env.dataDir)).catch(() => [])).length;
    await uploadOk(login);
    expect(await left()).toBe(0);
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1024, 0x20);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    expect((await upload(login, big)).statusCode).toBe(413);
    expect((await upload(login, await makeTestPng(640, 150), { type: 'image/png' })).statusCode).toBe(422);
    expect((await upload(login, Buffer.from('not a photo'), { filename: 'x.jpg' })).statusCode).toBe(415);
    for (let i = 1; i < 3; i++) await addPhoto(db, id, { position: i });
    expect((await upload(login, jpeg)).json().error.code).toBe('photo_limit_reached');
    expect(await left()).toBe(0);
  });

  it('sweeps an upload file a crash left behind after an hour, and not one still being processed', async () => {
    const dir = uploadsDir(services.env.dataDir);
    await mkdir(dir, { recursive: true });
    const [old, fresh] = [join(dir, 'photo-left-by-a-crash'), join(dir, 'photo-in-flight')];
    await writeFile(old, 'x');
    await writeFile(fresh, 'x');
    const hourAgo = new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000);
    await utimes(old, hourAgo, hourAgo);
    expect(await sweepAbandonedUploads(services.env.dataDir, new Date())).toBe(1);
    expect(await readdir(dir)).toEqual(['photo-in-flight']);
    await rm(fresh);
  });

  it('refuses too many pixels before decoding (a header claiming 100 megapixels)', async () => {
    const { login } = await member();
    for (const bomb of [makePngHeaderClaiming(10_000, 10_000), makePngHeaderClaiming(30_000, 30_000)]) {
      const res = await upload(login, bomb, { filename: 'bomb.png', type: 'image/png' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('photo_too_many_pixels');
    }
  });

  it('refuses a photo with a side under 200 px', async () => {
    const { login } = await member();
    const res = await upload(login, await makeTestPng(640, 150), { type: 'image/png' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'photo_too_small', details: { min_px: 200 } });
  });

  it('refuses the 4th photo of a free member and the 26th of a premium member', async () => {
    const free = await member();
    for (let i = 0; i < 3; i++) await addPhoto(db, free.id, { position: i });
    const res = await upload(free.login, jpeg);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'photo_limit_reached',
      details: { limit: 3, premium_limit: 25 },
    });

    const premium = await member({ paidUser: true });
    for (let i = 0; i < 24; i++) await addPhoto(db, premium.id, { position: i });
    await uploadOk(premium.login);
    const over = await upload(premium.login, jpeg);
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toMatchObject({ code: 'photo_limit_reached', details: { limit: 25 } });
  });

  it('lets only one of two simultaneous uploads take the last place', async () => {
    const free = await member();
    for (let i = 0; i < 2; i++) await addPhoto(db, free.id, { position: i });
    const results = await Promise.all([upload(free.login, jpeg), upload(free.login, jpeg)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect((await listOf(free.login)).photos).toHaveLength(3);
  });

  it('needs a logged-in member and the CSRF token', async () => {
    const visitor = await upload(null, jpeg);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const { login } = await member();
    const noToken = await upload(login, jpeg, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_failed');
    const list = await app.inject({ method: 'GET', url: '/api/photos.php' });
    expect(list.json().error.code).toBe('authentication_required');
  });
});

describe('the stored files', () => {
  it('are auto-rotated WebP files without EXIF (GPS), XMP or ICC, in all sizes', async () => {
    const { login } = await member();
    const phone = await makeTestJpeg(800, 600, {
      exif: { orientation: 6, gps: { lat: 52.370216, lon: 4.895168 }, make: 'PhoneMaker' },
      icc: true,
    });
    const input = await sharp(phone).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);
    expect(input.icc).toBeDefined();

    const res = await upload(login, phone);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo;
    // Orientation 6 turns the 800 × 600 landscape into a 600 × 800 portrait.
    expect([photo.width, photo.height]).toEqual([600, 800]);
    for (const path of [photo.thumb_filename, photo.filename, photo.large_filename, photo.blur_filename]) {
      const bytes = (await storage.get(path)) as Buffer;
      expect(bytes, path).not.toBeNull();
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif, path).toBeUndefined();
      expect(meta.xmp, path).toBeUndefined();
      expect(meta.iptc, path).toBeUndefined();
      expect(meta.icc, path).toBeUndefined();
      expect(meta.orientation, path).toBeUndefined();
      expect(meta.height, path).toBeGreaterThan(meta.width as number);
      for (const marker of ['Exif', 'PhoneMaker', 'EXIF', 'XMP ', 'ICCP']) {
        expect(bytes.includes(Buffer.from(marker, 'latin1')), `${path} ${marker}`).toBe(false);
      }
    }
    // The left (red) half of the stored image is on top after the rotation.
    const { data, info } = await sharp((await storage.get(photo.large_filename)) as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [topR, , topB] = pixel(info.width / 2, 10);
    const [bottomR, , bottomB] = pixel(info.width / 2, info.height - 10);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(80);
    expect(bottomB).toBeGreaterThan(150);
    expect(bottomR).toBeLessThan(80);
  });

  it('has the three sizes fitted inside their squares, never enlarged, and a small blurred variant', async () => {
    const { login } = await member();
    const res = await upload(login, await makeTestJpeg(2400, 1600));
    const photo = res.json().photo;
    const size = async (path: string) => {
      const meta = await sharp((await storage.get(path)) as Buffer).metadata();
      return [meta.width, meta.height];
    };
    expect(await size(photo.large_filename)).toEqual([1200, 800]);
    expect(await size(photo.filename)).toEqual([600, 400]);
    expect(await size(photo.thumb_filename)).toEqual([200, 133]);
    expect(Math.max(...((await size(photo.blur_filename)) as number[]))).toBeLessThanOrEqual(300);

    const small = (await upload(login, jpeg)).json().photo;
    expect(await size(small.large_filename)).toEqual([400, 300]);
  });

  it('takes PNG and WebP', async () => {
    const { login } = await member();
    const png = await upload(login, await makeTestPng(300, 300), { type: 'image/png', filename: 'a.png' });
    expect(png.statusCode, png.body).toBe(200);
    const webp = await sharp(jpeg).webp().toBuffer();
    const res = await upload(login, webp, { type: 'image/webp', filename: 'a.webp' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('HEIF', () => {
  const suffixes: readonly string[] = sharp.format.heif?.input.fileSuffix ?? [];

  it.runIf(suffixes.includes('.avif'))('takes AVIF (HEIF with AV1)', async () => {
    const { login } = await member();
    const avif = await sharp(jpeg).avif({ effort: 0 }).toBuffer();
    const res = await upload(login, avif, { type: 'image/avif', filename: 'a.avif' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.runIf(!suffixes.includes('.heic'))('refuses HEIC where this sharp cannot decode HEVC', async () => {
    const { login } = await member();
    // The start of an iPhone photo: an ftyp box with the heic brand.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(2000),
    ]);
    const res = await upload(login, heic, { type: 'image/heic', filename: 'IMG_0001.HEIC' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('photo_not_an_image');
  });
});

describe('own photos', () => {
  it('lists them with the limit; the first approved public photo becomes main', async () => {
    const { login, id: userId } = await member();
    expect(await listOf(login)).toEqual({ photos: [], limit: 3, premium_limit: 25, main_photo_id: null });
    const first = await uploadOk(login);
    const second = await uploadOk(login);
    expect(first.is_main).toBe(true);
    expect(second.is_main).toBe(false);
    const list = await listOf(login);
    expect(list.main_photo_id).toBe(first.id);
    expect(list.photos.map((p: { id: number }) => p.id)).toEqual([first.id, second.id]);
    expect(list.photos[0]).toMatchObject({
      status: 'approved',
      rejection_reason: null,
      rejection_note: null,
      private: false,
      is_main: true,
      thumb_filename: expect.stringMatching(
        new RegExp(`^p/${userId}/${first.id}-[0-9a-f]{32}-thumb\\.webp$`),
      ),
      filename: first.thumb_filename.replace(/-thumb\.webp$/, '-medium.webp'),
      large_filename: first.thumb_filename.replace(/-thumb\.webp$/, '-large.webp'),
      blur_filename: first.thumb_filename.replace(/-thumb\.webp$/, '-blur.webp'),
      width: 400,
      height: 300,
    });
  });

  it('a private first photo is not main; the next public one is', async () => {
    const { login } = await member();
    const hidden = await uploadOk(login, { private: true });
    expect(hidden.private).toBe(true);
    expect(hidden.is_main).toBe(false);
    expect(hidden.large_filename).toMatch(/^x\//);
    expect(hidden.blur_filename).toMatch(/^p\//);
    const shown = await uploadOk(login);
    expect(shown.is_main).toBe(true);
  });

  it('waits for a moderator: never main before approval, main once approved when there is none', async () => {
    const { login } = await member();
    const waiting = await uploadOk(login, { approve: false });
    expect(waiting).toMatchObject({ status: 'pending', is_main: false, rejection_reason: null });
    const refused = await put(login, waiting.id, { main: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('photo_not_approved');
    expect((await listOf(login)).main_photo_id).toBeNull();
    await decide(waiting.id);
    expect((await listOf(login)).photos[0]).toMatchObject({ status: 'approved', is_main: true });

    // A rejected photo stays with its owner, with the reason, and is never main.
    const other = await uploadOk(login, { approve: false });
    await decide(other.id, { outcome: 'rejected', reason: 'low_quality', note: 'Te donker' });
    const rejected = (await listOf(login)).photos[1];
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection_reason: 'low_quality',
      rejection_note: 'Te donker',
      is_main: false,
    });
    expect((await put(login, other.id, { main: true })).json().error.code).toBe('photo_not_approved');
    // Decided once: a second decision changes nothing.
    expect(await decide(other.id)).toBeUndefined();
  });

  it('chooses the main photo; a private photo cannot be main', async () => {
    const { login } = await member();
    const a = await uploadOk(login);
    const b = await uploadOk(login);
    const res = await put(login, b.id, { main: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo.is_main).toBe(true);
    expect((await listOf(login)).main_photo_id).toBe(b.id);

    // Making the main photo private hands the role to the next public photo.
    const hidden = await put(login, b.id, { private: true });
    expect(hidden.json().photo).toMatchObject({ private: true, is_main: false });
    expect((await listOf(login)).main_photo_id).toBe(a.id);

    const refused = await put(login, b.id, { main: true });
    expect(refused.statusCode).toBe(400);
    // Both at once: published first, then made main.
    const both = await put(login, b.id, { private: false, main: true });
    expect(both.json().photo).toMatchObject({ private: false, is_main: true });

    const empty = await put(login, b.id, {});
    expect(empty.statusCode).toBe(400);
  });

  it('deleting the main photo makes the next public photo main; files are removed', async () => {
    const { login } = await member({ paidUser: true });
    const a = await uploadOk(login);
    const hidden = await uploadOk(login, { private: true });
    const c = await uploadOk(login);
    const aKey = a.large_filename.replace(/-large\.webp$/, '');
    expect(await Promise.all(storedKeys(aKey).map((k) => storage.exists(k)))).toEqual([
      true,
      true,
      true,
      true,
    ]);

    const res = await del(login, a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().main_photo_id).toBe(c.id);
    expect(res.json().photos.map((p: { id: number }) => p.id)).toEqual([hidden.id, c.id]);
    expect(await Promise.all(storedKeys(aKey).map((k) => storage.exists(k)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect((await media(a.large_filename)).statusCode).toBe(404);

    const hiddenKey = hidden.large_filename.replace(/-large\.webp$/, '');
    await del(login, hidden.id);
    expect(await Promise.all(storedKeys(hiddenKey).map((k) => storage.exists(k)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const last = await del(login, c.id);
    expect(last.json()).toMatchObject({ photos: [], main_photo_id: null });
  });

  it("another member's photo answers 404 to every change", async () => {
    const owner = await member();
    const other = await member({ paidUser: true });
    const photo = await uploadOk(owner.login);
    expect((await put(other.login, photo.id, { private: true })).statusCode).toBe(404);
    expect((await put(other.login, photo.id, { main: true })).statusCode).toBe(404);
    expect((await del(other.login, photo.id)).statusCode).toBe(404);
    expect((await listOf(owner.login)).photos[0]).toMatchObject({
      id: photo.id,
      private: false,
      is_main: true,
    });
    expect(await storage.exists(photo.large_filename)).toBe(true);
    // Without the CSRF token, not even the owner changes anything.
    const noCsrf = await app.inject({
      method: 'DELETE',
      url: `/api/photo.php?id=${photo.id}`,
      cookies: owner.login.cookies,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('visitors and the photo calls', () => {
  it('refuses a visitor every change of a photo, and an upload before its body is read', async () => {
    const owner = await member();
    const photo = await uploadOk(owner.login);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: `/api/photo.php?id=${photo.id}`,
        payload: { private: true },
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error.code, method).toBe('authentication_required');
    }
    expect((await listOf(owner.login)).photos[0]).toMatchObject({ id: photo.id, private: false });
    const unreadable = await app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload: 'not a multipart body',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(unreadable.statusCode).toBe(403);
    expect(unreadable.json().error.code).toBe('authentication_required');
  });
});

describe('private photos and the media route', () => {
  it('moves files to x/, which only the owner and premium members get', async () => {
    const owner = await member();
    const freeViewer = await member();
    const premiumViewer = await member({ paidUser: true });
    const photo = await uploadOk(owner.login);
    const publicKeys = ['thumb', 'medium', 'large'].map((s) => photo.large_filename.replace('large', s));
    const publicRes = await media(photo.large_filename);
    expect(publicRes.statusCode).toBe(200);
    expect(publicRes.headers['cache-control']).toBe('public, max-age=600');

    const res = await put(owner.login, photo.id, { private: true });
    expect(res.statusCode, res.body).toBe(200);
    const hidden = res.json().photo;
    expect(hidden.large_filename).toBe(photo.large_filename.replace(/^p\//, 'x/'));
    expect(hidden.blur_filename).toBe(photo.blur_filename);
    for (const key of publicKeys) expect(await storage.exists(key), key).toBe(false);
    for (const key of publicKeys) expect(await storage.exists(key.replace(/^p\//, 'x/')), key).toBe(true);
    expect(await storage.exists(photo.blur_filename)).toBe(true);
    expect((await media(photo.large_filename)).statusCode).toBe(404);
    expect((await media(photo.blur_filename)).statusCode).toBe(200);

    for (const path of [hidden.thumb_filename, hidden.filename, hidden.large_filename]) {
      const visitor = await media(path);
      expect(visitor.statusCode, path).toBe(404);
      expect(visitor.headers['content-type']).not.toBe('image/webp');
      const free = await media(path, freeViewer.login);
      expect(free.statusCode, path).toBe(403);
      expect(free.json().error.code).toBe('forbidden');
      expect(free.headers['cache-control']).toBe('private, no-store');
      for (const allowed of [owner.login, premiumViewer.login]) {
        const ok = await media(path, allowed);
        expect(ok.statusCode, path).toBe(200);
        expect(ok.headers['content-type']).toBe('image/webp');
        expect(ok.headers['cache-control']).toBe('private, no-store');
        expect(ok.rawPayload.length).toBeGreaterThan(0);
      }
    }

    // A premium member blocked by the owner (or who blocked them) is refused too.
    await blockMember(db, owner.id, premiumViewer.id);
    expect((await media(hidden.large_filename, premiumViewer.login)).statusCode).toBe(403);

    // A key under x/ of a photo that does not exist: 404 to those who may look, 403 to others.
    const unknownKey = `x/${owner.id}/999999-${'0'.repeat(32)}-large.webp`;
    expect((await media(unknownKey, owner.login)).statusCode).toBe(404);
    expect((await media(unknownKey, freeViewer.login)).statusCode).toBe(403);
    expect((await media(`x/${owner.id}/../../secret`, owner.login)).statusCode).toBe(404);

    // And back: public again, x/ emptied.
    const shown = (await put(owner.login, photo.id, { private: false })).json().photo;
    expect(shown.large_filename).toBe(photo.large_filename);
    for (const key of publicKeys) expect(await storage.exists(key), key).toBe(true);
    for (const key of publicKeys) expect(await storage.exists(key.replace(/^p\//, 'x/')), key).toBe(false);
    expect((await media(shown.large_filename)).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('describes the photo calls, the upload as multipart/form-data', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/photos.php']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/photo.php']).sort()).toEqual(['delete', 'put']);
    const upload = doc.paths['/api/photos.php'].post.requestBody.content['multipart/form-data'];
    expect(upload.schema.properties.photo).toMatchObject({ format: 'binary' });
  });
});
