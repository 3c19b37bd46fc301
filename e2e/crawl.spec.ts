import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { LANDERS, SLUG_LANDERS } from '../src/shared/contracts/landers.ts';
import { LEGAL_PAGES } from '../src/web/features/legal/legal-text.ts';
import { LIKES_TABS, likesTabPath } from '../src/web/features/likes/likes-tabs.ts';
import routes from '../src/web/routes.ts';
import { logInByApi, memberContext, PIETER, SANNE } from './demo-members.ts';
import { expect, expectAccessible, test, watchCsp } from './fixtures.ts';

/**
 * Every page of the site as a visitor, a free and a premium member, at a phone's and a desktop's
 * width, in Dutch and English. A page fails on a console error, a request it did not expect to fail
 * (≥ 400 or a network error), a document wider than the window, a text key nobody translated, and an
 * accessibility violation. All problems of a test are collected and shown at once.
 *
 * Each role is two passes, each page opened once per pass: Dutch loaded at the phone's width, and
 * English loaded at the desktop's, then narrowed to the phone's and read again (a language's longer
 * words overflow there). So every page is loaded fresh at both widths and read in both languages at
 * the phone's, and axe checks it at both widths (colour contrast at the desktop's), with half the
 * page loads of a pass per combination.
 */

// Six long tests that touch nothing they share: spread over the workers, not one file on one worker.
test.describe.configure({ mode: 'parallel' });

type Role = 'visitor' | 'free' | 'premium';
type Locale = 'nl' | 'en';
const ROLES: Role[] = ['visitor', 'free', 'premium'];
const PHONE = 375;
const DESKTOP = 1280;
/**
 * A pass: the language and the width its pages load at, the width they are read at again, and
 * whether axe reads colour contrast. Contrast is most of axe's time and the same colours at both
 * widths, so the desktop pass reads it; the phone's own parts (the tab bar, folded filters, the
 * chat's phone layout) have their contrast read by the journeys that run at 375 px.
 */
type Pass = { locale: Locale; width: number; narrowedTo?: number; contrast: boolean };
const PASSES: Pass[] = [
  { locale: 'nl', width: PHONE, contrast: false },
  { locale: 'en', width: DESKTOP, narrowedTo: PHONE, contrast: true },
];

/** What the crawl needs to know to fill in a route's parameters, found through the API as the role. */
type Ids = { role: Role; member: number; conversation: number | undefined; payment: string | undefined };

type Visit = {
  /** The address opened. */
  path: string;
  /** Requests that answer ≥ 400 here on purpose (the 404 page itself), by the path they ask for. */
  expectedFailures?: RegExp[];
};

/**
 * The addresses of each route of src/web/routes.ts. A route left out is named in SKIPPED with the
 * reason; the first test fails when a route is in neither, so a new page is crawled from its start.
 */
