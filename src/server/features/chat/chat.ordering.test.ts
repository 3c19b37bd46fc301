import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ChatResponse, SendMessageResponse } from '../../../shared/contracts/chat.ts';
import type { ServerEvent } from '../../../shared/realtime/events.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { createMemberWithCredits, logIn, type TestLogin } from '../../test/members.ts';
import { Heard } from '../../test/signals.ts';
import { balanceOf, grantCredits } from '../credits/credits.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';

/**
 * The chat's ordering and exactness under load (issue 14, Tests): what three observers on real
 * sockets end with, what a reconnecting tab gets, and many rounds of the credits race. Two app
 * instances on one database, as behind a load balancer.
 */
const first = await createTestApp();
const db = first.services.db;
const pool = first.services.pool;
const { app: second } = await createSecondInstance(first);
const PRICE = DEFAULT_SETTINGS.message_credits;
const sockets: WebSocket[] = [];
const urls = new Map<FastifyInstance, string>();

beforeAll(async () => {
  for (const app of [first.app, second]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.set(app, `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/realtime`);
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
});

const member = (messages: number) => createMemberWithCredits(db, messages * PRICE);

type Target = { to: { id: number } } | { conversation: { id: number } };

function send(app: FastifyInstance, login: TestLogin, target: Target, body: string, clientId = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { ...target, client_id: clientId, body },
    ...login,
  });
}

async function sent(app: FastifyInstance, login: TestLogin, target: Target, body: string) {
  const res = await send(app, login, target, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SendMessageResponse).message;
}

