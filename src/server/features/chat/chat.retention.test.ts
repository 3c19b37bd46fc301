import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChatResponse, ChatsResponse, SendMessageResponse } from '../../../shared/contracts/chat.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../test/members.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';
import { CHAT_RETENTION_JOB } from './chat.retention.ts';

const { app, services } = await createTestApp();
const { db, pool } = services;

async function member() {
  const m = await createMember(db);
  await db.transaction((tx) =>
    grantCredits(tx, {
      userId: m.id,
      amount: 100 * DEFAULT_SETTINGS.message_credits,
      reason: 'test',
      reference: `test:${randomUUID()}`,
    }),
  );
  return { ...m, login: await logIn(db, m.id) };
}

async function send(login: TestLogin, target: object, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { ...target, client_id: randomUUID(), body },
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SendMessageResponse).message;
}

async function read(login: TestLogin, query: string) {
  const res = await app.inject({ url: `/api/chat.php?${query}`, ...login });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatResponse;
}

/** A conversation of `count` texts, the first `old` of them sent past retention. */
async function conversationWith(count: number, old: number) {
  const a = await member();
  const b = await member();
  const first = await send(a.login, { to: { id: b.id } }, 'm1');
  for (let i = 2; i <= count; i++)
    await send(i % 2 ? a.login : b.login, { conversation: first.conversation }, `m${i}`);
  await pool.query(
    `update messages set created_at = now() - make_interval(days => $2) where conversation_id = $1 and seq <= $3`,
    [first.conversation.id, LIMITS.chatRetentionDays + 30, old],
  );
  return { a, b, id: first.conversation.id };
}

describe('chat retention', () => {
  it('never sends messages past retention, and says older ones are no longer visible', async () => {
    const { a, b, id } = await conversationWith(5, 3);
    const page = await read(a.login, `conversation=${id}`);
    expect(page.messages.map((m) => m.body)).toEqual(['m4', 'm5']);
    expect(page).toMatchObject({ has_older: false, older_hidden: true });
    expect((await read(b.login, `conversation=${id}&after_seq=0`)).messages.map((m) => m.seq)).toEqual([
      4, 5,
    ]);
    expect((await read(b.login, `conversation=${id}&before_seq=4`)).messages).toEqual([]);

    // Everything past retention: an empty page that says so, and no preview in the list.
    const all = await conversationWith(3, 3);
    expect(await read(all.a.login, `conversation=${all.id}`)).toMatchObject({
      messages: [],
      has_older: false,
      older_hidden: true,
    });
    const list = (await app.inject({ url: '/api/chats.php', ...all.a.login })).json() as ChatsResponse;
    expect(list.chats.find((c) => c.conversation.id === all.id)?.last_message).toBeNull();
  });

  it('pages up to the retention line and not past it', async () => {
    const { a, id } = await conversationWith(56, 4);
    const newest = await read(a.login, `conversation=${id}`);
    expect(newest.messages).toHaveLength(50);
    expect(newest).toMatchObject({ has_older: true, older_hidden: false });
    const before = await read(a.login, `conversation=${id}&before_seq=${newest.messages[0]?.seq}`);
    expect(before.messages.map((m) => m.seq)).toEqual([5, 6]);
    expect(before).toMatchObject({ has_older: false, older_hidden: true });
    // A conversation fully within retention has nothing hidden.
    const fresh = await conversationWith(3, 0);
    expect(await read(fresh.a.login, `conversation=${fresh.id}`)).toMatchObject({
      has_older: false,
      older_hidden: false,
    });
  });

  it('empties the content of messages past retention every night, keeping their price for the spend log', async () => {
    const { a, id } = await conversationWith(4, 2);
    const spendBefore = (
      await app.inject({ url: `/api/chat-spend.php?conversation=${id}`, ...a.login })
    ).json();
    await services.jobs.enqueue(CHAT_RETENTION_JOB, {});
    await services.jobs.drain(services.now());
    const { rows } = await pool.query(
      'select seq, body, credits from messages where conversation_id = $1 order by seq',
      [id],
    );
    expect(rows.map((r) => [Number(r.seq), r.body])).toEqual([
      [1, ''],
      [2, ''],
      [3, 'm3'],
      [4, 'm4'],
    ]);
    expect(rows.every((r) => r.credits === DEFAULT_SETTINGS.message_credits)).toBe(true);
    const spendAfter = (
      await app.inject({ url: `/api/chat-spend.php?conversation=${id}`, ...a.login })
    ).json();
    expect(spendAfter).toEqual(spendBefore);
    expect(CHAT_RETENTION_JOB.cron).toBeTruthy();
  });
});
