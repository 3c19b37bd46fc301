import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from '@playwright/test';
import { logInByApi, memberContext, signUpMember } from './demo-members.ts';
import { currentServer, expect, expectAccessible, lookAt, test } from './fixtures.ts';

// The demo accounts of src/server/db/seed/demo-logins.ts (seeded by e2e/start-server.sh).
const SANNE = { email: 'demo@liefdesplein.nl', password: 'demo-liefde-2026', name: 'DemoSanne' };
const PIETER = { email: 'premium@liefdesplein.nl', password: 'premium-liefde-2026', name: 'PremiumPieter' };

/**
 * A second member's browser, from the same country as the fixture's (see fixtures.ts), on the
 * worker's own server: the project's baseURL is the first worker's, so on any other worker the two
 * members were on two sites and neither saw what the other did.
 */
async function secondBrowser(browser: Browser, locale?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: currentServer().url,
    extraHTTPHeaders: { 'x-test-geoip-country': 'FR' },
  });
  if (locale) {
    const url = new URL(currentServer().url);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, domain: url.hostname, path: '/' }]);
  }
  return context;
}

test('a member blocks another from the profile after a confirmation, the conversation follows live, and unblocks from the settings and the conversation', async ({
  page,
  browser,
}) => {
  test.slow();
  const sanne = await logInByApi(page.request, SANNE);
  // Pieter reads the site in English: the refusal's text is the spec's, word for word.
  const pieterContext = await secondBrowser(browser, 'en');
  const pieterPage = await pieterContext.newPage();
  const pieter = await logInByApi(pieterPage.request, PIETER);
  try {
    // Pieter has their conversation open while she decides.
    const opened = await pieterPage.request.post('/api/chat-message.php', {
      data: { to: { id: sanne.id }, client_id: randomUUID(), body: 'Hoi Sanne!' },
      headers: pieter.csrf,
    });
    expect(opened.status(), await opened.text()).toBe(200);
    await pieterPage.goto(`/members/${sanne.id}/chat`);
    const composer = pieterPage.getByRole('textbox', { name: `Message to ${SANNE.name}` });
    await expect(composer).toBeVisible();

    // Sanne blocks Pieter from his profile, after saying yes to the question.
    await page.goto(`/members/${pieter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(PIETER.name) })).toBeVisible();
    await page.getByRole('button', { name: 'Blokkeren' }).click();
    const confirm = page.getByRole('dialog', { name: `${PIETER.name} blokkeren?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('of in je instellingen weer deblokkeren')).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Blokkeren' }).click();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `Je hebt ${PIETER.name} geblokkeerd.` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deblokkeren' })).toBeVisible();

    // His open conversation is gone at once, without a reload: nobody writes there any more.
    await expect(
      pieterPage.getByRole('alert').filter({ hasText: 'This conversation is not available.' }),
    ).toBeVisible();
    await expect(composer).toHaveCount(0);

    // Hers says whom she blocked, with the way back.
    await page.goto(`/members/${pieter.id}/chat`);
    await expect(page.getByText(`Je hebt ${PIETER.name} geblokkeerd.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `${PIETER.name} deblokkeren` })).toBeVisible();
    await expectAccessible(page);
    await lookAt(page, 'chat-blocked-by-you-375', { width: 375 });

    // Pieter, in his own browser, no longer gets to her profile.
    const refused = await pieterPage.goto(`/members/${sanne.id}`);
    expect(refused?.status()).toBe(403);
    await expect(
      pieterPage.getByRole('heading', {
        name: `You're blocked by ${SANNE.name}. You do not have access to this page.`,
      }),
    ).toBeVisible();
    await expectAccessible(pieterPage);

    // Her settings list him, newest first; she lifts the block there, after a confirmation.
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Geblokkeerde leden' });
    const row = section.getByRole('listitem').filter({ hasText: PIETER.name });
    await expect(row).toBeVisible();
    await expect(row.getByText(/^Geblokkeerd op /)).toBeVisible();
    await expectAccessible(page);
    await section.scrollIntoViewIfNeeded();
    await lookAt(page, 'privacy-blocked-375', { width: 375 });
    await lookAt(page, 'privacy-settings-1280', { fullPage: true });
    await row.getByRole('button', { name: `${PIETER.name} deblokkeren` }).click();
    const unblock = page.getByRole('dialog', { name: `${PIETER.name} deblokkeren?` });
    await expect(unblock).toBeVisible();
    await expectAccessible(page);
    await unblock.getByRole('button', { name: 'Deblokkeren' }).click();
    await expect(unblock).toBeHidden();
    await expect(section.getByRole('status')).toHaveText(`Je hebt ${PIETER.name} gedeblokkeerd.`);
    await expect(section.getByRole('listitem').filter({ hasText: PIETER.name })).toHaveCount(0);

    // And Pieter sees her profile again.
    const again = await pieterPage.goto(`/members/${sanne.id}`);
    expect(again?.status()).toBe(200);
    await expect(pieterPage.getByRole('heading', { level: 1, name: new RegExp(SANNE.name) })).toBeVisible();

    // Blocked again from another tab while their conversation is open: it says so there, live, and
    // the block is lifted where it shows, after the same question; the conversation comes back.
    await page.goto(`/members/${pieter.id}/chat`);
    await expect(page.getByRole('textbox', { name: `Bericht aan ${PIETER.name}` })).toBeVisible();
    const blocked = await page.request.post('/api/block.php', {
      data: { id: pieter.id },
      headers: sanne.csrf,
    });
    expect(blocked.status()).toBe(200);
    await expect(page.getByText(`Je hebt ${PIETER.name} geblokkeerd.`)).toBeVisible();
    await page.getByRole('button', { name: `${PIETER.name} deblokkeren` }).click();
    const lift = page.getByRole('dialog', { name: `${PIETER.name} deblokkeren?` });
    await lift.getByRole('button', { name: 'Deblokkeren' }).click();
    await expect(lift).toBeHidden();
    await expect(page.getByRole('textbox', { name: `Bericht aan ${PIETER.name}` })).toBeVisible();
    await expect(page.getByRole('main').getByText('Hoi Sanne!')).toBeVisible();
  } finally {
    // Whatever happened above, the demo members leave as they came.
    await page.request.delete('/api/block.php', { data: { id: pieter.id }, headers: sanne.csrf });
    await pieterContext.close();
  }
});

