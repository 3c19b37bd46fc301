import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { logInByApi, memberContext, memberPage, PIETER, SANNE, signUpMember } from './demo-members.ts';
import { expect, expectAccessible, expectAccessibleAlsoAt, lookAt, test } from './fixtures.ts';

// The demo logins (src/server/db/seed/demo-logins.ts); Pieter is premium and has credits.

/** Sanne's row of Pieter on /chats. */
const pieterRow = (sanne: Page) =>
  sanne.locator('.chat-list').getByRole('link', { name: new RegExp(PIETER.name) });

// Walked at the phone's width; each screen's axe check reads the desktop's too.
test('the chat list shows a partner coming online and going offline, live, read at 375 and 1280 px', async ({
  browser,
}) => {
  // A conversation between the two, written through the API: a request context opens no socket,
  // so Pieter is not online yet.
  const api = await memberContext(browser);
  const sanneId = (await logInByApi(api.request, SANNE)).id;
  const pieterApi = await memberContext(browser);
  const { csrf } = await logInByApi(pieterApi.request, PIETER);
  const sent = await pieterApi.request.post('/api/chat-message.php', {
    data: { to: { id: sanneId }, client_id: randomUUID(), body: `Ben je er? ${randomUUID().slice(0, 6)}` },
    headers: csrf,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await api.close();
  await pieterApi.close();

  const sanne = await memberPage(browser, SANNE, 375);
  await sanne.goto('/chats');
  await expect(pieterRow(sanne)).toBeVisible();
  await expect(pieterRow(sanne)).not.toContainText('Nu online');
  await expect(pieterRow(sanne).locator('.chat-online-dot')).toHaveCount(0);

  // Pieter opens the site in a browser of his own: Sanne's list shows it without a reload.
  const pieter = await memberPage(browser, PIETER, 375);
  await expect(pieterRow(sanne).locator('.chat-online-dot')).toBeVisible();
  await expect(pieterRow(sanne)).toContainText('Nu online');
  await expectAccessibleAlsoAt(sanne, 1280);
  await lookAt(sanne, 'chats-online-375');

  // In the conversation the header says it in words.
  await pieterRow(sanne).click();
  const header = sanne.locator('.chat-header');
  await expect(header.getByText('Nu online')).toBeVisible();
  await expectAccessibleAlsoAt(sanne, 1280);
  await lookAt(sanne, 'chat-header-online-375');

  // He closes it: offline, in the header and the list, live.
  await pieter.context().close();
  await expect(header.getByText('Nu online')).toHaveCount(0);
  await sanne.goto('/chats');
  await expect(pieterRow(sanne)).toBeVisible();
  await expect(pieterRow(sanne)).not.toContainText('Nu online');
  await sanne.context().close();
});

test('/chats reminds a member who has not confirmed the address that replies wait, with "send again"', async ({
  browser,
}) => {
  const page = await (await memberContext(browser)).newPage();
  const who = await signUpMember(page, 'wachtend');
  await page.goto('/chats');
  const note = page.getByText(
    `Antwoorden wachten tot je je e-mailadres bevestigt: we hebben de link gestuurd naar ${who.email}.`,
  );
  await expect(note).toBeVisible();
  await expect(
    page.locator('.chat-list-confirm').getByRole('button', { name: 'Opnieuw sturen' }),
  ).toBeVisible();
  await expectAccessible(page);
  await lookAt(page, 'chats-replies-wait-375');
  await page.context().close();
});
