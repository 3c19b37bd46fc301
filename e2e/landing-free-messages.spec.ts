import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { logInByApi, me, memberContext, PIETER } from './demo-members.ts';
import { expect, lookAt, test, waitForMail } from './fixtures.ts';

/** The member the entry page advertises: the demo's premium man. */
async function advertisedMember(browser: Browser): Promise<number> {
  const context = await memberContext(browser);
  const { id } = await logInByApi(context.request, PIETER);
  await context.close();
  return id;
}

const composer = (page: Page) => page.getByRole('textbox', { name: `Bericht aan ${PIETER.name}` });

/** Sends a text from the open conversation and waits until the server stored it. */
async function write(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  const bubble = page.locator('.chat-bubble.own', { hasText: text });
  await expect(bubble).toBeVisible();
  await expect(bubble).not.toHaveClass(/pending/);
}

/**
 * The landing flow's free messages (the domain's landing_free_messages, 2 by default): a visitor
 * signs up on a member's entry page, finishes the sign-up, confirms the address and writes to that
 * member. The composer says how many are free; those cost nothing, the next one costs the price.
 */
test('a visitor from a member’s entry page writes to that member free twice, then pays', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const member = await advertisedMember(browser);
  const stamp = `${Date.now()}${randomUUID().slice(0, 4)}`;
  const email = `free${stamp}@example.nl`;

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/members/${member}/landing`);
  await page.getByLabel('Je e-mailadres').fill(email);
  await page.getByText('Man', { exact: true }).click();
  await page.getByText('Een vrouw', { exact: true }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Aanmelden/ }).click();
  await expect(page).toHaveURL(/\/complete-signup\?next=/);

  // The form checks what is missing once its script runs: filled before, a field would be lost.
  await page.getByRole('button', { name: 'Opslaan en beginnen' }).click();
  await expect(page.getByText('Je gebruikersnaam moet minstens 3 tekens hebben.')).toBeVisible();
  await page.locator('#signup-name').fill(`Free${stamp.slice(-7)}`);
  await page.locator('#signup-birth-day').selectOption('4');
  await page.locator('#signup-birth-month').selectOption('5');
  await page.locator('#signup-birth-year').selectOption('1990');
  await page.locator('#signup-country').selectOption('NL');
  await page.locator('#signup-region').selectOption('NL-UT');
  await page.locator('#signup-city').fill('Utrecht');
  await page.locator('#signup-password').fill('Zonnebloem-2026!');
  await page.getByRole('button', { name: 'Opslaan en beginnen' }).click();
  // Finished, the new member is taken to the member the page showed, whom the free messages are for.
  await expect(page).toHaveURL(new RegExp(`/members/${member}/chat$`));
  const { link } = await waitForMail(email, '/api/activate.php');
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);

  const credits = (await me(page)).credits;
  await page.goto(`/members/${member}/chat`);
  await expect(page.getByText('Nog 2 gratis berichten')).toBeVisible();
  await expect(page.getByText('10 credits per bericht')).toHaveCount(0);
  // The opening lines offered for the first message say free too, not the price.
  await page.getByRole('button', { name: 'Kies een ijsbreker' }).click();
  const picker = page.getByRole('dialog', { name: 'IJsbrekers' });
  await expect(picker.locator('.icebreaker-price').first()).toHaveText('Gratis');
  await expect(picker.getByText('10 credits')).toHaveCount(0);
  await picker.getByRole('button', { name: 'Sluiten' }).click();
  await expect(picker).toBeHidden();
  // Look at the composer as the visitor sees it, on a smartphone and on a wide screen.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(composer(page)).toBeVisible();
    await lookAt(page, `composer-${width}`);
  }

  await write(page, `Hoi Pieter, de eerste (${stamp})`);
  await expect(page.getByText('Nog 1 gratis bericht', { exact: true })).toBeVisible();
  expect((await me(page)).credits).toBe(credits);
  await write(page, `En de tweede (${stamp})`);
  // The grant is spent: the composer shows the price again; nothing was paid for the two.
  await expect(page.getByText('10 credits per bericht')).toBeVisible();
  expect((await me(page)).credits).toBe(credits);

  // The third costs the price, taken from the sign-up's credits.
  expect(credits).toBeGreaterThanOrEqual(10);
  await write(page, `En de derde kost wat (${stamp})`);
  await expect.poll(async () => (await me(page)).credits).toBe(credits - 10);
});
