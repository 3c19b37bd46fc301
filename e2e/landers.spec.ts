import type { Browser, Page } from '@playwright/test';
import { LANDERS, SLUG_LANDERS } from '../src/shared/contracts/landers.ts';
import { logInByApi, memberContext, PIETER, signUpMember } from './demo-members.ts';
import { expect, expectAccessible, test, viewportAt } from './fixtures.ts';
import { DEMO_ADMIN, staffLogInByApi } from './staff-logins.ts';

/*
 * The advertising pages: every lander and entry page without JavaScript (the crawl, crawl.spec.ts,
 * opens each with it as every role, at both widths and in two languages, with axe), the slugs, a
 * hidden member's entry, and a sign-up from each that ends with its source on the account.
 */

const hasSlug = (lander: string) => SLUG_LANDERS.some((name) => name === lander);
const ENTRY_DESIGNS = ['landing', 'signup', 'landing2', 'landing3'] as const;

/** A visible member to advertise: the premium demo member (logging in tells his id). */
async function advertisedMember(browser: Browser): Promise<number> {
  const context = await memberContext(browser);
  const { id } = await logInByApi(context.request, PIETER);
  await context.close();
  return id;
}

/** The admin's CSV, through the back office's login with the demo admin's second factor. */
async function attributionCsv(page: Page): Promise<string> {
  const request = page.context().request;
  // A code the admin's account has not used yet: another journey of this worker may have logged
  // the admin in within the same 30 s step, and the server takes each code once.
  await staffLogInByApi(request, DEMO_ADMIN);
  const csv = await request.get('/api/admin/attribution.csv');
  expect(csv.status()).toBe(200);
  return csv.text();
}

test('every lander and entry page is whole without JavaScript at 375 and 1280 px, in Dutch and English', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await advertisedMember(browser);
  const paths = [
    ...LANDERS.map((lander) => `/landers/${lander}${hasSlug(lander) ? '/auto' : ''}`),
    ...ENTRY_DESIGNS.map((design) => `/members/${member}/${design}`),
  ];
  for (const [locale, cta] of [
    ['nl', 'Meld je gratis aan'],
    ['en', 'Sign up for free'],
  ] as const) {
    // Without scripts nothing on the page depends on the width but its styles: each page is loaded
    // once and read at both widths in the same document.
    const context = await memberContext(browser, { width: 375, scripts: false });
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL ?? '' }]);
    const page = await context.newPage();
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
      for (const width of [375, 1280]) {
        await page.setViewportSize(viewportAt(width));
        const at = `${path} at ${width} px`;
        await expect(page.getByRole('heading', { level: 1 }), at).toBeVisible();
        // Every way on is a plain link or the entry's form: it works before any script.
        if (path.startsWith('/landers/') && !path.includes('adultonly'))
          await expect(page.getByRole('link', { name: cta }).first(), at).toHaveAttribute('href', '/signup');
        if (path.startsWith('/members/')) await expect(page.getByRole('textbox').first(), at).toBeVisible();
        const wide = await page.evaluate(() => {
          const { clientWidth, scrollWidth } = document.documentElement;
          if (scrollWidth <= clientWidth) return [];
          return [...document.body.querySelectorAll('*')]
            .filter((element) => element.getBoundingClientRect().right > clientWidth + 1)
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
        });
        expect(wide, `${at} is wider than the window`).toEqual([]);
        // The map's pins (photo and label) never cover one another (they did on a phone).
        const covered = await page.$$eval('.member-map-pin', (pins) => {
          const boxes = pins
            .map((pin) => ({
              name: pin.querySelector('.member-map-label')?.textContent,
              box: pin.getBoundingClientRect(),
            }))
            .filter(({ box }) => box.width > 0);
          return boxes.flatMap((a, i) =>
            boxes
              .slice(i + 1)
              .filter(
                ({ box: b }) =>
                  a.box.left < b.right - 1 &&
                  b.left < a.box.right - 1 &&
                  a.box.top < b.bottom - 1 &&
                  b.top < a.box.bottom - 1,
              )
              .map((b) => `${a.name} / ${b.name}`),
          );
        });
        expect(covered, `${at}: pins over one another`).toEqual([]);
      }
    }
    await context.close();
  }
});

test('a plain lander carries only its own texts, an entry page the sign-up’s too for its form', async ({
  browser,
  request,
}) => {
  const member = await advertisedMember(browser);
  const html = async (path: string) =>
    (await request.get(path, { headers: { cookie: 'i18n_redirected=nl' } })).text();
  // "Ik zoek" is the sign-up's "Looking for": the entry's short form asks it, a plain lander's
  // sign-up opens the modal or /signup, which bring the sign-up's texts themselves.
  expect(await html('/landers/tinderswipe')).not.toContain('Ik zoek');
  expect(await html(`/members/${member}/landing`)).toContain('Ik zoek');
});

