import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { memberId, memberPage, PIETER, SANNE } from './demo-members.ts';
import { expect, expectAccessible, expectAccessibleAlsoAt, test } from './fixtures.ts';

// The demo logins (src/server/db/seed/demo-logins.ts); Pieter is premium and has credits.

const send = async (page: Page, name: string, text: string) => {
  const box = page.getByRole('textbox', { name: `Bericht aan ${name}` });
  await box.fill(text);
  await box.press('Enter');
};

// Walked at the phone's width; the details dialog's axe check reads the desktop's too.
test("read receipts show live and follow the reader's choice per conversation, read at 375 and 1280 px", async ({
  browser,
}) => {
  const pieter = await memberPage(browser, PIETER, 375);
  const sanne = await memberPage(browser, SANNE, 375);
  const [pieterId, sanneId] = [await memberId(pieter), await memberId(sanne)];
  await pieter.goto(`/members/${sanneId}/chat`);
  const text = `Lees je dit? ${randomUUID().slice(0, 6)}`;
  await send(pieter, SANNE.name, text);
  const mine = pieter.locator('.chat-bubble.own', { hasText: text });
  await expect(mine).toBeVisible();

  // Sanne opens the conversation: Pieter sees "Gelezen" under his message, live.
  await sanne.goto(`/members/${pieterId}/chat`);
  await expect(sanne.getByRole('log').getByText(text)).toBeVisible();
  await expect(mine.getByText('Gelezen')).toBeVisible();

  // She stops showing them in this conversation: the mark goes at once.
  await sanne.getByRole('button', { name: 'Details' }).click();
  const details = sanne.getByRole('dialog', { name: `Chat met ${PIETER.name}` });
  const receipts = details.getByRole('switch', {
    name: `Laat ${PIETER.name} zien wanneer ik berichten heb gelezen`,
  });
  await expect(receipts).toBeChecked();
  await expect(details.getByText('Jouw uitgaven in deze chat')).toBeVisible();
  await expectAccessibleAlsoAt(sanne, 1280);
  await receipts.click();
  await expect(receipts).not.toBeChecked();
  await expect(mine.getByText('Gelezen')).toHaveCount(0);
  // And back on for the demo.
  await receipts.click();
  await expect(receipts).toBeChecked();
  await expect(mine.getByText('Gelezen')).toBeVisible();
  await sanne.context().close();
  await pieter.context().close();
});

test('a daily spending limit stops the next message with its reason and a way to the setting', async ({
  browser,
}) => {
  const pieter = await memberPage(browser, PIETER, 375);
  const sanne = await memberPage(browser, SANNE, 375);
  const sanneId = await memberId(sanne);
  await sanne.context().close();
  try {
    await pieter.goto('/settings#spending-limit');
    const section = pieter.locator('#spending-limit');
    const field = section.getByLabel('Maximaal aantal credits per dag');
    await expect(section.getByRole('status')).toContainText('Vandaag heb je');
    await field.fill('abc');
    await section.getByRole('button', { name: 'Limiet opslaan' }).click();
    await expect(section.getByText('Vul een heel aantal credits in van 1 tot 100000')).toBeVisible();
    // Room for exactly one more message today.
    const spent = (
      (await (await pieter.request.get('/api/spending-limit.php')).json()) as { spent_today: number }
    ).spent_today;
    await field.fill(String(spent + 10));
    await section.getByRole('button', { name: 'Limiet opslaan' }).click();
    await expect(section.getByText('Opgeslagen')).toBeVisible();
    await expect(
      section.getByText(`Vandaag heb je ${spent} van je ${spent + 10} credits uitgegeven.`),
    ).toBeVisible();

    await pieter.goto(`/members/${sanneId}/chat`);
    await send(pieter, SANNE.name, 'Deze past nog');
    await expect(
      pieter.locator('.chat-bubble.own:not(.pending)', { hasText: 'Deze past nog' }),
    ).toBeVisible();
    await send(pieter, SANNE.name, 'Deze niet meer');
    const error = pieter.getByRole('alert').filter({ hasText: 'Je hebt je daglimiet van' });
    await expect(error).toContainText(`${spent + 10} credits bereikt`);
    await expect(error.getByRole('link', { name: 'Daglimiet voor uitgaven' })).toHaveAttribute(
      'href',
      '/settings#spending-limit',
    );
    await expectAccessible(pieter);
  } finally {
    // The demo login keeps no limit, through the form as a member would.
    await pieter.goto('/settings#spending-limit');
    const section = pieter.locator('#spending-limit');
    await expect(section.getByRole('status')).toContainText('Vandaag heb je');
    await section.getByLabel('Maximaal aantal credits per dag').fill('');
    await section.getByRole('button', { name: 'Limiet opslaan' }).click();
    await expect(section.getByText('Je hebt geen daglimiet')).toBeVisible();
    await pieter.context().close();
  }
});