async function after(app: FastifyInstance, login: TestLogin, conversationId: number, seq: number) {
  const res = await app.inject({
    url: `/api/chat.php?conversation=${conversationId}&after_seq=${seq}`,
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatResponse;
}

/**
 * A browser tab of the chat as the web client behaves: it keeps the seqs it has, in order; a
 * `message` event beyond its last seq makes it ask for everything after that seq (one request at a
 * time, again while the answer was cut), and a reconnect does the same.
 */
class ChatTab {
  /** The seqs this tab shows, in the order it got them. */
  readonly seqs: number[] = [];
  /** The seqs of the `message` events heard on the socket, in arrival order. */
  readonly heard = new Heard<number>();
  /** Each catch-up answer's seqs (for the reconnect's "exactly what it missed"). */
  readonly answers: { afterSeq: number; seqs: number[] }[] = [];
  private socket: WebSocket | undefined;
  private fetching: Promise<void> | undefined;
  private again = false;

  private readonly app: FastifyInstance;
  private readonly login: TestLogin;
  private readonly conversationId: number;

  constructor(app: FastifyInstance, login: TestLogin, conversationId: number) {
    this.app = app;
    this.login = login;
    this.conversationId = conversationId;
  }

  get last(): number {
    return this.seqs.at(-1) ?? 0;
  }

  /** Opens the socket; resolves on the server's hello, then catches up once (as after a reconnect). */
  async open(): Promise<void> {
    const url = urls.get(this.app) as string;
    // The Origin a browser names on the handshake (the server refuses one that proves no site).
    const socket = new WebSocket(url, {
      headers: { cookie: `sid=${this.login.cookies.sid}`, origin: `http://${new URL(url).host}` },
    });
    sockets.push(socket);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        const event = JSON.parse(String(data)) as ServerEvent;
        if (event.type === 'hello') resolve();
        if (socket !== this.socket) return; // closed: the network is gone
        if (event.type !== 'message' || event.conversation.id !== this.conversationId) return;
        this.heard.push(event.seq);
        if (event.seq > this.last) void this.catchUp();
      });
      socket.on('error', reject);
    });
    await this.catchUp();
  }

  /** The network is gone: the socket closes and a read already under way ends. */
  async close(): Promise<void> {
    const socket = this.socket;
    if (!socket) return;
    this.socket = undefined;
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.close();
    await closed;
    while (this.fetching) await this.fetching;
  }

  /** Reads what came after the last seq until nothing is newer; concurrent calls coalesce. */
  catchUp(): Promise<void> {
    if (this.fetching) {
      this.again = true;
      return this.fetching;
    }
    this.fetching = (async () => {
      do {
        this.again = false;
        for (;;) {
          const afterSeq = this.last;
          const page = await after(this.app, this.login, this.conversationId, afterSeq);
          const seqs = page.messages.map((m) => m.seq);
          this.answers.push({ afterSeq, seqs });
          this.seqs.push(...seqs);
          if (!page.has_newer) break;
        }
      } while (this.again);
    })().finally(() => {
      this.fetching = undefined;
    });
    return this.fetching;
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function databaseOrder(conversationId: number): Promise<number[]> {
  const { rows } = await pool.query('select seq from messages where conversation_id = $1 order by id', [
    conversationId,
  ]);
  return rows.map((r) => Number(r.seq));
}

describe('the order of a conversation', () => {
  // 1,000 sends: a load (see the credits race below for the timeout).
  it('gives three observers on two instances the same 1,000 seqs as the database, without gaps or duplicates', {
    timeout: 180_000,
  }, async () => {
    const a = await member(500);
    const b = await member(500);
    const opening = await sent(first.app, a.login, { to: { id: b.id } }, 'a0');
    const conversation = opening.conversation;
    // A's other tab and B's first tab on one instance, B's second tab on the other.
    const observers = [
      new ChatTab(first.app, await logIn(db, a.id), conversation.id),
      new ChatTab(first.app, b.login, conversation.id),
      new ChatTab(second, await logIn(db, b.id), conversation.id),
    ];
    for (const observer of observers) await observer.open();

    // Each sender writes one message after the other (a composer does), A through the first
    // instance and B through the second: their streams interleave in the conversation.
    const stream = async (app: FastifyInstance, login: TestLogin, name: string, from: number) => {
      const seqs: number[] = [];
      for (let i = from; i < 500; i++)
        seqs.push((await sent(app, login, { conversation }, `${name}${i}`)).seq);
      return seqs;
    };
    const [ofA, ofB] = await Promise.all([
      stream(first.app, a.login, 'a', 1),
      stream(second, b.login, 'b', 0),
    ]);
    ofA.unshift(opening.seq);
    // A sender's messages keep the order they were written in.
    expect(ofA).toEqual([...ofA].sort((x, y) => x - y));
    expect(ofB).toEqual([...ofB].sort((x, y) => x - y));
    expect([...ofA, ...ofB].sort((x, y) => x - y)).toEqual(range(1, 1000));
    // They did interleave: B wrote before A's last message.
    expect(Math.min(...ofB)).toBeLessThan(Math.max(...ofA));

    const everything = range(1, 1000);
    expect(await databaseOrder(conversation.id)).toEqual(everything);
    for (const observer of observers) {
      // Wait for the last event, then read until nothing is newer.
      await observer.heard.until((seq) => seq === 1000);
      await observer.catchUp();
      expect(observer.seqs).toEqual(everything);
      // Every event after the tabs opened arrived, once each, in commit order (= seq order: the
      // conversation's row lock is held until commit, and NOTIFY delivers in commit order).
      expect(observer.heard.items).toEqual(range(2, 1000));
    }
    expect(await balanceOf(db, a.id)).toBe(0);
    expect(await balanceOf(db, b.id)).toBe(0);
  });

  // 300 sends one after another: under a busy machine they came at fewer than 6 a second, so the
  // waits below allow a minute each and the test three; these guard against a hang only.
  it('gives a reconnecting tab exactly what it missed, in order, without duplicates', {
    timeout: 180_000,
  }, async () => {
    const a = await member(300);
    const b = await member(0);
    const opening = await sent(first.app, a.login, { to: { id: b.id } }, 'm0');
    const conversation = opening.conversation;
    const tab = new ChatTab(second, b.login, conversation.id);
    await tab.open();
    const writing = (async () => {
      for (let i = 1; i < 300; i++) await sent(first.app, a.login, { conversation }, `m${i}`);
    })();
    // Awaited below; a failure before then must not become an unhandled rejection.
    writing.catch(() => {});

    // The network goes away mid-stream while messages keep coming, then comes back.
    await tab.heard.until((seq) => seq >= 80, 60_000);
    await tab.close();
    const had = tab.last;
    const answersBefore = tab.answers.length;
    const lastSeq = async () =>
      Number(
        (await pool.query('select last_seq from conversations where id = $1', [conversation.id])).rows[0]
          .last_seq,
      );
    // Away until the writer has stored more (it goes on at its own pace, however busy the machine).
    await vi.waitUntil(async () => (await lastSeq()) > had + 5, { timeout: 60_000, interval: 10 });
    const storedWhileAway = await lastSeq();
    expect(storedWhileAway).toBeGreaterThan(had);
    await tab.open();
    // The first answer after the reconnect starts right after the last seq the tab had and has no gap.
    const resumed = tab.answers[answersBefore];
    expect(resumed?.afterSeq).toBe(had);
    expect(resumed?.seqs.length).toBeGreaterThanOrEqual(storedWhileAway - had);
    expect(resumed?.seqs).toEqual(range(had + 1, had + (resumed?.seqs.length ?? 0)));

    await writing;
    await tab.heard.until((seq) => seq === 300, 60_000);
    await tab.catchUp();
    expect(tab.seqs).toEqual(range(1, 300));
    // No catch-up answer repeated a seq the tab already had.
    const answered = tab.answers.flatMap((answer) => answer.seqs);
    expect(answered).toEqual(range(1, 300));
    expect(await databaseOrder(conversation.id)).toEqual(range(1, 300));
  });
});

describe('the credits race, again and again', () => {
  const count = async (text: string, params: unknown[]) => Number((await pool.query(text, params)).rows[0].n);

  // 2,000 sends over two instances: a load, not a wait; on a busy 2-core machine it takes
  // longer than the default 30 s, which is only a guard against a hang.
  it('stores exactly what 10 messages of credits pay for under 200 concurrent sends, in 10 rounds', {
    timeout: 180_000,
  }, async () => {
    for (let round = 0; round < 10; round++) {
      const a = await member(10);
      const b = await member(0);
      // Even rounds race to create the conversation too; odd ones write in an existing one (started by B).
      let target: Target = { to: { id: b.id } };
      if (round % 2 === 1) {
        await db.transaction((tx) =>
          grantCredits(tx, { userId: b.id, amount: PRICE, reason: 'test', reference: randomUUID() }),
        );
        target = { conversation: (await sent(first.app, b.login, { to: { id: a.id } }, 'hoi')).conversation };
      }
      // Spread over both instances, as a member's tabs behind a load balancer would be.
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          send(i % 2 ? second : first.app, a.login, target, `r${round}m${i}`),
        ),
      );
      const ok = answers.filter((res) => res.statusCode === 200);
      expect(ok, `round ${round}`).toHaveLength(10);
      for (const res of answers) {
        if (res.statusCode === 200) continue;
        expect(res.statusCode, res.body).toBe(402);
        expect(res.json().error.code).toBe('insufficient_credits');
      }
      expect(await balanceOf(db, a.id)).toBe(0);
      expect(await count('select count(*) n from messages where sender_id = $1', [a.id])).toBe(10);
      expect(
        await count(`select count(*) n from credit_ledger where user_id = $1 and kind = 'spend'`, [a.id]),
      ).toBe(10);
      // The answers name the 10 stored messages, once each.
      const ids = new Set(ok.map((res) => (res.json() as SendMessageResponse).message.id));
      expect(ids.size).toBe(10);
      const seqs = await databaseOrder(
        Number(
          (await pool.query('select conversation_id from messages where sender_id = $1 limit 1', [a.id]))
            .rows[0].conversation_id,
        ),
      );
      expect(seqs).toEqual(range(1, round % 2 === 1 ? 11 : 10));
    }
  });
});
