import type { Page } from '@playwright/test';
import { memberContext } from './demo-members.ts';
import { expect, expectAccessible, lookAt, test, waitForMail } from './fixtures.ts';

const PASSWORD = 'Zonnebloem-2026!';

/** Walks through sign-up steps 0 to 4 inside `scope` (the modal or the page). */
async function fillSignup(page: Page, who: { name: string; email: string }) {
  await page.locator('label[for="signup-gender-female"]').click();
  await page.locator('label[for="signup-seeking-male"]').click();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('#signup-birth-day').selectOption('17');
  await page.locator('#signup-birth-month').selectOption('5');
  await page.locator('#signup-birth-year').selectOption('1990');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('#signup-country').selectOption('NL');
  await page.locator('#signup-region').selectOption('NL-UT');
  await page.locator('#signup-city').fill('Utrecht');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('#signup-name').fill(who.name);
  await page.locator('#signup-email').fill(who.email);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-terms').check();
  await page.getByRole('button', { name: 'Gratis account aanmaken' }).click();
  await page.getByRole('button', { name: 'Overslaan' }).click();
  await expect(page.getByText('Check je inbox')).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
}

async function activateByMail(page: Page, email: string) {
  const { link } = await waitForMail(email, '/api/activate.php');
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: 'Je e-mailadres is bevestigd' })).toBeVisible();
  await expectAccessible(page);
  return link;
}

/**
 * The link opened a second time (a mail client opens links in advance, people click twice): not a
 * failure, but that the address is confirmed, and on to the members, or to the login when the
 * browser has no session.
 */
async function openUsedLink(page: Page, link: string, loggedIn: boolean) {
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done\?already=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Je e-mailadres is al bevestigd' })).toBeVisible();
  await expect(page.getByText('Activeren mislukt')).toHaveCount(0);
  // In the page itself: a visitor's navigation has a login link of its own.
  const main = page.locator('#main');
  const next = loggedIn
    ? main.getByRole('link', { name: 'Naar de leden' })
    : main.getByRole('link', { name: 'Inloggen' });
  await expect(next).toHaveAttribute('href', loggedIn ? '/members' : '/login');
  await expectAccessible(page);
}

/**
 * The sign-up's stylesheet (signup.scss) is its own: not in the stylesheet every page waits for
 * before its first paint, and there when the wizard shows (a step-0 tile has its height).
 */
async function expectSignupStyled(page: Page) {
  await expect(page.locator('label[for="signup-gender-female"]')).toHaveCSS('min-height', '84px');
}

async function headOf(page: Page, path: string): Promise<string> {
  return (await (await page.request.get(path)).text()).split('</head>')[0] ?? '';
}

test('sign up on a desktop in the modal, then activate by mail', async ({ page }) => {
  const who = { name: `Desktop${Date.now() % 100000}`, email: `desktop${Date.now()}@example.nl` };
  await page.goto('/');
  // The home page waits only for the shared stylesheet, and that one holds no sign-up rules.
  const head = await headOf(page, '/');
  expect(head).not.toMatch(/href="\/assets\/signup-[\w-]+\.css"/);
  const app = /href="(\/assets\/app-[\w-]+\.css)"/.exec(head)?.[1] ?? '';
  expect(app).not.toBe('');
  expect(await (await page.request.get(app)).text()).not.toContain('.choice-tile');
  await page.getByRole('link', { name: 'Meld je gratis aan' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectSignupStyled(page);
  await expectAccessible(page);
  await fillSignup(page, who);
  const link = await activateByMail(page, who.email);
  const user = await (
    await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } })
  ).json();
  expect(user.user.status).toBe('active');
  await openUsedLink(page, link, true);
  await lookAt(page, 'activate-again-1280');
});

test.describe('on a smartphone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('sign up on the full page, then activate by mail', async ({ page, browser }) => {
    const who = { name: `Mobiel${Date.now() % 100000}`, email: `mobiel${Date.now()}@example.nl` };
    await page.goto('/');
    await page.getByRole('link', { name: 'Meld je gratis aan' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expectSignupStyled(page);
    await expectAccessible(page);
    await fillSignup(page, who);
    const link = await activateByMail(page, who.email);
    // Opened again on a phone without the session (another browser, the mail app's own).
    const other = await memberContext(browser);
    const elsewhere = await other.newPage();
    await openUsedLink(elsewhere, link, false);
    await lookAt(elsewhere, 'activate-again-375');
    await other.close();
  });
});

test('sign-up refuses an address that already has an account, with a login link', async ({ page }) => {
  await page.goto('/signup');
  // Loaded directly, the page has both stylesheets before its module preloads.
  const head = await headOf(page, '/signup');
  const firstPreload = head.indexOf('rel="modulepreload"');
  expect(firstPreload).toBeGreaterThan(-1);
  for (const sheet of [/href="\/assets\/app-[\w-]+\.css"/, /href="\/assets\/signup-[\w-]+\.css"/]) {
    expect(head.search(sheet)).toBeGreaterThan(-1);
    expect(head.search(sheet)).toBeLessThan(firstPreload);
  }
  await expectSignupStyled(page);
  await page.locator('label[for="signup-gender-male"]').click();
  await page.locator('label[for="signup-seeking-female"]').click();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('#signup-birth-day').selectOption('3');
  await page.locator('#signup-birth-month').selectOption('9');
  await page.locator('#signup-birth-year').selectOption('1988');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('#signup-country').selectOption('NL');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('#signup-name').fill(`Dubbel${Date.now() % 100000}`);
  await page.locator('#signup-email').fill('demo@liefdesplein.nl');
  // Told where it is typed, when the field is left: not after the password and the terms.
  await page.locator('#signup-email').blur();
  await expect(page.getByText('Er bestaat al een account met dit e-mailadres')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.locator('#signup-email')).toBeFocused();
  await expect(page.locator('#signup-password')).toHaveCount(0);
  await expectAccessible(page);
  await lookAt(page, 'signup-email-taken-1280');
  // Another address goes on to the password step.
  await page.locator('#signup-email').fill(`nieuw${Date.now()}@example.nl`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.locator('#signup-password')).toBeVisible();
});
