import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PushPayloadSchema } from '../../../shared/contracts/push.ts';
import { conversationMembers, users } from '../../db/schema/index.ts';
import type { TestLogin } from '../../test/members.ts';
import { createAwayMember, createPushTestApp, likeAs, sendMessage } from '../../test/notifications.ts';
import type { TestDevice } from '../../test/push-service-double.ts';

const { app, services, pushService, subscribed } = await createPushTestApp();
const db = services.db;
// The members live in the Netherlands: 13:00 in Amsterdam, a day.
let clock = new Date('2026-11-30T12:00:00Z');
services.now = () => clock;

const member = (overrides: Parameters<typeof createAwayMember>[1] = {}) => createAwayMember(db, overrides);
const send = async (login: TestLogin, to: number) => {
  await sendMessage(app, login, to, 'Ben je wakker?');
};
const like = (login: TestLogin, id: number) => likeAs(app, login, id);

const pushesTo = (device: TestDevice) =>
  pushService.received
    .filter((push) => push.device === device)
    .map((push) => PushPayloadSchema.parse(push.payload));

/** Runs the jobs due at `at` (pg-boss's clock moved with the services'). */
async function at(time: string) {
  clock = new Date(time);
  await services.jobs.drain(() => clock);
}

describe('pushes in the member’s night', () => {
  it('holds them, and at 08:00 sends one push per kind that counts what is still waiting', async () => {
    const anna = await member({ name: 'Anna', language: 'en' });
    const [bert, carl] = [await member({ name: 'Bert' }), await member({ name: 'Carl' })];
    const phone = await subscribed(anna.login);
    // 00:30 and 03:10 in Amsterdam: two likes and two new conversations.
    clock = new Date('2026-11-30T23:30:00Z');
    await like(bert.login, anna.id);
    await send(bert.login, anna.id);
    await at('2026-11-30T23:30:00Z');
    clock = new Date('2026-12-01T02:10:00Z');
    await like(carl.login, anna.id);
    await send(carl.login, anna.id);
    await at('2026-12-01T02:10:00Z');
    expect(pushesTo(phone)).toEqual([]);
    await at('2026-12-01T06:59:00Z');
    expect(pushesTo(phone)).toEqual([]);

    await at('2026-12-01T07:00:00Z');
    const morning = pushesTo(phone).map((push) => [push.body, push.url, push.tag, push.badge]);
    expect(morning.sort()).toEqual([
      ['Good morning! Messages waiting for you: 2', '/chats', 'morning-messages', 4],
      ['Good morning! New likes: 2', '/likes', 'morning-like', 4],
    ]);
    await at('2026-12-01T09:00:00Z');
    expect(pushesTo(phone)).toHaveLength(2);
  });

  it('sends nothing in the morning to a member who came back to the site after the night’s first one', async () => {
    const dora = await member({ language: 'nl' });
    const erik = await member();
    const phone = await subscribed(dora.login);
    clock = new Date('2026-11-30T23:45:00Z');
    await like(erik.login, dora.id);
    await send(erik.login, dora.id);
    await at('2026-11-30T23:45:00Z');
    // 06:40 in Amsterdam: she opens the site and sees both.
    await db
      .update(users)
      .set({ lastActiveAt: new Date('2026-12-01T05:40:00Z') })
      .where(eq(users.id, dora.id));
    await at('2026-12-01T07:00:00Z');
    expect(pushesTo(phone)).toEqual([]);
  });

  it('sends nothing in the morning about messages read meanwhile, and still tells the likes', async () => {
    const fenna = await member({ language: 'nl' });
    const gijs = await member();
    const phone = await subscribed(fenna.login);
    clock = new Date('2026-12-01T00:15:00Z');
    await like(gijs.login, fenna.id);
    await send(gijs.login, fenna.id);
    await at('2026-12-01T00:15:00Z');
    // Read on a device that leaves no visit behind (the mail's link opened elsewhere, say).
    await db
      .update(conversationMembers)
      .set({ lastReadSeq: 1, unread: 0 })
      .where(eq(conversationMembers.memberId, fenna.id));
    await at('2026-12-01T07:00:00Z');
    expect(pushesTo(phone).map((push) => push.body)).toEqual(['Goedemorgen! Nieuwe likes: 1']);
  });

  it('tells a match made at night in the morning, not to the one who made it then', async () => {
    const jana = await member({ language: 'de' });
    const kees = await member({ language: 'en' });
    const [janas, kees_] = [await subscribed(jana.login), await subscribed(kees.login)];
    clock = new Date('2026-12-01T12:00:00Z');
    await like(jana.login, kees.id);
    await at('2026-12-01T12:00:00Z');
    expect(pushesTo(kees_)).toHaveLength(1);
    // 00:20 in Amsterdam: Kees likes her back, so he was on the site after his push was held.
    clock = new Date('2026-12-01T23:20:00Z');
    await like(kees.login, jana.id);
    await at('2026-12-01T23:20:00Z');
    await db
      .update(users)
      .set({ lastActiveAt: new Date('2026-12-01T23:21:00Z') })
      .where(eq(users.id, kees.id));
    await at('2026-12-02T07:00:00Z');
    expect(pushesTo(janas).map((push) => [push.body, push.tag])).toEqual([
      ['Guten Morgen! Neue Matches: 1', 'morning-match'],
    ]);
    expect(pushesTo(kees_)).toHaveLength(1);
  });

  it('pushes at once by day', async () => {
    const hanna = await member({ language: 'en' });
    const ivo = await member({ name: 'Ivo' });
    const phone = await subscribed(hanna.login);
    clock = new Date('2026-12-02T12:00:00Z');
    await like(ivo.login, hanna.id);
    await at('2026-12-02T12:00:00Z');
    expect(pushesTo(phone).map((push) => push.body)).toEqual(['Ivo likes you']);
  });
});
