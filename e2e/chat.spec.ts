import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  me,
  memberContext,
  memberId,
  memberPage,
  PIETER,
  SANNE,
  scriptlessMemberPage,
  signUpMember,
} from './demo-members.ts';
import { expect, expectAccessible, lookAt, test, waitForMail } from './fixtures.ts';

// The demo accounts of src/server/db/seed/demo-logins.ts: a free woman and a premium man who look
// for each other; the demo data gives each a few conversations with other members (some unread).

/** The navigation's messages link (the badge counts unread messages). */
const messagesLink = (page: Page) =>
  page.getByRole('navigation', { name: /./ }).getByRole('link', { name: /Berichten/ });
const badgeCount = async (page: Page) =>
  Number(
    (
      await messagesLink(page)
        .locator('.nav-badge')
        .textContent()
        .catch(() => '0')
    )?.match(/\d+/)?.[0] ?? 0,
  );

/** The newcomer confirms her address with the activation mail's link. */
async function confirmAddress(page: Page, email: string) {
  const { link } = await waitForMail(email, '/api/activate.php');
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
}

/** A member who has just signed up (through the API), in a browser context of her own. */
async function newcomerPage(browser: Browser, prefix: string, confirmed: boolean) {
  const page = await (await memberContext(browser)).newPage();
  const who = await signUpMember(page, prefix);
  if (confirmed) await confirmAddress(page, who.email);
  return { page, who };
}

