import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { ChatsResponse } from '../src/shared/contracts/chat.ts';
import type { OperatorStats } from '../src/shared/contracts/operators.ts';
import { memberContext, memberPage, PIETER } from './demo-members.ts';
import { expect, expectAccessible, lookAt, test, viewportAt, watchCsp } from './fixtures.ts';
import { heardListChange, runPastDebounce, stopClockAndAwaitStaffSocket } from './staff-live.ts';
import { DEMO_ADMIN, DEMO_OPERATOR, staffLogInByApi } from './staff-logins.ts';

/** A picture as an operator would choose one from the profile's set: a JPEG of a beach. */
const beachPhoto = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700">
        <rect width="900" height="330" fill="#8fd0f7"/><rect y="330" width="900" height="370" fill="#e8cf98"/>
        <circle cx="700" cy="140" r="70" fill="#ffd23f"/>
      </svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

/** The operator's answers in the last 7 days as the admins' figures count them. */
async function answersCounted(admin: Page): Promise<number> {
  const response = await admin.request.get('/api/admin/operator-stats.php?days=7');
  expect(response.status()).toBe(200);
  const stats = (await response.json()) as OperatorStats;
  return stats.operators.find((row) => row.staff.name === DEMO_OPERATOR.name)?.replies ?? 0;
}

