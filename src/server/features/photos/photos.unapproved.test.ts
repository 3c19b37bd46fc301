import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/limits.ts';
import type { PageRequest } from '../../feature.ts';
import { createTestApp } from '../../test/app.ts';
import { caseMemberOverrides, type ListCase, MEMBER_LISTS } from '../../test/member-lists.ts';
import { addPhoto, createMember, createMemberWithCredits, logIn } from '../../test/members.ts';
import { membersFeature } from '../members/members.feature.ts';
import { PHOTO_FILES, photoFileKey } from './photos.keys.ts';

/*
 * A photo waiting for a moderator, or rejected, is its owner's only: no answer to anyone else names
 * it (every member list, the profile view, the chat, the API's documented answers), and its media
 * address answers them 404. Its owner sees it, with its status.
 */

const { app, services } = await createTestApp();
const { db, storage } = services;

/** The app, keeping every body it answers: what a list's readers were told, whatever they keep. */
function recordingApp(): { app: FastifyInstance; bodies: string[] } {
  const bodies: string[] = [];
  const recording = new Proxy(app, {
    get(target, key, receiver) {
      if (key !== 'inject') return Reflect.get(target, key, receiver);
      return async (options: object) => {
        const res = await target.inject(options);
        bodies.push(res.body);
        return res;
      };
    },
  });
  return { app: recording, bodies };
}

/** The random part of a photo's key: an answer naming any of its files contains it. */
const secretOf = (storageKey: string) => storageKey.split('-').at(-1) ?? storageKey;

/**
 * A member whose main photo is approved, and who also has one waiting and one rejected photo.
 * A second member's main photo id points at a waiting photo (as a race or old data could leave it):
 * their cards must show no photo rather than it.
 */
async function membersWithPhotos(country: (typeof COUNTRIES)[number]) {
  const shown = await createMember(db, caseMemberOverrides(country));
  const approved = await addPhoto(db, shown.id, { main: true });
  const waiting = await addPhoto(db, shown.id, { status: 'pending', position: 1 });
  const rejected = await addPhoto(db, shown.id, { status: 'rejected', position: 2 });
  const waitingMain = await createMember(db, caseMemberOverrides(country));
  const waitingAsMain = await addPhoto(db, waitingMain.id, { status: 'pending', main: true });
  for (const photo of [approved, waiting, rejected, waitingAsMain])
    for (const size of PHOTO_FILES)
      await storage.put(photoFileKey(photo.storageKey, size), Buffer.from(size), 'image/webp');
  return {
    shown,
    waitingMain,
    approved,
    hidden: [waiting, rejected, waitingAsMain],
  };
}

let cases = 0;

// The home highlights are read by the page's loader, not over HTTP: their own case below.
const HTTP_LISTS = MEMBER_LISTS.filter((list) => list.name !== 'home highlights');

describe.each(HTTP_LISTS)('$name', (list) => {
  it('shows approved photos only', async () => {
    const country = COUNTRIES[cases++ % COUNTRIES.length] ?? 'NL';
    const viewer = await createMember(db, caseMemberOverrides(country));
    const anchor = await createMember(db, caseMemberOverrides(country));
    const recorded = recordingApp();
    const c: ListCase = {
      app: recorded.app,
      services,
      viewer,
      login: await logIn(db, viewer.id),
      country,
      anchor,
    };
    const { shown, waitingMain, approved, hidden } = await membersWithPhotos(country);
    for (const member of [shown, waitingMain]) await list.connect?.(c, member.id);
    const ids = await list.read(c);
    expect(ids).toEqual(expect.arrayContaining([shown.id, waitingMain.id]));
    const told = recorded.bodies.join('\n');
    // The list does show photos: the approved one is there.
    expect(told).toContain(secretOf(approved.storageKey));
    for (const photo of hidden) expect(told).not.toContain(secretOf(photo.storageKey));
  });
});