test('a slug of auto becomes the language’s code, an unknown slug keeps the default copy; a hidden member’s entry shows others', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL ?? '' }]);
  const beacon = page.waitForResponse((r) => r.url().includes('/api/lander-visit.php'));
  await page.goto('/landers/video/auto');
  expect(new URL((await beacon).url()).searchParams.get('slug')).toBe('eng');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet someone tonight');
  // The video is the project's own file, its poster painted first.
  await expect(page.locator('video.lander-video')).toHaveAttribute(
    'poster',
    '/landers/lander-loop-poster.webp',
  );
  expect((await page.request.get('/landers/lander-loop.webm')).headers()['content-type']).toContain(
    'video/webm',
  );
  await expectAccessible(page);

  // A slug names the copy's language: /deu on an English page is German copy, marked as such.
  await page.goto('/landers/gallery/deu');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stöbere in der Galerie');
  await expect(page.locator('.lander-copy')).toHaveAttribute('lang', 'de');
  await page.goto('/landers/gallery/whatever-the-ad-said');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browse the gallery');
  expect((await page.goto('/landers/no-such-lander'))?.status()).toBe(404);

  // The swipe deck: a pass shows the next member, a like needs an account.
  await page.goto('/landers/tinderswipe');
  const first = await page.locator('.swipe-deck-card-0 .swipe-deck-name').textContent();
  await page.getByRole('button', { name: 'Pass' }).click();
  await expect(page.locator('.swipe-deck-card-0 .swipe-deck-name')).not.toHaveText(first ?? '');
  await expect(page.getByRole('link', { name: 'Like' })).toHaveAttribute('href', '/signup');
  await expectAccessible(page);

  // A member nobody may see (not confirmed yet): the entry page shows others, never an error.
  const hiddenContext = await memberContext(browser);
  const hiddenPage = await hiddenContext.newPage();
  await signUpMember(hiddenPage, 'hiddenentry');
  const hiddenId = (
    await (await hiddenPage.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()
  ).user.id;
  await hiddenContext.close();
  const response = await page.goto(`/members/${hiddenId}/landing`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet these members');
  await expect(page.locator('.entry-others li').first()).toBeVisible();
  await expectAccessible(page);
});

test('a sign-up from each lander and from an entry page ends with its source on the account', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const sub = `e2e${Date.now()}`;
  // Each lander: arrive from the ad (network and sub id in the address), then sign up.
  for (const lander of LANDERS) {
    await page.context().clearCookies();
    const beacon = page.waitForResponse((r) => r.url().includes('/api/lander-visit.php'));
    await page.goto(`/landers/${lander}${hasSlug(lander) ? '/auto' : ''}?network=e2enet&sub1=${sub}`);
    await beacon;
    // Gone from the address, kept in the cookie.
    expect(page.url()).not.toContain('network=');
    await signUpMember(page, `lander${lander.slice(0, 5)}`);
  }
  // The entry page's own short form, in the browser, on to /complete-signup.
  await page.context().clearCookies();
  const member = await advertisedMember(browser);
  const beacon = page.waitForResponse((r) => r.url().includes('/api/lander-visit.php'));
  await page.goto(`/members/${member}/landing2/auto?network=e2enet&sub1=${sub}`);
  await beacon;
  await page.getByLabel('Je e-mailadres').fill(`entry${sub}@example.nl`);
  await page.getByText('Man', { exact: true }).click();
  await page.getByText('Een vrouw', { exact: true }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Aanmelden en schrijven' }).click();
  // The rest of the sign-up, then on to the member the page showed.
  await expect(page).toHaveURL(
    new RegExp(`/complete-signup\\?next=${encodeURIComponent(`/members/${member}/chat`)}$`),
  );

  const csv = await attributionCsv(page);
  const lines = csv.split('\r\n').filter((line) => line.includes(`,e2enet,${sub},`));
  const signupsOf = (lander: string, slug: string) =>
    lines
      .filter((line) => line.split(',')[3] === lander && line.split(',')[4] === slug)
      .reduce((sum, line) => sum + Number(line.split(',')[6]), 0);
  for (const lander of LANDERS) expect(signupsOf(lander, hasSlug(lander) ? 'nld' : ''), lander).toBe(1);
  expect(signupsOf('entry-landing2', 'nld')).toBe(1);
});
