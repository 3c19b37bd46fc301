import { chromium, type Page } from '@playwright/test';
import { memberPage } from './demo-members.ts';
import { expect, expectAccessible, lookAt, test } from './fixtures.ts';

/** Resolves once the site's worker is active for this page's origin. */
const workerReady = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });

/** The language the worker will show the offline page in, as it keeps it (sw-push.js). */
const workerLocale = (page: Page) =>
  page.evaluate(async () => {
    const stored = await (await caches.open('app-state')).match('/offline/locale');
    return stored ? stored.text() : null;
  });

test('Chromium reads the manifest with its maskable icons and finds the site installable', async ({
  baseURL,
}, testInfo) => {
  // The fixtures' contexts are incognito, which Chromium never offers to install from: a profile
  // on disk for this one.
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL,
    extraHTTPHeaders: { 'x-test-geoip-country': 'FR' },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    expect(await workerReady(page)).toMatch(/\/sw-push\.js\?v=2$/);
    const cdp = await context.newCDPSession(page);
    const { errors, data, url } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(String(data)) as {
      icons: { sizes: string; purpose?: string }[];
      lang: string;
      start_url: string;
    };
    // The page links the manifest of its own language, whose app starts in that language.
    const lang = await page.evaluate(() => document.documentElement.lang);
    expect(url).toMatch(new RegExp(`/app/${lang}/manifest\\.webmanifest$`));
    expect(manifest).toMatchObject({ lang, start_url: `/app/${lang}` });
    expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual([
      '192x192',
      '512x512',
    ]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a member who lost the network gets the offline page in her language, and the page again when it is back', async ({
  browser,
}) => {
  const page = await memberPage(browser, { email: 'demo@liefdesplein.nl', password: 'demo-liefde-2026' });
  const context = page.context();
  expect(await workerReady(page)).toMatch(/\/sw-push\.js\?v=2$/);
  await expect.poll(() => workerLocale(page)).toBe('nl');

  // She switches to German: the worker follows the page's language.
  await page.locator('.language-toggle').click();
  await page.locator('button[lang="de"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(() => workerLocale(page)).toBe('de');

  await context.setOffline(true);
  await page.goto('/likes');
  await expect(page.getByRole('heading', { name: 'Du bist offline' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveURL(/\/likes$/);
  await expectAccessible(page);
  for (const width of [375, 1280]) await lookAt(page, `offline-${width}`, { fullPage: true, width });

  // Back online, the button tries the same address again.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { name: 'Du bist offline' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/likes$/);
  await expect(page.locator('.member-menu')).toBeVisible();
  await context.close();
});

test("the worker answers page loads only: API calls, scripts and pictures go to the network untouched; the page ends with the members' footer", async ({
  browser,
}) => {
  const page = await memberPage(browser, {
    email: 'premium@liefdesplein.nl',
    password: 'premium-liefde-2026',
  });
  const context = page.context();
  await workerReady(page);
  const served: { url: string; kind: string; fromWorker: boolean }[] = [];
  page.on('response', (response) =>
    served.push({
      url: response.url(),
      kind: response.request().resourceType(),
      fromWorker: response.fromServiceWorker(),
    }),
  );
  await page.goto('/members');
  await expect(page.locator('.member-card').first()).toBeVisible();
  await expect.poll(() => served.filter((entry) => entry.url.includes('/api/')).length).toBeGreaterThan(0);
  // The page itself came through the worker (network first); nothing else did.
  expect(served.find((entry) => entry.kind === 'document')?.fromWorker).toBe(true);
  expect(served.filter((entry) => entry.kind !== 'document' && entry.fromWorker)).toEqual([]);
  // A member's pages (but the home page) end with the members' footer: help first, no price list.
  const footerLinks = page.getByRole('navigation', { name: 'Voettekst' }).getByRole('link');
  await expect(footerLinks.first()).toHaveText('Veelgestelde vragen');
  await expect(footerLinks.filter({ hasText: 'Prijzen' })).toHaveCount(0);
  await expectAccessible(page);

  // Offline, an API call fails as a network error; it never gets the offline page instead.
  await context.setOffline(true);
  const offlineApi = await page.evaluate(async () => {
    try {
      const res = await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } });
      return `answered ${res.status} ${res.headers.get('content-type')}`;
    } catch (error) {
      return `failed: ${(error as Error).name}`;
    }
  });
  expect(offlineApi).toBe('failed: TypeError');
  await context.setOffline(false);
  await context.close();
});
