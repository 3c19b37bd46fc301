import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatResponse, SendMessageResponse } from '../../../shared/contracts/chat.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../test/members.ts';
import { balanceOf, grantCredits } from '../credits/credits.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';

/**
 * The landing flow's free messages: a visitor who signs up on a member's entry page writes to that
 * member free exactly as many times as the domain's landing_free_messages says, then pays.
 */
const context = await createTestApp();
const { app, services } = context;
/** Another instance on the same database: sends that truly run at once. */
const second = await createSecondInstance(context);
const db = services.db;
const PRICE = DEFAULT_SETTINGS.message_credits;
const SIGNUP_CREDITS = DEFAULT_SETTINGS.signup_credits;

let counter = 0;
/** A domain of its own per test, with its count of free messages. */
async function domainWith(free: number) {
  counter += 1;
  const host = `free${counter}.nl`;
  await services.settings.update(host, { landing_free_messages: free });
  return host;
}

/** The entry page's short sign-up, for the member it showed (or none). */
async function signUpFor(host: string, memberId: number | null) {
  counter += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup-entry.php',
    headers: { host },
    remoteAddress: `10.45.${Math.floor(counter / 250)}.${counter % 250}`,
    payload: {
      email: `landing${counter}@example.nl`,
      gender: 'male',
      sexuality: 'hetero',
      accept_terms: true,
      ...(memberId === null ? {} : { member: { id: memberId } }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().user.id as number;
  return { id, login: await logIn(db, id) };
}

function send(host: string, login: TestLogin, to: number, clientId = randomUUID(), on = app) {
  return on.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    headers: { ...login.headers, host },
    cookies: login.cookies,
    payload: { to: { id: to }, client_id: clientId, body: 'Hallo!' },
  });
}

async function sentCredits(host: string, login: TestLogin, to: number) {
  const res = await send(host, login, to);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as SendMessageResponse;
  // The answer tells the composer what is left, and the conversation says the same.
  const chat = await app.inject({
    url: `/api/chat.php?member=${to}`,
    headers: { ...login.headers, host },
    cookies: login.cookies,
  });
  expect((chat.json() as ChatResponse).free_messages_left).toBe(answer.free_messages_left);
  return answer.message.credits;
}

