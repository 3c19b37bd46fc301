import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { e2eServer } from './servers.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/shared/i18n/locales/en');
/** The top-level groups of every namespace: a text on screen like "account.title" is a key nobody translated. */
const TEXT_GROUPS = [
  ...new Set(
    fs
      .readdirSync(LOCALES_DIR)
      .filter((file) => file !== 'legal.json')
      .flatMap((file) => Object.keys(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')))),
  ),
];
const RAW_KEY = new RegExp(`\\b(?:${TEXT_GROUPS.join('|')})\\.[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*\\b`, 'g');

/** A window of this width: a phone's height below 500 px, a laptop's above. */
export const viewportAt = (width: number) => ({ width, height: width < 500 ? 812 : 800 });

/**
 * Axe at the page's width and again at another one in the same document, then back: for a journey
 * that walks its path once at one width and reads the other width where it counts, instead of
 * walking the whole path twice (each page load and check costs Chromium about a second).
 */
export async function expectAccessibleAlsoAt(page: Page, width: number) {
  await expectAccessible(page);
  const before = page.viewportSize();
  await page.setViewportSize(viewportAt(width));
  await expectAccessible(page);
  if (before) await page.setViewportSize(before);
}

/**
 * The back office's pages at the phone's and the desktop's width in the same document: axe, and
 * nothing wider than the window. The page's own size is put back after.
 */
export async function expectAccessibleAtBothWidths(page: Page) {
  const start = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize(viewportAt(width));
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the page is wider than ${width} px`).toBeLessThanOrEqual(0);
  }
  if (start) await page.setViewportSize(start);
}

/**
 * A picture of the page for a person to look at, written only when asked for:
 * `E2E_SCREENS=.tmp/screens npm run test:e2e` puts `<name>.png` in that folder. The test line does
 * not ask: nothing checks a picture, and a full page took 0.4–2 s of Chromium's time each on a quiet
 * machine, some fifty of them a run. `width`: taken at that width, the page's own put back after,
 * so a journey does not resize for a picture nobody takes.
 */
export async function lookAt(
  page: Page,
  name: string,
  { fullPage = false, width }: { fullPage?: boolean; width?: number } = {},
) {
  const folder = process.env.E2E_SCREENS;
  if (!folder) return;
  const before = page.viewportSize();
  if (width) await page.setViewportSize(viewportAt(width));
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage });
  if (width && before) await page.setViewportSize(before);
}

/**
 * Fails on serious or critical accessibility violations of the page as it is now, and on a raw
 * text key on screen (a page or part that lost its texts shows keys to a screen reader too).
 * `contrast: false` leaves out the colour-contrast rule, which is most of a check's time: for a
 * page whose colours another check of the same run has read already (the crawl's second width).
 */
export async function expectAccessible(page: Page, { contrast = true }: { contrast?: boolean } = {}) {
  // Axe reads colours as drawn: an element still fading in (a toast) fails contrast halfway through,
  // which failed a journey once. Finite animations end first; a spinner's endless one is left.
  // The pointer leaves the content first: left where a click was, it hovers whatever the next page
  // drew there, and Chromium applies that hover when it likes. That is the likely cause of a
  // package's outline button failing contrast once on /credits at 375 px in a full run (not
  // reproduced alone, and its hover colours pass). Moved now, a hover ends at once and its
  // transition is among the animations waited for.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    // Two frames first: a toast mounted just now starts its transition on the next one.
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.NaN))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  // label-content-name-mismatch is experimental in axe, so off unless asked: a control's name must
  // hold the words it shows (WCAG 2.5.3), or a voice-control user cannot name it.
  // Legacy mode: axe.run in the page itself. The default runs each frame's part, then opens a
  // blank page, injects axe there again and merges; that cost about a second a check, and the
  // product has no frames. axe stays in a document once injected: a second check of the same
  // document (a client-side navigation keeps it) does not parse its 500 KB again.
  const injected = await page.evaluate(() => 'axe' in window);
  const results = await new AxeBuilder({ page, ...(injected ? { axeSource: 'void 0' } : {}) })
    // Only violations are read: the passes and the rest come back with one node each, not all of them
    // (their serialisation was a fifth of a check's time).
    .options({
      rules: {
        'label-content-name-mismatch': { enabled: true },
        ...(contrast ? {} : { 'color-contrast': { enabled: false } }),
      },
      resultTypes: ['violations'],
    })
    .setLegacyMode()
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not the inline data scripts' text
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_KEY) ?? [], 'untranslated text keys on the page').toEqual([]);
}

type Fixtures = { country: string | undefined; cspClean: undefined };

/** The CSP violations of the running test's watched contexts (one test at a time per worker). */
const cspViolations: string[] = [];

/** Reports every Content-Security-Policy violation in the context's pages to the running test. */
export async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  context.on('console', (message) => {
    if (message.text().startsWith('CSP violation:')) cspViolations.push(message.text());
  });
}

/**
 * Visitors come from France unless a test says otherwise, so the NL/DE entry warning stays out of the way; the server honours the
 * header only when ALLOW_TEST_GEOIP is set (the e2e server does, production never).
 */
export const test = base.extend<Fixtures>({
  country: [undefined, { option: true }],
  // The worker's own server (e2e/servers.ts): pages, contexts made with browser.newContext and API
  // requests all go there.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(e2eServer(testInfo.parallelIndex).url);
  },
  context: async ({ context, country }, use) => {
    await context.setExtraHTTPHeaders({ 'x-test-geoip-country': country ?? 'FR' });
    await watchCsp(context);
    await use(context);
  },
  // Every journey fails on a Content-Security-Policy violation in any context it watches (its own,
  // and the members' of memberPage): the policy forbids eval and foreign scripts, and a refused one is
  // a broken feature or a library probing (zod once did).
  cspClean: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      cspViolations.length = 0;
      await use(undefined);
      expect(cspViolations, cspViolations.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The server of the worker running the current test. */
export const currentServer = () => e2eServer(test.info().parallelIndex);

type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

/** Waits for a mail to an address (and matching a link path) from the local SMTP server. */
export async function waitForMail(
  to: string,
  linkPath: string,
  timeoutMs = 20_000,
): Promise<{ mail: ReceivedMail; link: string }> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const dir = currentServer().mailDir;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail;
      const link = mail.text.match(new RegExp(`https?://\\S*${linkPath.replace(/[/.]/g, '\\$&')}\\S*`))?.[0];
      if (mail.to.includes(to.toLowerCase()) && link) return { mail, link };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with ${linkPath}`);
}
