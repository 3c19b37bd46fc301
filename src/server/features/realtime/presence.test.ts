import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChatResponse, ChatsResponse } from '../../../shared/contracts/chat.ts';
import type { ServerEvent } from '../../../shared/realtime/events.ts';
import { memberPresence, users } from '../../db/schema/index.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { blockMember, createMember, logIn, type TestLogin } from '../../test/members.ts';
import { Heard } from '../../test/signals.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { PRESENCE } from './presence.online.ts';
import { markOnline, refreshPresence } from './presence.service.ts';
import { sendToMember } from './realtime.service.ts';

const a = await createTestApp();
// A second instance on the same database, as behind a load balancer: presence holds across both.
const { app: b, services: bServices } = await createSecondInstance(a);
const db = a.services.db;
let urlA = '';
let urlB = '';
const sockets: WebSocket[] = [];

beforeAll(async () => {
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  urlA = `ws://127.0.0.1:${(a.app.server.address() as AddressInfo).port}/api/realtime`;
  urlB = `ws://127.0.0.1:${(b.server.address() as AddressInfo).port}/api/realtime`;
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
});

type Tab = { socket: WebSocket; heard: Heard<ServerEvent> };

/** A tab's socket, open and greeted: its member's presence is being written once this answers. */
async function openTab(url: string, login: TestLogin): Promise<Tab> {
  const socket = new WebSocket(url, {
    headers: { origin: `http://${new URL(url).host}`, cookie: `sid=${login.cookies.sid}` },
  });
  sockets.push(socket);
  const heard = new Heard<ServerEvent>();
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  await heard.until((event) => event.type === 'hello');
  return { socket, heard };
}

async function closeTab(tab: Tab) {
  const closed = new Promise((resolve) => tab.socket.on('close', resolve));
  tab.socket.close();
  await closed;
}

/** Every presence write both instances started (a socket's opening or closing) is done. */
async function presenceWritten() {
  await a.services.jobs.drain();
  await bServices.jobs.drain();
}

/**
 * Proves that no presence event came: a marker committed after the presence writes reaches the tab
 * after anything they published (NOTIFY in commit order, a socket in send order).
 */
async function presenceEventsOf(tab: Tab, userId: number) {
  await presenceWritten();
  await db.transaction((tx) => sendToMember(tx, userId, { type: 'pong' }));
  await tab.heard.until((event) => event.type === 'pong');
  return tab.heard.items.filter((event) => event.type === 'presence');
}

/** Two members with a conversation between them (x wrote to y), each with a session. */
async function pair() {
  const [x, y] = [await createMember(db), await createMember(db)];
  await db.transaction((tx) =>
    grantCredits(tx, { userId: x.id, amount: 100, reason: 'test', reference: `presence-${x.id}` }),
  );
  const [loginX, loginY] = [await logIn(db, x.id), await logIn(db, y.id)];
  const sent = await a.app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { to: { id: y.id }, client_id: randomUUID(), body: 'Hoi!' },
    ...loginX,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const conversation = sent.json().message.conversation as { id: number };
  return { x, y, loginX, loginY, conversation };
}

async function partnerOnlineInList(app: typeof b, login: TestLogin, partnerId: number) {
  const res = await app.inject({ url: '/api/chats.php', ...login });
  expect(res.statusCode, res.body).toBe(200);
  const entry = (res.json() as ChatsResponse).chats.find((chat) => chat.profile.id === partnerId);
  return entry?.partner_online;
}

async function partnerOnlineInConversation(app: typeof b, login: TestLogin, conversationId: number) {
  const res = await app.inject({ url: `/api/chat.php?conversation=${conversationId}`, ...login });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ChatResponse).partner_online;
}

