import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ChatImage, ChatResponse, SendMessageResponse } from '../../../shared/contracts/chat.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { FEATURES } from '../../features.ts';
import { createTestApp } from '../../test/app.ts';
import { blockMember, createMember, logIn, type TestLogin } from '../../test/members.ts';
import { makeTestJpeg, makeTestPng, multipartBody } from '../../test/photo-fixtures.ts';
import { eraseAccountJob } from '../auth/account-deletion.service.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';
import { purgeExpiredMessages } from './chat.retention.ts';
import { CHAT_IMAGE_SIZES, chatImageFileKey } from './chat-images.keys.ts';
import { CHAT_IMAGE_SWEEP_JOB, sweepChatImages, UNSENT_CHAT_IMAGE_KEPT_MS } from './chat-images.service.ts';

const { app, services } = await createTestApp({ PHOTO_UPLOAD_RATE_LIMIT: '1000' });
const { db, storage } = services;

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(db, overrides);
  await db.transaction((tx) =>
    grantCredits(tx, {
      userId: m.id,
      amount: 20 * DEFAULT_SETTINGS.photo_credits,
      reason: 'test',
      reference: `test:${randomUUID()}`,
    }),
  );
  return { ...m, login: await logIn(db, m.id) };
}

type Target = { to: number } | { conversation: number };

async function upload(
  login: TestLogin | undefined,
  target: Target,
  file: Buffer,
  options: { filename?: string; type?: string } = {},
) {
  const body = await multipartBody({
    ...Object.fromEntries(Object.entries(target).map(([k, v]) => [k, String(v)])),
    photo: { data: file, filename: options.filename ?? 'photo.jpg', type: options.type ?? 'image/jpeg' },
  });
  return app.inject({
    method: 'POST',
    url: '/api/chat-photo.php',
    payload: body.payload,
    cookies: login?.cookies ?? {},
    headers: { ...(login?.headers ?? {}), ...body.headers },
  });
}

const jpeg = await makeTestJpeg(800, 600);

async function uploaded(login: TestLogin, target: Target, file = jpeg): Promise<ChatImage> {
  const res = await upload(login, target, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().image as ChatImage;
}

async function sendImage(
  login: TestLogin,
  target: { to: { id: number } } | { conversation: { id: number } },
  id: number,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { ...target, client_id: randomUUID(), kind: 'image', image: { id } },
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SendMessageResponse).message;
}

const get = (url: string, login?: TestLogin, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies: login?.cookies ?? {}, headers });

const rows = async (sql: string, params: unknown[]) => (await services.pool.query(sql, params)).rows;

const filesOf = async (imageId: number) => {
  const [row] = await rows('select storage_key from chat_images where id = $1', [imageId]);
  return row ? CHAT_IMAGE_SIZES.map((size) => chatImageFileKey(row.storage_key, size)) : [];
};

/** A's photo sent to B, and a third member. */
async function sentPhoto() {
  const a = await member();
  const b = await member();
  const image = await uploaded(a.login, { to: b.id });
  const message = await sendImage(a.login, { to: { id: b.id } }, image.id);
  return { a, b, image, message };
}

