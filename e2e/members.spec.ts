import type { APIRequestContext, Page } from '@playwright/test';
import { logOutByApi, scriptlessMemberPage } from './demo-members.ts';
import { expect, expectAccessible, lookAt, test } from './fixtures.ts';

// The demo accounts of src/server/db/seed/demo-logins.ts (seeded by e2e/start-server.sh).
const FREE = { email: 'demo@liefdesplein.nl', password: 'demo-liefde-2026', name: 'DemoSanne' };
const PREMIUM = { email: 'premium@liefdesplein.nl', password: 'premium-liefde-2026', name: 'PremiumPieter' };

type Card = { id: number; name: string };
type SearchPage = { members: Card[]; total: number; next_cursor: string | null };
type Profile = { member: { id: number; name: string; locked_photos: number; photos: { locked: boolean }[] } };

async function logInByForm(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(who.email);
  await page.getByLabel('Wachtwoord').fill(who.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

async function logInByApi(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/user.php', {
    data: { email: who.email, password: who.password },
    headers: { 'x-request-type': 'client' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { user: { id: number; csrf_token: string } };
}

/** The first member of a search whose profile has photos locked for this viewer (asked through the API). */
async function findMemberWithLockedPhotos(request: APIRequestContext, query: string): Promise<Card> {
  let cursor: string | null = null;
  do {
    const res = await request.get(`/api/members.php?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    const page = (await res.json()) as SearchPage;
    for (const card of page.members) {
      const profile = (await (await request.get(`/api/member.php?id=${card.id}`)).json()) as Profile;
      if (profile.member.locked_photos > 0) return card;
    }
    cursor = page.next_cursor;
  } while (cursor);
  throw new Error(`no member with locked photos for ${query}`);
}

const resultCards = (page: Page) => page.locator('.search-results .member-results-grid > li');

test('a free member searches with filters, scrolls, opens a profile with locked photos, blocks and unblocks', async ({
  page,
}) => {
  // One long journey (search, paging, profile, viewer, block, region, clear) with several axe runs.
  test.slow();
  await logInByForm(page, FREE);
  // Home after login: the search, opened on the gender she looks for (hetero woman: men) in her
  // country, in the URL.
  await expect(page).toHaveURL(/\/members\?gender=male&country=NL$/);
  await expect(page.getByLabel('Toon')).toHaveValue('male');
  await expect(page.getByRole('heading', { name: /leden gevonden/ })).toBeVisible();
  await expectAccessible(page);

  // Filters: women in the Netherlands; the URL holds them and a reload keeps them.
  await page.getByLabel('Toon').selectOption('female');
  await page.getByLabel('Land').selectOption('NL');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/\/members\?gender=female&country=NL$/);
  const api = (await (
    await page.request.get('/api/members.php?gender=female&country=NL')
  ).json()) as SearchPage;
  expect(api.total).toBeGreaterThan(24);
  await expect(page.getByRole('heading', { name: `${api.total} leden gevonden` })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/members\?gender=female&country=NL$/);
  await expect(page.getByLabel('Toon')).toHaveValue('female');
  await expect(page.getByLabel('Land')).toHaveValue('NL');
  await expect(resultCards(page)).toHaveCount(24);

  // Scrolling to the end appends the next page.
  await page.locator('.search-sentinel').scrollIntoViewIfNeeded();
  await expect(resultCards(page)).toHaveCount(Math.min(api.total, 48));
  await expect(page.getByText('Je hebt alle leden van deze zoekopdracht gezien.')).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, 'members-search-375', { width: 375 });
  await lookAt(page, 'members-search-1280');

  // A profile with private photos: blurred behind a lock, and a click brings the premium upsell.
  const locked = await findMemberWithLockedPhotos(page.request, 'gender=female&country=NL');
  await page.goto(`/members/${locked.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(locked.name) })).toBeVisible();
  const lockedThumb = page.locator('.member-thumb.is-locked').first();
  await expect(lockedThumb).toBeVisible();
  await expect(lockedThumb.locator('.photo-lock')).toBeVisible();
  await expect(lockedThumb.locator('img')).toHaveCSS('filter', /blur/);
  await expectAccessible(page);
  await lockedThumb.click();
  const upsell = page.getByRole('dialog', { name: `Bekijk alle foto's van ${locked.name}` });
  await expect(upsell).toBeVisible();
  await expect(upsell.getByText('46% meer kans op een match')).toBeVisible();
  await expect(upsell.getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
  await expectAccessible(page);
  await upsell.getByRole('button', { name: 'Nu niet' }).first().click();
  await expect(upsell).toBeHidden();

  // The photo viewer steps with the arrow keys.
  await page.locator('.member-main-photo').click();
  const viewer = page.getByRole('dialog', { name: `Foto's van ${locked.name}` });
  await expect(viewer).toBeVisible();
  const unlocked = await page.locator('.member-thumb:not(.is-locked)').count();
  if (unlocked > 1) {
    await expect(viewer.getByText(`Foto 1 van ${unlocked}`)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`Foto 2 van ${unlocked}`)).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await lookAt(page, 'members-profile-375', { fullPage: true, width: 375 });
  await lookAt(page, 'members-profile-1280', { fullPage: true });

  // Block after a confirmation, then unblock.
  await page.getByRole('button', { name: 'Blokkeren' }).click();
  const confirm = page.getByRole('dialog', { name: `${locked.name} blokkeren?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Blokkeren' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `Je hebt ${locked.name} geblokkeerd.` }),
  ).toBeVisible();
  const afterBlock = (await (
    await page.request.get('/api/members.php?gender=female&country=NL')
  ).json()) as SearchPage;
  expect(afterBlock.total).toBe(api.total - 1);
  await page.getByRole('button', { name: 'Deblokkeren' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Je hebt ${locked.name} gedeblokkeerd.` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leuk', exact: true })).toBeVisible();

  // A region (loaded per country) narrows the search; few results bring similar profiles; clear
  // goes back to her default search. Zeeland: no demo city lies there and no journey signs up
  // there, so it stays under the similar-profiles threshold whatever runs beside this one
  // (Utrecht passed 12 women once other journeys had signed theirs up).
  await page.goto('/members?gender=female&country=NL');
  await page.getByLabel('Regio').selectOption('NL-ZE');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/\/members\?gender=female&country=NL&countryregion=NL-ZE$/);
  await expect(page.getByRole('heading', { name: 'Vergelijkbare profielen' })).toBeVisible();
  await expectAccessible(page);
  await page.locator('#search-filters').getByRole('link', { name: 'Filters wissen' }).click();
  await expect(page).toHaveURL(/\/members\?gender=male&country=NL$/);
  await expect(page.getByLabel('Regio')).toHaveValue('');

  // A card in the search opens its profile.
  await page.goto('/members?gender=female&country=NL');
  const first = resultCards(page).first().getByRole('link');
  const firstName = ((await first.textContent()) ?? '').split(',')[0] ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(firstName) })).toBeVisible();
});

test('without JavaScript the filters open on a phone, change the search, offer the regions and clear', async ({
  browser,
}) => {
  const page = await scriptlessMemberPage(browser, FREE);
  await page.goto('/members');
  await expect(page).toHaveURL(/\/members\?gender=male&country=NL$/);
  // Folded on a phone; the toggle is a link that unfolds them.
  await expect(page.getByLabel('Toon')).toBeHidden();
  await page.getByRole('link', { name: /^Filters \(2 actief\)/ }).click();
  await expect(page.getByLabel('Toon')).toBeVisible();
  await page.getByLabel('Toon').selectOption('female');
  await page.getByLabel('Land').selectOption('NL');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/\/members\?gender=female&country=NL(&|$)/);
  await expect(page.getByRole('heading', { name: /leden gevonden/ })).toBeVisible();
  // The country's regions came with the page.
  await page.getByRole('link', { name: /^Filters \(2 actief\)/ }).click();
  await expect(page.getByLabel('Regio')).toBeEnabled();
  await page.getByLabel('Regio').selectOption('NL-UT');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/[?&]countryregion=NL-UT(&|$)/);
  await expect(
    page.getByRole('heading', { name: /leden gevonden|Geen leden gevonden/ }).first(),
  ).toBeVisible();
  await page.getByRole('link', { name: /^Filters \(3 actief\)/ }).click();
  await page.locator('#search-filters').getByRole('link', { name: 'Filters wissen' }).click();
  await expect(page).toHaveURL(/\/members\?gender=male&country=NL$/);
  await page.context().close();
});

