import type { Page } from '@playwright/test';
import { scriptlessMemberPage } from './demo-members.ts';
import { expect, expectAccessible, lookAt, test } from './fixtures.ts';

// The demo account of src/server/db/seed/demo-logins.ts: a woman in Utrecht (32) who looks for men.
const SANNE = { email: 'demo@liefdesplein.nl', password: 'demo-liefde-2026', name: 'DemoSanne' };
// The likes journey needs these two not to like each other: the finder never likes him here.
const PIETER_NAME = 'PremiumPieter';

type FinderResult = {
  id: number;
  name: string;
  liked?: boolean;
  reasons: { shared_interests: string[]; same_place: 'region' | 'country' | null };
};

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(SANNE.email);
  await page.getByLabel('Wachtwoord').fill(SANNE.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members/);
}

const question = (page: Page, name: string | RegExp) => page.getByRole('group', { name });
const resultCards = (page: Page) => page.locator('.finder-results .member-results-grid > li');

test('the match finder: answer the questions, get ranked results with reasons, like one of them', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page);

  // The way in: beside the search's title.
  await page.getByRole('link', { name: 'Matchfinder' }).click();
  await expect(page).toHaveURL(/\/match-finder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Matchfinder' })).toBeVisible();

  // On a phone one question at a time, prefilled from her profile: she looks for men.
  await expect(page.getByText('Vraag 1 van 4')).toBeVisible();
  const who = question(page, /Naar wie ben je op zoek/);
  await expect(who.getByLabel('Mannen', { exact: true })).toBeChecked();
  await expect(question(page, /Hoe oud mogen ze zijn/)).toBeHidden();
  await expectAccessible(page);
  await lookAt(page, 'match-finder-questions-375', { fullPage: true });
  await page.getByRole('button', { name: 'Volgende' }).click();

  // Ages around her own (32); a reversed range is refused before the next question.
  await expect(page.getByText('Vraag 2 van 4')).toBeVisible();
  await expect(page.getByLabel('Van')).toHaveValue('26');
  await expect(page.getByLabel('Tot en met')).toHaveValue('38');
  await page.getByLabel('Van').selectOption('45');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(
    page.getByText('De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd.'),
  ).toBeVisible();
  await expect(page.getByText('Vraag 2 van 4')).toBeVisible();
  await page.getByLabel('Van').selectOption('25');
  await page.getByLabel('Tot en met').selectOption('45');
  await page.getByRole('button', { name: 'Volgende' }).click();

  // How far: her region (named) is offered first; she looks in the whole country.
  await expect(page.getByText('Vraag 3 van 4')).toBeVisible();
  const distance = question(page, /Hoe ver weg mogen ze wonen/);
  await expect(distance.getByLabel('In mijn regio (Utrecht)')).toBeChecked();
  await distance.getByLabel('In mijn land (Nederland)').check();
  await page.getByRole('button', { name: 'Volgende' }).click();

  // Interests that matter, chosen in this order; then the list.
  await expect(page.getByText('Vraag 4 van 4')).toBeVisible();
  const interests = question(page, /Welke interesses wil je delen/);
  for (const label of ['Wandelen', 'Reizen', 'Muziek'])
    await interests.getByText(label, { exact: true }).click();
  await expect(interests.getByText('3 van 10 gekozen')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Toon mijn matches' }).click();
  await expect(page).toHaveURL(
    /\/match-finder\?gender=male&min_age=25&max_age=45&distance=country&interests=hiking%2Ctravelling%2Cmusic$/,
  );

  // The list is the API's ranking, best first, each card with its reasons in words.
  const api = (await (
    await page.request.get(
      '/api/match-finder.php?gender=male&min_age=25&max_age=45&distance=country&interests=hiking,travelling,music',
    )
  ).json()) as { results: FinderResult[] };
  expect(api.results.length).toBeGreaterThan(1);
  await expect(
    page.getByRole('heading', { name: new RegExp(`Je (${api.results.length} )?beste match`) }),
  ).toBeVisible();
  await expect(page.getByText('Mannen · 25–45 jaar · in je land · 3 interesses')).toBeVisible();
  await expect(resultCards(page)).toHaveCount(api.results.length);
  const names = await resultCards(page).locator('.member-card-name a').allInnerTexts();
  expect(names.map((n) => n.split(',')[0])).toEqual(api.results.map((m) => m.name));
  const first = api.results[0] as FinderResult;
  expect(first.reasons.shared_interests.length).toBeGreaterThan(0);
  const labels: Record<string, string> = { hiking: 'Wandelen', travelling: 'Reizen', music: 'Muziek' };
  const count = first.reasons.shared_interests.length;
  await expect(resultCards(page).first().locator('.finder-reasons')).toContainText(
    `${count} ${count === 1 ? 'gedeelde interesse' : 'gedeelde interesses'}: ${first.reasons.shared_interests
      .map((key) => labels[key])
      .join(', ')}`,
  );
  await expect(resultCards(page).first().locator('.finder-reasons')).toContainText('Woont in je land');
  await expectAccessible(page);
  await lookAt(page, 'match-finder-results-375', { fullPage: true });

  // She likes one of them from the list (not Pieter: the likes journey needs him unliked).
  const target = api.results.find((m) => !m.liked && m.name !== PIETER_NAME);
  if (!target) throw new Error('no result to like');
  const heart = resultCards(page)
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${target.name},`) }) })
    .getByRole('button', { name: `${target.name} leuk vinden` });
  // The heart fills at once; the like is stored when its answer comes.
  const stored = page.waitForResponse(
    (r) => r.url().includes('/api/like.php') && r.request().method() === 'POST',
  );
  await heart.click();
  expect((await stored).status()).toBe(200);
  await expect(
    resultCards(page)
      .filter({ has: page.getByRole('link', { name: new RegExp(`^${target.name},`) }) })
      .getByRole('button', { name: `${target.name} niet meer leuk vinden` }),
  ).toHaveAttribute('aria-pressed', 'true');
  // A match (a fictional profile may like her first) opens its modal; it closes like any other.
  const modal = page.getByRole('dialog');
  if (await modal.isVisible()) await page.keyboard.press('Escape');
  const likes = (await (await page.request.get('/api/likes.php')).json()) as { profiles: { id: number }[] };
  expect(likes.profiles.map((m) => m.id)).toContain(target.id);

  // Other answers: the questions come back with hers; anywhere this time, all at once on a desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Antwoorden wijzigen' }).first().click();
  await expect(question(page, /Hoe oud mogen ze zijn/)).toBeVisible();
  await expect(question(page, /Welke interesses wil je delen/)).toBeVisible();
  await expect(page.getByLabel('Van')).toHaveValue('25');
  await expect(question(page, /Hoe ver weg/).getByLabel('In mijn land (Nederland)')).toBeChecked();
  await question(page, /Hoe ver weg/)
    .getByLabel('Maakt niet uit')
    .check();
  await expectAccessible(page);
  await lookAt(page, 'match-finder-questions-1280', { fullPage: true });
  await page.getByRole('button', { name: 'Toon mijn matches' }).click();
  await expect(page).toHaveURL(/distance=anywhere/);
  await expect(page.getByText('Mannen · 25–45 jaar · overal · 3 interesses')).toBeVisible();
  await expect(resultCards(page).first()).toBeVisible();
  // The card she liked says so here too.
  await expect(
    resultCards(page)
      .filter({ has: page.getByRole('link', { name: new RegExp(`^${target.name},`) }) })
      .getByRole('button', { name: `${target.name} niet meer leuk vinden` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await lookAt(page, 'match-finder-results-1280', { fullPage: true });

  // The demo data stays as seeded for the other journeys.
  const csrf = (
    (await (await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()) as {
      user: { csrf_token: string };
    }
  ).user.csrf_token;
  const unliked = await page.request.delete('/api/like.php', {
    data: { id: target.id },
    headers: { 'x-csrf-token': csrf },
  });
  expect(unliked.status()).toBe(200);
});

test('a visitor is sent to the login page, and the API refuses them', async ({ page }) => {
  await page.goto('/match-finder');
  await expect(page).toHaveURL(/\/login/);
  const res = await page.request.get('/api/match-finder.php?min_age=20&max_age=30&distance=anywhere');
  expect(res.status()).toBe(403);
});

test('the first questions come with the HTML, not a line saying they are being prepared', async ({
  browser,
}) => {
  // No JavaScript: the page as the server sends it.
  const page = await scriptlessMemberPage(browser, SANNE);
  await page.goto('/match-finder');
  // (The form's choices are set when its script runs; the questions themselves are there.)
  await expect(question(page, /Naar wie ben je op zoek/).getByLabel('Mannen', { exact: true })).toBeVisible();
  await expect(page.getByText('Je vragen worden klaargezet…')).toHaveCount(0);
  await page.context().close();
});
