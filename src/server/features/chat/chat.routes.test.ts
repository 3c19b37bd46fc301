import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChatResponse, ChatsResponse, SendMessageResponse } from '../../../shared/contracts/chat.ts';
import type { ServerEvent } from '../../../shared/realtime/events.ts';
import { createTestApp } from '../../test/app.ts';
import { listenTo } from '../../test/member-lists.ts';
import { addPhoto, blockMember, createMember, logIn, type TestLogin } from '../../test/members.ts';
import { balanceOf, grantCredits } from '../credits/credits.service.ts';
import { realtimeMember } from '../realtime/realtime.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';
import { unreadMessagesChanged } from './chat.counts.ts';
import { eraseChatsOf } from './chat.service.ts';

const { app, services } = await createTestApp();
const db = services.db;
const PRICE = DEFAULT_SETTINGS.message_credits;

async function give(userId: number, credits: number) {
  await db.transaction((tx) =>
    grantCredits(tx, { userId, amount: credits, reason: 'test', reference: `test:${randomUUID()}` }),
  );
}

/** A member with a session and enough credits for `messages` texts. */
async function member(messages = 20, overrides: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(db, overrides);
  if (messages > 0) await give(m.id, messages * PRICE);
  return { ...m, login: await logIn(db, m.id) };
}

type Target = { to: { id: number } } | { conversation: { id: number } };

function send(login: TestLogin | undefined, target: Target, body = 'Hallo!', clientId = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { ...target, client_id: clientId, body },
    headers: login?.headers,
    cookies: login?.cookies,
  });
}

async function sent(login: TestLogin, target: Target, body = 'Hallo!') {
  const res = await send(login, target, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SendMessageResponse).message;
}

async function chat(login: TestLogin | undefined, query: string) {
  return app.inject({ url: `/api/chat.php?${query}`, headers: login?.headers, cookies: login?.cookies });
}

async function chats(login: TestLogin) {
  const res = await app.inject({ url: '/api/chats.php', ...login });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ChatsResponse).chats;
}

async function unreadOf(login: TestLogin) {
  const res = await app.inject({ url: '/api/user.php', ...login });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user.unread_messages as number;
}

const count = async (sql: string, params: unknown[]) =>
  Number((await services.pool.query(sql, params)).rows[0].n);