const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Bericht aan ${name}` });
const conversationLog = (page: Page, name: string) =>
  page.getByRole('log', { name: `Berichten met ${name}` });

for (const width of [1280, 375]) {
  test(`two members chat live both ways at ${width} px; the unread badge rises, then clears on opening`, async ({
    browser,
  }) => {
    const sanne = await memberPage(browser, SANNE, width);
    const pieter = await memberPage(browser, PIETER, width);
    const pieterId = (await me(pieter)).id;
    const before = (await me(pieter)).unread_messages;
    await expect(messagesLink(pieter)).toBeVisible();

    // Sanne writes from the conversation page of Pieter's profile: the price is shown first.
    await sanne.goto(`/members/${pieterId}/chat`);
    await expect(sanne.getByText('10 credits per bericht')).toBeVisible();
    const hello = `Hoi Pieter, groeten op ${width} px (${randomUUID().slice(0, 8)})`;
    await composer(sanne, PIETER.name).fill(hello);
    await composer(sanne, PIETER.name).press('Enter');
    const sentBubble = conversationLog(sanne, PIETER.name).locator('.chat-bubble.own', { hasText: hello });
    await expect(sentBubble).toBeVisible();
    await expect(sentBubble).not.toHaveClass(/pending/);
    await expectAccessible(sanne);

    // Pieter's open tab hears it without a reload: his badge rises.
    await expect(messagesLink(pieter).locator('.nav-badge')).toContainText(String(before + 1));
    await messagesLink(pieter).click();
    await expect(pieter).toHaveURL(/\/chats$/);
    const item = pieter.getByRole('link', { name: new RegExp(SANNE.name) });
    await expect(item).toContainText(hello.slice(0, 20));
    await expect(item.locator('.chat-unread')).toBeVisible();
    await expectAccessible(pieter);
    await item.click();
    await expect(pieter).toHaveURL(/\/chats\/\d+$/);
    await expect(conversationLog(pieter, SANNE.name).getByText(hello)).toBeVisible();
    // Opened: read, in the list (beside the conversation on a wide screen) and in the badge.
    if (width >= 992)
      await expect(
        pieter.getByRole('link', { name: new RegExp(SANNE.name) }).locator('.chat-unread'),
      ).toHaveCount(0);
    await expect.poll(async () => (await me(pieter)).unread_messages).toBe(before);
    await expectAccessible(pieter);

    // He answers; her open conversation shows it live.
    const answer = `Hallo Sanne! (${randomUUID().slice(0, 8)})`;
    await composer(pieter, SANNE.name).fill(answer);
    // While he types, her conversation says so (never stored; gone with his message).
    await expect(
      sanne.getByRole('status').filter({ hasText: `${PIETER.name} is aan het typen…` }),
    ).toBeVisible();
    await pieter.getByRole('button', { name: 'Versturen' }).click();
    await expect(
      conversationLog(pieter, SANNE.name).locator('.chat-bubble.own', { hasText: answer }),
    ).toBeVisible();
    await expect(
      conversationLog(sanne, PIETER.name).locator('.chat-bubble.theirs', { hasText: answer }),
    ).toBeVisible();

    // Back to the site: the badge is where it was before Sanne wrote.
    await pieter.goto('/members');
    await expect.poll(() => badgeCount(pieter)).toBe(before);
    await sanne.context().close();
    await pieter.context().close();
  });
}

test('a chat is deleted after a confirmation, from the caller’s list only', async ({ browser }) => {
  const pieter = await memberPage(browser, PIETER, 375);
  const sanne = await memberPage(browser, SANNE, 1280);
  await pieter.goto('/chats');
  await pieter.getByRole('link', { name: new RegExp(SANNE.name) }).click();
  await pieter.getByRole('button', { name: 'Chat verwijderen' }).click();
  const dialog = pieter.getByRole('dialog', { name: 'Deze chat verwijderen?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(pieter);
  await dialog.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(pieter).toHaveURL(/\/chats$/);
  await expect(pieter.getByRole('link', { name: new RegExp(SANNE.name) })).toHaveCount(0);
  await pieter.reload();
  await expect(pieter.locator('.chat-list')).toBeVisible();
  await expect(pieter.getByRole('link', { name: new RegExp(SANNE.name) })).toHaveCount(0);
  // Sanne keeps it.
  await sanne.goto('/chats');
  await expect(sanne.getByRole('link', { name: new RegExp(PIETER.name) })).toBeVisible();
  await sanne.context().close();
  await pieter.context().close();
});

test('a free member starting a third conversation sees the premium upsell', async ({ browser }) => {
  const sanne = await memberPage(browser, SANNE, 375);
  const user = await me(sanne);
  // Members she has no conversation with yet (her demo chats were started by the partners).
  const chats = (await (await sanne.request.get('/api/chats.php')).json()) as {
    chats: { profile: { id: number } }[];
  };
  const known = new Set(chats.chats.map((c) => c.profile.id));
  const search = (await (await sanne.request.get('/api/members.php')).json()) as {
    members: { id: number }[];
  };
  const strangers = search.members.filter((m) => !known.has(m.id)).map((m) => m.id);
  // Whatever she started in the journeys before (a gift, a first message), she starts more through
  // the API, as any client would, until the server refuses the next one: that refusal charges nothing.
  let started = 0;
  let next = 0;
  for (; next < strangers.length; next++) {
    const res = await sanne.request.post('/api/chat-message.php', {
      data: { to: { id: strangers[next] }, client_id: randomUUID(), body: 'Hoi!' },
      headers: { 'x-csrf-token': user.csrf_token },
    });
    if (res.status() === 403) {
      expect((await res.json()).error.code).toBe('conversation_limit_reached');
      break;
    }
    expect(res.status()).toBe(200);
    started += 1;
  }
  expect(started).toBeLessThanOrEqual(2);

  await sanne.goto(`/members/${strangers[next + 1]}/chat`);
  // Where the conversation would start, she is told before she tries.
  await expect(sanne.getByText('Je hebt je 2 gratis gesprekken al begonnen.')).toBeVisible();
  const textbox = sanne.getByRole('textbox', { name: /Bericht aan/ });
  await textbox.fill('Hallo daar!');
  await textbox.press('Enter');
  const upsell = sanne.getByRole('dialog');
  await expect(upsell).toBeVisible();
  await expect(upsell.getByRole('link', { name: /premium/i })).toHaveAttribute('href', '/premium');
  await expectAccessible(sanne);
  // Nothing was sent: the text waits in the composer, and no credits went.
  await upsell.getByRole('button', { name: 'Nu niet' }).first().click();
  await expect(textbox).toHaveValue('Hallo daar!');
  await expect.poll(async () => (await me(sanne)).credits).toBe(user.credits - 10 * started);
  await sanne.context().close();
});

test('without enough credits the message stays unsent, with the credits error and its button', async ({
  browser,
}) => {
  const sanne = await memberPage(browser, SANNE, 375);
  const pieter = await memberPage(browser, PIETER, 375);
  const pieterId = (await me(pieter)).id;
  // Spend what she has through the API, a message at a time, as any client would.
  const chat = await (await sanne.request.get(`/api/chat.php?member=${pieterId}`)).json();
  const user = await me(sanne);
  const price = chat.message_credits as number;
  for (let i = 0; i < Math.floor(user.credits / price); i++) {
    const res = await sanne.request.post('/api/chat-message.php', {
      data: { to: { id: pieterId }, client_id: randomUUID(), body: `bericht ${i}` },
      headers: { 'x-csrf-token': user.csrf_token },
    });
    expect(res.status()).toBe(200);
  }
  // The balance in user.php follows the charge once its notification arrived.
  await expect.poll(async () => (await me(sanne)).credits).toBeLessThan(price);

  await sanne.goto(`/members/${pieterId}/chat`);
  await composer(sanne, PIETER.name).fill('Nog eentje dan?');
  await composer(sanne, PIETER.name).press('Enter');
  const error = sanne.getByRole('alert').filter({
    hasText: `Je hebt niet genoeg credits om dit bericht naar ${PIETER.name} te sturen`,
  });
  await expect(error).toBeVisible();
  await expect(error.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/credits');
  // A retry cannot work while the balance is short: the way out is buying credits. The composer
  // shows the balance.
  await expect(error.getByRole('button', { name: 'Opnieuw proberen' })).toHaveCount(0);
  const balance = (await me(sanne)).credits;
  await expect(sanne.getByText(`Je tegoed: ${balance} credits`)).toBeVisible();
  await expectAccessible(sanne);
  await sanne.context().close();
  await pieter.context().close();
});

test('a member who has not confirmed can write; the partner sees why they cannot answer until the confirmation', async ({
  browser,
}) => {
  // Two members, a sign-up, the reminders, a confirmation by mail: more than most journeys.
  test.slow();
  const { page: newcomer, who } = await newcomerPage(browser, 'onbevestigd', false);
  const pieter = await memberPage(browser, PIETER, 375);
  const pieterId = (await me(pieter)).id;

  // Reminded on the member pages, with the way to get the mail again.
  await newcomer.goto('/members');
  const banner = newcomer.locator('.account-banner');
  await expect(banner).toContainText('Bevestig je e-mailadres met de link die we je hebben gestuurd.');
  await expect(banner.getByRole('button', { name: 'Opnieuw sturen' })).toBeVisible();
  await expectAccessible(newcomer);
  await lookAt(newcomer, 'confirm-banner-375');

  await newcomer.goto(`/members/${pieterId}/chat`);
  // In the conversation: why no answer will come yet.
  await expect(
    newcomer.getByText(
      `Antwoorden wachten tot je je e-mailadres bevestigt: we hebben de link gestuurd naar ${who.email}.`,
    ),
  ).toBeVisible();
  await composer(newcomer, PIETER.name).fill('Hoi Pieter, ik ben nieuw hier!');
  await composer(newcomer, PIETER.name).press('Enter');
  // Stored, not only shown while it is sent: the conversation exists for Pieter from here on.
  await expect(
    conversationLog(newcomer, PIETER.name).locator('.chat-bubble.own:not(.pending)', {
      hasText: 'ik ben nieuw hier',
    }),
  ).toBeVisible();

  // Pieter reads it, is told why he cannot answer yet, and gets no link to a profile nobody may see.
  await pieter.goto('/chats');
  await pieter
    .getByRole('link', { name: new RegExp(who.name) })
    .first()
    .click();
  await expect(conversationLog(pieter, who.name)).toContainText('ik ben nieuw hier');
  await expect(
    pieter.getByText(
      'Dit lid heeft het e-mailadres nog niet bevestigd. Je kunt antwoorden zodra dat gebeurd is.',
    ),
  ).toBeVisible();
  await expect(composer(pieter, who.name)).toHaveCount(0);
  await expect(pieter.locator('.chat-header').getByRole('link', { name: new RegExp(who.name) })).toHaveCount(
    0,
  );
  await expectAccessible(pieter);

  await lookAt(newcomer, 'replies-wait-375');

  // Once the newcomer confirms, Pieter's open conversation unlocks live, without a reload: he
  // answers, and the header opens the profile.
  await confirmAddress(newcomer, who.email);
  await newcomer.goto(`/members/${pieterId}/chat`);
  await expect(newcomer.getByText(/Antwoorden wachten tot je je e-mailadres bevestigt/)).toHaveCount(0);
  await expect(composer(pieter, who.name)).toBeVisible();
  await composer(pieter, who.name).fill('Welkom! Leuk dat je schrijft.');
  await composer(pieter, who.name).press('Enter');
  // Stored on his side first, so that a failure says which side lost the answer (a clean clone once
  // waited 20 s for it in her conversation, its retry passed: docs/performance.md).
  await expect(
    conversationLog(pieter, who.name).locator('.chat-bubble.own:not(.pending)', { hasText: 'Welkom!' }),
  ).toBeVisible();
  await expect(conversationLog(newcomer, PIETER.name)).toContainText('Welkom! Leuk dat je schrijft.');
  await expect(
    pieter.locator('.chat-header').getByRole('link', { name: new RegExp(who.name) }),
  ).toHaveAttribute('href', /\/members\/\d+$/);
  await newcomer.context().close();
  await pieter.context().close();
});

test('a message written offline waits in the browser: a new tab sends it once, charged once, and one given up is never sent', async ({
  browser,
}) => {
  const pieter = await memberPage(browser, PIETER, 375);
  const sanne = await memberPage(browser, SANNE, 1280);
  const sanneId = (await me(sanne)).id;
  const pieterId = (await me(pieter)).id;
  const before = await me(pieter);
  await pieter.goto(`/members/${sanneId}/chat`);
  await sanne.goto(`/members/${pieterId}/chat`);
  await expect(composer(pieter, SANNE.name)).toBeVisible();

  // The connection drops: both messages fail, kept with their way out.
  await pieter.context().setOffline(true);
  const kept = `Geschreven in de trein (${randomUUID().slice(0, 8)})`;
  const givenUp = `Toch maar niet (${randomUUID().slice(0, 8)})`;
  for (const text of [kept, givenUp]) {
    await composer(pieter, SANNE.name).fill(text);
    await composer(pieter, SANNE.name).press('Enter');
  }
  const log = conversationLog(pieter, SANNE.name);
  const failed = (text: string) => log.locator('.chat-bubble.pending.failed', { hasText: text });
  await expect(failed(kept).getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
  await failed(givenUp).getByRole('button', { name: 'Niet versturen' }).click();
  await expect(log.getByText(givenUp)).toHaveCount(0);
  await expectAccessible(pieter);

  // He closes the tab before the connection is back, and opens the chat again later.
  await pieter.close();
  await pieter.context().setOffline(false);
  const again = await pieter.context().newPage();
  await again.goto(`/members/${sanneId}/chat`);
  const sent = conversationLog(again, SANNE.name).locator('.chat-bubble.own', { hasText: kept });
  await expect(sent).toHaveCount(1);
  await expect(sent).not.toHaveClass(/pending/);

  // Sanne hears it live, once; the one he gave up never comes; he paid for one message.
  const hers = conversationLog(sanne, PIETER.name);
  await expect(hers.locator('.chat-bubble.theirs', { hasText: kept })).toHaveCount(1);
  await expect.poll(async () => (await me(again)).credits).toBe(before.credits - 10);
  await sanne.reload();
  await expect(hers.locator('.chat-bubble.theirs', { hasText: kept })).toHaveCount(1);
  await expect(hers.getByText(givenUp)).toHaveCount(0);
  await again.context().close();
  await sanne.context().close();
});

test('messages keep the order they were written in, and a partner’s message committed just before one’s own is shown, not skipped', async ({
  browser,
}) => {
  // A newcomer (confirmed) has credits for her message, whatever the journeys before spent of Sanne's.
  const { page: sanne, who: her } = await newcomerPage(browser, 'volgorde', true);
  const pieter = await memberPage(browser, PIETER, 375);
  const sanneId = (await me(sanne)).id;
  const pieterId = (await me(pieter)).id;
  // Pieter's network is uneven: his first send's request takes a second to reach the server, and
  // while `late` is on, the live message events reach his tab a second and a half late.
  let slowSends = 1;
  await pieter.route('**/api/chat-message.php', async (route) => {
    if (slowSends-- > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  let late = false;
  await pieter.routeWebSocket(/\/api\/realtime/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (late && String(frame).includes('"type":"message"')) setTimeout(() => ws.send(frame), 1500);
      else ws.send(frame);
    });
    ws.onMessage((frame) => server.send(frame));
  });
  await pieter.goto(`/members/${sanneId}/chat`);
  await sanne.goto(`/members/${pieterId}/chat`);
  await expect(composer(pieter, her.name)).toBeVisible();
  await expect(composer(sanne, PIETER.name)).toBeVisible();
  const tag = randomUUID().slice(0, 8);

  // Two messages, one right after the other: the first one's slow request does not let the second
  // overtake it.
  const first = `Eerst dit (${tag})`;
  const second = `En dan dit (${tag})`;
  for (const text of [first, second]) {
    await composer(pieter, her.name).fill(text);
    await composer(pieter, her.name).press('Enter');
  }
  const seqOf = async (page: Page, name: string, text: string) => {
    const bubble = conversationLog(page, name).locator('.chat-bubble:not(.pending)', { hasText: text });
    await expect(bubble).toHaveCount(1);
    return Number(await bubble.getAttribute('data-seq'));
  };
  for (const [page, name] of [
    [pieter, her.name],
    [sanne, PIETER.name],
  ] as const)
    expect(await seqOf(page, name, first)).toBeLessThan(await seqOf(page, name, second));

  // Sanne writes; Pieter answers at once. His answer's own reply comes back before her message's
  // event does, with a higher seq: her message is still fetched and shown, before his answer.
  late = true;
  const hers = `Ben je er nog? (${tag})`;
  await composer(sanne, PIETER.name).fill(hers);
  await composer(sanne, PIETER.name).press('Enter');
  await expect(
    conversationLog(sanne, PIETER.name).locator('.chat-bubble.own:not(.pending)', { hasText: hers }),
  ).toBeVisible();
  const his = `Ja hoor! (${tag})`;
  await composer(pieter, her.name).fill(his);
  await composer(pieter, her.name).press('Enter');
  await expect(
    conversationLog(pieter, her.name).locator('.chat-bubble.own:not(.pending)', { hasText: his }),
  ).toBeVisible();
  await expect(
    conversationLog(pieter, her.name).locator('.chat-bubble.theirs', { hasText: hers }),
  ).toBeVisible();
  expect(await seqOf(pieter, her.name, hers)).toBeLessThan(await seqOf(pieter, her.name, his));

  // A message that gets no answer holds back the one written after it: that one is not sent before
  // it, and both go, in order, with the retry.
  late = false;
  const lost = `Dit komt niet aan (${tag})`;
  const after = `Dit wacht erop (${tag})`;
  let cut = true;
  await pieter.route('**/api/chat-message.php', async (route) => {
    if (cut && (route.request().postData() ?? '').includes(lost)) await route.abort('failed');
    else await route.fallback();
  });
  for (const text of [lost, after]) {
    await composer(pieter, her.name).fill(text);
    await composer(pieter, her.name).press('Enter');
  }
  const pending = (text: string) =>
    conversationLog(pieter, her.name).locator('.chat-bubble.pending.failed', { hasText: text });
  // The browser's own retries of the lost one take some seconds.
  await expect(pending(lost)).toBeVisible({ timeout: 20_000 });
  await expect(pending(after)).toBeVisible();
  await expect(conversationLog(sanne, PIETER.name).getByText(after)).toHaveCount(0);
  cut = false;
  await pending(lost).getByRole('button', { name: 'Opnieuw proberen' }).click();
  for (const [page, name] of [
    [pieter, her.name],
    [sanne, PIETER.name],
  ] as const)
    expect(await seqOf(page, name, lost)).toBeLessThan(await seqOf(page, name, after));
  await sanne.context().close();
  await pieter.context().close();
});

test('a chat says when its live connection is down, with the network up, and stops saying so when it is back', async ({
  browser,
}) => {
  const pieter = await memberPage(browser, PIETER, 375);
  const sanne = await memberPage(browser, SANNE, 375);
  const sanneId = await memberId(sanne);
  await sanne.context().close();
  // The server's real-time channel out of reach: every socket the tab opens is closed at once.
  let down = false;
  const open = new Set<{ close: () => Promise<void> }>();
  await pieter.routeWebSocket(/\/api\/realtime/, (ws) => {
    if (down) return void ws.close({ code: 1011 });
    ws.connectToServer();
    open.add(ws);
  });
  await pieter.goto(`/members/${sanneId}/chat`);
  await expect(composer(pieter, SANNE.name)).toBeVisible();
  const notice = pieter.getByText('Verbinding verbroken. Je berichten worden verstuurd zodra die terug is.');
  await expect(notice).toHaveCount(0);
  down = true;
  for (const ws of open) await ws.close();
  open.clear();
  // Three seconds after the drop, however quickly the tab tries again in between.
  await expect(notice).toBeVisible();
  await expectAccessible(pieter);
  down = false;
  // The next attempt (a backoff with jitter, up to 8 s by now) gets through.
  await expect(notice).toHaveCount(0, { timeout: 30_000 });
  await pieter.context().close();
});

test('a conversation page opened before the first message shows that message live when the partner writes first', async ({
  browser,
}) => {
  const { page: newcomer, who } = await newcomerPage(browser, 'nieuwkomer', true);
  const newcomerId = (await me(newcomer)).id;
  const pieter = await memberPage(browser, PIETER, 1280);
  const pieterId = (await me(pieter)).id;

  // She looks at the (empty) conversation with Pieter; he writes first, from his side.
  await newcomer.goto(`/members/${pieterId}/chat`);
  await expect(newcomer.getByText(`Zeg hallo tegen ${PIETER.name}`, { exact: false })).toBeVisible();
  await pieter.goto(`/members/${newcomerId}/chat`);
  const hello = `Welkom op het plein! (${randomUUID().slice(0, 8)})`;
  await composer(pieter, who.name).fill(hello);
  await composer(pieter, who.name).press('Enter');

  // Her open page shows it without a reload, and she answers in the conversation it began.
  await expect(conversationLog(newcomer, PIETER.name).locator('.chat-bubble.theirs')).toHaveText(
    new RegExp(hello.replace(/[()]/g, '\\$&')),
  );
  await composer(newcomer, PIETER.name).fill('Dank je!');
  await composer(newcomer, PIETER.name).press('Enter');
  await expect(
    conversationLog(pieter, who.name).locator('.chat-bubble.theirs', { hasText: 'Dank je!' }),
  ).toBeVisible();
  await expect(newcomer).toHaveURL(new RegExp(`/members/${pieterId}/chat$`));
  await newcomer.context().close();
  await pieter.context().close();
});

test('the conversation list comes with the HTML; a conversation without JavaScript says it needs it', async ({
  browser,
}) => {
  // No JavaScript: the list is in the server's answer, not a "…" waiting for the browser.
  const page = await scriptlessMemberPage(browser, PIETER);
  const { chats } = (await (await page.request.get('/api/chats.php')).json()) as {
    chats: { conversation: { id: number }; profile: { name: string } }[];
  };
  expect(chats.length).toBeGreaterThan(0);
  await page.goto('/chats');
  const list = page.getByRole('complementary', { name: 'Chats' });
  for (const chat of chats.slice(0, 3))
    await expect(list.getByRole('link', { name: new RegExp(chat.profile.name) })).toHaveAttribute(
      'href',
      `/chats/${chat.conversation.id}`,
    );
  // A conversation's messages are read in the browser: without a script it says so, and leads back.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/chats/${chats[0]?.conversation.id}`);
  // Inside <noscript>, which Playwright's text and role locators pass over: found by class.
  await expect(page.locator('.chat-conversation .chat-failure')).toHaveText(/^Chatten werkt met JavaScript/);
  await page.locator('.chat-conversation a.chat-back[aria-label="Alle chats"]').click();
  await expect(page).toHaveURL(/\/chats$/);
  await page.context().close();
});

test('the conversation list says when each last message came', async ({ browser }) => {
  const page = await memberPage(browser, PIETER, 1280);
  const { chats } = (await (await page.request.get('/api/chats.php')).json()) as {
    chats: { conversation: { id: number }; last_message: { at: string } | null }[];
  };
  const withMessage = chats.filter((chat) => chat.last_message !== null);
  expect(withMessage.length).toBeGreaterThan(0);
  await page.goto('/chats');
  const list = page.getByRole('complementary', { name: 'Chats' });
  for (const chat of withMessage.slice(0, 3)) {
    const time = list.locator(`a[href="/chats/${chat.conversation.id}"] time`);
    await expect(time).toHaveAttribute('datetime', chat.last_message?.at ?? '');
    await expect(time).not.toBeEmpty();
  }
  await expectAccessible(page);
  await page.context().close();
});
