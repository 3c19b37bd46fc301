import type { Browser, Page } from '@playwright/test';
import { me, memberPage, PIETER, SANNE } from './demo-members.ts';
import { expect, expectAccessible, expectAccessibleAlsoAt, test } from './fixtures.ts';

// The demo logins (src/server/db/seed/demo-logins.ts): Sanne, free, gives Pieter gifts; Pieter,
// premium (no conversation limit), tries the icebreakers on strangers, so Sanne starts no more
// conversations than chat.spec.ts expects. Gifts come from the catalogue of migration 0019.
const GIFT_PRICE = 30;
const MESSAGE_PRICE = 10;

const conversationLog = (page: Page, name: string) =>
  page.getByRole('log', { name: `Berichten met ${name}` });

/** A gift bubble whose picture has loaded (a broken SVG has no natural width). */
async function expectGiftShown(bubble: ReturnType<Page['locator']>, slug: string) {
  const picture = bubble.locator(`img[src="/gifts/${slug}.svg"]`);
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

// Walked at the phone's width; each axe check reads the desktop's too, in the same document.
test(`gifts from the profile and from the composer reach the partner live, read at 375 and 1280 px`, async ({
  browser,
}) => {
  // Sanne gives (the conversation with Pieter is the one she starts, as chat.spec.ts counts on).
  const sanne = await memberPage(browser, SANNE, 375);
  const pieter = await memberPage(browser, PIETER, 375);
  const pieterId = (await me(pieter)).id;
  const credits = (await me(sanne)).credits;

  // From Pieter's profile: the picker with pictures, names and prices; the gift goes at once.
  await sanne.goto(`/members/${pieterId}`);
  await sanne.getByRole('button', { name: 'Stuur een cadeau' }).click();
  const picker = sanne.getByRole('dialog', { name: `Stuur ${PIETER.name} een cadeau` });
  await expect(picker.getByRole('button', { name: /Roos/ })).toContainText(`${GIFT_PRICE} credits`);
  await expect(picker.getByRole('button', { name: /Ring/ })).toContainText('100 credits');
  await expectAccessibleAlsoAt(sanne, 1280);
  await picker.getByRole('button', { name: /Roos/ }).click();
  await expect(picker).toBeHidden();
  const sent = sanne.getByRole('status').filter({ hasText: `Cadeau verstuurd naar ${PIETER.name}: Roos.` });
  await expect(sent).toBeVisible();
  const toChat = sent.getByRole('link', { name: 'Naar de chat' });
  await expect(toChat).toHaveAttribute('href', /^\/chats\/\d+$/);
  await expect.poll(async () => (await me(sanne)).credits).toBe(credits - GIFT_PRICE);
  await expectAccessibleAlsoAt(sanne, 1280);

  // Pieter opens the conversation: the rose is there, picture and name.
  await pieter.goto((await toChat.getAttribute('href')) ?? '');
  const theirs = conversationLog(pieter, SANNE.name).locator('.chat-bubble.theirs', {
    has: pieter.locator('.chat-gift'),
  });
  await expect(theirs.last()).toContainText('Roos');
  await expectGiftShown(theirs.last(), 'rose');
  const giftsBefore = await theirs.count();

  // Sanne follows the link and gives a teddy bear from the composer: he sees it without a reload.
  await toChat.click();
  await expect(sanne).toHaveURL(/\/chats\/\d+$/);
  await sanne.getByRole('button', { name: `Stuur ${PIETER.name} een cadeau` }).click();
  // With a note: it goes with the gift as the message's text.
  await picker.getByLabel('Een berichtje bij je cadeau (optioneel)').fill(`Knuffel! (375)`);
  await picker.getByRole('button', { name: /Teddybeer/ }).click();
  const own = conversationLog(sanne, PIETER.name)
    .locator('.chat-bubble.own', { hasText: 'Teddybeer' })
    .last();
  await expect(own).toBeVisible();
  await expect(own).not.toHaveClass(/pending/);
  await expectGiftShown(own, 'teddy-bear');
  await expect(theirs).toHaveCount(giftsBefore + 1);
  await expect(theirs.last()).toContainText('Teddybeer');
  await expect(theirs.last()).toContainText(`Knuffel! (375)`);
  await expectGiftShown(theirs.last(), 'teddy-bear');
  await expect.poll(async () => (await me(sanne)).credits).toBe(credits - 2 * GIFT_PRICE);
  await expectAccessibleAlsoAt(pieter, 1280);
  await sanne.context().close();
  await pieter.context().close();
});

test(`the icebreakers of a first message show their price and send one, read at 375 and 1280 px`, async ({
  browser,
}) => {
  const pieter = await memberPage(browser, PIETER, 375);
  const credits = (await me(pieter)).credits;
  // A member Pieter has no conversation with yet.
  const chats = (await (await pieter.request.get('/api/chats.php')).json()) as {
    chats: { profile: { id: number } }[];
  };
  const known = new Set(chats.chats.map((c) => c.profile.id));
  const search = (await (await pieter.request.get('/api/members.php')).json()) as {
    members: { id: number; name: string }[];
  };
  const stranger = search.members.find((m) => !known.has(m.id));
  if (!stranger) throw new Error('no member without a conversation');

  await pieter.goto(`/members/${stranger.id}/chat`);
  await pieter.getByRole('button', { name: 'Kies een ijsbreker' }).click();
  const dialog = pieter.getByRole('dialog', { name: 'IJsbrekers' });
  const lines = dialog.locator('.icebreaker-option');
  await expect(lines).toHaveCount(10);
  for (const line of await lines.all()) await expect(line).toContainText(`${MESSAGE_PRICE} credits`);
  await expectAccessibleAlsoAt(pieter, 1280);
  const first = ((await lines.first().locator('.icebreaker-line').textContent()) ?? '').trim();
  expect(first.length).toBeGreaterThan(10);
  await lines.first().click();
  await expect(dialog).toBeHidden();
  const bubble = conversationLog(pieter, stranger.name).locator('.chat-bubble.own', { hasText: first });
  await expect(bubble).toBeVisible();
  await expect(bubble).not.toHaveClass(/pending/);
  await expect.poll(async () => (await me(pieter)).credits).toBe(credits - MESSAGE_PRICE);
  // A conversation with messages offers no icebreakers any more.
  await expect(pieter.getByRole('button', { name: 'Kies een ijsbreker' })).toHaveCount(0);
  await pieter.context().close();
});

test('a visitor who wants to give a gift is asked to log in', async ({ page }) => {
  const sanne = await memberPage(page.context().browser() as Browser, SANNE, 375);
  const sanneId = (await me(sanne)).id;
  await sanne.context().close();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/members/${sanneId}`);
  await page.getByRole('button', { name: 'Stuur een cadeau' }).click();
  const question = page.getByRole('dialog', { name: 'Log in om verder te gaan' });
  await expect(question).toContainText(`Log in om ${SANNE.name} een cadeau te sturen.`);
  await expect(question.getByRole('link', { name: 'Inloggen' })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(`/members/${sanneId}`)}`,
  );
  await expectAccessible(page);
});
