import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_LIMITS } from '../../../shared/limits.ts';
import { REALTIME_CLOSE, type ServerEvent } from '../../../shared/realtime/events.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { balancesState, grantCredits } from '../credits/credits.service.ts';
import { fullFrameBucket, MAX_INVALID_CLIENT_MESSAGES, takeFrameToken } from './realtime.hub.ts';
import { sendToMember } from './realtime.service.ts';

const env = { REALTIME_HEARTBEAT_MS: '150' };
const a = await createTestApp(env);
// A second instance on the same database, as behind a load balancer.
const { app: b, services: bServices } = await createSecondInstance(a);
let urlA = '';
let urlB = '';
const clients: WebSocket[] = [];

beforeAll(async () => {
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  urlA = `ws://127.0.0.1:${(a.app.server.address() as AddressInfo).port}/api/realtime`;
  urlB = `ws://127.0.0.1:${(b.server.address() as AddressInfo).port}/api/realtime`;
});
afterAll(async () => {
  for (const client of clients) client.terminate();
});

type Tab = {
  socket: WebSocket;
  events: ServerEvent[];
  next: (type: ServerEvent['type'], timeoutMs?: number) => Promise<ServerEvent>;
  closed: Promise<{ code: number }>;
};

/** A tab's socket that records what it hears; resolves once open, rejects with the refusal's status. */
function connect(url: string, headers: Record<string, string> = {}): Promise<Tab> {
  // A browser always names the page's origin on a WebSocket handshake; a test passes another to refuse.
  const socket = new WebSocket(url, { headers: { origin: `http://${new URL(url).host}`, ...headers } });
  clients.push(socket);
  const events: ServerEvent[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    events.push(JSON.parse(String(data)));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  const next = (type: ServerEvent['type'], timeoutMs = 10_000) =>
    new Promise<ServerEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} event`)), timeoutMs);
      const look = () => {
        const index = events.findIndex((event) => event.type === type);
        if (index >= 0) {
          clearTimeout(timer);
          resolve(events.splice(index, 1)[0] as ServerEvent);
        } else waiters.push(look);
      };
      look();
    });
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve({ socket, events, next, closed }));
    socket.on('unexpected-response', (request, response) => {
      // With this listener, ws leaves the refused request to us: end it, or the port stays busy.
      request.destroy();
      reject(new Error(String(response.statusCode)));
    });
    socket.on('error', reject);
  });
}

const cookieOf = (login: { cookies: { sid: string } }) => ({ cookie: `sid=${login.cookies.sid}` });

/**
 * Proves what did not come: a marker event for the member, committed after everything published
 * so far, reaches the tab after all of it (NOTIFY delivers in commit order, a socket in send
 * order). Once it has come, an event that was not before it will never come.
 */
async function throughMarker(tab: Tab, userId: number) {
  await a.services.db.transaction((tx) => sendToMember(tx, userId, { type: 'pong' }));
  expect(await tab.next('pong')).toEqual({ type: 'pong' });
}

describe('GET /api/realtime', () => {
  it('refuses a visitor, a stale session and a foreign Origin before the upgrade', async () => {
    const member = await createMember(a.services.db);
    const login = await logIn(a.services.db, member.id);
    await expect(connect(urlA)).rejects.toThrow('403');
    await expect(connect(urlA, { cookie: 'sid=not-a-session' })).rejects.toThrow('403');
    await expect(connect(urlA, { ...cookieOf(login), origin: 'https://evil.example' })).rejects.toThrow(
      '403',
    );
    const tab = await connect(urlA, { ...cookieOf(login), origin: urlA.replace('ws:', 'http:') });
    expect(await tab.next('hello')).toEqual({ type: 'hello', userId: member.id });
  });

  it('refuses a handshake whose Origin is "null" or missing, and one that is cross-site by Sec-Fetch-Site', async () => {
    const member = await createMember(a.services.db);
    const login = await logIn(a.services.db, member.id);
    const sameSite = `http://${new URL(urlA).host}`;
    const refused: Record<string, string>[] = [
      { origin: 'null' },
      { origin: '' },
      { origin: sameSite, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      await expect(
        connect(urlA, { ...cookieOf(login), ...headers }),
        JSON.stringify(headers),
      ).rejects.toThrow('403');
    }
    const proven = await connect(urlA, {
      ...cookieOf(login),
      'sec-fetch-site': 'same-origin',
      origin: 'null',
    });
    expect(await proven.next('hello')).toEqual({ type: 'hello', userId: member.id });
  });

  it("delivers a credit grant made on another instance to every tab of the member, and to no one else's", async () => {
    const member = await createMember(a.services.db);
    const other = await createMember(a.services.db);
    const login = await logIn(a.services.db, member.id);
    const tabOnA = await connect(urlA, cookieOf(login));
    const tabOnB = await connect(urlB, cookieOf(login));
    const otherTab = await connect(urlA, cookieOf(await logIn(a.services.db, other.id)));
    await Promise.all([tabOnA.next('hello'), tabOnB.next('hello'), otherTab.next('hello')]);
    // Both instances have the old balance in their balance cache, which the tabs are told through.
    expect(await a.services.state.of(balancesState).balanceOf(member.id)).toBe(0);
    expect(await bServices.state.of(balancesState).balanceOf(member.id)).toBe(0);

    await bServices.db.transaction((tx) =>
      grantCredits(tx, { userId: member.id, amount: 25, reason: 'purchase', reference: 'rt-test-1' }),
    );
    expect(await tabOnA.next('credits')).toEqual({ type: 'credits', balance: 25 });
    expect(await tabOnB.next('credits')).toEqual({ type: 'credits', balance: 25 });
    expect(await a.services.state.of(balancesState).balanceOf(member.id)).toBe(25);
    await throughMarker(otherTab, other.id);
    expect(otherTab.events).toEqual([]);
  });

  it('carries a chat between members on two instances: the message, the read state and typing', async () => {
    const [x, y] = [await createMember(a.services.db), await createMember(a.services.db)];
    await a.services.db.transaction((tx) =>
      grantCredits(tx, { userId: y.id, amount: 100, reason: 'test', reference: `rt-chat-${y.id}` }),
    );
    const [loginX, loginY] = [await logIn(a.services.db, x.id), await logIn(a.services.db, y.id)];
    const xOnA = await connect(urlA, cookieOf(loginX));
    const yOnB = await connect(urlB, cookieOf(loginY));
    await Promise.all([xOnA.next('hello'), yOnB.next('hello')]);

    // Y writes through instance B; X's tab on instance A hears it.
    const sent = await b.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: x.id }, client_id: '9b0f8a52-6a55-4c1e-9d43-0a4f6f1f2a11', body: 'Hoi!' },
      ...loginY,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversation = sent.json().message.conversation as { id: number };
    expect(await xOnA.next('message')).toEqual({ type: 'message', conversation, seq: 1 });

    // X reads through instance A; Y's tab on instance B hears the read state.
    const read = await a.app.inject({
      method: 'POST',
      url: '/api/chat-read.php',
      payload: { conversation, seq: 1 },
      ...loginX,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await yOnB.next('read')).toEqual({ type: 'read', conversation, reader: { id: x.id }, seq: 1 });

    // X types through instance A; Y's tab on B sees it. Nothing is stored.
    const typing = (login: typeof loginX) =>
      a.app.inject({ method: 'POST', url: '/api/chat-typing.php', payload: { conversation }, ...login });
    expect((await typing(loginX)).statusCode).toBe(200);
    expect(await yOnB.next('typing')).toEqual({ type: 'typing', conversation, from: { id: x.id } });
    // Someone outside the conversation, and anyone after a block, gets the unknown-id answer.
    const stranger = await logIn(a.services.db, (await createMember(a.services.db)).id);
    expect((await typing(stranger)).statusCode).toBe(404);
    await a.services.pool.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [y.id, x.id]);
    expect((await typing(loginX)).statusCode).toBe(404);
    await throughMarker(yOnB, y.id);
    expect(yOnB.events.filter((e) => e.type === 'typing')).toEqual([]);
  });

  it('sendToMember delivers on commit and never for a rolled-back change', async () => {
    const member = await createMember(a.services.db);
    const tab = await connect(urlA, cookieOf(await logIn(a.services.db, member.id)));
    await tab.next('hello');
    await bServices.db
      .transaction(async (tx) => {
        await sendToMember(tx, member.id, { type: 'like', from: { id: 1 } });
        throw new Error('roll back');
      })
      .catch(() => {});
    await bServices.db.transaction((tx) => sendToMember(tx, member.id, { type: 'match', with: { id: 2 } }));
    expect(await tab.next('match')).toEqual({ type: 'match', with: { id: 2 } });
    expect(tab.events).toEqual([]);
  });

  it('closes the sockets of a session logged out elsewhere at once (by its event), and only those', async () => {
    const member = await createMember(a.services.db);
    const login = await logIn(a.services.db, member.id);
    const otherBrowser = await connect(urlA, cookieOf(await logIn(a.services.db, member.id)));
    const tab = await connect(urlA, cookieOf(login));
    await Promise.all([tab.next('hello'), otherBrowser.next('hello')]);

    const response = await b.inject({ method: 'GET', url: '/api/logout.php', ...login });
    expect(response.statusCode).toBe(200);
    expect(await tab.next('session_ended')).toEqual({ type: 'session_ended' });
    // Only the logout's event ends a session early: the heartbeat ends expired sessions only.
    const { code } = await tab.closed;
    expect(code).toBe(REALTIME_CLOSE.sessionEnded);
    // The other browser's session was checked again too (the hub's background work), and kept.
    await a.services.bus.sync();
    await a.services.background.idle();
    await throughMarker(otherBrowser, member.id);
    expect(otherBrowser.events).toEqual([]);
    expect(otherBrowser.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('ends a socket whose session expired, at the next heartbeat', async () => {
    const member = await createMember(a.services.db);
    const tab = await connect(urlA, cookieOf(await logIn(a.services.db, member.id)));
    await tab.next('hello');
    const realNow = a.services.now;
    a.services.now = () => new Date(Date.now() + 400 * 24 * 3600 * 1000);
    try {
      expect(await tab.next('session_ended')).toEqual({ type: 'session_ended' });
      expect((await tab.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    } finally {
      a.services.now = realNow;
    }
  });

  it('terminates a socket that does not answer pings, and keeps one that does', async () => {
    const member = await createMember(a.services.db);
    const login = await logIn(a.services.db, member.id);
    const dead = await connect(urlA, cookieOf(login));
    const alive = await connect(urlA, cookieOf(login));
    // A peer that vanished: it never answers the server's pings.
    dead.socket.pong = () => {};
    const { code } = await dead.closed;
    expect(code).toBe(1006); // terminated, no closing handshake
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('ignores client messages that do not parse, answers a ping, and closes after too many', async () => {
    const member = await createMember(a.services.db);
    const tab = await connect(urlA, cookieOf(await logIn(a.services.db, member.id)));
    await tab.next('hello');
    for (let i = 1; i < MAX_INVALID_CLIENT_MESSAGES; i += 1)
      tab.socket.send(i % 2 ? 'not json' : JSON.stringify({ type: 'shout' }));
    tab.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await tab.next('pong')).toEqual({ type: 'pong' });
    tab.socket.send('{}');
    expect((await tab.closed).code).toBe(REALTIME_CLOSE.tooManyInvalid);
  });

  it('keeps at most REALTIME_LIMITS.socketsPerSession sockets of one session: a new one closes the oldest', async () => {
    const member = await createMember(a.services.db);
    const login = await logIn(a.services.db, member.id);
    const tabs: Tab[] = [];
    // One after the other, each heard by the hub (its hello), so "oldest" is the first.
    for (let i = 0; i <= REALTIME_LIMITS.socketsPerSession; i += 1) {
      const tab = await connect(urlA, cookieOf(login));
      await tab.next('hello');
      tabs.push(tab);
    }
    const [oldest, ...rest] = tabs as [Tab, ...Tab[]];
    expect((await oldest.closed).code).toBe(REALTIME_CLOSE.replaced);
    // Every other socket is still registered: an event for the member reaches each of them.
    await a.services.db.transaction((tx) => sendToMember(tx, member.id, { type: 'pong' }));
    for (const tab of rest) expect(await tab.next('pong')).toEqual({ type: 'pong' });
    expect(rest.every((tab) => tab.socket.readyState === WebSocket.OPEN)).toBe(true);
  });

  it('keeps at most REALTIME_LIMITS.socketsPerMember sockets over all sessions of a member', async () => {
    const member = await createMember(a.services.db);
    const perSession = REALTIME_LIMITS.socketsPerSession - 2;
    const sessions = Math.ceil((REALTIME_LIMITS.socketsPerMember + 1) / perSession);
    const tabs: Tab[] = [];
    for (let s = 0; s < sessions; s += 1) {
      const login = await logIn(a.services.db, member.id);
      for (let i = 0; i < perSession; i += 1) {
        const tab = await connect(urlA, cookieOf(login));
        await tab.next('hello');
        tabs.push(tab);
      }
    }
    const over = tabs.length - REALTIME_LIMITS.socketsPerMember;
    expect(over).toBeGreaterThan(0);
    const closed = tabs.slice(0, over);
    const kept = tabs.slice(over);
    for (const tab of closed) expect((await tab.closed).code).toBe(REALTIME_CLOSE.replaced);
    await a.services.db.transaction((tx) => sendToMember(tx, member.id, { type: 'pong' }));
    for (const tab of kept) expect(await tab.next('pong')).toEqual({ type: 'pong' });
    // Another member's tabs are no business of this count.
    const other = await connect(
      urlA,
      cookieOf(await logIn(a.services.db, (await createMember(a.services.db)).id)),
    );
    expect(await other.next('hello')).toMatchObject({ type: 'hello' });
  });

  it('answers a burst of frames up to the bucket, drops the rest unread, and closes a socket that keeps flooding', async () => {
    const member = await createMember(a.services.db);
    const tab = await connect(urlA, cookieOf(await logIn(a.services.db, member.id)));
    await tab.next('hello');
    // The bucket refills with the hub's clock: stopped, nothing is refilled during the burst.
    const realNow = a.services.now;
    const stopped = realNow();
    a.services.now = () => stopped;
    try {
      const frames = REALTIME_LIMITS.frameBurst + REALTIME_LIMITS.droppedFramesBeforeClose + 50;
      const ping = JSON.stringify({ type: 'ping' });
      for (let i = 0; i < frames; i += 1) tab.socket.send(ping);
      // The pongs were sent before the close frame, on the same connection: all of them are here.
      expect((await tab.closed).code).toBe(REALTIME_CLOSE.flooding);
      expect(tab.events.filter((event) => event.type === 'pong')).toHaveLength(REALTIME_LIMITS.frameBurst);
    } finally {
      a.services.now = realNow;
    }
  });

  it('refills a socket’s frame bucket at REALTIME_LIMITS.framesPerSecond, up to the burst', () => {
    const bucket = fullFrameBucket(0);
    for (let i = 0; i < REALTIME_LIMITS.frameBurst; i += 1) expect(takeFrameToken(bucket, 0)).toBe(true);
    expect(takeFrameToken(bucket, 0)).toBe(false);
    const perFrameMs = 1_000 / REALTIME_LIMITS.framesPerSecond;
    expect(takeFrameToken(bucket, perFrameMs / 2)).toBe(false);
    expect(takeFrameToken(bucket, perFrameMs)).toBe(true);
    expect(takeFrameToken(bucket, perFrameMs)).toBe(false);
    // A long quiet spell fills it to the burst, no further.
    const later = 3_600_000;
    for (let i = 0; i < REALTIME_LIMITS.frameBurst; i += 1) expect(takeFrameToken(bucket, later)).toBe(true);
    expect(takeFrameToken(bucket, later)).toBe(false);
    // A clock that steps back refills nothing.
    expect(takeFrameToken(bucket, later - 60_000)).toBe(false);
  });

  it('documents its events in an AsyncAPI document generated from the schemas', async () => {
    const response = await a.app.inject({ method: 'GET', url: '/api/realtime.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.asyncapi).toBe('3.0.0');
    expect(Object.keys(document.channels.member.messages)).toEqual(
      expect.arrayContaining([
        'helloFromServer',
        'creditsFromServer',
        'session_endedFromServer',
        'pingFromClient',
      ]),
    );
    expect(document.channels.member.messages.creditsFromServer.payload.properties.balance.type).toBe(
      'integer',
    );
  });
});
