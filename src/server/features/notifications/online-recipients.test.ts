import { describe, expect, it } from 'vitest';
import type { TestLogin } from '../../test/members.ts';
import {
  createAwayMember,
  createPushTestApp,
  likeAs,
  sendMessage,
  stampMessageAt,
} from '../../test/notifications.ts';
import { markOffline, markOnline } from '../realtime/presence.service.ts';
import { sendUnreadReminders } from './reminders-mails.ts';

const { app, services, pushService, subscribed } = await createPushTestApp();
const db = services.db;
// 13:00 in Amsterdam: no rule of the night.
let clock = new Date('2026-11-30T12:00:00Z');
services.now = () => clock;
const INSTANCE = 'test-instance';

const member = (overrides: Parameters<typeof createAwayMember>[1] = {}) => createAwayMember(db, overrides);
const send = (login: TestLogin, to: number, body?: string) => sendMessage(app, login, to, body);
const mailsTo = async (email: string) =>
  (await services.mailer.listStored()).filter((m) => m.to === email).map((m) => m.subject);
/** The notification jobs that exist for the member, whatever their state. */
const jobsFor = async (userId: number) =>
  (
    await services.pool.query<{ name: string }>(
      `select name from pgboss.job where name in ('notification-mail', 'notification-push')
        and (data->>'recipientId')::bigint = $1 order by name`,
      [userId],
    )
  ).rows.map((row) => row.name);

describe('notifications of a member who is online', () => {
  it('enqueue neither a mail nor a push while the site is open; the unread reminder a day later still comes', async () => {
    const anna = await member({ name: 'Anna', language: 'en' });
    const bert = await member({ name: 'Bert' });
    const phone = await subscribed(anna.login);
    await markOnline(services, INSTANCE, anna.id, clock);

    // At the test's clock, which the reminder a day later reads against (not the database's).
    await stampMessageAt(services, await send(bert.login, anna.id), clock);
    await likeAs(app, bert.login, anna.id);
    expect(await jobsFor(anna.id)).toEqual([]);
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toEqual([]);
    expect(pushService.received.filter((push) => push.device === phone)).toEqual([]);

    // Anna closes the site without reading: a day later the reminder brings her back.
    await markOffline(services, INSTANCE, anna.id, clock);
    clock = new Date(clock.getTime() + 86_400_000 + 60_000);
    await sendUnreadReminders(services);
    expect(await mailsTo(anna.email)).toEqual(['Bert is still waiting for your answer']);
  });

  it('enqueue both for a member who is not online, and send them', async () => {
    const anna = await member({ name: 'Anna', language: 'en' });
    const bert = await member({ name: 'Bert' });
    const phone = await subscribed(anna.login);

    await send(bert.login, anna.id);
    expect(await jobsFor(anna.id)).toEqual(['notification-mail', 'notification-push']);
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toEqual(['Bert started a conversation with you']);
    expect(pushService.received.filter((push) => push.device === phone)).toHaveLength(1);
  });

  it('are decided again when their jobs run: a member online by then gets neither', async () => {
    const anna = await member({ name: 'Anna', language: 'en' });
    const bert = await member({ name: 'Bert' });
    const phone = await subscribed(anna.login);

    await send(bert.login, anna.id);
    expect(await jobsFor(anna.id)).toEqual(['notification-mail', 'notification-push']);
    await markOnline(services, INSTANCE, anna.id, clock);
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toEqual([]);
    expect(pushService.received.filter((push) => push.device === phone)).toEqual([]);
  });
});
