import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { dayPlace } from '../src/server/test/day-place.ts';
import { type ReceivedPush, startPushServiceDouble } from '../src/server/test/push-service-double.ts';
import { logInByApi, memberContext, memberId, PIETER, signUpMember } from './demo-members.ts';
import { currentServer, expect, expectAccessible, lookAt, test, waitForMail } from './fixtures.ts';

/**
 * Headless Chromium has no push service to subscribe at (subscribe() answers "permission denied"),
 * so the page's PushManager hands out a subscription whose keys this test holds; everything else
 * is real: the page posts it, the server encrypts and signs each push for it and sends it to the
 * push service double at PUSH_SERVICE_URL, which decrypts it as the browser's push service would
 * pass it on, and the DevTools protocol delivers it to the site's service worker.
 */
/** The push service double at the server's PUSH_SERVICE_URL, checking pushes by the site's VAPID key. */
async function pushServiceOf(browser: Browser) {
  const visitor = await memberContext(browser);
  const settings = await (await visitor.request.get('/api/settings.php')).json();
  const vapidKey = (settings as { push_public_key: string }).push_public_key;
  await visitor.close();
  return startPushServiceDouble(() => vapidKey, Number(new URL(currentServer().pushServiceUrl).port));
}

async function fakePushManager(context: BrowserContext, subscription: object) {
  await context.addInitScript((json) => {
    const key = 'test_push_subscription';
    const made = () => ({
      ...json,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem(key, '1');
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (localStorage.getItem(key) ? made() : null) as unknown as PushSubscription;
    };
  }, subscription);
}

test(`a message pushes a notification to the subscribed device, whose click opens the conversation`, async ({
  browser,
}) => {
  // Subscribing, a push through the server and the push service, its notification and its click.
  test.setTimeout(120_000);
  const server = currentServer();
  const pushService = await pushServiceOf(browser);
  try {
    const device = pushService.device();

    const context = await memberContext(browser, { width: 375 });
    await fakePushManager(context, { ...device.subscription, expirationTime: null });
    // Pushes wait out the member's night (22:00–08:00 in her country's zone): she lives where it is
    // day for the next hour, whenever the run is.
    const page = await context.newPage();
    const who = await signUpMember(page, 'push', dayPlace());
    // Confirmed, or Pieter could not find her to write to.
    await page.goto((await waitForMail(who.email, '/api/activate.php')).link);
    const sanneId = await memberId(page);
    await page.goto('/notifications');
    const switchOn = page.getByRole('button', { name: 'Aanzetten', exact: true });
    await expect(page.getByText('Uit op dit apparaat.')).toBeVisible();
    await expectAccessible(page);
    // Allowed as the browser's prompt would allow it (a permission granted before the page loaded
    // subscribes by itself, as after the sign-up's prompt).
    await context.grantPermissions(['notifications']);
    const stored = page.waitForResponse(
      (res) => res.url().endsWith('/api/user.php?push=1') && res.request().method() === 'POST',
    );
    await switchOn.click();
    expect((await stored).status()).toBe(200);
    await expect(page.getByText('Aan: dit apparaat toont een melding')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Uitzetten', exact: true })).toBeVisible();
    await expectAccessible(page);
    for (const width of [375, 1280])
      await lookAt(page, `notifications-push-on-${width}`, { fullPage: true, width });

    // The worker controls the page (scope /), so a click can take this tab to the conversation.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    expect(new URL(worker.url()).pathname).toBe('/sw-push.js');
    await page.goto('/members');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // Pieter writes to Sanne while she has the site open: she sees it there, so no push is made
    // for it (unless her socket had not been noted yet; then this one is pushed and the next is
    // not, one per conversation until she is back: one push either way).
    const pieter = await memberContext(browser);
    const { csrf } = await logInByApi(pieter.request, PIETER);
    const write = async () => {
      const sent = await pieter.request.post('/api/chat-message.php', {
        data: { to: { id: sanneId }, client_id: randomUUID(), body: `Hoi Sanne ${randomUUID().slice(0, 6)}` },
        headers: csrf,
      });
      expect(sent.status(), await sent.text()).toBe(200);
      return ((await sent.json()) as { message: { conversation: { id: number } } }).message.conversation.id;
    };
    const conversationId = await write();
    const sanneOnline = async () => {
      const { chats } = (await (await pieter.request.get('/api/chats.php')).json()) as {
        chats: { conversation: { id: number }; partner_online: boolean }[];
      };
      return chats.find((chat) => chat.conversation.id === conversationId)?.partner_online;
    };
    await expect.poll(sanneOnline).toBe(true);
    // Sanne leaves the site without reading: Pieter's next message is pushed to her device.
    await page.goto('about:blank');
    await expect.poll(sanneOnline).toBe(false);
    expect(await write()).toBe(conversationId);
    await pieter.close();

    // The server's job sends it to the push service, signed with the site's key, for this device.
    await expect.poll(() => pushService.received.length, { timeout: 30_000 }).toBe(1);
    expect(pushService.refused).toEqual([]);
    const push = pushService.received[0] as ReceivedPush;
    expect(push.device).toBe(device);
    expect(push.payload).toMatchObject({
      title: 'Liefdesplein',
      body: expect.stringContaining(PIETER.name),
      url: `/chats/${conversationId}`,
      openUrl: '/',
    });

    // The push service passes it on to the browser's worker; Sanne's tab is back on the site.
    await page.goto('/members');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: await registration,
      data: JSON.stringify(push.payload),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            data: n.data,
          })),
        ),
      )
      .toEqual([
        {
          title: 'Liefdesplein',
          body: (push.payload as { body: string }).body,
          data: { url: `/chats/${conversationId}`, openUrl: '/' },
        },
      ]);

    // A click on the notification: Sanne is logged in, so this tab goes to the conversation.
    await worker.evaluate(async () => {
      // The worker's own types are not the page's (lib "webworker" is not in the project's).
      type WorkerScope = {
        registration: ServiceWorkerRegistration;
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`/chats/${conversationId}$`));
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
      )
      .toBe(0);

    // Switched off: the browser's subscription and the server's go.
    await page.goto('/notifications');
    const removed = page.waitForResponse(
      (res) => res.url().endsWith('/api/user.php?push=1') && res.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Uitzetten', exact: true }).click();
    expect((await removed).status()).toBe(200);
    await expect(page.getByText('Uit op dit apparaat.')).toBeVisible();
    await context.close();
  } finally {
    await pushService.close();
  }
});