describe('who is online', () => {
  it('is a member with a socket open on any instance: the partner sees it in the list and the conversation, and hears it live', async () => {
    const { x, y, loginX, loginY, conversation } = await pair();
    const yOnB = await openTab(urlB, loginY);
    expect(await partnerOnlineInList(b, loginY, x.id)).toBe(false);
    expect(await partnerOnlineInConversation(b, loginY, conversation.id)).toBe(false);

    // X opens the site on instance A; Y, on instance B, hears it and reads it.
    const xOnA = await openTab(urlA, loginX);
    expect(await yOnB.heard.until((event) => event.type === 'presence')).toEqual({
      type: 'presence',
      member: { id: x.id },
      online: true,
    });
    expect(await partnerOnlineInList(b, loginY, x.id)).toBe(true);
    expect(await partnerOnlineInConversation(b, loginY, conversation.id)).toBe(true);
    // X knows Y is online too: Y's tab was open before.
    expect(await partnerOnlineInList(a.app, loginX, y.id)).toBe(true);

    // A second tab of X (on B) changes nothing; closing the first keeps X online.
    const xOnB = await openTab(urlB, loginX);
    await presenceWritten();
    await closeTab(xOnA);
    expect(await presenceEventsOf(yOnB, y.id)).toHaveLength(1);
    expect(await partnerOnlineInList(b, loginY, x.id)).toBe(true);

    // The last tab goes: offline, told live.
    await closeTab(xOnB);
    expect(await yOnB.heard.until((event) => event.type === 'presence' && !event.online)).toEqual({
      type: 'presence',
      member: { id: x.id },
      online: false,
    });
    expect(await partnerOnlineInList(b, loginY, x.id)).toBe(false);
    expect(await partnerOnlineInConversation(a.app, loginY, conversation.id)).toBe(false);
  });

  it('is never told of an invisible member: not in the list, the conversation nor the live events', async () => {
    const { x, y, loginX, loginY, conversation } = await pair();
    const switched = await a.app.inject({
      method: 'PUT',
      url: '/api/invisible.php',
      payload: { invisible: true },
      ...loginX,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    await a.services.bus.sync();
    await bServices.bus.sync();
    const yOnA = await openTab(urlA, loginY);

    const xTab = await openTab(urlB, loginX);
    await presenceWritten();
    // X is online (the fact is stored) ...
    expect(await db.select().from(memberPresence).where(eq(memberPresence.userId, x.id))).toHaveLength(1);
    // ... and Y learns nothing of it.
    expect(await partnerOnlineInList(a.app, loginY, x.id)).toBe(false);
    expect(await partnerOnlineInConversation(a.app, loginY, conversation.id)).toBe(false);
    await closeTab(xTab);
    expect(await presenceEventsOf(yOnA, y.id)).toEqual([]);
  });

  it('goes dark for a member who turns invisible, or is leaving, while online', async () => {
    const { x, loginX, loginY, conversation } = await pair();
    await openTab(urlA, loginX);
    await presenceWritten();
    expect(await partnerOnlineInList(a.app, loginY, x.id)).toBe(true);

    await a.app.inject({ method: 'PUT', url: '/api/invisible.php', payload: { invisible: true }, ...loginX });
    expect(await partnerOnlineInList(a.app, loginY, x.id)).toBe(false);
    expect(await partnerOnlineInConversation(a.app, loginY, conversation.id)).toBe(false);

    await a.app.inject({
      method: 'PUT',
      url: '/api/invisible.php',
      payload: { invisible: false },
      ...loginX,
    });
    expect(await partnerOnlineInList(a.app, loginY, x.id)).toBe(true);
    // Pending deletion: the list still shows the conversation (partner leaving), never online.
    await db.update(users).set({ status: 'pending_deletion' }).where(eq(users.id, x.id));
    const res = await a.app.inject({ url: '/api/chats.php', ...loginY });
    const entry = (res.json() as ChatsResponse).chats.find((chat) => chat.profile.id === x.id);
    expect(entry).toMatchObject({ partner_leaving: true, partner_online: false });
  });

  it('tells nobody across a block, either way', async () => {
    for (const blockedBy of ['partner', 'viewer'] as const) {
      const { x, y, loginX, loginY } = await pair();
      if (blockedBy === 'partner') await blockMember(db, x.id, y.id);
      else await blockMember(db, y.id, x.id);
      const yTab = await openTab(urlA, loginY);
      const xTab = await openTab(urlB, loginX);
      await presenceWritten();
      expect(await partnerOnlineInList(a.app, loginY, x.id), blockedBy).toBeUndefined();
      const view = await a.app.inject({ url: `/api/chat.php?member=${x.id}`, ...loginY });
      // The blocker is told whom they blocked (to lift it there), the member blocked an unknown id.
      expect(view.statusCode, blockedBy).toBe(blockedBy === 'viewer' ? 403 : 404);
      expect(view.json().error.code).toBe(blockedBy === 'viewer' ? 'you_blocked_member' : 'member_not_found');
      await closeTab(xTab);
      expect(await presenceEventsOf(yTab, y.id), blockedBy).toEqual([]);
    }
  });

  it('reads a row its instance stopped stamping (a crash) as offline, and sweeps it', async () => {
    const { x, loginY } = await pair();
    const now = new Date();
    await db.insert(memberPresence).values({
      userId: x.id,
      instance: 'crashed',
      seenAt: new Date(now.getTime() - PRESENCE.staleMs - 1000),
    });
    expect(await partnerOnlineInList(a.app, loginY, x.id)).toBe(false);
    await refreshPresence(a.services, 'another', now);
    expect(await db.select().from(memberPresence).where(eq(memberPresence.userId, x.id))).toEqual([]);
  });
});

describe('last_active_at', () => {
  const lastActiveOf = async (id: number) =>
    (await db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, id)))[0]?.at;

  it('is written when a member comes online and while they stay, at most once in a few minutes', async () => {
    const old = new Date('2026-01-01T10:00:00Z');
    const member = await createMember(db, { lastActiveAt: old });
    const t0 = new Date('2026-01-02T10:00:00Z');
    await markOnline(a.services, 'test-instance', member.id, t0);
    expect(await lastActiveOf(member.id)).toEqual(t0);

    // The hub's rounds come every minute; the column is written only once its stamp is old enough.
    const oneRound = new Date(t0.getTime() + PRESENCE.refreshMs);
    await refreshPresence(a.services, 'test-instance', oneRound);
    expect(await lastActiveOf(member.id)).toEqual(t0);
    const later = new Date(t0.getTime() + PRESENCE.lastActiveEveryMs + 1);
    await refreshPresence(a.services, 'test-instance', later);
    expect(await lastActiveOf(member.id)).toEqual(later);
    // The presence row itself follows every round.
    const [row] = await db.select().from(memberPresence).where(eq(memberPresence.userId, member.id));
    expect(row?.seenAt).toEqual(later);
  });

  it('is written when a socket opens, not on every request', async () => {
    const old = new Date(Date.now() - 3600_000);
    const member = await createMember(db, { lastActiveAt: old });
    const login = await logIn(db, member.id);
    const res = await a.app.inject({ url: '/api/user.php', ...login });
    expect(res.statusCode).toBe(200);
    expect(await lastActiveOf(member.id)).toEqual(old);
    await openTab(urlA, login);
    await presenceWritten();
    expect((await lastActiveOf(member.id))?.getTime()).toBeGreaterThan(old.getTime());
  });
});
