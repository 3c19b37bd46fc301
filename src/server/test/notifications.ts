import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppServices } from '../services.ts';
import { createTestApp } from './app.ts';
import { closeWhenDone } from './lifetime.ts';
import { createMemberWithCredits, type TestLogin } from './members.ts';
import { startPushServiceDouble, type TestDevice } from './push-service-double.ts';

/**
 * The set-up the notification tests (mails, pushes, the night's hold) share: a member to tell
 * things to, away from the site since 1 November (so nothing counts as seen), and the calls that
 * cause notifications.
 */
export const createAwayMember = (
  db: AppServices['db'],
  overrides: Parameters<typeof createMemberWithCredits>[2] = {},
) =>
  createMemberWithCredits(db, 1000, {
    paidUser: true,
    lastActiveAt: new Date('2026-11-01T00:00:00Z'),
    ...overrides,
  });

/** A message from the login to the member, answered 200. */
export async function sendMessage(app: FastifyInstance, login: TestLogin, to: number, body = 'Hallo!') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { to: { id: to }, client_id: randomUUID(), body },
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as { conversation: { id: number }; seq: number };
}

/**
 * The message restamped at the test's clock: the database stamps a message with its own (real) clock,
 * and the reminders compare it with the test's, which a real clock must never overtake.
 */
export async function stampMessageAt(
  services: Pick<AppServices, 'pool'>,
  message: { conversation: { id: number }; seq: number },
  at: Date,
) {
  await services.pool.query('update messages set created_at = $1 where conversation_id = $2 and seq = $3', [
    at,
    message.conversation.id,
    message.seq,
  ]);
}

/** A like from the login, answered 200. */
export async function likeAs(app: FastifyInstance, login: TestLogin, id: number) {
  const res = await app.inject({ method: 'POST', url: '/api/like.php', payload: { id }, ...login });
  expect(res.statusCode, res.body).toBe(200);
}

/** The app with its pushes sent to a double of the push service (closed after the file's tests). */
export async function createPushTestApp() {
  let vapidKey = '';
  const pushService = await startPushServiceDouble(() => vapidKey);
  closeWhenDone(() => pushService.close());
  const { app, services } = await createTestApp({ PUSH_SERVICE_URL: pushService.url });
  vapidKey = services.vapid.publicKey;
  const subscribe = (login: TestLogin | undefined, subscription: unknown) =>
    app.inject({ method: 'POST', url: '/api/user.php?push=1', payload: { subscription }, ...login });
  /** A new device of the double, subscribed by the login's session. */
  async function subscribed(login: TestLogin): Promise<TestDevice> {
    const device = pushService.device();
    const res = await subscribe(login, device.subscription);
    expect(res.statusCode, res.body).toBe(200);
    return device;
  }
  return { app, services, pushService, subscribe, subscribed };
}
