import { LOCALES } from '../src/shared/i18n/locales.ts';
import { signUpMember } from './demo-members.ts';
import { expect, test } from './fixtures.ts';

// The member menu is a tab bar on phones: four entries in 320–375 px. Its words must be whole in
// every language, not cut off with an ellipsis (most locales' full labels were).
for (const width of [320, 375]) {
  test(`the phone's tab bar shows whole words in every language at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await signUpMember(page, 'tabbar');
    await page.goto('/members');
    const menu = page.locator('.member-menu');
    await expect(menu.getByRole('link')).toHaveCount(4);
    for (const locale of LOCALES) {
      await page.locator('.language-toggle').click();
      await page.locator(`button[lang="${locale}"]`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const cut = await menu
        .locator('.member-menu-label')
        .evaluateAll((labels) =>
          labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
        );
      expect(cut, `${locale}: labels cut off`).toEqual([]);
      // The logo and the account controls share the first row; the tab bar is the second.
      const [brand, controls] = await Promise.all([
        page.locator('.site-header .navbar-brand').boundingBox(),
        page.locator('.site-header .navbar-controls').boundingBox(),
      ]);
      expect(Math.abs((brand?.y ?? 0) - (controls?.y ?? 100)), `${locale}: one first row`).toBeLessThan(20);
    }
  });
}

test('a member card on a phone cuts a long name, never the age', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpMember(page, 'kaartjes');
  // PremiumPieter, a demo member, has a name longer than half a phone's width.
  await page.goto('/members?gender=male');
  const cards = page.locator('.member-card-name');
  await expect(cards.first()).toBeVisible();
  const ages = await cards.evaluateAll((names) =>
    names.map((name) => {
      const age = name.querySelector('.member-card-age')?.getBoundingClientRect();
      return { name: name.textContent, inside: !!age && age.right <= name.getBoundingClientRect().right + 1 };
    }),
  );
  expect(ages.length).toBeGreaterThan(4);
  expect(ages.filter((card) => !card.inside)).toEqual([]);
  await expect(page.getByRole('link', { name: /^PremiumPieter, \d+$/ })).toBeVisible();
  // Only what does not fit is cut: a cut name fills the row up to its age ("PremiumPiet… 38", not
  // "Premium… 38" with room to spare).
  const slack = await cards.evaluateAll((names) =>
    names.flatMap((name) => {
      const text = name.querySelector<HTMLElement>('.member-card-name-text');
      const age = name.querySelector('.member-card-age')?.getBoundingClientRect();
      if (!text || !age || text.scrollWidth <= text.clientWidth) return [];
      const box = name.getBoundingClientRect();
      return [{ name: text.textContent, room: Math.round(box.right - age.right) }];
    }),
  );
  expect(slack.filter((card) => card.room > 2)).toEqual([]);
});

test('/likes on a phone: the three tabs fit in every language, the region select shows its whole choice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpMember(page, 'tabjes');
  await page.goto('/likes');
  const tabs = page.locator('.likes-tabs');
  await expect(tabs.getByRole('link')).toHaveCount(3);
  for (const locale of LOCALES) {
    await page.locator('.language-toggle').click();
    await page.locator(`button[lang="${locale}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const fit = await tabs.evaluate((list) => ({
      overflow: list.scrollWidth - list.clientWidth,
      outside: [...list.querySelectorAll('a')]
        .filter((tab) => tab.getBoundingClientRect().right > window.innerWidth)
        .map((tab) => tab.textContent),
    }));
    expect(fit, `${locale}: tabs off screen`).toEqual({ overflow: 0, outside: [] });
  }
  // The search's region select: "Noord-Holland" whole, not "Noord-Hollar" under the chevron.
  await page.locator('.language-toggle').click();
  await page.locator('button[lang="nl"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.goto('/members?country=NL&countryregion=NL-NH');
  // A link: it opens the filters without JavaScript too.
  await page.getByRole('link', { name: /^Filters/ }).click();
  const region = page.getByLabel('Regio');
  await expect(region).toHaveValue('NL-NH');
  const room = await region.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]?.textContent ?? '').width;
    const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return inner - text;
  });
  expect(room).toBeGreaterThanOrEqual(0);
});

test('the swipe game’s three buttons fit one row at 320 px in every language, each label on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await signUpMember(page, 'knoppen');
  await page.goto('/swipe-game');
  // After a first pass the undo button joins pass and like.
  await page.locator('.swipe-button-pass').click();
  await expect(page.locator('.swipe-button-undo')).toBeVisible();
  for (const locale of LOCALES) {
    await page.locator('.language-toggle').click();
    await page.locator(`button[lang="${locale}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const row = await page.locator('.swipe-actions').evaluate((actions) => ({
      overflow: actions.scrollWidth - actions.clientWidth,
      // A label on one line is one line box: its words' rectangles share one top.
      wrapped: [...actions.querySelectorAll('.swipe-button-pass, .swipe-button-like')]
        .filter((button) => {
          const words = document.createRange();
          words.selectNodeContents(button.querySelector('.swipe-button-text') ?? button);
          return new Set([...words.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((button) => button.textContent),
    }));
    expect(row, locale).toEqual({ overflow: 0, wrapped: [] });
  }
});

test('the pricing and legal pages are no wider than a 320 px phone in any language', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/pricing');
  for (const locale of LOCALES) {
    await page.locator('.language-toggle').click();
    await page.locator(`button[lang="${locale}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // German's "Umsatzsteuer-Identifikationsnummer(n):" and Polish's "Podstawowy" widened them.
    for (const path of ['/pricing', '/pages/terms', '/pages/privacy', '/pages/faq']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const wider = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(wider, `${locale} ${path}`).toBe(0);
    }
  }
});

test('the chat composer leaves the text field most of a 375 px row in every language', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpMember(page, 'schrijver');
  const search = (await (await page.request.get('/api/members.php')).json()) as { members: { id: number }[] };
  for (const locale of LOCALES) {
    // The chat is full screen, without the language menu: it is chosen on the search page.
    await page.goto('/members');
    await page.locator('.language-toggle').click();
    await page.locator(`button[lang="${locale}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.goto(`/members/${search.members[0]?.id}/chat`);
    // The price stays in the composer, on its own line ("10 kredytów za wiadomość" squeezed the field).
    await expect(page.locator('.chat-composer .chat-price')).toBeVisible();
    const field = await page.locator('.chat-composer textarea').boundingBox();
    expect(field?.width ?? 0, locale).toBeGreaterThan(375 * 0.4);
  }
});
