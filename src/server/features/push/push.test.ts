import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { PushPayloadSchema } from '../../../shared/contracts/push.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { logIn, type TestLogin } from '../../test/members.ts';
import { createAwayMember, createPushTestApp, likeAs, sendMessage } from '../../test/notifications.ts';
import { decryptPush, type TestDevice, vapidRefusal } from '../../test/push-service-double.ts';
import { sendPush } from './push-sender.ts';

const { app, services, pushService, subscribe, subscribed } = await createPushTestApp();
const db = services.db;
// 13:00 in Amsterdam, as the mails' tests: no rule of the night.
const clock = new Date('2026-11-30T12:00:00Z');
services.now = () => clock;

const member = (overrides: Parameters<typeof createAwayMember>[1] = {}) => createAwayMember(db, overrides);
const send = (login: TestLogin, to: number, body?: string) => sendMessage(app, login, to, body);
const like = (login: TestLogin, id: number) => likeAs(app, login, id);

const pushesTo = (device: TestDevice) =>
  pushService.received
    .filter((push) => push.device === device)
    .map((push) => PushPayloadSchema.parse(push.payload));
const devicesOf = async (userId: number) =>
  (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map(
    (row) => row.endpoint,
  );

describe('POST /api/user.php?push=1', () => {
  it("stores each of a member's devices once, however often a device posts it", async () => {
    const anna = await member();
    const phone = await subscribed(anna.login);
    const laptop = await subscribed(await logIn(db, anna.id));
    expect((await subscribe(anna.login, phone.subscription)).statusCode).toBe(200);
    expect((await devicesOf(anna.id)).sort()).toEqual(
      [phone.subscription.endpoint, laptop.subscription.endpoint].sort(),
    );
  });

  it('refuses visitors, and subscriptions that are not https or whose keys are not P-256 and 16 bytes', async () => {
    const anna = await member();
    const device = pushService.device().subscription;
    const visitor = await subscribe(undefined, device);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    for (const bad of [
      { ...device, endpoint: 'http://push.example/send/1' },
      { ...device, keys: { ...device.keys, p256dh: device.keys.p256dh.slice(4) } },
      { ...device, keys: { ...device.keys, auth: 'not base64url!' } },
      { endpoint: device.endpoint },
    ]) {
      const res = await subscribe(anna.login, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect(await devicesOf(anna.id)).toEqual([]);
  });

  it('leaves POST /api/user.php without ?push=1 to the login', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: 'nobody@example.org', password: 'wrong-password' },
    });
    expect(res.statusCode).not.toBe(404);
    expect(res.json().error.code).not.toBe('validation_failed');
  });

  it('DELETE removes this device of the caller only', async () => {
    const anna = await member();
    const bert = await member();
    const device = await subscribed(anna.login);
    const remove = (login: TestLogin) =>
      app.inject({
        method: 'DELETE',
        url: '/api/user.php?push=1',
        payload: { endpoint: device.subscription.endpoint },
        ...login,
      });
    expect((await remove(bert.login)).statusCode).toBe(200);
    expect(await devicesOf(anna.id)).toHaveLength(1);
    expect((await remove(anna.login)).statusCode).toBe(200);
    expect(await devicesOf(anna.id)).toEqual([]);
  });
});