describe('POST /api/chat-message.php', () => {
  it('creates the conversation with the first message, charges it and orders messages by seq', async () => {
    const a = await member();
    const b = await member();
    const first = await sent(a.login, { to: { id: b.id } }, 'Hoi Bea');
    expect(first).toMatchObject({
      seq: 1,
      sender: { id: a.id },
      body: 'Hoi Bea',
      credits: PRICE,
      kind: 'text',
    });
    const reply = await sent(b.login, { conversation: first.conversation }, 'Hoi!');
    expect(reply.seq).toBe(2);
    // Writing by member id finds the same conversation.
    expect((await sent(a.login, { to: { id: b.id } })).conversation).toEqual(first.conversation);
    expect(await balanceOf(db, a.id)).toBe(20 * PRICE - 2 * PRICE);
    const view = (await chat(b.login, `conversation=${first.conversation.id}`)).json() as ChatResponse;
    expect(view.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    // What the sender paid is theirs to see.
    expect(view.messages.map((m) => m.credits)).toEqual([0, PRICE, 0]);
    expect(view.profile.id).toBe(a.id);
    expect(view.message_credits).toBe(PRICE);
  });

  it('stores exactly what 10 credits pay for under 200 concurrent sends, and refuses the rest', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await member(10);
      const b = await member(0);
      // The first sends race to create the conversation too.
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => send(a.login, { to: { id: b.id } }, `m${i}`)),
      );
      const ok = answers.filter((res) => res.statusCode === 200);
      const refused = answers.filter((res) => res.statusCode !== 200);
      expect(ok).toHaveLength(10);
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(402);
        expect(res.json().error.code).toBe('insufficient_credits');
      }
      expect(await balanceOf(db, a.id)).toBe(0);
      expect(await count('select count(*) n from messages where sender_id = $1', [a.id])).toBe(10);
      expect(
        await count(`select count(*) n from credit_ledger where user_id = $1 and kind = 'spend'`, [a.id]),
      ).toBe(10);
      expect(await count('select count(*) n from conversations where started_by = $1', [a.id])).toBe(1);
      // No seq was lost to the refused sends.
      const { rows } = await services.pool.query(
        'select seq from messages where sender_id = $1 order by seq',
        [a.id],
      );
      expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    }
  });

  it('charges a gift its price and an image photo_credits, and refuses unknown gifts and foreign or spent images', async () => {
    const a = await member(20);
    const b = await member(20);
    const { rows: giftRows } = await services.pool.query(
      `insert into gifts (slug, names, credits) values ($1, $2, null), ($3, $2, 7), ($4, $2, null)
       returning id`,
      [`rose-${a.id}`, JSON.stringify({ nl: 'Roos', en: 'Rose' }), `bear-${a.id}`, `gone-${a.id}`],
    );
    const [rose, bear, gone] = giftRows.map((r) => Number(r.id));
    await services.pool.query('update gifts set active = false where id = $1', [gone]);
    const before = await balanceOf(db, a.id);
    const post = (payload: Record<string, unknown>, login = a.login) =>
      app.inject({
        method: 'POST',
        url: '/api/chat-message.php',
        payload: { to: { id: b.id }, client_id: randomUUID(), ...payload },
        ...login,
      });

    const gift = await post({ kind: 'gift', gift: { id: rose } });
    expect(gift.statusCode, gift.body).toBe(200);
    const sentGift = (gift.json() as SendMessageResponse).message;
    expect(sentGift).toMatchObject({ kind: 'gift', body: '', gift: { id: rose, name: 'Roos' }, image: null });
    expect(sentGift.credits).toBe(DEFAULT_SETTINGS.gift_credits);
    const priced = await post({ kind: 'gift', gift: { id: bear }, body: 'Voor jou' });
    expect((priced.json() as SendMessageResponse).message.credits).toBe(7);
    expect(await balanceOf(db, a.id)).toBe(before - DEFAULT_SETTINGS.gift_credits - 7);

    for (const id of [gone, 999_999]) {
      const refused = await post({ kind: 'gift', gift: { id } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details.fieldErrors.gift).toEqual(['gift_not_found']);
    }
    // A gift without its gift, a text without a body: invalid before anything is read.
    expect((await post({ kind: 'gift' })).statusCode).toBe(400);
    expect((await post({ kind: 'text', body: '  ' })).statusCode).toBe(400);

    const image = async (uploader: number) =>
      Number(
        (
          await services.pool.query(
            `insert into chat_images (uploader_id, storage_key, width, height) values ($1, 'k', 800, 600) returning id`,
            [uploader],
          )
        ).rows[0].id,
      );
    const mine = await image(a.id);
    const photo = await post({ kind: 'image', image: { id: mine } });
    expect(photo.statusCode, photo.body).toBe(200);
    expect((photo.json() as SendMessageResponse).message).toMatchObject({
      kind: 'image',
      credits: DEFAULT_SETTINGS.photo_credits,
      image: { id: mine, width: 800, height: 600, url: `/media/chat/${mine}/large.webp` },
    });
    // Sent once only; never someone else's upload.
    for (const id of [mine, await image(b.id)]) {
      const refused = await post({ kind: 'image', image: { id } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details.fieldErrors.image).toEqual(['image_not_found']);
    }
    const spent = DEFAULT_SETTINGS.gift_credits + 7 + DEFAULT_SETTINGS.photo_credits;
    expect(await balanceOf(db, a.id)).toBe(before - spent);
    const reasons = await services.pool.query(
      `select reason, count(*)::int n from credit_ledger where user_id = $1 and kind = 'spend' group by reason order by reason`,
      [a.id],
    );
    expect(reasons.rows).toEqual([
      { reason: 'gift', n: 2 },
      { reason: 'photo', n: 1 },
    ]);
    // Both members read them back with their gift and image; the list previews the gift by name.
    const read = (await chat(b.login, `conversation=${sentGift.conversation.id}`)).json() as ChatResponse;
    expect(read.messages.map((m) => m.kind)).toEqual(['gift', 'gift', 'image']);
    expect(read.messages[1]?.gift?.slug).toBe(`bear-${a.id}`);
    expect(read.messages[1]?.credits).toBe(0);
  });

  it('marks a conversation with a fictional profile for the back office: whom to answer for, since when a reply waits', async () => {
    const a = await member();
    const profile = await member(20, { fictional: true });
    const real = await member();
    const state = async (id: number) =>
      (
        await services.pool.query(
          'select operated_member_id, awaiting_reply_since from conversations where id = $1',
          [id],
        )
      ).rows[0] as { operated_member_id: string | null; awaiting_reply_since: Date | null };

    const first = await sent(a.login, { to: { id: profile.id } });
    const waiting = await state(first.conversation.id);
    expect(Number(waiting.operated_member_id)).toBe(profile.id);
    expect(waiting.awaiting_reply_since).toBeInstanceOf(Date);
    // A second message keeps the first moment of waiting; the profile's answer clears it.
    await sent(a.login, { conversation: first.conversation }, 'nog eentje');
    expect((await state(first.conversation.id)).awaiting_reply_since).toEqual(waiting.awaiting_reply_since);
    await sent(profile.login, { conversation: first.conversation }, 'Hoi!');
    expect((await state(first.conversation.id)).awaiting_reply_since).toBeNull();

    const between = await sent(a.login, { to: { id: real.id } });
    expect(await state(between.conversation.id)).toEqual({
      operated_member_id: null,
      awaiting_reply_since: null,
    });
  });

  it('stores and charges one message for 50 concurrent sends of one client id', async () => {
    const a = await member(5);
    const b = await member(0);
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send(a.login, { to: { id: b.id } }, 'Eén keer', clientId)),
    );
    const ids = new Set(
      answers.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as SendMessageResponse).message.id;
      }),
    );
    expect(ids.size).toBe(1);
    expect(await count('select count(*) n from messages where sender_id = $1', [a.id])).toBe(1);
    expect(
      await count('select count(*) n from credit_ledger where user_id = $1 and kind = $2', [a.id, 'spend']),
    ).toBe(1);
    expect(await balanceOf(db, a.id)).toBe(4 * PRICE);
    // A resend later answers the same message too, even with another body.
    const again = await send(a.login, { to: { id: b.id } }, 'anders', clientId);
    expect((again.json() as SendMessageResponse).message.id).toBe([...ids][0]);
    expect(await balanceOf(db, a.id)).toBe(4 * PRICE);
  });

  it('gives two senders interleaving 200 messages each one gapless order, read back the same', async () => {
    const a = await member(200);
    const b = await member(200);
    const first = await sent(a.login, { to: { id: b.id } }, 'a0');
    const target = { conversation: first.conversation };
    const answers = await Promise.all(
      Array.from({ length: 199 }, (_, i) => [
        sent(a.login, target, `a${i + 1}`),
        sent(b.login, target, `b${i}`),
      ]).flat(),
    );
    answers.push(await sent(b.login, target, 'b199'));
    const seqs = [first, ...answers].map((m) => m.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    // Each sender's own messages keep the order they were acknowledged in (a sends a1 before a2
    // only in parallel here, so only the set and the database order are compared).
    const { rows } = await services.pool.query(
      'select id, seq from messages where conversation_id = $1 order by id',
      [first.conversation.id],
    );
    // Seq follows insertion order: the lock on the conversation serializes the sends.
    expect(rows.map((r) => Number(r.seq))).toEqual(seqs);
    // Both members read the same order, page by page from the newest.
    for (const login of [a.login, b.login]) {
      const read: number[] = [];
      let query = `conversation=${first.conversation.id}`;
      for (;;) {
        const page = (await chat(login, query)).json() as ChatResponse;
        read.unshift(...page.messages.map((m) => m.seq));
        if (!page.has_older) break;
        query = `conversation=${first.conversation.id}&before_seq=${page.messages[0]?.seq}`;
      }
      expect(read).toEqual(seqs);
    }
    // after_seq answers exactly what came after, in order.
    const missed = (await chat(b.login, `conversation=${first.conversation.id}&after_seq=390`)).json();
    expect(missed.messages.map((m: { seq: number }) => m.seq)).toEqual([
      391, 392, 393, 394, 395, 396, 397, 398, 399, 400,
    ]);
    expect(missed.has_newer).toBe(false);
  });

  it('refuses a free member a third conversation, never a reply; premium members start any number', async () => {
    const free = await member();
    const [x, y, z] = [await member(), await member(), await member()];
    await sent(free.login, { to: { id: x.id } });
    await sent(free.login, { to: { id: y.id } });
    const third = await send(free.login, { to: { id: z.id } });
    expect(third.statusCode).toBe(403);
    expect(third.json().error.code).toBe('conversation_limit_reached');
    // The conversation page says so before anything is typed.
    expect(((await chat(free.login, `member=${z.id}`)).json() as ChatResponse).send_refusal).toBe(
      'conversation_limit_reached',
    );
    // A conversation someone else started is a reply.
    const started = await sent(z.login, { to: { id: free.id } });
    expect((await send(free.login, { conversation: started.conversation })).statusCode).toBe(200);
    const premium = await member(20, { paidUser: true });
    for (const other of [x, y, z]) await sent(premium.login, { to: { id: other.id } });
  });

  it('tells a free member before the first message how many conversations they may still start', async () => {
    const free = await member();
    const [x, y, z] = [await member(), await member(), await member()];
    const left = async (login: typeof free.login, query: string) =>
      ((await chat(login, query)).json() as ChatResponse).conversations_left;
    expect(await left(free.login, `member=${x.id}`)).toBe(2);
    await sent(free.login, { to: { id: x.id } });
    expect(await left(free.login, `member=${y.id}`)).toBe(1);
    const first = await sent(free.login, { to: { id: y.id } });
    expect(await left(free.login, `member=${z.id}`)).toBe(0);
    // A conversation that exists counts nothing; premium members have no limit to tell.
    expect(await left(free.login, `conversation=${first.conversation.id}`)).toBeNull();
    const premium = await member(20, { paidUser: true });
    expect(await left(premium.login, `member=${x.id}`)).toBeNull();
  });

  it('refuses sending both ways after a block either way, like an unknown member', async () => {
    const a = await member();
    const b = await member();
    const first = await sent(a.login, { to: { id: b.id } });
    await blockMember(db, b.id, a.id);
    for (const [login, target] of [
      [a.login, { to: { id: b.id } }],
      [a.login, { conversation: first.conversation }],
      [b.login, { to: { id: a.id } }],
      [b.login, { conversation: first.conversation }],
    ] as const) {
      const res = await send(login, target);
      expect(res.statusCode, res.body).toBe(404);
      expect(['member_not_found', 'conversation_not_found']).toContain(res.json().error.code);
    }
    expect(await chats(a.login)).toEqual([]);
    expect(await chats(b.login)).toEqual([]);
    expect((await chat(a.login, `conversation=${first.conversation.id}`)).statusCode).toBe(404);
  });

  it('tells the blocker whom they blocked, and both tabs hear the block and its lifting', async () => {
    const a = await member();
    const b = await member(20, { name: 'Anna' });
    const first = await sent(a.login, { to: { id: b.id } });
    const heard: { userId: number; event: ServerEvent }[] = [];
    await services.bus.subscribe(realtimeMember, (payload) => {
      if ((payload.userId === a.id || payload.userId === b.id) && payload.event.type === 'partner_changed')
        heard.push(payload);
    });
    const blockApi = (method: 'POST' | 'DELETE') =>
      app.inject({ method, url: '/api/block.php', payload: { id: b.id }, ...a.login });
    expect((await blockApi('POST')).statusCode).toBe(200);
    await services.bus.sync();
    const changed = { type: 'partner_changed', conversation: first.conversation };
    expect(heard).toEqual(
      expect.arrayContaining([
        { userId: a.id, event: changed },
        { userId: b.id, event: changed },
      ]),
    );
    expect(heard).toHaveLength(2);
    // The blocker is told by name, with the id to lift it; by the conversation and by the member.
    for (const query of [`conversation=${first.conversation.id}`, `member=${b.id}`]) {
      const res = await chat(a.login, query);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'you_blocked_member',
        details: { name: 'Anna', id: b.id },
      });
    }
    // The member blocked gets an unknown id, as before.
    const theirs = await chat(b.login, `conversation=${first.conversation.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('conversation_not_found');
    // Blocking again changes nothing and tells nobody; lifting it tells both, and it opens again.
    expect((await blockApi('POST')).statusCode).toBe(200);
    await services.bus.sync();
    expect(heard).toHaveLength(2);
    expect((await blockApi('DELETE')).statusCode).toBe(200);
    await services.bus.sync();
    expect(heard).toHaveLength(4);
    expect((await chat(a.login, `conversation=${first.conversation.id}`)).statusCode).toBe(200);
    expect((await chat(b.login, `conversation=${first.conversation.id}`)).statusCode).toBe(200);
    // Without a conversation, a block tells no tab.
    const c = await member();
    expect(
      (await app.inject({ method: 'POST', url: '/api/block.php', payload: { id: c.id }, ...a.login }))
        .statusCode,
    ).toBe(200);
    await services.bus.sync();
    expect(heard).toHaveLength(4);
  });

  it('keeps invisible partners for existing conversations only, and says why an unconfirmed one cannot be answered', async () => {
    const a = await member();
    const known = await member(5);
    const first = await sent(known.login, { to: { id: a.id } });
    // The header links to a profile only where member.view lets the caller open it.
    const viewable = async (conversationId: number) =>
      ((await chat(a.login, `conversation=${conversationId}`)).json() as ChatResponse).profile_viewable;
    expect(await viewable(first.conversation.id)).toBe(true);
    await addPhoto(db, known.id, { main: true });
    await services.pool.query('update users set invisible = true where id = $1', [known.id]);
    // Invisible, the conversation carries on (what the settings say): a writes, by the conversation
    // or by the member, and opens the profile; its photos, which the media route serves to nobody
    // else while she is invisible, are left out.
    expect(await viewable(first.conversation.id)).toBe(true);
    expect((await send(a.login, { conversation: first.conversation })).statusCode).toBe(200);
    expect((await send(a.login, { to: { id: known.id } })).statusCode).toBe(200);
    const profileOf = (login: TestLogin, id: number) =>
      app.inject({ url: `/api/member.php?id=${id}`, ...login });
    const profile = await profileOf(a.login, known.id);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().member).toMatchObject({ photos: [], main_image: null });
    // She still sees her own photos.
    expect((await profileOf(known.login, known.id)).json().member.photos).toHaveLength(1);
    const stranger = await member(0, { invisible: true });
    const refused = await send(a.login, { to: { id: stranger.id } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('member_not_found');
    // Nobody without a conversation opens her profile, like an unknown id.
    const outsider = await member(0);
    const hidden = await profileOf(outsider.login, known.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe((await profileOf(outsider.login, 987654321)).body);

    // An unconfirmed member can write; the answer waits until they confirm.
    const newcomer = await member(5, { status: 'not_confirmed', emailConfirmedAt: null });
    const hello = await sent(newcomer.login, { to: { id: a.id } });
    const reply = await send(a.login, { conversation: hello.conversation });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.code).toBe('partner_not_confirmed');
    expect(
      ((await chat(a.login, `conversation=${hello.conversation.id}`)).json() as ChatResponse).send_refusal,
    ).toBe('partner_not_confirmed');
    expect(await viewable(hello.conversation.id)).toBe(false);
    // The unconfirmed writer sees a's profile.
    expect(
      ((await chat(newcomer.login, `conversation=${hello.conversation.id}`)).json() as ChatResponse)
        .profile_viewable,
    ).toBe(true);
    const leaving = await member(5);
    const bye = await sent(leaving.login, { to: { id: a.id } });
    await services.pool.query(`update users set status = 'pending_deletion' where id = $1`, [leaving.id]);
    // The list keeps the conversation and says the partner is leaving; the others are not marked.
    const listed = await chats(a.login);
    expect(listed.find((c) => c.conversation.id === bye.conversation.id)?.partner_leaving).toBe(true);
    expect(listed.find((c) => c.conversation.id === hello.conversation.id)?.partner_leaving).toBe(false);
    expect((await send(a.login, { conversation: bye.conversation })).json().error.code).toBe(
      'partner_pending_deletion',
    );
    expect(await viewable(bye.conversation.id)).toBe(false);
  });

  it('refuses visitors, bad input, texts over message_length and writing to oneself', async () => {
    const a = await member();
    const b = await member();
    const visitor = await send(undefined, { to: { id: b.id } });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    expect((await send(a.login, { to: { id: a.id } })).statusCode).toBe(404);
    const empty = await send(a.login, { to: { id: b.id } }, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fieldErrors.body).toEqual(['message_required']);
    const long = await send(a.login, { to: { id: b.id } }, 'x'.repeat(DEFAULT_SETTINGS.message_length + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fieldErrors.body).toEqual(['message_too_long']);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: b.id }, client_id: 'nope', body: 'x' },
      ...a.login,
    });
    expect(bad.statusCode).toBe(400);
    const both = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: b.id }, conversation: { id: 1 }, client_id: randomUUID(), body: 'x' },
      ...a.login,
    });
    expect(both.statusCode).toBe(400);
    expect(await count('select count(*) n from messages where sender_id = $1', [a.id])).toBe(0);
    expect(await balanceOf(db, a.id)).toBe(20 * PRICE);
  });

  it('tells the partner and the sender on the real-time channel when the message commits', async () => {
    const a = await member();
    const b = await member();
    const heard: { userId: number; event: ServerEvent }[] = [];
    await services.bus.subscribe(realtimeMember, (payload) => {
      if (payload.userId === a.id || payload.userId === b.id) heard.push(payload);
    });
    const message = await sent(a.login, { to: { id: b.id } });
    await services.bus.sync();
    const told = { type: 'message', conversation: message.conversation, seq: 1 };
    expect(heard).toEqual(
      expect.arrayContaining([
        { userId: b.id, event: told },
        { userId: a.id, event: told },
      ]),
    );
    // A refused send tells nobody.
    const broke = await member(0);
    const res = await send(broke.login, { to: { id: b.id } });
    expect(res.statusCode).toBe(402);
    await services.bus.sync();
    expect(
      heard.filter((h) => h.event.type === 'message' && h.event.conversation.id !== message.conversation.id),
    ).toEqual([]);
  });
});

describe('the conversation list, reading and removing', () => {
  it('lists conversations newest first with unread counts, and user.php counts what waits', async () => {
    const me = await member();
    const [x, y] = [await member(), await member()];
    const fromX = await sent(x.login, { to: { id: me.id } }, 'van x');
    await sent(x.login, { to: { id: me.id } }, 'nog eens x');
    const fromY = await sent(y.login, { to: { id: me.id } }, 'van y');
    const list = await chats(me.login);
    expect(list.map((c) => [c.profile.id, c.num_unread_messages, c.last_message?.preview])).toEqual([
      [y.id, 1, 'van y'],
      [x.id, 2, 'nog eens x'],
    ]);
    expect(await unreadOf(me.login)).toBe(3);

    // Reading clears the count, here and in user.php; the other tabs hear it.
    const heard: ServerEvent[] = [];
    await services.bus.subscribe(realtimeMember, (p) => {
      if (p.userId === me.id) heard.push(p.event);
    });
    const cleared = (await listenTo(services.bus, unreadMessagesChanged))((id) => id === me.id);
    const read = await app.inject({
      method: 'POST',
      url: '/api/chat-read.php',
      payload: { conversation: fromX.conversation, seq: 2 },
      ...me.login,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await chats(me.login)).map((c) => c.num_unread_messages)).toEqual([1, 0]);
    // At once on this instance (the badge is refreshed right after), and everywhere on the event.
    expect(await unreadOf(me.login)).toBe(1);
    await cleared;
    await services.bus.sync();
    expect(heard).toContainEqual({
      type: 'read',
      conversation: fromX.conversation,
      reader: { id: me.id },
      seq: 2,
    });

    // Removing hides it for the caller only; a new message brings it back.
    const hidden = (await listenTo(services.bus, unreadMessagesChanged))((id) => id === me.id);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      payload: { conversation: fromY.conversation },
      ...me.login,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await chats(me.login)).map((c) => c.profile.id)).toEqual([x.id]);
    await hidden;
    expect(await unreadOf(me.login)).toBe(0);
    expect((await chats(y.login)).map((c) => c.profile.id)).toEqual([me.id]);
    await sent(y.login, { conversation: fromY.conversation }, 'terug');
    expect((await chats(me.login)).map((c) => [c.profile.id, c.num_unread_messages])).toEqual([
      [y.id, 1],
      [x.id, 0],
    ]);
  });

  it('shows the partner what was read only where the reader lets it, and never what was read while invisible', async () => {
    const a = await member();
    const b = await member();
    const first = await sent(a.login, { to: { id: b.id } });
    const conversation = first.conversation;
    const heard: { userId: number; event: ServerEvent }[] = [];
    await services.bus.subscribe(realtimeMember, (payload) => {
      if ((payload.userId === a.id || payload.userId === b.id) && payload.event.type === 'read')
        heard.push(payload);
    });
    const settle = () => services.bus.sync();
    const readBy = async (login: TestLogin, seq: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/chat-read.php',
        payload: { conversation, seq },
        ...login,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const receipts = (login: TestLogin, on: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/chat-settings.php',
        payload: { conversation, read_receipts: on },
        ...login,
      });
    const seenBy = async (login: TestLogin) =>
      ((await chat(login, `conversation=${conversation.id}`)).json() as ChatResponse).partner_read_seq;

    expect(await seenBy(a.login)).toBe(0);
    await readBy(b.login, 1);
    await settle();
    expect(await seenBy(a.login)).toBe(1);
    expect(heard.filter((h) => h.userId === a.id).map((h) => h.event)).toEqual([
      { type: 'read', conversation, reader: { id: b.id }, seq: 1 },
    ]);

    // B stops showing them: A's tabs hear "nothing to show", later reads reach B's tabs only.
    heard.length = 0;
    expect((await receipts(b.login, false)).statusCode).toBe(200);
    const b2 = await sent(a.login, { conversation }, 'nog een');
    await readBy(b.login, b2.seq);
    await settle();
    expect(heard.filter((h) => h.userId === a.id).map((h) => h.event)).toEqual([
      { type: 'read', conversation, reader: { id: b.id }, seq: 0 },
    ]);
    expect(heard.some((h) => h.userId === b.id && h.event.type === 'read' && h.event.seq === b2.seq)).toBe(
      true,
    );
    expect(await seenBy(a.login)).toBeNull();
    expect(
      ((await chat(b.login, `conversation=${conversation.id}`)).json() as ChatResponse).read_receipts,
    ).toBe(false);

    // Back on: what B read while they were off stays unseen (A sees the last shown read).
    expect((await receipts(b.login, true)).statusCode).toBe(200);
    expect(await seenBy(a.login)).toBe(1);
    // Then invisible: nothing shows while invisible, and what B reads then stays unseen after.
    await services.pool.query('update users set invisible = true where id = $1', [b.id]);
    expect(await seenBy(a.login)).toBeNull();
    heard.length = 0;
    const b3 = await sent(a.login, { conversation }, 'en nog een');
    await readBy(b.login, b3.seq);
    // An answer says it was read too: not while invisible.
    await sent(b.login, { conversation }, 'stil antwoord');
    await settle();
    expect(heard.filter((h) => h.userId === a.id)).toEqual([]);
    await services.pool.query('update users set invisible = false where id = $1', [b.id]);
    expect(await seenBy(a.login)).toBe(1);
    // Visible again, B's next read shows, up to where they read.
    const b4 = await sent(a.login, { conversation }, 'ben je er weer?');
    await readBy(b.login, b4.seq);
    await settle();
    expect(await seenBy(a.login)).toBe(b4.seq);
    expect(heard.filter((h) => h.userId === a.id).map((h) => h.event)).toEqual([
      { type: 'read', conversation, reader: { id: b.id }, seq: b4.seq },
    ]);
    // Visible, an answer without a read first (a fictional profile's, sent by an operator) shows
    // that B read up to it.
    await sent(a.login, { conversation }, 'en nu?');
    const answer = await sent(b.login, { conversation }, 'nu wel');
    expect(await seenBy(a.login)).toBe(answer.seq);

    // Only the conversation's members choose, like an unknown id for anyone else.
    const stranger = await member();
    const refused = await receipts(stranger.login, false);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('conversation_not_found');
  });

  it('tells each member what they spent in a conversation, per kind, and nobody else', async () => {
    const a = await member(20);
    const b = await member(20);
    const first = await sent(a.login, { to: { id: b.id } });
    await sent(a.login, { conversation: first.conversation }, 'twee');
    await sent(b.login, { conversation: first.conversation }, 'antwoord');
    const spend = async (login: TestLogin) =>
      app.inject({ url: `/api/chat-spend.php?conversation=${first.conversation.id}`, ...login });
    const mine = (await spend(a.login)).json();
    expect(mine).toMatchObject({
      total_credits: 2 * PRICE,
      by_kind: [{ kind: 'text', messages: 2, credits: 2 * PRICE }],
    });
    expect(new Date(mine.first_at).getTime()).toBeLessThanOrEqual(new Date(mine.last_at).getTime());
    expect((await spend(b.login)).json()).toMatchObject({ total_credits: PRICE });
    const stranger = await member(0);
    const refused = await spend(stranger.login);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('conversation_not_found');
    expect((await spend(stranger.login)).json().error.code).toBe('conversation_not_found');
    const empty = await member(0);
    const none = await app.inject({ url: '/api/chat-spend.php?conversation=abc', ...empty.login });
    expect(none.statusCode).toBe(400);
  });

  it('refuses visitors and members outside the conversation on every route, like an unknown id', async () => {
    const a = await member();
    const b = await member();
    const outsider = await member();
    const { conversation } = await sent(a.login, { to: { id: b.id } });
    const calls = (login: TestLogin | undefined, id: number) => [
      app.inject({ url: `/api/chat.php?conversation=${id}`, ...login }),
      app.inject({ url: `/api/chat.php?conversation=${id}&after_seq=0`, ...login }),
      app.inject({
        method: 'POST',
        url: '/api/chat-read.php',
        payload: { conversation: { id }, seq: 1 },
        ...login,
      }),
      app.inject({ method: 'DELETE', url: '/api/chat.php', payload: { conversation: { id } }, ...login }),
      app.inject({
        method: 'POST',
        url: '/api/chat-typing.php',
        payload: { conversation: { id } },
        ...login,
      }),
      app.inject({ url: `/api/chat-spend.php?conversation=${id}`, ...login }),
      app.inject({
        method: 'PUT',
        url: '/api/chat-settings.php',
        payload: { conversation: { id }, read_receipts: false },
        ...login,
      }),
      send(login, { conversation: { id } }),
    ];
    for (const res of await Promise.all(calls(undefined, conversation.id))) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
    expect((await app.inject({ url: '/api/chats.php' })).statusCode).toBe(403);
    const theirs = await Promise.all(calls(outsider.login, conversation.id));
    const unknown = await Promise.all(calls(outsider.login, 987_654_321));
    for (const [i, res] of theirs.entries()) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toBe(unknown[i]?.body);
    }
    expect(await chats(outsider.login)).toEqual([]);
    expect(await count('select count(*) n from messages where conversation_id = $1', [conversation.id])).toBe(
      1,
    );
  });

  it('shows /members/{id}/chat before the first message and refuses hidden members like unknown ones', async () => {
    const a = await member();
    const b = await member();
    const view = (await chat(a.login, `member=${b.id}`)).json() as ChatResponse;
    expect(view).toMatchObject({ conversation: null, messages: [], send_refusal: null, has_older: false });
    expect(view.profile.id).toBe(b.id);
    const hidden = await member(0, { invisible: true });
    const refused = await chat(a.login, `member=${hidden.id}`);
    const unknown = await chat(a.login, 'member=987654321');
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe(unknown.body);
  });

  it('gives a hidden partner no photo address the caller could not load: the card shows none', async () => {
    const a = await member();
    const newcomer = await member(5, { status: 'not_confirmed', emailConfirmedAt: null });
    const shy = await member(5);
    const known = await member(5);
    for (const m of [newcomer, shy, known]) await addPhoto(db, m.id, { main: true });
    const hello = await sent(newcomer.login, { to: { id: a.id } });
    const hi = await sent(shy.login, { to: { id: a.id } });
    const hey = await sent(known.login, { to: { id: a.id } });
    await services.pool.query('update users set invisible = true where id = $1', [shy.id]);
    // The media route serves a hidden member's photos to nobody but them (media.serve): a's list
    // and conversation header must not name one.
    const shown = async (conversationId: number) => {
      const listed = (await chats(a.login)).find((c) => c.conversation.id === conversationId);
      const header = ((await chat(a.login, `conversation=${conversationId}`)).json() as ChatResponse).profile;
      expect(header.main_image).toEqual(listed?.profile.main_image);
      return header.main_image;
    };
    expect(await shown(hello.conversation.id)).toBeNull();
    expect(await shown(hi.conversation.id)).toBeNull();
    // A visible partner's photo is listed and in the header.
    expect(
      (await chats(a.login)).find((c) => c.conversation.id === hey.conversation.id)?.profile.main_image,
    ).not.toBeNull();
    // Confirmed, or visible again: the photo is back.
    await services.pool.query(
      `update users set status = 'active', email_confirmed_at = now() where id = $1`,
      [newcomer.id],
    );
    await services.pool.query('update users set invisible = false where id = $1', [shy.id]);
    for (const { conversation } of [hello, hi]) {
      const header = ((await chat(a.login, `conversation=${conversation.id}`)).json() as ChatResponse)
        .profile;
      expect(header.main_image).not.toBeNull();
    }
  });

  it('blanks the texts of an erased member and drops their side of the conversations', async () => {
    const a = await member();
    const b = await member();
    const waiting = listenTo(services.bus, unreadMessagesChanged);
    const { conversation } = await sent(a.login, { to: { id: b.id } }, 'geheim');
    await (await waiting)((id) => id === b.id);
    await db.transaction((tx) => eraseChatsOf(tx, a.id));
    const { rows } = await services.pool.query('select body from messages where conversation_id = $1', [
      conversation.id,
    ]);
    expect(rows).toEqual([{ body: '' }]);
    expect(await count('select count(*) n from conversation_members where member_id = $1', [a.id])).toBe(0);
    expect(await count('select count(*) n from conversation_members where member_id = $1', [b.id])).toBe(1);
  });
});
