import fs from 'node:fs';
import path from 'node:path';
import { fetchRaw } from '../src/server/test/fetch-raw.ts';
import { logInByApi, SANNE } from './demo-members.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test('the home page is server-rendered in Dutch, also without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-test-geoip-country': 'FR' },
  });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page).toHaveTitle(/Liefdesplein/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
  await expect(page.locator('.member-card').first()).toBeVisible();
  await context.close();
});

test('home page is accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expectAccessible(page);
});

test('switching to German works in place and survives a reload', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /taal/i }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Einloggen' }).first()).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('de');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Einloggen' }).first()).toBeVisible();
  await expectAccessible(page);
});

test('a legal page shows the company data', async ({ page }) => {
  await page.goto('/pages/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).toContainText('Liefdesplein B.V.');
  await expect(page.locator('main')).toContainText('87654321');
  await expect(page.locator('main')).toContainText('Herengracht 420');
  await expect(page.locator('a[href="tel:+31208204455"]')).toBeVisible();
  await expectAccessible(page);
});

test('every legal and help page has content', async ({ page }) => {
  for (const slug of ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms']) {
    const response = await page.goto(`/pages/${slug}`);
    expect(response?.status(), slug).toBe(200);
    expect((await page.locator('main').textContent())?.length ?? 0, slug).toBeGreaterThan(800);
    await expect(page.locator('main'), slug).not.toContainText('{');
  }
});

test('an unknown page is a 404 with a translated message', async ({ page }) => {
  const response = await page.goto('/deze-pagina-bestaat-niet');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Deze pagina kon niet worden gevonden')).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i })).toBeVisible();
  // The site's navigation and footer stay, so the visitor can go on from here.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page);
});

test("a member's 404 keeps the member navigation and leads back to the members", async ({ page }) => {
  await logInByApi(page.request, SANNE);
  // An address that does not decode (a stray %) is the same page, not a bare error.
  expect((await page.goto('/leden/%zz'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeVisible();
  const response = await page.goto('/leden/bestaat-niet');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /Berichten/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Leden zoeken' }).click();
  await expect(page).toHaveURL(/\/members(\?|$)/);
});

test('the 404 page keeps its navigation without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-test-geoip-country': 'FR' },
  });
  const page = await context.newPage();
  expect((await page.goto('/nergens'))?.status()).toBe(404);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Terug naar de homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('traffic-source parameters are stored and removed from the address', async ({ page, context }) => {
  await page.goto('/pricing?network=adnet&sub1=campaign7&t=5');
  await expect(page).toHaveURL(/\/pricing\?t=5$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'traffic_source');
  expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toEqual({
    network: 'adnet',
    sub1: 'campaign7',
  });
  const settings = await page.request.get('/api/settings.php');
  expect((await settings.json()).has_traffic_source).toBe(true);
  await expectAccessible(page);
});

test('a complaint is confirmed with a reference', async ({ page }) => {
  await page.goto('/complaints');
  await page.getByRole('button', { name: /verstuur|versturen/i }).click();
  await expect(page.locator('.invalid-feedback').first()).toBeVisible();
  await page.getByLabel('Je naam').fill('Test Persoon');
  await page.getByLabel('Je e-mailadres').fill('test@example.nl');
  await page.getByLabel('Onderwerp').selectOption('technical');
  await page
    .getByLabel(/klacht/i)
    .fill('De pagina laadt heel langzaam op mijn telefoon, kunnen jullie dat bekijken?');
  await page.getByRole('button', { name: /verstuur|versturen/i }).click();
  await expect(page.getByRole('status')).toContainText(/K-\d{6}/);
  await expectAccessible(page);
});

test('pricing shows the four packages in the visitor currency', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.locator('.package-card')).toHaveCount(4);
  await expect(page.locator('.package-card').first()).toContainText('€');
  // Gifts cost what the catalogue says (most the settings' 30, the champagne and the ring their own).
  await expect(page.getByText('Een cadeautje versturen kost 30 tot 100 credits.')).toBeVisible();
  await expectAccessible(page);
});

test("the home page's scripts travel as the build compressed them, cached for a year", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] as string);
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    const file = path.join('build/client', src);
    const chromium = await fetchRaw(`${baseURL}${src}`, 'gzip, deflate, br, zstd');
    expect(chromium.headers['cache-control'], src).toBe('public, max-age=31536000, immutable');
    if (!fs.existsSync(`${file}.br`)) continue; // under the build's threshold: sent as it is
    // The build's own brotli file, byte for byte: not compressed again per request.
    expect(chromium.headers['content-encoding'], src).toBe('br');
    expect(chromium.body.equals(fs.readFileSync(`${file}.br`)), src).toBe(true);
    const gzipOnly = await fetchRaw(`${baseURL}${src}`, 'gzip');
    expect(gzipOnly.headers['content-encoding'], src).toBe('gzip');
    expect(gzipOnly.body.equals(fs.readFileSync(`${file}.gz`)), src).toBe(true);
    const plain = await fetchRaw(`${baseURL}${src}`, 'identity');
    expect(plain.headers['content-encoding'], src).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(file)), src).toBe(true);
  }
});
