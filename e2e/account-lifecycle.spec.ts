import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { logOutByApi, me, memberContext, memberPage, SANNE } from './demo-members.ts';
import { expect, expectAccessible, test, waitForMail } from './fixtures.ts';

const PASSWORD = 'Zonnebloem-2026!';

/** A fresh member made through the API (the sign-up UI has its own journeys), logged in in this browser. */
async function newMember(request: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `leven${stamp}@example.nl`;
  const name = `Leven${stamp.slice(-7)}`;
  const res = await request.post('/api/signup.php', {
    data: {
      email,
      name,
      password: PASSWORD,
      date_of_birth: '1985-02-11',
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
      region: 'NL-NH',
      city: 'Haarlem',
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, name };
}

test('log out and log in again', async ({ page }) => {
  const { email, name } = await newMember(page.request);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Mijn account' }).click();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await page.getByRole('link', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(email);
  await page.getByLabel('Wachtwoord').fill('verkeerd-wachtwoord');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toContainText('Inloggen mislukt, probeer het opnieuw');
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members(\?|$)/);
  const me = await (await page.request.get('/api/user.php')).json();
  expect(me.user.profile.name).toBe(name);
});

test('logging out from a member page asks nothing the server refuses', async ({ page }) => {
  await newMember(page.request);
  // On a member page the live channel is open and the member is polled: both must stop with the
  // session, not read the member once more and be refused (a 403 in the console at every logout).
  const live = page.waitForEvent('websocket', (socket) => socket.url().includes('/api/realtime'));
  await page.goto('/members');
  await live;
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const loggedOut = page.waitForResponse((response) => response.url().includes('/api/logout.php'));
  await page.getByRole('button', { name: 'Mijn account' }).click();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

test('log in without JavaScript: a wrong password shows the page again with the error, the right one the members', async ({
  browser,
}) => {
  const context = await memberContext(browser, { scripts: false });
  const { email, name } = await newMember(context.request);
  await logOutByApi(context.request);
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fpricing');
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(email);
  await page.getByLabel('Wachtwoord').fill('verkeerd-wachtwoord');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpricing$/);
  await expect(page.getByRole('alert')).toContainText('Inloggen mislukt, probeer het opnieuw');
  await expect(page.getByLabel('E-mailadres of gebruikersnaam')).toHaveValue(email);
  await expect(page.getByLabel('Wachtwoord')).toHaveValue('');
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect((await me(page)).id).toBeGreaterThan(0);
  // Without a redirect the login ends on the members page.
  await logOutByApi(context.request);
  await page.goto('/login');
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(name);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members(\?|$)/);
  await expect(page.getByRole('heading', { name: /leden gevonden/ })).toBeVisible();
  await context.close();
});

test('reset the password by mail', async ({ page }) => {
  const { email } = await newMember(page.request);
  await logOutByApi(page.request);
  await page.goto('/reset-password');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Stuur link' }).click();
  await expect(page.getByRole('status')).toContainText(email);
  const { link } = await waitForMail(email, '/reset-password/do');
  await page.goto(link);
  await expectAccessible(page);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nieuw-Geheim-77');
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('Iets-anders-77');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('De ingevoerde wachtwoorden zijn niet hetzelfde.')).toBeVisible();
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('Nieuw-Geheim-77');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('status')).toContainText('Je wachtwoord is gewijzigd');
  await page.goto('/login');
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(email);
  await page.getByLabel('Wachtwoord').fill('Nieuw-Geheim-77');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members(\?|$)/);
});

test('delete the account, then reactivate it by mail; a chat partner sees the account deleted meanwhile', async ({
  page,
  browser,
}) => {
  const { email, name } = await newMember(page.request);
  // He has written to Sanne; her list shows him as any partner.
  const sanne = await memberPage(browser, SANNE, 375);
  const { csrf_token } = await me(page);
  const hello = await page.request.post('/api/chat-message.php', {
    data: { to: { id: (await me(sanne)).id }, client_id: randomUUID(), body: 'Hallo Sanne!' },
    headers: { 'x-csrf-token': csrf_token },
  });
  expect(hello.status(), await hello.text()).toBe(200);
  const inHerList = async () => {
    await sanne.goto('/chats');
    return sanne.getByRole('link', { name: new RegExp(name) });
  };
  await expect((await inHerList()).getByText('Account verwijderd')).toHaveCount(0);

  await page.goto('/settings');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Mijn account verwijderen' }).click();
  await page.getByLabel('Ik heb iemand gevonden').check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  // Someone who found a partner is not kept with a discount: straight to the confirmation.
  await expect(page.getByLabel('Je wachtwoord, om je account te verwijderen')).toBeVisible();
  await expect(page.getByText('Blijf en krijg 50% korting')).toHaveCount(0);
  await page.getByLabel('Je wachtwoord, om je account te verwijderen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Mijn account verwijderen' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Je account is verwijderd' })).toBeVisible();
  expect((await page.request.get('/api/user.php')).status()).toBe(403);
  // While he may still come back, her list keeps the chat and says why he does not answer.
  await expect((await inHerList()).getByText('Account verwijderd')).toBeVisible();
  await expectAccessible(sanne);
  const { link } = await waitForMail(email, '/reactivate');
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('Welkom terug!');
  expect((await page.request.get('/api/user.php')).status()).toBe(200);
  await expect((await inHerList()).getByText('Account verwijderd')).toHaveCount(0);
  await sanne.context().close();
});

test('staying for the offered discount gives it for real: /credits shows it and applies it, and it is offered once', async ({
  page,
}) => {
  await newMember(page.request);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Mijn account verwijderen' }).click();
  await page.getByLabel('Het is te duur').check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Blijf en krijg 50% korting' }).click();
  const stayed = page.getByTestId('retention-stayed');
  await expect(stayed).toContainText('50%');
  await expectAccessible(page);
  await stayed.getByRole('link').click();
  await expect(page).toHaveURL(/\/credits$/);
  // 50 % beats the new member's time bonus (25 %): it is the discount that applies.
  await expect(page.getByTestId('active-discount')).toHaveText(
    'Blijfkorting: 50% korting op je volgende aankoop',
  );
  await expect(page.getByTestId('package-price-p0')).toHaveText('€ 7,47');
  await expect(page.getByTestId('package-p0').locator('s')).toHaveText('€ 14,95');

  // Given once: leaving again goes straight to the confirmation.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Mijn account verwijderen' }).click();
  await page.getByLabel('Het is te duur').check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByLabel('Je wachtwoord, om je account te verwijderen')).toBeVisible();
  await expect(page.getByText('Blijf en krijg 50% korting')).toHaveCount(0);
});