test('a premium member sees the same private photo without a lock', async ({ page }) => {
  await logInByApi(page.request, FREE);
  const locked = await findMemberWithLockedPhotos(page.request, 'gender=female&country=NL');
  await logOutByApi(page.request);
  await logInByApi(page.request, PREMIUM);
  await page.goto(`/members/${locked.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(locked.name) })).toBeVisible();
  await expect(page.locator('.member-thumb').first()).toBeVisible();
  await expect(page.locator('.is-locked')).toHaveCount(0);
  await expect(page.locator('.photo-lock')).toHaveCount(0);
  await expectAccessible(page);
});

test('a member blocked by another sees the blocked message; a visitor is asked to log in per action', async ({
  page,
}) => {
  const sanne = await logInByApi(page.request, FREE);
  await logOutByApi(page.request);
  const pieter = await logInByApi(page.request, PREMIUM);
  const csrf = { 'x-csrf-token': pieter.user.csrf_token };
  expect(
    (await page.request.post('/api/block.php', { data: { id: sanne.user.id }, headers: csrf })).status(),
  ).toBe(200);
  await logOutByApi(page.request);

  try {
    await logInByApi(page.request, FREE);
    const response = await page.goto(`/members/${pieter.user.id}`);
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole('heading', {
        name: `Je bent geblokkeerd door ${PREMIUM.name}. Je hebt geen toegang tot deze pagina.`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar het zoeken' })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await logOutByApi(page.request);
    const again = await logInByApi(page.request, PREMIUM);
    await page.request.delete('/api/block.php', {
      data: { id: sanne.user.id },
      headers: { 'x-csrf-token': again.user.csrf_token },
    });
    await logOutByApi(page.request);
  }

  // A visitor may look (logged-out search is on by default) but every action asks to log in first.
  expect((await page.goto('/members/999999'))?.status()).toBe(404);
  await page.goto('/members');
  await expect(page).toHaveURL(/\/members$/);
  const card = resultCards(page).first().getByRole('link');
  const name = ((await card.textContent()) ?? '').split(',')[0] ?? '';
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await page.getByRole('button', { name: 'Leuk', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in om verder te gaan' });
  await expect(dialog.getByText(`Log in om ${name} leuk te vinden.`)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', /\/login\?redirect=/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  await page.getByRole('link', { name: 'Stuur een bericht' }).click();
  await expect(dialog.getByText(`Log in om ${name} een bericht te sturen.`)).toBeVisible();
});

test('a member in Utrecht sees how far members live on cards, the profile and the swipe card; a visitor meets Dutch members first', async ({
  page,
}) => {
  const distance = /^Op (minder dan )?\d[\d.]* km afstand$/;
  // DemoSanne lives in Utrecht and looks for men.
  await logInByApi(page.request, FREE);
  await page.goto('/members?gender=male&country=NL');
  const firstCard = page.locator('.member-card').first();
  await expect(firstCard.locator('.member-card-distance')).toHaveText(distance);
  const onCard = await firstCard.locator('.member-card-distance').textContent();
  await firstCard.locator('.member-card-link').click();
  await expect(page.locator('.member-distance')).toHaveText(onCard ?? '');
  // "Misschien vind je deze leden ook leuk": those who suit her, with the distance.
  const related = page.locator('.member-card');
  await expect(related.first().locator('.member-card-distance')).toHaveText(distance);
  await expectAccessible(page);

  await page.goto('/swipe-game');
  await expect(page.locator('.swipe-card-distance')).toHaveText(distance);

  await logOutByApi(page.request);
  // A visitor from a country without members (so the address decides nothing) reading Dutch:
  // members of the Netherlands first, then of Belgium, then the rest.
  await page.context().setExtraHTTPHeaders({ 'x-test-geoip-country': 'JP' });
  await page.goto('/');
  const places = page.locator('.highlights .member-card-place');
  await expect(places.first()).toHaveText(/, Nederland$/);
  const rank = (place: string) => ['Nederland', 'België'].indexOf(place.split(', ').at(-1) ?? '') + 1 || 3;
  const ranks = (await places.allTextContents()).map(rank);
  expect(ranks).toEqual([...ranks].sort());
  // No distances: a visitor has no place.
  await expect(page.locator('.member-card-distance')).toHaveCount(0);
});
