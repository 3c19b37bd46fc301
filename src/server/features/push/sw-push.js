// The site's service worker, served at /sw-push.js (push.routes.ts) and registered by every page
// with scope '/' (src/web/lib/app-worker.ts): web push, and the offline page. Plain JavaScript:
// browsers load it without the app's build.

// --- The offline page ---------------------------------------------------------------------------
// Pages always come from the network; only when that fails does a navigation get the offline page
// (installable/offline-page.ts) in the language the member's last page was in. Nothing else is
// cached or answered here: API calls, media, posts and the socket go to the network untouched.

// Written in when served (installable/app-worker.ts): a fingerprint of the offline pages, and the
// site's languages and default from src/shared/i18n/locales.ts.
const OFFLINE_VERSION = 'dev';
const OFFLINE_LOCALES = ['nl'];
const DEFAULT_LOCALE = 'nl';
const OFFLINE_CACHE = `offline-${OFFLINE_VERSION}`;
// Outlives a new worker: the member's language is kept, not the pages.
const STATE_CACHE = 'app-state';
const LOCALE_KEY = '/offline/locale';

const offlineUrl = (locale) => `/offline/${locale}`;

async function storeOfflinePages() {
  const cache = await caches.open(OFFLINE_CACHE);
  // One by one, and a failure is only a missing language: push must never wait on these.
  await Promise.allSettled(OFFLINE_LOCALES.map((locale) => cache.add(offlineUrl(locale))));
}

async function dropOldOfflinePages() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith('offline-') && name !== OFFLINE_CACHE)
      .map((name) => caches.delete(name)),
  );
}

async function rememberLocale(locale) {
  const cache = await caches.open(STATE_CACHE);
  await cache.put(LOCALE_KEY, new Response(locale));
}

/** The language the last page told; before any did, the browser's own; then the site's default. */
async function offlineLocale() {
  const stored = await (await caches.open(STATE_CACHE)).match(LOCALE_KEY);
  const told = stored ? await stored.text() : '';
  if (OFFLINE_LOCALES.includes(told)) return told;
  const spoken = (self.navigator.languages || []).map((tag) => tag.slice(0, 2).toLowerCase());
  return spoken.find((locale) => OFFLINE_LOCALES.includes(locale)) || DEFAULT_LOCALE;
}

async function offlinePage() {
  const cache = await caches.open(OFFLINE_CACHE);
  const locale = await offlineLocale();
  return (
    (await cache.match(offlineUrl(locale))) ||
    (await cache.match(offlineUrl(DEFAULT_LOCALE))) ||
    Response.error()
  );
}

async function pageOrOffline(event) {
  try {
    // The preload started with the navigation, while this worker woke: no time lost to it.
    const preloaded = await event.preloadResponse;
    return preloaded || (await fetch(event.request));
  } catch {
    return offlinePage();
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(storeOfflinePages().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      dropOldOfflinePages(),
      self.registration.navigationPreload?.enable().catch(() => undefined),
    ]).then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(pageOrOffline(event));
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'locale' && OFFLINE_LOCALES.includes(data.locale))
    event.waitUntil(rememberLocale(data.locale));
});

// --- Web push -----------------------------------------------------------------------------------

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
  // The notification first and on its own: the badge and the open tabs are niceties, and nothing
  // they wait for may hold it up.
  await Promise.all([
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      // A newer message in the same conversation replaces the notification, and still says so.
      renotify: Boolean(payload.tag),
      icon: '/favicon.svg',
      data: { url: payload.url, openUrl: payload.openUrl },
    }),
    setBadge(payload.badge),
    tellOpenTabs(payload),
  ]);
}

/** Open tabs keep the last push (the push state's lastMessage). */
async function tellOpenTabs(payload) {
  const tabs = await self.clients.matchAll({ type: 'window' });
  for (const tab of tabs) tab.postMessage({ type: 'push', payload });
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