const PAGES: Record<string, (ids: Ids) => Visit[]> = {
  '/': () => [{ path: '/' }],
  // The legal texts are the same for everyone: a member sees one, with the member's header.
  '/pages/:page': ({ role }) =>
    (role === 'visitor' ? LEGAL_PAGES : (['terms'] as const)).map((page) => ({ path: `/pages/${page}` })),
  '/complaints': () => [{ path: '/complaints' }],
  '/pricing': () => [{ path: '/pricing' }],
  '/lang-config': () => [{ path: '/lang-config' }],
  '/signup': () => [{ path: '/signup' }],
  '/signup-matches': () => [{ path: '/signup-matches' }],
  '/complete-signup': () => [{ path: '/complete-signup' }],
  '/activate/done': () => [{ path: '/activate/done' }],
  '/activate/error': () => [{ path: '/activate/error' }],
  '/login': () => [{ path: '/login' }],
  '/reset-password': () => [{ path: '/reset-password' }],
  '/account-deleted': () => [{ path: '/account-deleted' }],
  '/reactivate': () => [{ path: '/reactivate' }],
  '/settings': () => [{ path: '/settings' }],
  '/notifications': () => [{ path: '/notifications' }],
  '/profile': () => [{ path: '/profile' }],
  '/likes': () => [{ path: '/likes' }],
  '/likes/:type': () =>
    LIKES_TABS.filter((tab) => tab !== 'received').map((tab) => ({ path: likesTabPath(tab) })),
  '/swipe-game': () => [{ path: '/swipe-game' }],
  '/match-finder': () => [{ path: '/match-finder' }],
  '/credits': () => [{ path: '/credits' }],
  '/credits/repeat-order': () => [{ path: '/credits/repeat-order' }],
  '/directdebit': () => [{ path: '/directdebit?package=p1' }],
  '/credits/:id/:method?': () => [{ path: '/credits/p1' }],
  '/premium': () => [{ path: '/premium' }],
  '/transactions/:id?': ({ payment }) => [
    { path: '/transactions' },
    ...(payment ? [{ path: `/transactions/${payment}` }] : []),
  ],
  '/members': () => [{ path: '/members' }],
  '/members/:id': ({ member }) => [{ path: `/members/${member}` }],
  '/likes/m/:id': ({ member }) => [{ path: `/likes/m/${member}` }],
  '/chats': () => [{ path: '/chats' }],
  '/chats/:id': ({ conversation }) => (conversation ? [{ path: `/chats/${conversation}` }] : []),
  '/members/:id/chat': ({ member }) => [{ path: `/members/${member}/chat` }],
  // Advertising pages are for visitors: all of them as one, a lander and an entry as a member.
  '/landers/:lander/:slug?': ({ role }) =>
    (role === 'visitor' ? LANDERS : (['gallery'] as const)).map((lander) => ({
      path: `/landers/${lander}${SLUG_LANDERS.some((name) => name === lander) ? '/auto' : ''}`,
    })),
  '/members/:id/landing': ({ member }) => [{ path: `/members/${member}/landing` }],
  '/members/:id/signup': ({ member, role }) =>
    role === 'visitor' ? [{ path: `/members/${member}/signup` }] : [],
  '/members/:id/landing2/:slug?': ({ member, role }) =>
    role === 'visitor' ? [{ path: `/members/${member}/landing2/auto` }] : [],
  '/members/:id/landing3/:slug?': ({ member, role }) =>
    role === 'visitor' ? [{ path: `/members/${member}/landing3` }] : [],
  '/*': () => [{ path: '/deze-pagina-bestaat-niet', expectedFailures: [/^\/deze-pagina-bestaat-niet$/] }],
};

const SKIPPED: Record<string, string> = {
  '/reset-password/do': 'needs a token from a mail (its journeys in accounts.spec.ts)',
  '/mail-change/do': 'needs a token from a mail (its journeys in account-lifecycle.spec.ts)',
  // The crawl's roles are members'; staff log in with a second factor (axe at both widths there).
  '/admin/login': 'the back office: its journeys in admin.spec.ts',
  '/admin': 'the back office: its journeys in admin.spec.ts',
  '/admin/staff': 'the back office: its journeys in admin.spec.ts',
  '/admin/audit': 'the back office: its journeys in admin.spec.ts',
  '/admin/operators': "the operators' queue: its journey in operators.spec.ts",
  '/admin/operators/:conversationId': "an operator's conversation: its journey in operators.spec.ts",
  '/admin/moderation': "the moderators' queues: their journeys in moderation.spec.ts",
  '/admin/moderation/photos': "the moderators' photo queue: its journey in moderation.spec.ts",
  '/admin/moderation/texts': "the moderators' text queue: its journey in moderation.spec.ts",
  '/admin/operators/stats': "the operators' figures: their journey in operators.spec.ts",
  '/admin/reports': "the moderators' reports queue: its journey in reports.spec.ts",
  '/admin/reports/:id': 'a report and its outcome: its journey in reports.spec.ts',
  '/admin/profiles': 'the fictional profiles: their journey in fictional-profiles.spec.ts',
  '/admin/profiles/new': 'the fictional profiles: their journey in fictional-profiles.spec.ts',
  '/admin/profiles/:id': 'the fictional profiles: their journey in fictional-profiles.spec.ts',
};

type RouteNode = { path?: string; index?: boolean; children?: RouteNode[] };

/** The full path of every page route (not the layouts) of the app. */
function routePaths(nodes: RouteNode[], parent = ''): string[] {
  return nodes.flatMap((node) => {
    const own = node.path === undefined ? parent : `${parent}/${node.path}`.replace(/\/+/g, '/');
    const self = node.index ? [parent || '/'] : node.path !== undefined ? [own] : [];
    return [...self, ...routePaths(node.children ?? [], own)];
  });
}