/**
 * Headless Chromium answers every permission it was not granted "denied" (it has no prompt to ask
 * with), where a real browser that never asked says "default": the pages see "default" until the
 * context grants it, as a browser that has not asked yet.
 */
async function neverAsked(context: BrowserContext) {
  await context.addInitScript(() => {
    const real = Object.getOwnPropertyDescriptor(Notification, 'permission');
    Object.defineProperty(Notification, 'permission', {
      configurable: true,
      get() {
        const permission = real?.get?.call(Notification) as NotificationPermission;
        return permission === 'denied' ? 'default' : permission;
      },
    });
  });
}

/**
 * The page has hydrated and its worker is active: the push state (the alert's condition) has been
 * read, so an alert that is not there now will not appear.
 */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (!registration?.active) return false;
        await registration.pushManager.getSubscription();
        return true;
      }),
    )
    .toBe(true);
}

test('the alert asks a member who has not subscribed to switch pushes on: from it she subscribes, and a dismissal holds', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const pushService = await pushServiceOf(browser);
  try {
    // A new member who has neither allowed nor refused pushes on this browser.
    const context = await memberContext(browser, { width: 375 });
    await fakePushManager(context, { ...pushService.device().subscription, expirationTime: null });
    await neverAsked(context);
    const page = await context.newPage();
    await signUpMember(page, 'melding');
    // The members' area (likes, profile, account …) asks; the search and the chats do not.
    await page.goto('/likes');
    const alert = page.getByRole('region', { name: 'Mis nooit meer een bericht' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Zet pushmeldingen aan en hoor meteen wanneer iemand je schrijft');
    await expectAccessible(page);
    // Over the list: the cards' photos, badges and buttons are positioned with a z-index of 1–3, and
    // drew over the alert's text. One such part put right under it stays under it.
    const covered = await page.evaluate(() => {
      const shown = document.querySelector('.enable-push-alert');
      if (!shown) return 'no alert';
      const box = shown.getBoundingClientRect();
      const badge = document.createElement('span');
      badge.style.cssText = `position:fixed;z-index:3;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`;
      document.querySelector('main')?.append(badge);
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      badge.remove();
      return top && shown.contains(top) ? 'on top' : `under ${top?.tagName}`;
    });
    expect(covered).toBe('on top');
    for (const width of [375, 1280]) await lookAt(page, `enable-push-alert-${width}`, { width });
    // Not over the swipe game's buttons (the push state is known by now: the page changes in place).
    await page.getByRole('link', { name: 'Speel het swipe-spel' }).click();
    await expect(page).toHaveURL(/\/swipe-game$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(alert).toHaveCount(0);
    await page.goBack();
    await expect(alert).toBeVisible();
    // Nor over the packages and the payment: buying is not the moment.
    await page.getByRole('navigation').getByRole('link', { name: 'Premium' }).first().click();
    await expect(page).toHaveURL(/\/premium$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(alert).toHaveCount(0);
    await page.goBack();
    await expect(alert).toBeVisible();

    // She allows it as the browser's prompt would, from the alert's button: subscribed, gone.
    await context.grantPermissions(['notifications']);
    const stored = page.waitForResponse(
      (res) => res.url().endsWith('/api/user.php?push=1') && res.request().method() === 'POST',
    );
    await alert.getByRole('button', { name: 'Meldingen aanzetten' }).click();
    expect((await stored).status()).toBe(200);
    await expect(alert).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(alert).toHaveCount(0);
    await page.goto('/notifications');
    await expect(page.getByText('Aan: dit apparaat toont een melding')).toBeVisible();
    await context.close();

    // Another new member closes it: it stays closed after a reload (stored with her account).
    const other = await memberContext(browser, { width: 375 });
    await neverAsked(other);
    const otherPage = await other.newPage();
    await signUpMember(otherPage, 'sluiter');
    await otherPage.goto('/likes');
    const otherAlert = otherPage.getByRole('region', { name: 'Mis nooit meer een bericht' });
    await expect(otherAlert).toBeVisible();
    const dismissed = otherPage.waitForResponse(
      (res) => res.url().endsWith('/api/dismissal.php') && res.request().method() === 'POST',
    );
    await otherAlert.getByRole('button', { name: 'Sluiten en niet meer tonen' }).click();
    expect((await dismissed).ok()).toBe(true);
    await expect(otherAlert).toHaveCount(0);
    await otherPage.reload();
    await settled(otherPage);
    await expect(otherAlert).toHaveCount(0);
    await other.close();
  } finally {
    await pushService.close();
  }
});
