import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { blockMember, createMemberWithCredits, type TestLogin } from '../../test/members.ts';
import { stampMessageAt } from '../../test/notifications.ts';
import { sendUnreadReminders } from './reminders-mails.ts';

const { app, services } = await createTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 13:00 in Amsterdam: daytime for the test factory's members (the Netherlands).
const start = new Date('2026-11-30T12:00:00Z');
let clock = start;
services.now = () => clock;

const member = (name: string) =>
  createMemberWithCredits(services.db, 1000, {
    name,
    language: 'en',
    paidUser: true,
    lastActiveAt: new Date('2026-11-01T00:00:00Z'),
  });

async function send(login: TestLogin, to: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { to: { id: to }, client_id: randomUUID(), body: 'Hallo!' },
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
  const message = res.json().message as { conversation: { id: number }; seq: number };
  await stampMessageAt(services, message, clock);
  return message;
}

const remindersTo = async (email: string) =>
  (await services.mailer.listStored()).filter(
    (m) => m.to === email && /waiting for your answer/.test(m.subject),
  );

/** Runs the hourly job at `at`. */
async function runAt(at: Date) {
  clock = at;
  return sendUnreadReminders(services);
}

describe('reminders of unread messages', () => {
  it('reminds after a day and after three days, in the member’s language, and not again', async () => {
    clock = start;
    const anna = await member('Anna');
    const bert = await member('Bert');
    const sent = await send(bert.login, anna.id);
    await runAt(new Date(start.getTime() + 23 * HOUR));
    expect(await remindersTo(anna.email)).toEqual([]);

    await runAt(new Date(start.getTime() + DAY + HOUR));
    const [first] = await remindersTo(anna.email);
    expect(first?.subject).toBe('Bert is still waiting for your answer');
    expect(first?.text).toContain(`http://localhost:3000/chats/${sent.conversation.id}`);
    expect(first?.envelopeFrom).toMatch(new RegExp(`^bounce\\+${anna.id}\\.`));
    // The next hours: nothing more until the third day.
    await runAt(new Date(start.getTime() + DAY + 2 * HOUR));
    await runAt(new Date(start.getTime() + 2 * DAY + HOUR));
    expect(await remindersTo(anna.email)).toHaveLength(1);

    await runAt(new Date(start.getTime() + 3 * DAY + HOUR));
    expect(await remindersTo(anna.email)).toHaveLength(2);
    await runAt(new Date(start.getTime() + 3 * DAY + 2 * HOUR));
    await runAt(new Date(start.getTime() + 5 * DAY + HOUR));
    await runAt(new Date(start.getTime() + 6 * DAY + HOUR));
    expect(await remindersTo(anna.email)).toHaveLength(2);
    expect(await remindersTo(bert.email)).toEqual([]);
  });

  it('sends none for a read conversation, against the switch, about a blocked member, or to one whose mail bounced', async () => {
    clock = new Date(start.getTime() + 10 * DAY);
    const t0 = clock;
    const [read, off, blocked, bounced, bert] = await Promise.all(
      ['Read', 'Off', 'Blocked', 'Bounced', 'Bert'].map((name) => member(name)),
    );
    if (!read || !off || !blocked || !bounced || !bert) throw new Error('members');
    for (const to of [read, off, blocked, bounced]) await send(bert.login, to.id);
    await services.pool.query('update conversation_members set last_read_seq = 1 where member_id = $1', [
      read.id,
    ]);
    await services.pool.query(
      `insert into notification_preferences (user_id, email, push) values ($1, '{new_messages,like}', '{}')`,
      [off.id],
    );
    await blockMember(services.db, blocked.id, bert.id);
    await services.pool.query(`update users set notifications_disabled = '{bounce}' where id = $1`, [
      bounced.id,
    ]);
    await runAt(new Date(t0.getTime() + DAY + HOUR));
    for (const to of [read, off, blocked, bounced]) expect(await remindersTo(to.email)).toEqual([]);
  });

  it('waits for the morning in the member’s night', async () => {
    // 23:30 in Amsterdam, a day after the message.
    clock = new Date('2026-12-20T21:30:00Z');
    const anna = await member('Anna');
    const bert = await member('Bert');
    await send(bert.login, anna.id);
    await runAt(new Date('2026-12-21T22:30:00Z'));
    expect(await remindersTo(anna.email)).toEqual([]);
    await runAt(new Date('2026-12-22T07:07:00Z'));
    expect(await remindersTo(anna.email)).toHaveLength(1);
  });
});
