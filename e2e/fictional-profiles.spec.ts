import sharp from 'sharp';
import { logInByApi, memberContext, memberPage, PIETER, SANNE } from './demo-members.ts';
import { expect, expectAccessible, expectAccessibleAtBothWidths, test } from './fixtures.ts';
import { DEMO_ADMIN, staffLogInByApi } from './staff-logins.ts';

// The back office's fictional profiles (admins), in Dutch, the site's default language.
const PHONE = 375;
const DESKTOP = 1280;

function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 180, g: 90, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Ages no demo member has: the search for them shows the journey's profile alone. */
const SEARCH = '/members?gender=male&country=NL&min_age=97&max_age=99';

test('the admin creates a fictional profile with a photo; a member finds it marked as fictional, until the admin hides it', async ({
  page,
  browser,
}) => {
  test.slow();
  await staffLogInByApi(page.request, DEMO_ADMIN);
  await page.setViewportSize({ width: DESKTOP, height: 800 });
  await page.goto('/admin/profiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Fictieve profielen' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  // The filters are the address; one the list refuses is said, not ignored.
  await page.getByLabel('Taal').selectOption({ label: 'Engels' });
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page).toHaveURL(/[?&]language=en(&|$)/);
  await expect(page.getByLabel('Taal')).toHaveValue('en');
  await page.goto('/admin/profiles?language=xx');
  await expect(page.getByRole('alert')).toHaveText('Controleer de gemarkeerde velden.');

  await page.getByRole('link', { name: 'Nieuw profiel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw fictief profiel' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  const name = `Opa${Date.now().toString().slice(-7)}`;
  // A refusal comes back under its field, in the staff member's language.
  await page.getByRole('button', { name: 'Profiel aanmaken' }).click();
  await expect(page.locator('#fp-name-error')).toBeVisible();
  await page.getByLabel('Gebruikersnaam').fill(name);
  await page.getByLabel('Geboortedatum').fill(`${new Date().getUTCFullYear() - 99}-01-01`);
  await page.getByLabel('Geslacht').selectOption({ label: 'Man' });
  await page.getByLabel('Seksuele voorkeur').selectOption({ label: 'Hetero' });
  await page.getByLabel('Land').selectOption('NL');
  await page.getByLabel('Woonplaats').fill('Zaandam');
  await page.getByLabel('Over mij').fill('Ik fiets elke ochtend langs de Zaan.');
  await page.getByRole('button', { name: 'Profiel aanmaken' }).click();

  await expect(page).toHaveURL(/\/admin\/profiles\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${name} bewerken` })).toBeVisible();
  await page
    .getByLabel('Foto uploaden')
    .setInputFiles({ name: 'opa.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
  await expect(page.getByText('De foto is toegevoegd.')).toBeVisible();
  await expect(page.getByRole('img', { name: `Foto 1 van ${name}` })).toBeVisible();
  await expect(page.getByText('Hoofdfoto', { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  const profileId = Number(new URL(page.url()).pathname.split('/').at(-1));

  // Interests with the members' own chips, saved with the other fields.
  const interests = page.getByRole('group', { name: /^Interesses/ });
  await expect(interests).toContainText('(0 gekozen)');
  await interests.getByText('Reizen', { exact: true }).click();
  await interests.getByText('Dansen', { exact: true }).click();
  await expect(interests).toContainText('(2 gekozen)');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Het profiel is opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(interests.getByRole('checkbox', { name: 'Reizen' })).toBeChecked();
  await expect(interests.getByRole('checkbox', { name: 'Dansen' })).toBeChecked();
  await expect(interests.getByRole('checkbox', { name: 'Sporten' })).not.toBeChecked();
  await expectAccessibleAtBothWidths(page);

  // A member finds it at once (no moderation queue), with its photo and the fictional marking.
  const member = await memberContext(browser, { width: PHONE });
  await logInByApi(member.request, SANNE);
  const search = await member.newPage();
  await search.goto(SEARCH);
  const card = search.locator('.member-results-grid > li', { hasText: name });
  await expect(card).toBeVisible();
  await expect(card.locator('.fictional-badge')).toBeVisible();
  await expect(card.locator('img[src*="/media/"]').first()).toBeVisible();
  // Its profile page shows the interests the admin chose.
  await search.goto(`/members/${profileId}`);
  await expect(search.getByRole('region', { name: 'Interesses' })).toContainText('Reizen');

  // Pieter (premium: any number of conversations) writes to it before it is hidden.
  const pieter = await memberPage(browser, PIETER, PHONE);
  await pieter.goto(`/members/${profileId}/chat`);
  const hello = `Hallo ${name}, fiets je nog? (${Date.now()})`;
  const composer = pieter.getByRole('textbox', { name: `Bericht aan ${name}` });
  await composer.fill(hello);
  await composer.press('Enter');
  const log = pieter.getByRole('log', { name: `Berichten met ${name}` });
  await expect(log.locator('.chat-bubble.own', { hasText: hello })).not.toHaveClass(/pending/);
  await expect(
    pieter.getByRole('link', { name: new RegExp(`Bekijk het profiel van ${name}`) }),
  ).toBeVisible();

  // Hidden: the member no longer finds it.
  await page.getByRole('button', { name: 'Profiel verbergen' }).click();
  await expect(page.getByText('Het profiel is verborgen voor leden.')).toBeVisible();
  await search.goto(SEARCH);
  await expect(search.locator('.search-results')).toBeVisible();
  await expect(search.locator('.member-results-grid > li', { hasText: name })).toHaveCount(0);
  // Pieter's conversation stays, with the name but no link to a page that is gone, and says why.
  await pieter.reload();
  await expect(log.locator('.chat-bubble.own', { hasText: hello })).toBeVisible();
  await expect(pieter.getByRole('note').filter({ hasText: 'niet meer beschikbaar' })).toHaveText(
    `Het profiel van ${name} is niet meer beschikbaar.`,
  );
  await expect(pieter.getByRole('link', { name: new RegExp(`Bekijk het profiel van ${name}`) })).toHaveCount(
    0,
  );
  await expect(pieter.locator('.chat-header')).toContainText(name);
  await expectAccessible(pieter);
  await pieter.setViewportSize({ width: DESKTOP, height: 800 });
  await expectAccessible(pieter);
  // The page itself answers like any unknown profile, to him too.
  await pieter.goto(`/members/${profileId}`);
  await expect(
    pieter.getByRole('heading', { level: 1, name: 'Dit profiel is niet beschikbaar.' }),
  ).toBeVisible();
  await pieter.context().close();

  // The list says so; showing it again brings it back.
  await page.goto('/admin/profiles?country=NL');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Verborgen');
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Profiel weer tonen' }).click();
  await expect(page.getByText('Leden kunnen het profiel weer vinden.')).toBeVisible();
  await search.goto(SEARCH);
  await expect(search.locator('.member-results-grid > li', { hasText: name })).toBeVisible();
  await member.close();
});