describe('the push job', () => {
  it('pushes a message to every device of the recipient, in their language, signed and encrypted for each', async () => {
    const anna = await member({ name: 'Anna', language: 'de' });
    const bert = await member({ name: 'Bert', language: 'en' });
    const phone = await subscribed(anna.login);
    const laptop = await subscribed(await logIn(db, anna.id));
    const bertsPhone = await subscribed(bert.login);
    const message = await send(bert.login, anna.id);
    await services.jobs.drain(() => clock);
    expect(pushService.refused).toEqual([]);
    for (const device of [phone, laptop]) {
      expect(pushesTo(device)).toEqual([
        {
          title: 'Liefdesplein',
          body: 'Bert hat eine Unterhaltung mit dir begonnen',
          url: `/chats/${message.conversation.id}`,
          openUrl: '/',
          tag: `conversation-${message.conversation.id}`,
          badge: 1,
        },
      ]);
    }
    expect(pushesTo(bertsPhone)).toEqual([]);
    expect(pushService.received.find((push) => push.device === phone)?.headers.ttl).toBe('86400');
  });

  it('pushes a like and a match by the preferences of the push channel, not the mail', async () => {
    const anna = await member({ name: 'Anna', language: 'en' });
    const bert = await member({ name: 'Bert', language: 'nl' });
    const annas = await subscribed(anna.login);
    const berts = await subscribed(bert.login);
    await like(bert.login, anna.id);
    await services.jobs.drain(() => clock);
    expect(pushesTo(annas).map((push) => [push.body, push.url, push.badge])).toEqual([
      ['Bert likes you', '/likes', 1],
    ]);

    // Bert wants mails of likes but no pushes.
    const off = await app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      payload: {
        preferences: {
          ...(await app.inject({ url: '/api/notifications.php', ...bert.login })).json().preferences,
          like: { email: true, push: false },
        },
      },
      ...bert.login,
    });
    expect(off.statusCode, off.body).toBe(200);
    await like(anna.login, bert.id);
    await services.jobs.drain(() => clock);
    expect(pushesTo(annas).map((push) => [push.body, push.url])).toContainEqual([
      'It is a match with Bert!',
      `/members/${bert.id}`,
    ]);
    expect(pushesTo(berts)).toEqual([]);
  });

  it('forgets a subscription its push service answers 410 or 404, and sends no more to it', async () => {
    const anna = await member();
    const bert = await member();
    const gone = await subscribed(anna.login);
    const unknown = await subscribed(await logIn(db, anna.id));
    const kept = await subscribed(await logIn(db, anna.id));
    pushService.answer(gone, 410);
    pushService.answer(unknown, 404);
    await send(bert.login, anna.id);
    await services.jobs.drain(() => clock);
    expect(await devicesOf(anna.id)).toEqual([kept.subscription.endpoint]);
    expect(pushesTo(kept)).toHaveLength(1);
  });

  it('retries a device whose push service failed, without pushing twice to the one that took it', async () => {
    const anna = await member();
    const bert = await member();
    const flaky = await subscribed(anna.login);
    const fine = await subscribed(await logIn(db, anna.id));
    pushService.answer(flaky, 500);
    const message = await send(bert.login, anna.id);
    const job = {
      kind: 'new_conversation' as const,
      recipientId: anna.id,
      aboutId: bert.id,
      conversationId: message.conversation.id,
      seq: message.seq,
    };
    await expect(sendPush(services, job)).rejects.toThrow(/1 of 2 devices failed/);
    expect(pushesTo(fine)).toHaveLength(1);
    expect(await devicesOf(anna.id)).toHaveLength(2);
    pushService.answer(flaky, 201);
    expect(await sendPush(services, job)).toBe('sent');
    expect(pushesTo(flaky)).toHaveLength(1);
    expect(pushesTo(fine)).toHaveLength(1);
    expect(await sendPush(services, job)).toBe('sent');
    expect(pushesTo(flaky)).toHaveLength(1);
  });

  it('sends nothing to a device logged out, and drops its subscription', async () => {
    const anna = await member();
    const bert = await member();
    const session = await logIn(db, anna.id);
    const device = await subscribed(session);
    const out = await app.inject({
      url: '/api/logout.php',
      cookies: session.cookies,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode, out.body).toBe(200);
    await send(bert.login, anna.id);
    await services.jobs.drain(() => clock);
    expect(pushesTo(device)).toEqual([]);
    expect(await devicesOf(anna.id)).toEqual([]);
  });

  it('pushes about a conversation once until the member comes back, like the mails', async () => {
    const anna = await member();
    const bert = await member();
    const device = await subscribed(anna.login);
    for (let i = 0; i < 5; i++) await send(bert.login, anna.id, `Bericht ${i}`);
    await services.jobs.drain(() => clock);
    expect(pushesTo(device)).toHaveLength(1);
  });
});

describe('the push service double', () => {
  it('refuses a push signed by another key, or for another audience, and cannot decrypt for another device', async () => {
    const other = webpush.generateVAPIDKeys();
    const signedByOther = webpush.getVapidHeaders(
      pushService.url,
      'mailto:a@example.org',
      other.publicKey,
      other.privateKey,
      'aes128gcm',
    );
    const forged = signedByOther.Authorization.replace(/k=[\w-]+$/, `k=${services.vapid.publicKey}`);
    expect(vapidRefusal(forged, pushService.url, services.vapid.publicKey)).toBe('bad signature');
    const ours = webpush.getVapidHeaders(
      'https://push.example',
      'mailto:a@example.org',
      services.vapid.publicKey,
      services.vapid.privateKey,
      'aes128gcm',
    );
    expect(vapidRefusal(ours.Authorization, pushService.url, services.vapid.publicKey)).toBe(
      'audience https://push.example',
    );
    const device = pushService.device();
    const request = webpush.generateRequestDetails(device.subscription, 'hello', {
      vapidDetails: { subject: 'mailto:a@example.org', ...services.vapid },
    });
    expect(decryptPush(request.body as Buffer, device).toString()).toBe('hello');
    expect(() => decryptPush(request.body as Buffer, pushService.device())).toThrow();
  });
});

describe('GET /sw-push.js', () => {
  it('serves the service worker as JavaScript that may control the whole site', async () => {
    const res = await app.inject({ url: '/sw-push.js?v=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toContain("addEventListener('push'");
    expect(res.body).toContain("addEventListener('notificationclick'");
  });
});
