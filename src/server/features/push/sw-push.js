// The service worker of web push, served as is at /sw-push.js (push.routes.ts) and registered by
// the pages with scope '/'. Plain JavaScript: browsers load it without the app's build.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The app badge shows unread messages plus new likes; zero clears it. A browser without it, or refusing, is ignored. */
async function setBadge(count) {
  try {
    if (typeof count !== 'number') return;
    if (count > 0) await self.navigator.setAppBadge?.(count);
    else await self.navigator.clearAppBadge?.();
  } catch {
    // The badge is a nicety: never a reason to miss the notification.
  }
}

async function showPush(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string') return;
  await setBadge(payload.badge);
  // Open tabs keep the last push (the push state's lastMessage).
  const tabs = await self.clients.matchAll({ type: 'window' });
  for (const tab of tabs) tab.postMessage({ type: 'push', payload });
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    // A newer message in the same conversation replaces the notification, and still says so.
    renotify: Boolean(payload.tag),
    icon: '/favicon.svg',
    data: { url: payload.url, openUrl: payload.openUrl },
  });
}

self.addEventListener('push', (event) => event.waitUntil(showPush(event.data)));

/** The spec's check: the page the push is about when logged in on this browser, the open URL otherwise. */
async function targetOf(data) {
  try {
    const response = await fetch('/api/user.php', { credentials: 'same-origin', cache: 'no-store' });
    if (response.status === 403 || response.status === 401) return data.openUrl || '/';
  } catch {
    // Offline: the page itself will say what it can.
  }
  return data.url || '/';
}

async function openPush(data) {
  const url = new URL(await targetOf(data), self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = tabs.find((tab) => tab.url === url);
  if (same) return same.focus();
  // An open tab of the site goes to the page rather than a second tab being opened.
  const open = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
  if (open) {
    try {
      const moved = await open.navigate(url);
      if (moved) return moved.focus();
    } catch {
      // A tab this worker does not control cannot be navigated: a new one instead.
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPush(event.notification.data || {}));
});