describe('home highlights', () => {
  it('highlight members with an approved main photo only', async () => {
    const { shown, waitingMain, approved, hidden } = await membersWithPhotos('BE');
    const viewer = await createMember(db, caseMemberOverrides('BE'));
    const session = await services.sessions.find((await logIn(db, viewer.id)).cookies.sid, services.now());
    const page = { app, request: { ctx: { country: 'BE' } }, session } as unknown as PageRequest;
    const list = membersFeature.loadContext?.(services, page).site?.listHighlights;
    if (!list) throw new Error('the members feature no longer offers the home highlights');
    const highlighted = await list();
    const told = JSON.stringify(highlighted);
    expect(highlighted.map((m) => m.id)).toContain(shown.id);
    expect(highlighted.map((m) => m.id)).not.toContain(waitingMain.id);
    expect(told).toContain(secretOf(approved.storageKey));
    for (const photo of hidden) expect(told).not.toContain(secretOf(photo.storageKey));
  });
});

describe('the profile view and the media address', () => {
  it('show others the approved photo only, and the owner all three with their status', async () => {
    const { shown, approved, hidden } = await membersWithPhotos('NL');
    const [waiting, rejected] = hidden;
    const other = await createMember(db, { paidUser: true });
    const otherLogin = await logIn(db, other.id);
    const ownerLogin = await logIn(db, shown.id);

    const seen = await app.inject({ url: `/api/member.php?id=${shown.id}`, ...otherLogin });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().member.photos.map((p: { id: number }) => p.id)).toEqual([approved.id]);
    const visitor = await app.inject({ url: `/api/member.php?id=${shown.id}` });
    for (const photo of hidden) {
      expect(seen.body).not.toContain(secretOf(photo.storageKey));
      expect(visitor.body).not.toContain(secretOf(photo.storageKey));
    }

    const own = await app.inject({ url: `/api/member.php?id=${shown.id}`, ...ownerLogin });
    expect(own.json().member.photos.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
      [approved.id, 'approved'],
      [waiting!.id, 'pending'],
      [rejected!.id, 'rejected'],
    ]);

    for (const photo of hidden) {
      for (const size of ['thumb', 'medium', 'large', 'blur'] as const) {
        const path = `/media/${photoFileKey(photo.storageKey, size)}`;
        expect((await app.inject({ url: path })).statusCode, path).toBe(404);
        expect((await app.inject({ url: path, cookies: otherLogin.cookies })).statusCode, path).toBe(404);
      }
    }
    // Its owner still gets them, never from a shared cache.
    const ownFile = await app.inject({
      url: `/media/${photoFileKey(waiting!.storageKey, 'large')}`,
      cookies: ownerLogin.cookies,
    });
    expect(ownFile.statusCode).toBe(200);
    expect(ownFile.headers['cache-control']).toBe('private, no-store');
    const approvedFile = await app.inject({ url: `/media/${photoFileKey(approved.storageKey, 'large')}` });
    expect(approvedFile.statusCode).toBe(200);
  });

  it('serves a private waiting photo to nobody but its owner, premium members included', async () => {
    const owner = await createMember(db);
    const photo = await addPhoto(db, owner.id, { status: 'pending', private: true });
    const key = photoFileKey(photo.storageKey, 'large');
    await storage.put(key, Buffer.from('large'), 'image/webp');
    const premium = await logIn(db, (await createMember(db, { paidUser: true })).id);
    expect((await app.inject({ url: `/media/${key}`, cookies: premium.cookies })).statusCode).toBe(404);
    const ownerLogin = await logIn(db, owner.id);
    expect((await app.inject({ url: `/media/${key}`, cookies: ownerLogin.cookies })).statusCode).toBe(200);
  });
});

describe('the chat', () => {
  it("names no waiting or rejected photo of the partner in the conversation's answers", async () => {
    const { waitingMain, hidden } = await membersWithPhotos('NL');
    const sender = await createMemberWithCredits(db, 500);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: waitingMain.id }, client_id: randomUUID(), body: 'Hallo!' },
      ...sender.login,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversationId = sent.json().message.conversation_id ?? sent.json().conversation?.id;
    const answers = [
      sent.body,
      (await app.inject({ url: '/api/chats.php', ...sender.login })).body,
      (await app.inject({ url: `/api/chat.php?id=${conversationId}`, ...sender.login })).body,
    ];
    for (const body of answers)
      for (const photo of hidden) expect(body).not.toContain(secretOf(photo.storageKey));
    expect(answers[1]).toContain(`"id":${waitingMain.id}`);
  });
});
