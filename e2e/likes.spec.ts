import type { Page } from '@playwright/test';
import {
  logInByApi,
  memberContext,
  memberId,
  memberPage,
  PIETER,
  SANNE,
  scriptlessMemberPage,
} from './demo-members.ts';
import { expect, expectAccessible, lookAt, test } from './fixtures.ts';

// The demo accounts of src/server/db/seed/demo-logins.ts: a woman and a man who look for each other
// and, in the demo data, have not liked each other yet.

const likesBadge = (page: Page) =>
  page.getByRole('navigation', { name: /./ }).getByRole('link', { name: /Likes/ }).locator('.nav-badge');
/** The number on the badge now; 0 without a badge. */
const badgeNumber = async (page: Page) => {
  const badge = likesBadge(page);
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.textContent())?.match(/\d+/)?.[0] ?? 0);
};

test('two members like each other: the like and the match reach the other live, without a reload', async ({
  browser,
}) => {
  const sanne = await memberPage(browser, SANNE);
  const pieter = await memberPage(browser, PIETER);
  const sanneId = await memberId(sanne);
  const pieterId = await memberId(pieter);

  await sanne.goto('/likes');
  await expect(sanne.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible();
  const badgeBefore = Number((await likesBadge(sanne).textContent())?.match(/\d+/)?.[0] ?? 0);
  await expectAccessible(sanne);

  // Pieter likes Sanne from her profile.
  await pieter.goto(`/members/${sanneId}`);
  await pieter.getByRole('button', { name: 'Leuk', exact: true }).click();
  await expect(pieter.getByRole('button', { name: 'Niet meer leuk' })).toBeVisible();

  // Sanne's open tab hears it: the new-like modal, the badge, and the list, all without a reload.
  const likeModal = sanne.getByRole('dialog', { name: `${PIETER.name} vindt je leuk!` });
  await expect(likeModal).toBeVisible();
  await expect(likesBadge(sanne)).toContainText(String(badgeBefore + 1));
  await expect(
    sanne.locator('.likes-grid').getByRole('link', { name: new RegExp(PIETER.name) }),
  ).toBeVisible();
  await expectAccessible(sanne);

  // She likes him back from the modal: a match for her, and live for him.
  await likeModal.getByRole('button', { name: 'Leuk', exact: true }).click();
  await expect(sanne.getByRole('dialog', { name: 'Het is een match!' })).toBeVisible();
  const pieterMatch = pieter.getByRole('dialog', { name: 'Het is een match!' });
  await expect(pieterMatch).toBeVisible();
  await expect(pieterMatch.getByRole('link', { name: 'Begin een gesprek' })).toHaveAttribute(
    'href',
    `/members/${sanneId}/chat`,
  );
  // The celebration's one action is the message; one tap there never undoes the match.
  for (const match of [pieterMatch, sanne.getByRole('dialog', { name: 'Het is een match!' })]) {
    const actions = match.locator('.modal-footer').locator('a, button');
    await expect(actions).toHaveCount(1);
    await expect(actions.first()).toHaveText(/Begin een gesprek/);
    await expect(actions.first()).toHaveClass(/btn-primary/);
    await expect(match.getByRole('button', { name: /Niet meer leuk/ })).toHaveCount(0);
  }
  await lookAt(pieter, 'match-375');
  // A click on the backdrop closes the modal.
  await pieter.mouse.click(5, 800);
  await expect(pieterMatch).toBeHidden();

  await pieter.goto('/likes/matches');
  await expect(
    pieter.locator('.likes-grid').getByRole('link', { name: new RegExp(SANNE.name) }),
  ).toBeVisible();
  await sanne
    .getByRole('dialog', { name: 'Het is een match!' })
    .getByRole('button', { name: 'Sluiten' })
    .click();

  // Opening his profile from the received likes clears its new flag (and the badge).
  await sanne.goto('/likes');
  await sanne
    .locator('.likes-grid')
    .getByRole('link', { name: new RegExp(PIETER.name) })
    .click();
  await expect(sanne).toHaveURL(new RegExp(`/likes/m/${pieterId}$`));
  await expect(sanne.getByRole('heading', { level: 1, name: new RegExp(PIETER.name) })).toBeVisible();
  await expect(likesBadge(sanne)).toContainText(String(badgeBefore));

  // The card's heart takes the like back; the match is gone for both.
  await sanne.goto('/likes/given');
  // The card goes at once; the unlike is done when the server has answered it.
  const unlikedBySanne = sanne.waitForResponse(
    (res) => res.url().endsWith('/api/like.php') && res.request().method() === 'DELETE',
  );
  await sanne.getByRole('button', { name: `${PIETER.name} niet meer leuk vinden` }).click();
  expect((await unlikedBySanne).status()).toBe(200);
  await pieter.goto('/likes/matches');
  await expect(pieter.locator('.likes-grid').getByRole('link', { name: new RegExp(SANNE.name) })).toHaveCount(
    0,
  );
  await sanne.context().close();
  await pieter.context().close();
});

test('a new like opened directly at /likes/m/{id} (a link, a reload) is seen: the badge goes', async ({
  browser,
}) => {
  const sanne = await memberPage(browser, SANNE);
  const sanneId = await memberId(sanne);
  const pieterContext = await memberContext(browser);
  const pieter = await logInByApi(pieterContext.request, PIETER);
  await sanne.goto('/likes');
  await expect(sanne.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible();
  const badgeBefore = await badgeNumber(sanne);
  const liked = await pieterContext.request.post('/api/like.php', {
    data: { id: sanneId },
    headers: pieter.csrf,
  });
  expect(liked.status()).toBe(200);
  await expect.poll(() => badgeNumber(sanne)).toBe(badgeBefore + 1);

  // Opened straight from the address bar (a link in a mail, a bookmark): marked seen at once.
  const seen = (page: typeof sanne) =>
    page.waitForResponse((res) => res.url().endsWith('/api/like-seen.php'));
  const first = seen(sanne);
  await sanne.goto(`/likes/m/${pieter.id}`);
  expect((await first).status()).toBe(200);
  await expect(sanne.getByRole('heading', { level: 1, name: new RegExp(PIETER.name) })).toBeVisible();
  await expect.poll(() => badgeNumber(sanne)).toBe(badgeBefore);
  // A reload asks again, and is answered the same.
  const again = seen(sanne);
  await sanne.reload();
  expect((await again).status()).toBe(200);
  await sanne.context().close();
  await pieterContext.close();
});

// Whatever happened above, both likes go: later journeys on this worker's server start from the
// demo data as seeded (a like left behind changes what invisible mode and blocks show).
test.afterEach(async ({ browser }, testInfo) => {
  if (!testInfo.title.startsWith('two members like each other') && !testInfo.title.startsWith('a new like'))
    return;
  const contexts = [await memberContext(browser), await memberContext(browser)];
  const [sanne, pieter] = [
    await logInByApi(contexts[0]!.request, SANNE),
    await logInByApi(contexts[1]!.request, PIETER),
  ];
  for (const [context, who, other] of [
    [contexts[0]!, sanne, pieter],
    [contexts[1]!, pieter, sanne],
  ] as const) {
    const res = await context.request.delete('/api/like.php', { data: { id: other.id }, headers: who.csrf });
    expect(res.status()).toBe(200);
    await context.close();
  }
});

test('a like modal comes after ?t= seconds with a fictional profile, and t leaves the URL', async ({
  browser,
}) => {
  const sanne = await memberPage(browser, SANNE);
  await sanne.goto('/likes/given?t=1');
  const modal = sanne.getByRole('dialog', { name: /vindt je leuk!/ });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(/fictief profiel/)).toBeVisible();
  await expect(sanne).toHaveURL(/\/likes\/given$/);
  await expectAccessible(sanne);
  await lookAt(sanne, 'auto-like-375');
  await sanne.context().close();
});

test('the likes tabs, and a 404 for a type that does not exist', async ({ browser }) => {
  const sanne = await memberPage(browser, SANNE);
  await sanne.goto('/likes');
  const tabs = sanne.getByRole('navigation', { name: 'Soorten likes' });
  await tabs.getByRole('link', { name: /Jij vindt leuk/ }).click();
  await expect(sanne).toHaveURL(/\/likes\/given$/);
  await tabs.getByRole('link', { name: /Matches/ }).click();
  await expect(sanne).toHaveURL(/\/likes\/matches$/);
  await expect(sanne.getByRole('link', { name: 'Stuur een bericht' }).first()).toBeVisible();
  await expectAccessible(sanne);
  const response = await sanne.goto('/likes/nonsense');
  expect(response?.status()).toBe(404);
  await expect(
    sanne.getByRole('heading', { level: 1, name: 'Deze pagina kon niet worden gevonden' }),
  ).toBeVisible();
  await sanne.context().close();
});

test('the first page of likes comes with the HTML, its first photo loaded first', async ({ browser }) => {
  // No JavaScript at all: what a slow phone shows before the scripts run.
  const page = await scriptlessMemberPage(browser, SANNE);
  await page.goto('/likes/matches');
  const cards = page.locator('.likes-grid .member-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stuur een bericht' }).first()).toBeVisible();
  // The demo members' matches have photos: the first card's loads at once, with priority.
  const firstPhoto = cards.first().locator('.member-card-photo img');
  await expect(firstPhoto).toHaveAttribute('fetchpriority', 'high');
  await expect(firstPhoto).toHaveAttribute('loading', 'eager');
  await page.context().close();
});
