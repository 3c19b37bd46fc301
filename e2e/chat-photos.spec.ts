import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { me, memberPage, PIETER, SANNE } from './demo-members.ts';
import { expect, expectAccessibleAlsoAt, test } from './fixtures.ts';

// The demo logins (src/server/db/seed/demo-logins.ts); the demo data gives them no chat together.

/** The two members' conversation, started with a text through the API when they have none yet. */
async function conversationWith(page: Page, memberId: number): Promise<number> {
  const chat = await (await page.request.get(`/api/chat.php?member=${memberId}`)).json();
  if (chat.conversation) return chat.conversation.id as number;
  const sent = await page.request.post('/api/chat-message.php', {
    data: { to: { id: memberId }, client_id: randomUUID(), body: 'Hoi! Ik stuur je zo een foto.' },
    headers: { 'x-csrf-token': (await me(page)).csrf_token },
  });
  expect(sent.status()).toBe(200);
  return (await sent.json()).message.conversation.id as number;
}

/** A holiday-like picture (sky, sea, sand) as a phone would send it: a JPEG. */
const holidayPhoto = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
        <rect width="1200" height="430" fill="#7cc4f4"/><rect y="430" width="1200" height="220" fill="#1f6fa8"/>
        <rect y="650" width="1200" height="250" fill="#e9cf95"/><circle cx="930" cy="170" r="90" fill="#ffd23f"/>
      </svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

const conversationLog = (page: Page, name: string) =>
  page.getByRole('log', { name: `Berichten met ${name}` });
const loaded = (image: ReturnType<Page['locator']>) =>
  expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

// Walked at the phone's width; each axe check reads the desktop's too, in the same document.
test(`a photo goes live from one member to the other and opens large, read at 375 and 1280 px; nobody else gets it`, async ({
  browser,
}) => {
  // Two members' browsers, a photo processed on the server: longer than a one-page journey.
  test.slow();
  const sanne = await memberPage(browser, SANNE, 375);
  const pieter = await memberPage(browser, PIETER, 375);
  const conversation = await conversationWith(sanne, (await me(pieter)).id);
  await pieter.goto(`/chats/${conversation}`);
  await expect(conversationLog(pieter, SANNE.name)).toBeVisible();
  await sanne.goto(`/chats/${conversation}`);
  const credits = (await me(sanne)).credits;

  // Sanne chooses a photo: a preview with its price, then send.
  const [chooser] = await Promise.all([
    sanne.waitForEvent('filechooser'),
    sanne.getByRole('button', { name: 'Foto bijvoegen' }).click(),
  ]);
  await chooser.setFiles({ name: 'vakantie.jpg', mimeType: 'image/jpeg', buffer: await holidayPhoto() });
  const dialog = sanne.getByRole('dialog', { name: `Stuur ${PIETER.name} een foto` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('20 credits per foto')).toBeVisible();
  await loaded(dialog.getByRole('img', { name: 'De foto die je hebt gekozen' }));
  await expectAccessibleAlsoAt(sanne, 1280);
  const caption = `Uitzicht vanaf de duinen (375, ${randomUUID().slice(0, 8)})`;
  await dialog.getByLabel('Een regel bij je foto (optioneel)').fill(caption);
  await dialog.getByRole('button', { name: 'Foto sturen' }).click();
  await expect(dialog).toBeHidden();

  // Found by its caption: the conversation holds the photos of earlier runs, and the last stored
  // one is an earlier run's while this one is still on its way.
  const sent = conversationLog(sanne, PIETER.name)
    .locator('.chat-bubble.own:not(.pending)')
    .filter({ hasText: caption })
    .locator('img.chat-image');
  await expect(sent).toBeVisible();
  const thumb = (await sent.getAttribute('src')) as string;
  expect(thumb).toMatch(/^\/media\/chat\/\d+\/medium\.webp$/);
  await loaded(sent);
  await expect.poll(async () => (await me(sanne)).credits).toBe(credits - 20);

  // Pieter's open conversation shows it without a reload, and opens it large.
  const received = conversationLog(pieter, SANNE.name).locator(`.chat-bubble.theirs img[src="${thumb}"]`);
  await expect(received).toBeVisible();
  await expect(
    conversationLog(pieter, SANNE.name).locator('.chat-bubble.theirs', {
      has: pieter.locator(`img[src="${thumb}"]`),
    }),
  ).toContainText(caption);
  await loaded(received);
  await conversationLog(pieter, SANNE.name)
    .locator('.chat-bubble.theirs', { has: pieter.locator(`img[src="${thumb}"]`) })
    .getByRole('button', { name: 'Foto openen' })
    .click();
  const viewer = pieter.getByRole('dialog', { name: 'Foto' });
  const large = viewer.getByRole('img', { name: 'Foto in de chat' });
  await expect(large).toHaveAttribute('src', thumb.replace('medium', 'large'));
  await loaded(large);
  await expectAccessibleAlsoAt(pieter, 1280);
  await pieter.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // A third context, not one of the two, gets what an unknown image gets.
  const stranger = await browser.newContext();
  const unknown = await stranger.request.get('/media/chat/999999999/large.webp');
  expect(unknown.status()).toBe(404);
  for (const url of [thumb, thumb.replace('medium', 'large')]) {
    const res = await stranger.request.get(url);
    expect(res.status(), url).toBe(404);
    expect(await res.text()).toBe(await unknown.text());
  }
  const page = await stranger.newPage();
  expect((await page.goto(thumb.replace('medium', 'large')))?.status()).toBe(404);
  await stranger.close();
  await sanne.context().close();
  await pieter.context().close();
});