test('a member turns invisible in the settings: another member’s search no longer shows her, until she is visible again', async ({
  page,
  browser,
}) => {
  test.slow();
  const sanne = await logInByApi(page.request, SANNE);
  const pieterContext = await secondBrowser(browser);
  const pieterPage = await pieterContext.newPage();
  await logInByApi(pieterPage.request, PIETER);
  try {
    // A search narrow enough to hold her on its first page: women of her age in her province.
    const profile = (await (await pieterPage.request.get(`/api/member.php?id=${sanne.id}`)).json()) as {
      member: { age: number };
    };
    const age = profile.member.age;
    const search = `/members?gender=female&country=NL&countryregion=NL-UT&min_age=${age}&max_age=${age}`;
    const herCard = pieterPage.getByRole('link', { name: new RegExp(`^${SANNE.name}, ${age}`) });
    await pieterPage.goto(search);
    await expect(herCard).toBeVisible();

    // She switches invisible mode on: it says what it does, and that it is on.
    await page.goto('/settings');
    const invisible = page.getByRole('switch', { name: 'Onzichtbaar zijn' });
    await expect(invisible).not.toBeChecked();
    await expect(page.getByText('Je bent zichtbaar voor andere leden.')).toBeVisible();
    await invisible.click();
    await expect(invisible).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Je bent onzichtbaar.' })).toBeVisible();
    // Reminded on every page while it is on.
    const reminder = page.locator('.account-banner');
    await expect(reminder).toContainText('Je bent onzichtbaar: andere leden vinden je niet.');
    await expect(reminder.getByRole('link', { name: 'Wijzigen in de instellingen' })).toHaveAttribute(
      'href',
      '/settings',
    );
    await expectAccessible(page);
    await page.getByRole('heading', { name: 'Onzichtbare modus' }).scrollIntoViewIfNeeded();
    await lookAt(page, 'privacy-invisible-375', { width: 375 });

    // His search no longer shows her, nor does her profile open for a member she has no
    // conversation with (Pieter may have one from the chat journeys: his would go on).
    await pieterPage.goto(search);
    await expect(pieterPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(herCard).toHaveCount(0);
    const strangerContext = await memberContext(browser);
    const strangerPage = await strangerContext.newPage();
    await signUpMember(strangerPage, 'vreemde');
    expect((await strangerPage.goto(`/members/${sanne.id}`))?.status()).toBe(404);
    await strangerContext.close();

    // She is still logged in, the switch stays on after a reload, and she turns it off.
    await page.reload();
    await expect(invisible).toBeChecked();
    await invisible.click();
    await expect(invisible).not.toBeChecked();
    await expect(reminder).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: 'Je bent zichtbaar voor andere leden.' }),
    ).toBeVisible();

    await pieterPage.goto(search);
    await expect(herCard).toBeVisible();
  } finally {
    await page.request.put('/api/invisible.php', { data: { invisible: false }, headers: sanne.csrf });
    await pieterContext.close();
  }
});