describe('POST /api/chat-photo.php and the image message', () => {
  it('stores the sizes under a key of its own, sends the image and serves it to both members', async () => {
    const a = await member();
    const b = await member();
    const image = await uploaded(a.login, { to: b.id });
    expect(image).toEqual({
      id: expect.any(Number),
      url: `/media/chat/${image.id}/large.webp`,
      thumb_url: `/media/chat/${image.id}/medium.webp`,
      width: 800,
      height: 600,
    });
    const [row] = await rows('select uploader_id, storage_key from chat_images where id = $1', [image.id]);
    expect(Number(row.uploader_id)).toBe(a.id);
    // Not under p/ or x/ (the public media route's), with 128 random bits.
    expect(row.storage_key).toMatch(new RegExp(`^chat/${a.id}/${image.id}-[0-9a-f]{32}$`));
    for (const key of await filesOf(image.id)) expect(await storage.exists(key), key).toBe(true);
    expect(await get(`/media/${row.storage_key}-large.webp`, a.login)).toMatchObject({ statusCode: 404 });

    // Unsent: the uploader's alone.
    expect((await get(image.thumb_url, a.login)).statusCode).toBe(200);
    expect((await get(image.thumb_url, b.login)).statusCode).toBe(404);

    const message = await sendImage(a.login, { to: { id: b.id } }, image.id);
    expect(message).toMatchObject({ kind: 'image', image, credits: DEFAULT_SETTINGS.photo_credits });
    const read = await app.inject({
      url: `/api/chat.php?conversation=${message.conversation.id}`,
      ...b.login,
    });
    expect((read.json() as ChatResponse).messages.at(-1)?.image).toEqual(image);

    for (const login of [a.login, b.login]) {
      for (const url of [image.url, image.thumb_url]) {
        const res = await get(url, login);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(res.headers['content-security-policy']).toContain("default-src 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const etag = String(res.headers.etag);
        expect(etag).toMatch(/^"chat-[0-9a-f]{32}-(medium|large)"$/);
        const again = await get(url, login, { 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
    }
    const large = await sharp((await get(image.url, b.login)).rawPayload).metadata();
    const medium = await sharp((await get(image.thumb_url, b.login)).rawPayload).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 800, 600]);
    expect([medium.format, medium.width, medium.height]).toEqual(['webp', 600, 450]);
  });

  it('answers a third member, premium or not, a visitor and any malformed address like an unknown id', async () => {
    const { a, image } = await sentPhoto();
    const third = await member();
    const premium = await member({ paidUser: true });
    const unknown = await get(`/media/chat/${image.id + 100_000}/large.webp`, a.login);
    expect(unknown.statusCode).toBe(404);
    for (const login of [third.login, premium.login, undefined]) {
      for (const url of [image.url, image.thumb_url]) {
        const res = await get(url, login);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toBe(unknown.body);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers.etag).toBeUndefined();
      }
    }
    for (const url of [
      `/media/chat/${image.id}/thumb.webp`,
      `/media/chat/${image.id}/blur.webp`,
      `/media/chat/${image.id}/large.png`,
      `/media/chat/0${image.id}/large.webp`,
      `/media/chat/x/large.webp`,
      `/media/chat/${image.id}/large.webp/more`,
    ]) {
      const res = await get(url, a.login);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
  });

  it('serves nobody the images of a conversation once either member blocked the other', async () => {
    for (const blockerIsSender of [true, false]) {
      const { a, b, image } = await sentPhoto();
      await blockMember(db, blockerIsSender ? a.id : b.id, blockerIsSender ? b.id : a.id);
      for (const login of [a.login, b.login])
        expect((await get(image.url, login)).statusCode, `blocker is sender: ${blockerIsSender}`).toBe(404);
      await rows('delete from blocks where blocker_id in ($1, $2)', [a.id, b.id]);
      expect((await get(image.url, b.login)).statusCode).toBe(200);
    }
  });

  it('strips every piece of metadata (EXIF with GPS) and applies the orientation', async () => {
    const a = await member();
    const b = await member();
    const phone = await makeTestJpeg(800, 600, {
      exif: { orientation: 6, gps: { lat: 52.370216, lon: 4.895168 }, make: 'PhoneMaker' },
      icc: true,
    });
    expect((await sharp(phone).metadata()).exif).toBeDefined();
    const image = await uploaded(a.login, { to: b.id }, phone);
    // Turned upright: the portrait the phone meant.
    expect([image.width, image.height]).toEqual([600, 800]);
    for (const key of await filesOf(image.id)) {
      const bytes = (await storage.get(key)) as Buffer;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.icc, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
      for (const marker of ['Exif', 'PhoneMaker', 'XMP ', 'ICCP'])
        expect(bytes.includes(marker), marker).toBe(false);
    }
  });

  it('goes by the content: PNG bytes named .jpg pass, a text file, a tiny image and a GIF do not', async () => {
    const a = await member();
    const b = await member();
    const png = await upload(a.login, { to: b.id }, await makeTestPng(300, 300), { filename: 'holiday.jpg' });
    expect(png.statusCode, png.body).toBe(200);

    const text = await upload(a.login, { to: b.id }, Buffer.from('Not a photo, only text.\n'.repeat(20)), {
      filename: 'photo.jpg',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('photo_not_an_image');
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await upload(a.login, { to: b.id }, gif, { type: 'image/gif' })).json().error.code).toBe(
      'photo_not_an_image',
    );
    const small = await upload(a.login, { to: b.id }, await makeTestJpeg(150, 150));
    expect(small.statusCode).toBe(422);
    expect(small.json().error.code).toBe('photo_too_small');
    const [{ n }] = await rows('select count(*)::int as n from chat_images where uploader_id = $1', [a.id]);
    expect(n).toBe(1);
  });

  it('refuses uploads into chats the caller cannot write to, before any image work', async () => {
    const a = await member();
    const b = await member();
    const blocker = await member();
    await blockMember(db, blocker.id, a.id);
    const other = await sentPhoto();

    const visitor = await upload(undefined, { to: b.id }, jpeg);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const blocked = await upload(a.login, { to: blocker.id }, jpeg);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json().error.code).toBe('member_not_found');
    const foreign = await upload(a.login, { conversation: other.message.conversation.id }, jpeg);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('conversation_not_found');
    expect((await upload(a.login, { to: a.id }, jpeg)).json().error.code).toBe('member_not_found');
    // A text named like an image is refused as not writable first: the target is checked before the bytes.
    const both = await upload(a.login, { to: blocker.id }, Buffer.from('text'));
    expect(both.json().error.code).toBe('member_not_found');
    const noTarget = await upload(a.login, {} as Target, jpeg);
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().error.code).toBe('validation_failed');
    const [{ n }] = await rows('select count(*)::int as n from chat_images where uploader_id = $1', [a.id]);
    expect(n).toBe(0);
    // Another member's upload cannot be sent by someone else.
    const b2 = await uploaded(b.login, { to: a.id });
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: b.id }, client_id: randomUUID(), kind: 'image', image: { id: b2.id } },
      ...a.login,
    });
    expect(stolen.statusCode).toBe(400);
  });
});

