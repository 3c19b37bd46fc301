import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForMail } from './fixtures.ts';

/** The short sign-up as an advertising entry page sends it (those pages come with their own issue). */
async function enterFromAdvert(page: Page, email: string) {
  const status = await page.evaluate(
    async (address) =>
      (
        await fetch('/api/signup-entry.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: address, gender: 'male', sexuality: 'hetero', accept_terms: true }),
        })
      ).status,
    email,
  );
  expect(status).toBe(200);
}

/**
 * A visitor who arrived through an advertising entry: the entry's short sign-up (e-mail, who they
 * are and seek, the terms), then /complete-signup for the rest, on a smartphone.
 */
test.describe('advertising entry on a smartphone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('finishes the missing parts, confirms by mail and logs in with the new password', async ({ page }) => {
    const stamp = Date.now();
    const email = `entry${stamp}@example.nl`;
    const name = `Entry${stamp % 100000}`;
    await page.goto('/');
    await enterFromAdvert(page, email);

    // Member pages send the member to finish first; the language menu is not offered there.
    await page.goto('/members');
    await expect(page).toHaveURL(/\/complete-signup$/);
    await expect(page.getByRole('heading', { name: 'Maak je profiel af' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.locator('.language-toggle')).toHaveCount(0);
    await expectAccessible(page);

    // Every missing part is checked with the sign-up's own texts before anything is sent.
    await page.getByRole('button', { name: 'Opslaan en beginnen' }).click();
    await expect(page.getByText('Je gebruikersnaam moet minstens 3 tekens hebben.')).toBeVisible();
    await expect(page.getByText('Vul je geboortedatum in (18+)')).toBeVisible();

    await page.locator('#signup-name').fill(name);
    await page.locator('#signup-birth-day').selectOption('4');
    await page.locator('#signup-birth-month').selectOption('5');
    await page.locator('#signup-birth-year').selectOption('1990');
    await page.locator('#signup-country').selectOption('NL');
    await page.locator('#signup-region').selectOption('NL-UT');
    await page.locator('#signup-city').fill('Utrecht');
    await page.locator('#signup-password').fill('Zonnebloem-2026!');
    await page.getByRole('button', { name: 'Opslaan en beginnen' }).click();
    await expect(page).toHaveURL(/\/members/);
    await expect(page.getByRole('button', { name: /Mijn account/ })).toContainText(name);

    // The activation mail of the entry greets without a name and confirms the address.
    const { mail, link } = await waitForMail(email, '/api/activate.php');
    expect(mail.text.startsWith('Hoi,')).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(/\/activate\/done$/);

    // Log out, then in with the username and the password chosen on /complete-signup.
    await page.goto('/api/logout.php');
    await page.goto('/login');
    await page.locator('#email').fill(name);
    await page.locator('#password').fill('Zonnebloem-2026!');
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/members/);
  });
});

test('an unfinished entry member can still leave: settings deletes the account without a password', async ({
  page,
}) => {
  await page.goto('/');
  await enterFromAdvert(page, `leaver${Date.now()}@example.nl`);
  await page.goto('/settings');
  await expect(page.getByText('Je aanmelding is nog niet af.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mijn profiel afmaken' })).toHaveAttribute(
    'href',
    '/complete-signup',
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Mijn account verwijderen' }).click();
  await page.getByLabel('Ik zoek niet meer').check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Toch verwijderen' }).click();
  await expect(page.getByLabel('Je wachtwoord, om je account te verwijderen')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mijn account verwijderen' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
});