// A key nobody translated is shown as the key itself ("account.title", translator.ts), a legal
// page's too ("terms.sections.x.heading"); "namespace:key" is how other i18n libraries show one.
const LOCALE_DIR = path.resolve(import.meta.dirname, '../src/shared/i18n/locales/en');
const GROUPS = [
  ...new Set(
    fs
      .readdirSync(LOCALE_DIR)
      .flatMap((file) => Object.keys(JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, file), 'utf8')))),
  ),
];
const NAMESPACES = fs.readdirSync(LOCALE_DIR).map((file) => file.replace(/\.json$/, ''));
const RAW_KEY = new RegExp(
  `\\b(?:(?:${NAMESPACES.join('|')}):[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*|(?:${GROUPS.join('|')})\\.[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*)\\b`,
  'g',
);

test('every route of the app is crawled, or named with the reason it is not', () => {
  const paths = routePaths(routes as RouteNode[]).map((p) => (p === '/*' ? '/*' : p));
  const unknown = paths.filter((p) => !(p in PAGES) && !(p in SKIPPED));
  expect(unknown, 'routes the crawl does not visit: add them to PAGES or SKIPPED').toEqual([]);
  const stale = [...Object.keys(PAGES), ...Object.keys(SKIPPED)].filter((p) => !paths.includes(p));
  expect(stale, 'crawled routes the app no longer has').toEqual([]);
});

/** Listens to a page: console errors, uncaught errors and failed requests, tagged with the page open now. */
function watchPage(page: Page, report: (problem: string) => void, expected: () => RegExp[]) {
  page.on('console', (message) => {
    // A failed load is reported by the request checks below, with its address and whether it was expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      report(`console error: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => report(`uncaught error: ${error.message.slice(0, 300)}`));
  const isExpected = (url: string) => {
    const { pathname } = new URL(url);
    return expected().some((pattern) => pattern.test(pathname));
  };
  page.on('response', (response) => {
    if (response.status() >= 400 && !isExpected(response.url()))
      report(`${response.status()} ${response.request().method()} ${shortUrl(response.url())}`);
  });
  page.on('requestfailed', (request) => {
    // Cancelled, not failed: the page's own prefetches and images that the next navigation stopped.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (!isExpected(request.url()))
      report(
        `request failed: ${request.method()} ${shortUrl(request.url())} (${request.failure()?.errorText})`,
      );
  });
}

/**
 * Waits until the page has had no request open for a moment (its hydration's queries answered),
 * for at most a few seconds: a page that polls (the session every 5 s) is never idle for
 * Playwright's 'networkidle', which waited for the test's timeout on the chat.
 */
function trackRequests(page: Page) {
  const open = new Set<object>();
  let wake = () => {};
  const changed = () => wake();
  page.on('request', (request) => {
    open.add(request);
    changed();
  });
  const ended = (request: object) => {
    open.delete(request);
    changed();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: (quietMs = 150, limitMs = 5_000) =>
      new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const limit = setTimeout(done, limitMs);
        function done() {
          clearTimeout(timer);
          clearTimeout(limit);
          wake = () => {};
          resolve();
        }
        wake = () => {
          clearTimeout(timer);
          if (open.size === 0) timer = setTimeout(done, quietMs);
        };
        wake();
      }),
    // A request of the previous page that never ended (a poll cut short by the navigation) is not this page's.
    reset: () => open.clear(),
  };
}

const shortUrl = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function contextFor(
  browser: import('@playwright/test').Browser,
  baseURL: string,
  role: Role,
  width: number,
  locale: Locale,
): Promise<BrowserContext> {
  const context = await memberContext(browser, { width });
  await watchCsp(context);
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL }]);
  if (role !== 'visitor') await logInByApi(context.request, role === 'free' ? SANNE : PIETER);
  return context;
}

async function idsFor(context: BrowserContext, role: Role): Promise<Ids> {
  const get = async <T>(url: string): Promise<T | undefined> => {
    const res = await context.request.get(url, { headers: { 'x-request-type': 'client' } });
    return res.ok() ? ((await res.json()) as T) : undefined;
  };
  const members = await get<{ members: { id: number }[] }>('/api/members.php');
  const chats =
    role === 'visitor'
      ? undefined
      : await get<{ chats: { conversation: { id: number } }[] }>('/api/chats.php');
  const payments =
    role === 'visitor'
      ? undefined
      : await get<{ transactions: { payment_id: string }[] }>('/api/transactions.php');
  const member = members?.members[0]?.id;
  expect(member, 'a member to open').toBeDefined();
  return {
    role,
    member: member ?? 0,
    conversation: chats?.chats[0]?.conversation.id,
    payment: payments?.transactions[0]?.payment_id,
  };
}

