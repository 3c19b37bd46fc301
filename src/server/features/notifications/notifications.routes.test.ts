import { describe, expect, it } from 'vitest';
import {
  defaultNotificationPreferences,
  NotificationSettingsSchema,
} from '../../../shared/contracts/notifications.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../test/members.ts';
import { changeNotificationsDisabled } from '../auth/accounts.service.ts';
import { wantsNotification } from './preferences.service.ts';

const { app, services } = await createTestApp();
const db = services.db;

const read = (login: TestLogin | undefined) =>
  app.inject({ url: '/api/notifications.php', headers: login?.headers, cookies: login?.cookies });
const save = (login: TestLogin | undefined, payload: object) =>
  app.inject({
    method: 'PUT',
    url: '/api/notifications.php',
    payload,
    headers: login?.headers,
    cookies: login?.cookies,
  });
const userAnswer = async (login: TestLogin) =>
  (await app.inject({ url: '/api/user.php', headers: login.headers, cookies: login.cookies })).json().user;

describe('GET /api/notifications.php', () => {
  it('starts every member with their own contacts on and promotions and news off', async () => {
    const login = await logIn(db, (await createMember(db)).id);
    const res = await read(login);
    expect(res.statusCode, res.body).toBe(200);
    const body = NotificationSettingsSchema.parse(res.json());
    expect(body.notifications_disabled).toEqual([]);
    expect(body.preferences.new_messages).toEqual({ email: true, push: true });
    expect(body.preferences.like).toEqual({ email: true, push: true });
    expect(body.preferences.promotions).toEqual({ email: false, push: false });
    expect(body.preferences.news).toEqual({ email: false, push: false });
  });

  it('refuses visitors', async () => {
    const res = await read(undefined);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });
});

describe('PUT /api/notifications.php', () => {
  it('stores every switch for the caller only, and saving twice is saving once', async () => {
    const me = await createMember(db);
    const other = await createMember(db);
    const login = await logIn(db, me.id);
    const preferences = {
      ...defaultNotificationPreferences(),
      new_messages: { email: false, push: true },
      news: { email: true, push: false },
    };
    for (let i = 0; i < 2; i++) {
      const res = await save(login, { preferences });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().preferences).toEqual(preferences);
    }
    expect((await read(login)).json().preferences).toEqual(preferences);
    expect((await read(await logIn(db, other.id))).json().preferences).toEqual(
      defaultNotificationPreferences(),
    );
    expect(await wantsNotification(db, me.id, 'new_messages', 'email')).toBe(false);
    expect(await wantsNotification(db, me.id, 'new_messages', 'push')).toBe(true);
    expect(await wantsNotification(db, me.id, 'news', 'email')).toBe(true);
    expect(await wantsNotification(db, other.id, 'news', 'email')).toBe(false);
  });

  it('refuses visitors, calls without the CSRF token and a table with a type missing', async () => {
    const login = await logIn(db, (await createMember(db)).id);
    const preferences = defaultNotificationPreferences();
    const visitor = await save(undefined, { preferences });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const noToken = await app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      payload: { preferences },
      cookies: login.cookies,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_failed');
    const { news: _news, ...missing } = preferences;
    const bad = await save(login, { preferences: missing });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    const empty = await save(login, {});
    expect(empty.statusCode).toBe(400);
    expect((await read(login)).json().preferences).toEqual(preferences);
  });

  it('switches mail back on after a disabled reason, which the user answer shows', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    await db.transaction((tx) => changeNotificationsDisabled(services, tx, me.id, { add: 'bounce' }));
    expect((await read(login)).json().notifications_disabled).toEqual(['bounce']);
    expect((await userAnswer(login)).notifications_disabled).toEqual(['bounce']);
    // A disabled address gets no mail whatever the switches say; push does not depend on it.
    expect(await wantsNotification(db, me.id, 'new_messages', 'email')).toBe(false);
    expect(await wantsNotification(db, me.id, 'new_messages', 'push')).toBe(true);

    const res = await save(login, { enable_email: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notifications_disabled).toEqual([]);
    expect((await userAnswer(login)).notifications_disabled).toEqual([]);
    expect(await wantsNotification(db, me.id, 'new_messages', 'email')).toBe(true);
  });
});

describe('the page texts', () => {
  it('send the page its texts but keep the e-mails on the server', async () => {
    const res = await app.inject({ url: '/api/locale.php?lng=de&ns=notifications' });
    expect(res.statusCode, res.body).toBe(200);
    const texts = JSON.stringify(res.json());
    expect(texts).toContain('Benachrichtigungen');
    expect(texts).not.toContain('hat dir eine Nachricht geschickt');
  });
});