async function freeLeft(host: string, login: TestLogin, member: number) {
  const res = await app.inject({
    url: `/api/chat.php?member=${member}`,
    headers: { ...login.headers, host },
    cookies: login.cookies,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ChatResponse).free_messages_left;
}

async function spendsOf(userId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from credit_ledger where user_id = ${userId} and delta < 0`,
  );
  return rows[0]?.n;
}

async function grantOf(memberId: number, partnerId: number) {
  const { rows } = await db.execute<{ remaining: number }>(
    sql`select remaining from landing_free_messages where member_id = ${memberId} and partner_id = ${partnerId}`,
  );
  return rows[0]?.remaining ?? null;
}

describe('the landing flow’s free messages', () => {
  it('are free exactly as many times as the settings say (2), then the price applies', async () => {
    const host = await domainWith(2);
    const partner = await createMember(db);
    const visitor = await signUpFor(host, partner.id);
    expect(await freeLeft(host, visitor.login, partner.id)).toBe(2);
    expect(await sentCredits(host, visitor.login, partner.id)).toBe(0);
    expect(await freeLeft(host, visitor.login, partner.id)).toBe(1);
    expect(await sentCredits(host, visitor.login, partner.id)).toBe(0);
    expect(await freeLeft(host, visitor.login, partner.id)).toBe(0);
    expect(await balanceOf(db, visitor.id)).toBe(SIGNUP_CREDITS);
    expect(await spendsOf(visitor.id)).toBe(0);
    expect(await sentCredits(host, visitor.login, partner.id)).toBe(PRICE);
    expect(await balanceOf(db, visitor.id)).toBe(SIGNUP_CREDITS - PRICE);
    expect(await spendsOf(visitor.id)).toBe(1);
    expect(await grantOf(visitor.id, partner.id)).toBe(0);
  });

  it('are none when the settings say 0: the first message costs', async () => {
    const host = await domainWith(0);
    const partner = await createMember(db);
    const visitor = await signUpFor(host, partner.id);
    expect(await freeLeft(host, visitor.login, partner.id)).toBe(0);
    expect(await sentCredits(host, visitor.login, partner.id)).toBe(PRICE);
    expect(await balanceOf(db, visitor.id)).toBe(SIGNUP_CREDITS - PRICE);
    expect(await grantOf(visitor.id, partner.id)).toBeNull();
  });

  it('are only for the member the visitor came for, and only for texts', async () => {
    const host = await domainWith(2);
    const partner = await createMember(db);
    const other = await createMember(db);
    const visitor = await signUpFor(host, partner.id);
    expect(await freeLeft(host, visitor.login, other.id)).toBe(0);
    expect(await sentCredits(host, visitor.login, other.id)).toBe(PRICE);
    expect(await grantOf(visitor.id, partner.id)).toBe(2);
    // A gift is not a text: it costs what gifts cost and leaves the free texts alone.
    const gifts = await db.execute<{ id: number }>(
      sql`select id from gifts where active order by id limit 1`,
    );
    const giftId = Number(gifts.rows[0]?.id);
    const gift = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      headers: { ...visitor.login.headers, host },
      cookies: visitor.login.cookies,
      payload: { to: { id: partner.id }, client_id: randomUUID(), kind: 'gift', gift: { id: giftId } },
    });
    if (gift.statusCode === 200) expect(gift.json().message.credits).toBeGreaterThan(0);
    else expect(gift.json().error.code).toBe('insufficient_credits');
    expect(await grantOf(visitor.id, partner.id)).toBe(2);
  });

  it('are not given for a member the new member may not see (hidden since the page was shown)', async () => {
    const host = await domainWith(2);
    const partner = await createMember(db, { invisible: true });
    const visitor = await signUpFor(host, partner.id);
    expect(await grantOf(visitor.id, partner.id)).toBeNull();
    const nobody = await signUpFor(host, null);
    expect(await grantOf(nobody.id, partner.id)).toBeNull();
  });

  it('are not given twice by resending one client id', async () => {
    const host = await domainWith(2);
    const partner = await createMember(db);
    const visitor = await signUpFor(host, partner.id);
    const clientId = randomUUID();
    const answers = await Promise.all([
      send(host, visitor.login, partner.id, clientId),
      send(host, visitor.login, partner.id, clientId),
      send(host, visitor.login, partner.id, clientId),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.json().message.id)).size).toBe(1);
    expect(await grantOf(visitor.id, partner.id)).toBe(1);
    const again = await send(host, visitor.login, partner.id, clientId);
    expect(again.json().message.credits).toBe(0);
    expect(await grantOf(visitor.id, partner.id)).toBe(1);
  });

  it('are spent once each when sends come at once through two instances', async () => {
    const host = await domainWith(2);
    const partner = await createMember(db);
    const visitor = await signUpFor(host, partner.id);
    // Enough for the paid ones: 2 free, then 6 at the price (the sign-up gave 2 of them).
    await db.transaction((tx) =>
      grantCredits(tx, {
        userId: visitor.id,
        amount: 4 * PRICE,
        reason: 'test',
        reference: `test:${randomUUID()}`,
      }),
    );
    // Two at a time, one through each instance: each pair truly races for the same grant.
    const answers = [];
    for (let round = 0; round < 4; round++)
      answers.push(
        ...(await Promise.all([
          send(host, visitor.login, partner.id, randomUUID(), app),
          send(host, visitor.login, partner.id, randomUUID(), second.app),
        ])),
      );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const credits = answers
      .map((res) => (res.json() as SendMessageResponse).message.credits)
      .sort((a, b) => a - b);
    expect(credits).toEqual([0, 0, PRICE, PRICE, PRICE, PRICE, PRICE, PRICE]);
    expect(await grantOf(visitor.id, partner.id)).toBe(0);
    expect(await balanceOf(db, visitor.id)).toBe(0);
    expect(await spendsOf(visitor.id)).toBe(6);
  });

  it('are spent once each when one sender floods them at once through two instances', async () => {
    const host = await domainWith(2);
    const partner = await createMember(db);
    const visitor = await signUpFor(host, partner.id);
    await db.transaction((tx) =>
      grantCredits(tx, {
        userId: visitor.id,
        amount: 4 * PRICE,
        reason: 'test',
        reference: `test:${randomUUID()}`,
      }),
    );
    // All eight at once, half through each instance: the sets of both write the one conversation
    // and the one grant at the same moment.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(host, visitor.login, partner.id, randomUUID(), i % 2 === 0 ? app : second.app),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const credits = answers
      .map((res) => (res.json() as SendMessageResponse).message.credits)
      .sort((a, b) => a - b);
    expect(credits).toEqual([0, 0, PRICE, PRICE, PRICE, PRICE, PRICE, PRICE]);
    expect(await grantOf(visitor.id, partner.id)).toBe(0);
    expect(await balanceOf(db, visitor.id)).toBe(0);
    expect(await spendsOf(visitor.id)).toBe(6);
  });
});
