import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { blockMember, type TestLogin } from '../../test/members.ts';
import { createAwayMember, likeAs, sendMessage } from '../../test/notifications.ts';
import { claimMail } from './notification-mail-delivery.ts';
import { type NotificationMailJob, sendNotificationMail } from './notification-mails.ts';
import { unsubscribeUrl } from './unsubscribe-links.ts';

const { app, services } = await createTestApp();
const db = services.db;
// 13:00 in Amsterdam: daytime for the members (the test factory's members live in the Netherlands).
let clock = new Date('2026-11-30T12:00:00Z');
services.now = () => clock;

const member = (overrides: Parameters<typeof createAwayMember>[1] = {}) => createAwayMember(db, overrides);
const send = (login: TestLogin, to: number, body?: string) => sendMessage(app, login, to, body);
const like = (login: TestLogin, id: number) => likeAs(app, login, id);

const mailsTo = async (email: string) =>
  (await services.mailer.listStored()).filter((m) => m.to === email) as (Awaited<
    ReturnType<typeof services.mailer.listStored>
  >[number] & { headers?: Record<string, string> })[];

describe('notification mails', () => {
  it('mails a new conversation, a like and a match to whom they concern, in their language, once', async () => {
    const anna = await member({ name: 'Anna', language: 'de' });
    const bert = await member({ name: 'Bert', language: 'en' });
    await send(bert.login, anna.id);
    await like(bert.login, anna.id);
    await services.jobs.drain(() => clock);
    const toAnna = await mailsTo(anna.email);
    expect(toAnna.map((m) => m.subject).sort()).toEqual(
      ['Bert hat eine Unterhaltung mit dir begonnen', 'Bert mag dich'].sort(),
    );
    for (const mail of toAnna) {
      expect(mail.text).toContain('Hallo Anna,');
      expect(mail.html).toContain('<html lang="de"');
      expect(mail.text).toContain('Herengracht 420');
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:3000\/api\/unsubscribe\.php\?u=\d+&t=\w+&s=/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain('http://localhost:3000/notifications');
    }
    expect(await mailsTo(bert.email)).toEqual([]);

    await like(anna.login, bert.id);
    await services.jobs.drain(() => clock);
    expect((await mailsTo(bert.email)).map((m) => m.subject)).toEqual(['It is a match with Anna!']);
    expect((await mailsTo(anna.email)).map((m) => m.subject)).toContain('Es ist ein Match mit Bert!');
  });

  it('sends at most one mail about a conversation until the member comes back, however many messages', async () => {
    const anna = await member();
    const bert = await member({ name: 'Bert' });
    for (let i = 0; i < 50; i++) await send(bert.login, anna.id, `Bericht ${i}`);
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toHaveLength(1);

    // Anna came back (and left again without reading): the next message may be mailed once more.
    clock = new Date(clock.getTime() + 60_000);
    await services.pool.query('update users set last_active_at = $1 where id = $2', [clock, anna.id]);
    clock = new Date(clock.getTime() + 60_000);
    await send(bert.login, anna.id);
    await send(bert.login, anna.id);
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toHaveLength(2);
  });

  it('holds a mail over the night until 08:00 in the member’s time zone', async () => {
    const anna = await member();
    const bert = await member();
    const day = clock;
    // 23:30 in Amsterdam.
    clock = new Date('2026-11-30T22:30:00Z');
    await send(bert.login, anna.id);
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toEqual([]);
    clock = new Date('2026-12-01T06:59:00Z');
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toEqual([]);
    clock = new Date('2026-12-01T07:00:00Z');
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toHaveLength(1);
    clock = new Date(day.getTime() + 2 * 86_400_000);
  });

  it('mails nothing about a read conversation, a blocked or invisible member, to one pending deletion, or against a switch', async () => {
    const anna = await member();
    const bert = await member();
    const read = await send(bert.login, anna.id);
    await services.pool.query(
      'update conversation_members set last_read_seq = $1, unread = 0 where conversation_id = $2 and member_id = $3',
      [read.seq, read.conversation.id, anna.id],
    );
    const blocked = await member();
    await send(blocked.login, anna.id);
    await blockMember(db, anna.id, blocked.id);
    const invisible = await member();
    await like(invisible.login, anna.id);
    await services.pool.query('update users set invisible = true where id = $1', [invisible.id]);
    const leaving = await member();
    await send(bert.login, leaving.id);
    await services.pool.query(`update users set status = 'pending_deletion' where id = $1`, [leaving.id]);
    const quiet = await member();
    await app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      payload: {
        preferences: Object.fromEntries(
          [
            'new_conversations',
            'new_messages',
            'like',
            'unread_message_reminders',
            'weekly_updates',
            'reminders',
            'promotions',
            'news',
          ].map((t) => [t, { email: false, push: true }]),
        ),
      },
      ...quiet.login,
    });
    await send(bert.login, quiet.id);
    const bounced = await member();
    await services.pool.query(`update users set notifications_disabled = '{bounce}' where id = $1`, [
      bounced.id,
    ]);
    await send(bert.login, bounced.id);
    await services.jobs.drain(() => clock);
    for (const who of [anna, leaving, quiet, bounced])
      expect(await mailsTo(who.email), who.email).toEqual([]);
  });

  it('enqueues no job that its recipient’s switches, state or devices already refuse (the send’s transaction)', async () => {
    const jobsFor = async (name: string, recipientId: number) =>
      (await services.jobs.boss.findJobs(name, { data: { recipientId } })).length;
    const bert = await member();
    // Mail switched off, no device: neither job has anything to do, whenever it would run.
    const quiet = await member();
    await services.pool.query(
      `insert into notification_preferences (user_id, email, push) values ($1, '{}', '{new_conversations}')`,
      [quiet.id],
    );
    const bounced = await member();
    await services.pool.query(`update users set notifications_disabled = '{bounce}' where id = $1`, [
      bounced.id,
    ]);
    const open = await member();
    for (const who of [quiet, bounced, open]) await send(bert.login, who.id);
    await like(bert.login, quiet.id);
    expect(await jobsFor('notification-mail', quiet.id)).toBe(0);
    expect(await jobsFor('notification-push', quiet.id)).toBe(0);
    expect(await jobsFor('notification-mail', bounced.id)).toBe(0);
    expect(await jobsFor('notification-mail', open.id)).toBe(1);
    // No device subscribed: its push would find none.
    expect(await jobsFor('notification-push', open.id)).toBe(0);
    await services.jobs.drain(() => clock);
    expect(await mailsTo(open.email)).toHaveLength(1);
  });

  it('never sends a mail twice: a job run again after the hand-over finds its mark', async () => {
    const { anna, job } = await conversationMail();
    // The worker handed the mail over and died before the job was marked done: pg-boss runs it again.
    expect(await sendNotificationMail(services, job)).toBe('sent');
    expect(await sendNotificationMail(services, job)).toBe('flood');
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toHaveLength(1);
  });

  /** A new conversation's mail job from bert to anna, and its claim as the job makes it. */
  async function conversationMail() {
    const anna = await member();
    const bert = await member();
    const message = await send(bert.login, anna.id);
    const job: NotificationMailJob = {
      kind: 'new_conversation',
      recipientId: anna.id,
      aboutId: bert.id,
      conversationId: message.conversation.id,
      seq: message.seq,
      held: false,
    };
    const claim = {
      key: `message:${job.conversationId}:${job.seq}:${anna.id}`,
      userId: anna.id,
      kind: job.kind,
      conversationId: job.conversationId,
    };
    return { anna, job, claim };
  }

  it('hands a mail over again when the process died while the mail server had it (never marked sent)', async () => {
    const { anna, job, claim } = await conversationMail();
    // The attempt before claimed it, and its process was killed before the mail server answered.
    expect(await claimMail(services, claim, new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(await sendNotificationMail(services, job)).toBe('sent');
    expect(await sendNotificationMail(services, job)).toBe('flood');
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toHaveLength(1);
  });

  it('sends nothing from a second attempt while the first one’s hand-over is still going', async () => {
    const { anna, job } = await conversationMail();
    const real = services.mailer.send;
    let entered: () => void = () => {};
    const inHand = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    services.mailer.send = async (mail) => {
      entered();
      await gate;
      await real(mail);
    };
    try {
      const first = sendNotificationMail(services, job);
      await inHand;
      await expect(sendNotificationMail(services, job)).rejects.toThrow('handed over by another attempt');
      release();
      expect(await first).toBe('sent');
    } finally {
      services.mailer.send = real;
    }
    expect(await sendNotificationMail(services, job)).toBe('flood');
    expect(await mailsTo(anna.email)).toHaveLength(1);
  });

  it('gives the claim back when the mail server refuses, so the retry sends it', async () => {
    const { anna, job } = await conversationMail();
    const real = services.mailer.send;
    services.mailer.send = async () => {
      throw new Error('421 try again later');
    };
    await expect(sendNotificationMail(services, job)).rejects.toThrow('421');
    services.mailer.send = real;
    await services.jobs.drain(() => clock);
    expect(await mailsTo(anna.email)).toHaveLength(1);
  });
});

