import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { SendMessageResponse } from '../../../shared/contracts/chat.ts';
import { createTestApp } from '../../test/app.ts';
import { blockMember, createMemberWithCredits, type TestLogin } from '../../test/members.ts';
import { balanceOf, setSpendingLimit } from '../credits/credits.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';

/**
 * Messages sent at the same moment are stored together (chat.send.ts, docs/decisions/0037). What a
 * member sees must not depend on it: every message, charge, unread count and refusal is what a
 * lone send gives, also when one send of a batch is refused or the batch falls back.
 */
const { app, services } = await createTestApp();
const db = services.db;
const PRICE = DEFAULT_SETTINGS.message_credits;

const member = (messages: number) => createMemberWithCredits(db, messages * PRICE);

type Member = Awaited<ReturnType<typeof member>>;

function send(login: TestLogin, conversationId: number, body = 'Hoi!', clientId = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { conversation: { id: conversationId }, client_id: clientId, body },
    ...login,
  });
}

/** A conversation between two members, started by `a`'s first message (which goes on its own). */
async function pair(credits = 10): Promise<{ a: Member; b: Member; id: number }> {
  const a = await member(credits);
  const b = await member(credits);
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { to: { id: b.id }, client_id: randomUUID(), body: 'Eerste bericht' },
    ...a.login,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { a, b, id: (res.json() as SendMessageResponse).message.conversation.id };
}

