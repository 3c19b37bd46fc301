import type { Page } from '@playwright/test';
import { signUpMember } from './demo-members.ts';
import { expect, expectAccessible, expectAccessibleAlsoAt, test } from './fixtures.ts';
import { payWith } from './payments.ts';

/**
 * A fresh free member from the Netherlands (EUR, iDEAL), logged in in this browser. Not the free
 * demo login: a purchase makes a member premium for life, and the later journeys count on the demo
 * login staying free (locked photos, the conversation limit).
 */
const newMember = (page: Page) => signUpMember(page, 'koper');

type Me = { credits: number; paid_user: boolean };
async function me(page: Page): Promise<Me> {
  const res = await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } });
  return ((await res.json()) as { user: Me }).user;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hoofdnavigatie' });

// Walked at the phone's width; each axe check reads the desktop's too, in the same document.
test.use({ viewport: { width: 375, height: 812 } });

test('a free member buys 100 credits with iDEAL through the test gateway and becomes premium', async ({
  page,
}) => {
  await newMember(page);
  const before = await me(page);
  expect(before.paid_user).toBe(false);

  await page.goto('/premium');
  await expect(page.getByRole('heading', { level: 1, name: 'Premium lidmaatschap' })).toBeVisible();
  await expect(page.getByText('46% meer kans op een match')).toBeVisible();
  // The phone's tab bar says it in one word, the desktop's menu in two.
  await expect(nav(page).getByRole('link', { name: 'Premium', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav(page).getByRole('link', { name: 'Word premium', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('link', { name: 'Bekijk de creditpakketten' }).click();

  await expect(page).toHaveURL(/\/credits$/);
  // The stylesheets come first in the server's <head>, before the 20-odd module preloads: a
  // slow connection paints once they are in (src/web/lib/stylesheets.ts).
  const head = (await (await page.request.get('/credits')).text()).split('</head>')[0] ?? '';
  const firstPreload = head.indexOf('rel="modulepreload"');
  expect(firstPreload).toBeGreaterThan(-1);
  for (const sheet of [/href="\/assets\/app-[\w-]+\.css"/, /href="\/assets\/payments-[\w-]+\.css"/]) {
    expect(head.search(sheet)).toBeGreaterThan(-1);
    expect(head.search(sheet)).toBeLessThan(firstPreload);
  }
  // Reached by a client-side navigation, the page has its stylesheet too (payments.scss).
  await expect(page.locator('.credits-grid')).toHaveCSS('margin-top', '28px');
  const p0 = page.getByTestId('package-p0');
  await expect(p0).toContainText('100 credits');
  await expect(p0).toContainText('€ 14,95');
  // The popular package has a ribbon and a name of its own, not the ribbon's word twice.
  const p2 = page.getByTestId('package-p2');
  await expect(p2.getByRole('heading', { name: 'Voordeel' })).toBeVisible();
  await expect(p2.getByText('Populair', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Eenmalige betaling: geen abonnement')).toBeVisible();
  // What credits buy, and a message's price in money where credits are bought.
  await expect(page.getByText('Berichten kosten vanaf € 0,80 per stuk.')).toBeVisible();
  await expectAccessibleAlsoAt(page, 1280);
  await p0.getByRole('link', { name: 'Kies het pakket van 100 credits' }).click();
  await expect(page).toHaveURL(/\/credits\/p0$/);
  await expect(page.getByRole('link', { name: 'iDEAL', exact: true })).toBeVisible();
  // A Dutch member is not offered Poland's or Belgium's methods.
  await expect(page.getByRole('link', { name: 'BLIK' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Bancontact' })).toHaveCount(0);

  // A new member's first purchase comes with the time bonus: 25 % off (e2e/discounts.spec.ts).
  await payWith(page, 'iDEAL', '€ 11,21');
  // Paid later: the return page shows pending, then completes by itself.
  await page.getByRole('button', { name: /Later betaald/ }).click();
  await expect(page).toHaveURL(/\/credits\/p0\/ideal\?payment=/);
  await expect(page.getByText('Je betaling wordt verwerkt')).toBeVisible();
  await expectAccessibleAlsoAt(page, 1280);
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('100 credits toegevoegd')).toBeVisible();
  await expect(page.getByText('Er zijn 100 credits aan je account toegevoegd')).toBeVisible();
  await expectAccessibleAlsoAt(page, 1280);

  // The menu: credits instead of get-premium, live.
  await expect(nav(page).getByRole('link', { name: /Credits/ })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /premium/i })).toHaveCount(0);
  const after = await me(page);
  expect(after).toMatchObject({ paid_user: true, credits: before.credits + 100 });

  // Back on /premium: premium for life.
  await page.goto('/premium');
  await expect(page.getByText('Je bent voor altijd premium lid.')).toBeVisible();
});

test('a failed payment shows the reason and a retry with another method', async ({ page }) => {
  await newMember(page);
  const before = await me(page);
  await page.goto('/credits/p1');
  await payWith(page, 'Creditcard', '€ 22,46');
  await page.getByRole('button', { name: 'Mislukt' }).click();
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toContainText('Betaling mislukt');
  await expect(failed).toContainText('de betaling is geweigerd');
  await expectAccessibleAlsoAt(page, 1280);
  await failed.getByRole('link', { name: 'Probeer het opnieuw met een andere betaalmethode' }).click();
  await expect(page).toHaveURL(/\/credits\/p1$/);
  // The failed payment gave the time bonus back: the retry has it too.
  await payWith(page, 'PayPal', '€ 22,46');
  await page.getByRole('button', { name: 'Geannuleerd' }).click();
  await expect(page.getByTestId('payment-failed')).toContainText('Betaling geannuleerd');
  expect(await me(page)).toMatchObject({ paid_user: false, credits: before.credits });
  // A checkout left on the gateway's page: the member's list says it is not paid (yet), not "Open".
  await page.goto('/credits/p1');
  await payWith(page, 'iDEAL', '€ 22,46');
  await page.goto('/transactions');
  const list = page.getByTestId('transactions-list');
  for (const status of ['Nog niet betaald', 'Geannuleerd', 'Mislukt'])
    await expect(list).toContainText(status);
  await expect(list).not.toContainText('Open');
});
