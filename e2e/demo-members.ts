import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, viewportAt, watchCsp } from './fixtures.ts';

// The demo logins of src/server/db/seed/demo-logins.ts: a free woman and a premium man who look for
// each other (the demo data gives each likes, matches and a few conversations).
export const SANNE = { email: 'demo@liefdesplein.nl', password: 'demo-liefde-2026', name: 'DemoSanne' };
export const PIETER = {
  email: 'premium@liefdesplein.nl',
  password: 'premium-liefde-2026',
  name: 'PremiumPieter',
};

/**
 * A new browser context of the given width. The GeoIP header keeps the country of the tests stable.
 * `scripts: false`: no JavaScript, the pages as the server sends them.
 */
export function memberContext(
  browser: Browser,
  { width = 375, scripts = true }: { width?: number; scripts?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: viewportAt(width),
    extraHTTPHeaders: { 'x-test-geoip-country': 'FR' },
    javaScriptEnabled: scripts,
  });
}

/** Logs a member in through the API, in the cookie jar of `request` (the form has its own journeys). */
export async function logInByApi(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<{ id: number; csrf: { 'x-csrf-token': string } }> {
  const res = await request.post('/api/user.php', {
    data: { email: who.email, password: who.password },
    headers: { 'x-request-type': 'client' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = (await res.json()) as { user: { id: number; csrf_token: string } };
  return { id: user.id, csrf: { 'x-csrf-token': user.csrf_token } };
}

/**
 * Logs out as the web client does: GET /api/logout.php with the session's CSRF token, since a
 * request context sends neither Sec-Fetch-Site nor Origin and the server wants one proof of the
 * site. Logged out already: nothing to do.
 */
export async function logOutByApi(request: APIRequestContext): Promise<void> {
  const res = await request.get('/api/user.php', { headers: { 'x-request-type': 'client' } });
  if (res.status() === 403) return;
  const { user } = (await res.json()) as { user: { csrf_token: string } };
  const out = await request.get('/api/logout.php', { headers: { 'x-csrf-token': user.csrf_token } });
  expect(out.status(), await out.text()).toBe(200);
}

/** A page without JavaScript, logged in as a member: what the server sends before any script runs. */
export async function scriptlessMemberPage(
  browser: Browser,
  who: { email: string; password: string },
): Promise<Page> {
  const context = await memberContext(browser, { scripts: false });
  await logInByApi(context.request, who);
  return context.newPage();
}

/**
 * A new browser context of the given width, logged in as a member (through the API: the form has
 * journeys of its own, and its page load was a second one per member for every journey), on the
 * members page in Dutch, the site's default.
 */
export async function memberPage(
  browser: Browser,
  who: { email: string; password: string },
  width = 375,
): Promise<Page> {
  const context = await memberContext(browser, { width });
  await watchCsp(context);
  await logInByApi(context.request, who);
  const page = await context.newPage();
  // The layout opens the live channel once the page has hydrated: from then on a click is React's,
  // as it was after the form's login.
  const live = page.waitForEvent('websocket', (socket) => socket.url().includes('/api/realtime'));
  await page.goto('/members');
  await live;
  return page;
}

/** What GET /api/user.php tells a logged-in page about its member (the fields the tests read). */
export type MemberUser = {
  id: number;
  credits: number;
  csrf_token: string;
  unread_messages: number;
  paid_user: boolean;
  dismissals?: Record<string, string>;
};

export async function me(page: Page): Promise<MemberUser> {
  const res = await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } });
  return ((await res.json()) as { user: MemberUser }).user;
}

export const memberId = async (page: Page): Promise<number> => (await me(page)).id;

/**
 * A member signed up just now through the API (from Utrecht unless told: EUR, iDEAL), logged in in
 * this page's browser context. New, so their time bonus runs (4 hours, 25 %).
 */
export async function signUpMember(
  page: Page,
  prefix: string,
  place: { country: string; region: string | null; city: string } = {
    country: 'NL',
    region: 'NL-UT',
    city: 'Utrecht',
  },
): Promise<{ email: string; name: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const who = {
    email: `${prefix}${stamp}@example.nl`,
    name: `${prefix[0]?.toUpperCase()}${prefix.slice(1)}${stamp.slice(-7)}`,
  };
  const res = await page.request.post('/api/signup.php', {
    data: {
      ...who,
      password: 'Zonnebloem-2026!',
      date_of_birth: '1984-06-02',
      gender: 'female',
      sexuality: 'hetero',
      ...place,
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return who;
}