/** The document's width beyond the window, with the last elements that stick out, or undefined. */
function overflowOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return undefined;
    const wide = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return `${document.documentElement.scrollWidth} px wide (${wide.join(', ')})`;
  });
}

async function rawKeysOf(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not the inline data scripts' text
  const keys = (await page.locator('body').innerText()).match(RAW_KEY);
  return keys ? [...new Set(keys)] : [];
}

for (const role of ROLES) {
  for (const pass of PASSES) {
    const { locale, width, narrowedTo } = pass;
    const widths = narrowedTo ? `${width} px, then ${narrowedTo} px` : `${width} px`;
    test(`every page as a ${role} in ${locale} at ${widths}: no error, overflow, raw key or axe violation`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(600_000);
      const problems: string[] = [];
      // Where the time goes, printed at the end: the crawl runs on every CI run.
      const spent = { open: 0, settle: 0, checks: 0, axe: 0, narrowed: 0 };
      let visits = 0;
      const clock = async <T>(phase: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
        const start = Date.now();
        try {
          return await work();
        } finally {
          spent[phase] += Date.now() - start;
        }
      };
      const context = await contextFor(browser, baseURL ?? '', role, width, locale);
      const ids = await idsFor(context, role);
      const page = await context.newPage();
      const requests = trackRequests(page);
      let current: Visit = { path: '' };
      let at = `${width} px`;
      watchPage(
        page,
        (problem) => problems.push(`${at} ${current.path}: ${problem}`),
        () => current.expectedFailures ?? [],
      );
      // A page that sends the role elsewhere (a visitor on /settings) lands on one checked already.
      const checked = new Set<string>();
      for (const visit of Object.values(PAGES).flatMap((visits) => visits(ids))) {
        current = visit;
        at = `${width} px`;
        const report = (problem: string) => problems.push(`${at} ${visit.path}: ${problem}`);
        visits++;
        requests.reset();
        await clock('open', () => page.goto(visit.path));
        // The queries a page sends once hydrated fail after its load event (/credits' discount once did).
        await clock('settle', () => requests.quiet());
        const landed = new URL(page.url()).pathname;
        if (checked.has(landed)) continue;
        checked.add(landed);
        await clock('checks', async () => {
          const lang = await page.locator('html').getAttribute('lang');
          if (lang !== locale) report(`the page is in "${lang}"`);
          const overflow = await overflowOf(page);
          if (overflow) report(`wider than the window: ${overflow}`);
          const keys = await rawKeysOf(page);
          if (keys.length) report(`untranslated keys: ${keys.join(', ')}`);
        });
        try {
          await clock('axe', () => expectAccessible(page, { contrast: pass.contrast }));
        } catch (error) {
          const lines = (error as Error).message.split('\n');
          const found = lines.filter((line) => /\((serious|critical)\)/.test(line));
          report(`axe: ${(found.length ? found : lines.slice(0, 1)).join('; ')}`);
        }
        if (!narrowedTo) continue;
        // The same document at the phone's width: what the language's words do there. A component
        // that switches on the width (a media query in a hook) renders its narrow form now, and what
        // it asks for is still watched.
        await clock('narrowed', async () => {
          at = `${narrowedTo} px`;
          await page.setViewportSize({ width: narrowedTo, height: 812 });
          // Two frames, or a second when Chromium draws none (a CI run waited 600 s here once, at
          // /match-finder narrowed; the checks below read the layout either way).
          await page.evaluate(
            () =>
              new Promise((done) => {
                requestAnimationFrame(() => requestAnimationFrame(done));
                setTimeout(done, 1000);
              }),
          );
          await requests.quiet();
          const overflow = await overflowOf(page);
          if (overflow) report(`wider than the window: ${overflow}`);
          const keys = await rawKeysOf(page);
          if (keys.length) report(`untranslated keys: ${keys.join(', ')}`);
          await page.setViewportSize({ width, height: 800 });
        });
      }
      await context.close();
      console.log(
        `crawl ${role} ${locale} ${widths}: ${visits} visits; ${Object.entries(spent)
          .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}`,
      );
      const found = [...new Set(problems)];
      expect(found, `${role} in ${locale}:\n${found.join('\n')}`).toEqual([]);
    });
  }
}