describe('chat images that go', () => {
  it('sweeps uploads no message took a day later, and images retention unlinked; keeps sent ones', async () => {
    const a = await member();
    const b = await member();
    const unsent = await uploaded(a.login, { to: b.id });
    const sent = await uploaded(a.login, { to: b.id });
    const message = await sendImage(a.login, { to: { id: b.id } }, sent.id);
    const unsentFiles = await filesOf(unsent.id);
    const sentFiles = await filesOf(sent.id);
    const sweep = async (at: Date) => {
      const realNow = services.now;
      services.now = () => at;
      try {
        await services.jobs.enqueue(CHAT_IMAGE_SWEEP_JOB, {});
        await services.jobs.drain(at);
      } finally {
        services.now = realNow;
      }
    };

    await sweep(new Date(Date.now() + UNSENT_CHAT_IMAGE_KEPT_MS - 60_000));
    expect(await filesOf(unsent.id)).toEqual(unsentFiles); // not a day old yet
    await sweep(new Date(Date.now() + UNSENT_CHAT_IMAGE_KEPT_MS + 60_000));
    expect(await rows('select id from chat_images where id = $1', [unsent.id])).toEqual([]);
    for (const key of unsentFiles) expect(await storage.exists(key), key).toBe(false);
    expect(await filesOf(sent.id)).toEqual(sentFiles);
    for (const key of sentFiles) expect(await storage.exists(key), key).toBe(true);
    expect((await get(sent.url, b.login)).statusCode).toBe(200);
    expect((await get(unsent.url, a.login)).statusCode).toBe(404);

    // Past retention the message lets go of its image (chat.retention.ts); the next sweep takes it.
    const later = new Date(Date.now() + (LIMITS.chatRetentionDays + 2) * 86_400_000);
    expect(await purgeExpiredMessages(db, later)).toBeGreaterThan(0);
    await sweep(later);
    expect(await rows('select id from chat_images where id = $1', [sent.id])).toEqual([]);
    for (const key of sentFiles) expect(await storage.exists(key), key).toBe(false);
    const [stub] = await rows('select kind, image_id from messages where id = $1', [message.id]);
    expect(stub).toEqual({ kind: 'image', image_id: null });
  });

  it('answers a send racing the sweep with its message or image_not_found, never a 500', async () => {
    const a = await member();
    const b = await member();
    const old = await uploaded(a.login, { to: b.id });
    const at = new Date(Date.now() + UNSENT_CHAT_IMAGE_KEPT_MS + 60_000);
    // The sweep holds the row: a send now waits for it, then finds the image gone.
    const swept = sweepChatImages(services, at);
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: b.id }, client_id: randomUUID(), kind: 'image', image: { id: old.id } },
      ...a.login,
    });
    expect(await swept).toBeGreaterThanOrEqual(0);
    if (res.statusCode === 200) {
      // The send came first: the image stays with its message.
      expect((await filesOf(old.id)).length).toBe(2);
    } else {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fieldErrors.image).toEqual(['image_not_found']);
    }
  });

  it("erases the erased member's images, files and rows; their messages stay without one, the partner's stay", async () => {
    const { a, b, image, message } = await sentPhoto();
    const fromB = await uploaded(b.login, { conversation: message.conversation.id });
    await sendImage(b.login, { conversation: message.conversation }, fromB.id);
    const unsent = await uploaded(a.login, { to: b.id });
    const aFiles = [...(await filesOf(image.id)), ...(await filesOf(unsent.id))];
    const bFiles = await filesOf(fromB.id);

    const requestedAt = new Date(Date.now() - 30 * 86_400_000);
    await rows(`update users set status = 'pending_deletion', deletion_requested_at = $2 where id = $1`, [
      a.id,
      requestedAt,
    ]);
    await eraseAccountJob(services, { userId: a.id, requestedAt: requestedAt.toISOString() }, FEATURES);

    expect(await rows('select id from chat_images where uploader_id = $1', [a.id])).toEqual([]);
    for (const key of aFiles) expect(await storage.exists(key), key).toBe(false);
    const [kept] = await rows('select kind, image_id from messages where id = $1', [message.id]);
    expect(kept).toEqual({ kind: 'image', image_id: null });
    for (const key of bFiles) expect(await storage.exists(key), key).toBe(true);
    expect((await get(image.url, b.login)).statusCode).toBe(404);
    expect((await get(fromB.url, b.login)).statusCode).toBe(200);
    const read = await app.inject({
      url: `/api/chat.php?conversation=${message.conversation.id}`,
      ...b.login,
    });
    expect(read.statusCode).toBe(404); // the erased partner's conversation is gone from B's view
  });
});