describe('POST /api/unsubscribe.php (RFC 8058 one-click)', () => {
  const post = (url: string) =>
    app.inject({
      method: 'POST',
      url: url.replace('http://localhost:3000', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const settingsOf = async (login: TestLogin) =>
    (await app.inject({ url: '/api/notifications.php', ...login })).json();

  it('switches off the link’s type for its member, without a login', async () => {
    const anna = await member();
    const res = await post(await unsubscribeUrl(services, anna.id, 'like'));
    expect(res.statusCode, res.body).toBe(200);
    const settings = await settingsOf(anna.login);
    expect(settings.preferences.like).toEqual({ email: false, push: true });
    expect(settings.preferences.new_messages.email).toBe(true);
    expect(settings.notifications_disabled).toEqual(['listunsubscribe']);
  });

  it('changes nothing for a wrong signature, or a signature of someone else used for another member', async () => {
    const anna = await member();
    const mallory = await member();
    const own = new URL(await unsubscribeUrl(services, mallory.id, 'like'));
    const forged = new URL(own);
    forged.searchParams.set('u', String(anna.id));
    const wrong = new URL(await unsubscribeUrl(services, anna.id, 'like'));
    wrong.searchParams.set('s', `${wrong.searchParams.get('s')?.slice(0, -2)}xx`);
    const otherType = new URL(await unsubscribeUrl(services, anna.id, 'like'));
    otherType.searchParams.set('t', 'new_messages');
    for (const url of [forged, wrong, otherType]) {
      const res = await post(url.toString());
      expect(res.statusCode, url.toString()).toBe(404);
      expect(res.json().error.code).toBe('link_invalid');
    }
    const settings = await settingsOf(anna.login);
    expect(settings.preferences.like.email).toBe(true);
    expect(settings.preferences.new_messages.email).toBe(true);
    expect(settings.notifications_disabled).toEqual([]);
  });
});