/** How many of these messages were stored by one transaction together with another (same xmin). */
async function storedTogether(ids: number[]): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from messages where id = any(${`{${ids.join(',')}}`}::bigint[]) group by xmin::text`,
  );
  return rows.rows.filter((r) => r.n > 1).reduce((sum, r) => sum + r.n, 0);
}

async function ledgerOf(userId: number) {
  const rows = await db.execute<{ delta: number; balance_after: number; reason: string; reference: string }>(
    sql`select delta, balance_after, reason, reference from credit_ledger where user_id = ${userId} order by id`,
  );
  return rows.rows;
}

async function unreadOf(conversationId: number, memberId: number) {
  const rows = await db.execute<{ unread: number; last_read_seq: number }>(
    sql`select unread, last_read_seq from conversation_members where conversation_id = ${conversationId} and member_id = ${memberId}`,
  );
  return rows.rows[0];
}

describe('texts sent together', () => {
  it('stores 30 concurrent texts together, each with its seq, its charge, its ledger row and its unread count', async () => {
    const pairs = await Promise.all(Array.from({ length: 30 }, () => pair()));
    const before = await Promise.all(pairs.map((p) => balanceOf(db, p.b.id)));
    const answers = await Promise.all(pairs.map((p) => send(p.b.login, p.id, `Antwoord aan ${p.a.id}`)));
    const messages = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SendMessageResponse).message;
    });
    for (const [i, message] of messages.entries()) {
      const p = pairs[i] as (typeof pairs)[number];
      expect(message).toMatchObject({ seq: 2, body: `Antwoord aan ${p.a.id}`, conversation: { id: p.id } });
      expect(await balanceOf(db, p.b.id)).toBe((before[i] as number) - PRICE);
      expect((await ledgerOf(p.b.id)).at(-1)).toMatchObject({
        delta: -PRICE,
        balance_after: (before[i] as number) - PRICE,
        reason: 'message',
      });
      expect(await unreadOf(p.id, p.a.id)).toEqual({ unread: 1, last_read_seq: 1 });
      expect(await unreadOf(p.id, p.b.id)).toEqual({ unread: 0, last_read_seq: 2 });
    }
    // They did go together: most shared a transaction (the first of them may have gone alone).
    expect(await storedTogether(messages.map((m) => m.id))).toBeGreaterThan(10);
  });

  it('answers each send of a batch as a lone send: a refusal fails nobody else, a resend is charged once', async () => {
    const ok = await Promise.all(Array.from({ length: 8 }, () => pair()));
    const broke = await pair(1); // paid for the first message only
    const blocked = await pair();
    await blockMember(db, blocked.b.id, blocked.a.id);
    const limited = await pair();
    await setSpendingLimit(db, limited.a.id, { dailyLimit: PRICE, timeZone: 'Europe/Amsterdam' });
    const resent = await pair();
    const clientId = randomUUID();
    const firstAnswer = await send(resent.a.login, resent.id, 'Eén keer', clientId);
    expect(firstAnswer.statusCode).toBe(200);
    const resentBalance = await balanceOf(db, resent.a.id);
    const tooLong = await pair();

    const [okAnswers, brokeAnswer, blockedAnswer, limitedAnswer, resentAnswer, tooLongAnswer] =
      await Promise.all([
        Promise.all(ok.map((p) => send(p.a.login, p.id))),
        send(broke.a.login, broke.id),
        send(blocked.a.login, blocked.id),
        send(limited.a.login, limited.id),
        send(resent.a.login, resent.id, 'Eén keer', clientId),
        send(tooLong.a.login, tooLong.id, 'x'.repeat(DEFAULT_SETTINGS.message_length + 1)),
      ]);
    for (const res of okAnswers) expect(res.statusCode, res.body).toBe(200);
    expect(brokeAnswer.statusCode).toBe(402);
    expect(brokeAnswer.json()).toMatchObject({ error: { code: 'insufficient_credits' } });
    expect(blockedAnswer.statusCode).toBe(404);
    expect(limitedAnswer.statusCode).toBe(402);
    expect(limitedAnswer.json()).toMatchObject({ error: { code: 'daily_limit_reached' } });
    expect(resentAnswer.statusCode).toBe(200);
    expect((resentAnswer.json() as SendMessageResponse).message.id).toBe(
      (firstAnswer.json() as SendMessageResponse).message.id,
    );
    expect(await balanceOf(db, resent.a.id)).toBe(resentBalance);
    expect(tooLongAnswer.statusCode).toBe(400);
    expect(tooLongAnswer.json()).toMatchObject({
      error: { code: 'validation_failed', details: { fieldErrors: { body: ['message_too_long'] } } },
    });

    // Nothing written for the refused ones: no message, no charge, no unread.
    for (const p of [broke, blocked, limited, tooLong]) {
      const count = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from messages where conversation_id = ${p.id}`,
      );
      expect(count.rows[0]?.n).toBe(1);
      expect(await unreadOf(p.id, p.b.id)).toMatchObject({ unread: 1 });
    }
    expect(await balanceOf(db, broke.a.id)).toBe(0);
    for (const p of ok) expect(await unreadOf(p.id, p.b.id)).toMatchObject({ unread: 2 });
  });

  it('gives one conversation gapless seqs when both members write at once, and one sender each message once', async () => {
    const { a, b, id } = await pair(40);
    const clientIds = Array.from({ length: 10 }, () => randomUUID());
    const answers = await Promise.all([
      ...clientIds.map((c, i) => send(a.login, id, `a${i}`, c)),
      ...clientIds.map((c, i) => send(a.login, id, `a${i}`, c)), // every one resent at once
      ...Array.from({ length: 10 }, (_, i) => send(b.login, id, `b${i}`)),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const seqs = await db.execute<{ seq: number }>(
      sql`select seq from messages where conversation_id = ${id} order by seq`,
    );
    expect(seqs.rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    const spends = (await ledgerOf(a.id)).filter((r) => r.reason === 'message');
    expect(spends).toHaveLength(11);
    expect(new Set(spends.map((r) => r.reference)).size).toBe(11);
    expect(await balanceOf(db, a.id)).toBe(40 * PRICE - 11 * PRICE);
  });

  it('stores a send authorized with facts known from an earlier one only while they hold', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, () => pair()));
    const [blocked, leaving] = pairs as [(typeof pairs)[number], (typeof pairs)[number]];
    // A first batch: each sender's facts in these conversations are known now.
    for (const res of await Promise.all(pairs.map((p) => send(p.a.login, p.id, 'Eerst')))) {
      expect(res.statusCode, res.body).toBe(200);
    }
    // Changed behind the services' back (no event tells any cache): a block, a deletion request.
    await blockMember(db, blocked.b.id, blocked.a.id);
    await db.execute(sql`update users set status = 'pending_deletion' where id = ${leaving.b.id}`);
    const before = await Promise.all([balanceOf(db, blocked.a.id), balanceOf(db, leaving.a.id)]);
    const [blockedAnswer, leavingAnswer, ...otherAnswers] = await Promise.all(
      pairs.map((p) => send(p.a.login, p.id, 'Daarna')),
    );
    expect(blockedAnswer?.statusCode).toBe(404);
    expect(blockedAnswer?.json()).toMatchObject({ error: { code: 'member_not_found' } });
    expect(leavingAnswer?.json()).toMatchObject({ error: { code: 'partner_pending_deletion' } });
    for (const res of otherAnswers) expect(res.statusCode, res.body).toBe(200);
    for (const p of [blocked, leaving]) {
      const stored = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from messages where conversation_id = ${p.id}`,
      );
      expect(stored.rows[0]?.n).toBe(2);
    }
    expect(await Promise.all([balanceOf(db, blocked.a.id), balanceOf(db, leaving.a.id)])).toEqual(before);
    const otherIds = otherAnswers.map((r) => (r?.json() as SendMessageResponse | undefined)?.message.id ?? 0);
    expect(await storedTogether(otherIds)).toBe(4);
  });

  it('rolls a batch back when a spend is refused inside it, and answers every send on its own', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, () => pair()));
    const [robbed, ...others] = pairs as [(typeof pairs)[number], ...typeof pairs];
    // Another transaction takes all of one sender's credits and holds the row until the batch's
    // spend waits for it: the batch read enough credits, its spend finds none.
    const holder = await services.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('update credit_accounts set balance = 0 where user_id = $1', [robbed.a.id]);
      const holderPid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const answers = Promise.all(pairs.map((p) => send(p.a.login, p.id, 'Samen')));
      // A lock wait has no event of its own: the server's view of its sessions is watched, for a
      // session blocked by the holder (the batch's statement is too long for its text to be matched).
      await vi.waitUntil(
        async () => {
          const { rows } = await services.pool.query(
            'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
            [holderPid],
          );
          return rows[0].n > 0;
        },
        { timeout: 10_000, interval: 10 },
      );
      await holder.query('commit');
      const [robbedAnswer, ...otherAnswers] = await answers;
      expect(robbedAnswer?.statusCode).toBe(402);
      expect(robbedAnswer?.json()).toMatchObject({ error: { code: 'insufficient_credits' } });
      for (const res of otherAnswers) expect(res.statusCode, res.body).toBe(200);
    } finally {
      holder.release();
    }
    const stored = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${robbed.id}`,
    );
    expect(stored.rows[0]?.n).toBe(1);
    expect(await balanceOf(db, robbed.a.id)).toBe(0);
    for (const p of others) expect(await unreadOf(p.id, p.b.id)).toMatchObject({ unread: 2 });
  });
});
