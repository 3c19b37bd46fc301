import type { Page } from '@playwright/test';
import { memberId, memberPage, PIETER, SANNE } from './demo-members.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

// The demo logins (src/server/db/seed/demo-logins.ts); Pieter is premium and has credits.

/**
 * The lowest contrast of each bubble's small texts (time, "Read", a gift's name, a note) against the
 * bubble: its colour, or each colour of its gradient. Axe leaves text on a gradient undecided, so
 * the journey measures it too.
 */
function lowestContrasts(page: Page) {
  return page.locator('.chat-messages').evaluate((log) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [luminance(channels(a)), luminance(channels(b))];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const found: { text: string; kind: string; ratio: number }[] = [];
    for (const bubble of log.querySelectorAll<HTMLElement>('.chat-bubble')) {
      const style = getComputedStyle(bubble);
      const backgrounds = style.backgroundImage.includes('gradient')
        ? (style.backgroundImage.match(/rgba?\([^)]+\)/g) ?? [])
        : [style.backgroundColor];
      for (const part of bubble.querySelectorAll<HTMLElement>(
        '.chat-time, .chat-read, .chat-body, figcaption',
      )) {
        const color = getComputedStyle(part).color;
        const ratio = Math.min(...backgrounds.map((background) => contrast(color, background)));
        found.push({ text: part.textContent ?? '', kind: `${bubble.className} ${part.className}`, ratio });
      }
    }
    return found;
  });
}

test('every bubble (texts, gifts, own and theirs, sent and read) is readable at 375 px', async ({
  browser,
}) => {
  // Two members' pages and two axe scans: past the default time on a busy machine.
  test.slow();
  const pieter = await memberPage(browser, PIETER, 375);
  const sanne = await memberPage(browser, SANNE, 375);
  const [pieterId, sanneId] = [await memberId(pieter), await memberId(sanne)];
  await pieter.goto(`/members/${sanneId}/chat`);
  const box = pieter.getByRole('textbox', { name: `Bericht aan ${SANNE.name}` });
  await box.fill('Een gewone tekst');
  await box.press('Enter');
  await pieter.getByRole('button', { name: `Stuur ${SANNE.name} een cadeau` }).click();
  const picker = pieter.getByRole('dialog', { name: `Stuur ${SANNE.name} een cadeau` });
  await picker.getByLabel('Een berichtje bij je cadeau (optioneel)').fill('Voor jou');
  await picker.getByRole('button', { name: /Roos/ }).click();
  const gift = pieter.locator('.chat-bubble.own:not(.pending)', { hasText: 'Voor jou' }).last();
  await expect(gift).toBeVisible();

  // Sanne reads it: "Gelezen" under Pieter's gift, on the light gift card.
  await sanne.goto(`/members/${pieterId}/chat`);
  await expect(sanne.getByRole('log').getByText('Voor jou').last()).toBeVisible();
  await expect(gift.getByText('Gelezen')).toBeVisible();

  for (const page of [pieter, sanne]) {
    const low = (await lowestContrasts(page)).filter((part) => part.ratio < 4.5);
    expect(low).toEqual([]);
    await expectAccessible(page);
  }
  await pieter.context().close();
  await sanne.context().close();
});