// An operator and a member side by side: the member writes to a fictional profile, the operator
// claims the conversation from the queue, types and answers; the member sees the typing and the
// answer live, from the profile.
test('an operator answers a member as a fictional profile, live, the member never told who', async ({
  browser,
}) => {
  // Three browsers (member, operator, admin) and a photo processed on the server: longer than a
  // one-page journey.
  test.slow();
  // The premium login: the free one's credits are the other journeys' to spend (its send failed
  // for want of credits when a chat journey had run before on the same server).
  const member = await memberPage(browser, PIETER, 1280);
  const chats = (await (
    await member.request.get('/api/chats.php', { headers: { 'x-request-type': 'client' } })
  ).json()) as ChatsResponse;
  const chat = chats.chats.find((entry) => entry.profile.fictional);
  if (!chat) throw new Error('the demo login has no conversation with a fictional profile');
  const profile = chat.profile;
  await member.goto(`/chats/${chat.conversation.id}`);
  const composer = member.getByRole('textbox', { name: `Bericht aan ${profile.name}` });
  const log = member.getByRole('log', { name: `Berichten met ${profile.name}` });
  const hello = `Ben je er nog? (${randomUUID().slice(0, 8)})`;
  await composer.fill(hello);
  await composer.press('Enter');
  await expect(log.locator('.chat-bubble.own', { hasText: hello })).not.toHaveClass(/pending/);
  // And a photo: the operator answering must see what the member sent, not the word "photo".
  const [memberChooser] = await Promise.all([
    member.waitForEvent('filechooser'),
    member.getByRole('button', { name: 'Foto bijvoegen' }).click(),
  ]);
  await memberChooser.setFiles({ name: 'duinen.jpg', mimeType: 'image/jpeg', buffer: await beachPhoto() });
  const photoDialog = member.getByRole('dialog', { name: `Stuur ${profile.name} een foto` });
  const caption = `Mijn uitzicht vandaag (${randomUUID().slice(0, 8)})`;
  await photoDialog.getByLabel('Een regel bij je foto (optioneel)').fill(caption);
  await photoDialog.getByRole('button', { name: 'Foto sturen' }).click();
  await expect(photoDialog).toBeHidden();
  await expect(
    log.locator('.chat-bubble.own:not(.pending)').filter({ hasText: caption }).locator('img.chat-image'),
  ).toBeVisible();

  // An admin, in a browser of their own, to see the answers counted afterwards.
  const adminContext = await memberContext(browser, { width: 1280 });
  await watchCsp(adminContext);
  await staffLogInByApi(adminContext.request, DEMO_ADMIN);
  const admin = await adminContext.newPage();
  const countedBefore = await answersCounted(admin);
  // The admin's queue, open beside the operator's: the answer takes the conversation off it live.
  const adminQueue = await adminContext.newPage();
  const adminSocket = await stopClockAndAwaitStaffSocket(adminQueue);
  await adminQueue.goto(`/admin/operators?profile=${profile.id}`);
  const queueSocket = await adminSocket();
  const queued = adminQueue.locator(`tr[data-conversation="${chat.conversation.id}"]`);
  await expect(queued).toContainText(profile.name);

  // The operator, in a browser of their own, logged in through the API (password and code).
  const staffContext = await memberContext(browser, { width: 1280 });
  await watchCsp(staffContext);
  await staffLogInByApi(staffContext.request, DEMO_OPERATOR);
  const operator = await staffContext.newPage();
  await operator.goto(`/admin/operators?profile=${profile.id}`);
  const row = operator.locator(`tr[data-conversation="${chat.conversation.id}"]`);
  await expect(row).toContainText(profile.name);
  // On a phone the queue scrolls sideways: the way into each conversation stays in view, and
  // nothing makes the page wider than the screen.
  await operator.setViewportSize(viewportAt(375));
  await row.scrollIntoViewIfNeeded();
  const openBox = await row.getByRole('link', { name: 'Openen' }).boundingBox();
  expect(openBox && openBox.x >= 0 && openBox.x + openBox.width <= 375, JSON.stringify(openBox)).toBe(true);
  expect(
    await operator.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
  await lookAt(operator, 'operator-queue-375');
  await operator.setViewportSize(viewportAt(1280));
  // The figures are admins': no link to them for an operator.
  await expect(operator.getByRole('link', { name: 'Cijfers' })).toHaveCount(0);
  await expectAccessible(operator);
  // Opened from the queue, read first, then claimed.
  await row.getByRole('link', { name: 'Openen' }).click();
  await expect(operator).toHaveURL(new RegExp(`/admin/operators/${chat.conversation.id}$`));
  await expect(operator.getByTestId('operator-history')).toContainText(hello);
  // Read before the claim: the member's photo is private until the conversation is the operator's.
  const memberPhoto = operator
    .getByTestId('operator-history')
    .getByRole('listitem')
    .filter({ hasText: caption });
  await expect(memberPhoto).toContainText('claim het gesprek om hem te zien');
  await expect(memberPhoto.getByRole('img')).toHaveCount(0);
  await operator.getByRole('button', { name: 'Claimen', exact: true }).click();
  const reply = operator.getByRole('textbox', { name: `Antwoorden als ${profile.name}` });
  const seen = memberPhoto.getByRole('img', { name: `Foto verstuurd door ${PIETER.name}` });
  await expect(seen).toBeVisible();
  await expect
    .poll(() => seen.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(operator);

  // The operator types: the member sees the profile typing.
  await reply.fill('Ja hoor, ik ben er!');
  await expect(
    member.getByRole('status').filter({ hasText: `${profile.name} is aan het typen…` }),
  ).toBeVisible();
  const answer = `Ja hoor, ik ben er! (${randomUUID().slice(0, 8)})`;
  await reply.fill(answer);
  const answeredLive = heardListChange(queueSocket, {
    list: 'operator_queue',
    kind: 'answered',
    id: chat.conversation.id,
  });
  await operator.getByRole('button', { name: 'Versturen' }).click();
  await expect(operator.getByRole('status')).toContainText('Antwoord verstuurd.');
  await expect(operator.getByTestId('operator-history')).toContainText(answer);

  // The admin's open queue hears it and reads itself again (its clock stands still: no poll).
  await answeredLive;
  await runPastDebounce(adminQueue);
  await expect(queued).toHaveCount(0);
  await adminQueue.close();

  // The member sees the answer live, from the profile.
  await expect(log.locator('.chat-bubble.theirs', { hasText: answer })).toBeVisible();
  await expectAccessible(member);

  // The member writes back: the operator's open conversation shows it without a reload.
  const back = `Fijn! Wat doe je vanavond? (${randomUUID().slice(0, 8)})`;
  await composer.fill(back);
  await composer.press('Enter');
  await expect(log.locator('.chat-bubble.own', { hasText: back })).not.toHaveClass(/pending/);
  await expect(operator.getByTestId('operator-history')).toContainText(back);

  // Then a photo, as the profile: the member sees it live, a picture they can load. Earlier runs
  // left photos in this conversation, so the new one is the one whose address was not there.
  const theirPhotos = log.locator('.chat-bubble.theirs img.chat-image');
  const before = new Set(
    await theirPhotos.evaluateAll((images) => images.map((image) => image.getAttribute('src'))),
  );
  const [chooser] = await Promise.all([
    operator.waitForEvent('filechooser'),
    operator.getByRole('button', { name: 'Foto', exact: true }).click(),
  ]);
  await chooser.setFiles({ name: 'strand.jpg', mimeType: 'image/jpeg', buffer: await beachPhoto() });
  const chosen = operator.getByRole('region', { name: 'Foto om te versturen' });
  await expect(chosen.getByRole('img', { name: 'De gekozen foto' })).toBeVisible();
  await expectAccessible(operator);
  await chosen.getByRole('button', { name: 'Foto versturen' }).click();
  await expect(chosen).toBeHidden();
  await expect(operator.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(async () =>
      (await theirPhotos.evaluateAll((images) => images.map((image) => image.getAttribute('src')))).filter(
        (src) => !before.has(src),
      ),
    )
    .toHaveLength(1);
  const photo = log.locator('.chat-bubble.theirs img.chat-image').last();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);

  // The queue's filters are its address: a country nobody waits from empties the list.
  await admin.goto('/admin/operators');
  await admin.getByLabel('Land').fill('is');
  await admin.getByRole('button', { name: 'Filteren' }).click();
  await expect(admin).toHaveURL(/[?&]country=is(&|$)/);
  await expect(admin.getByText('Er wacht geen gesprek op een antwoord.')).toBeVisible();
  await expect(admin.getByLabel('Land')).toHaveValue('is');

  // The admin opens the figures from the queue: both answers are counted for the operator.
  await admin.getByRole('link', { name: 'Cijfers' }).click();
  await expect(admin).toHaveURL(/\/admin\/operators\/stats$/);
  await admin.getByRole('combobox', { name: 'Periode' }).selectOption('7');
  await admin.getByRole('button', { name: 'Tonen' }).click();
  await expect(admin).toHaveURL(/\/admin\/operators\/stats\?days=7$/);
  const perOperator = admin.getByRole('region', { name: 'Per operator' });
  const operatorRow = perOperator.getByRole('row', { name: new RegExp(DEMO_OPERATOR.name) });
  // The first figure is the answers.
  await expect(operatorRow.getByRole('cell').first()).toHaveText(String(countedBefore + 2));
  await expectAccessible(admin);
  await admin.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(admin);
  await adminContext.close();

  // One key to the next waiting conversation (the demo data's members wait for other profiles).
  await operator.keyboard.press('n');
  await expect(operator).toHaveURL(/\/admin\/operators\/\d+$/);
  await expect(operator).not.toHaveURL(new RegExp(`/admin/operators/${chat.conversation.id}$`));
  await expect(operator.getByRole('textbox', { name: /^Antwoorden als / })).toBeVisible();
  // The figures' page itself refuses an operator.
  await operator.goto('/admin/operators/stats');
  await expect(operator.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
  await staffContext.close();
  await member.context().close();
});
