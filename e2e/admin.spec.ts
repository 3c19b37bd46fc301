import type { Page } from '@playwright/test';
import { logInByApi, memberContext, SANNE } from './demo-members.ts';
import { expect, expectAccessibleAtBothWidths, test } from './fixtures.ts';
import { DEMO_ADMIN, DEMO_MODERATOR, DEMO_OPERATOR, freshTotpCode, staffLogInByApi } from './staff-logins.ts';

// The back office (docs/decisions/0043), in Dutch, the site's default language.
const PHONE = 375;
const DESKTOP = 1280;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Onderdelen van de backoffice' }).last();

async function logInByForm(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('E-mailadres').fill(who.email);
  await page.getByLabel('Wachtwoord').fill(who.password);
  await page.getByRole('button', { name: 'Verder' }).click();
}

test('the admin logs in with password and code, adds an operator who sets up a second factor, changes roles and disables; the audit shows it', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: DESKTOP, height: 800 });
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fstaff$/);
  await expect(page.getByRole('heading', { name: 'Inloggen in de backoffice' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await logInByForm(page, DEMO_ADMIN);
  await expect(page.getByRole('heading', { name: 'Verificatiecode' })).toBeVisible();
  // A wrong code is refused in the staff member's language and changes nothing.
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/De code is niet geldig/);
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel('Code').fill(await freshTotpCode(DEMO_ADMIN.secret));
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
  await expect(page.getByTestId('admin-who')).toContainText(`Ingelogd als ${DEMO_ADMIN.name}`);
  await expect(nav(page).getByRole('link')).toHaveText([
    'Start',
    'Medewerkers',
    'Auditlog',
    'Operators',
    'Moderatie',
    'Meldingen',
    'Fictieve profielen',
  ]);
  await expectAccessibleAtBothWidths(page);

  // At a phone's width the sections fold into a menu.
  await page.setViewportSize({ width: PHONE, height: 800 });
  await expect(nav(page)).toBeHidden();
  await page.getByText('Menu', { exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Onderdelen van de backoffice' }).first()).toBeVisible();
  await page.setViewportSize({ width: DESKTOP, height: 800 });

  // A new operator.
  const run = Date.now().toString(36);
  const operator = {
    email: `operator-${run}@example.test`,
    name: `Operator ${run}`,
    password: 'Zonnebloem-Tulp-83',
  };
  const add = page.getByRole('region', { name: 'Medewerker toevoegen' });
  await add.getByLabel('E-mailadres').fill(operator.email);
  await add.getByLabel('Naam').fill(operator.name);
  await add.getByLabel('Wachtwoord').fill(operator.password);
  await add.getByLabel('Operator').check();
  await add.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByRole('status')).toHaveText(`${operator.name} is toegevoegd.`);
  const card = page.getByTestId(`staff-${operator.email}`);
  await expect(card).toContainText('Niet ingesteld');
  // The same address again: the server's refusal, in Dutch.
  await add.getByLabel('E-mailadres').fill(operator.email);
  await add.getByLabel('Naam').fill(operator.name);
  await add.getByLabel('Wachtwoord').fill(operator.password);
  await add.getByLabel('Operator').check();
  await add.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(add.getByRole('alert')).toHaveText(
    'Er bestaat al een medewerkersaccount met dit e-mailadres.',
  );
  await expectAccessibleAtBothWidths(page);

  // Roles: moderator too.
  await card
    .getByRole('group', { name: `Rollen van ${operator.name}` })
    .getByLabel('Moderator')
    .check();
  await card.getByRole('button', { name: 'Rollen opslaan' }).click();
  await expect(page.getByRole('status')).toHaveText(`De rollen van ${operator.name} zijn opgeslagen.`);
  await expect(card.locator('dd').first()).toHaveText('Moderator, Operator');

  // The operator's first login: the QR code, the key as text, a code from it, the recovery codes once.
  const operatorContext = await memberContext(browser, { width: PHONE });
  try {
    const operatorPage = await operatorContext.newPage();
    // A mistyped password first: refused, and written in the audit log (read at the end).
    const mistyped = await operatorPage.request.post('/api/admin/login.php', {
      data: { email: operator.email, password: 'Zonnebloem-Tulp-38' },
    });
    expect(mistyped.status()).toBe(401);
    await operatorPage.goto('/admin/login');
    await logInByForm(operatorPage, operator);
    await expect(operatorPage.getByRole('heading', { name: 'Tweestapsverificatie instellen' })).toBeVisible();
    await expect(operatorPage.getByRole('img', { name: 'QR-code voor je authenticator-app' })).toBeVisible();
    const secret = (await operatorPage.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessibleAtBothWidths(operatorPage);
    await operatorPage.getByLabel('Code').fill(await freshTotpCode(secret));
    await operatorPage.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(operatorPage.getByRole('heading', { name: 'Je herstelcodes' })).toBeVisible();
    await expect(operatorPage.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await expectAccessibleAtBothWidths(operatorPage);
    await operatorPage.getByRole('link', { name: 'Ik heb ze bewaard' }).click();
    await expect(operatorPage).toHaveURL(/\/admin$/);
    await expect(operatorPage.getByRole('heading', { name: `Welkom, ${operator.name}` })).toBeVisible();
    // Moderator and operator: no staff section in the nav nor among the cards.
    await expect(operatorPage.getByRole('link', { name: 'Medewerkers' })).toHaveCount(0);
    await expectAccessibleAtBothWidths(operatorPage);

    // The admin disables the account: the operator's session ends with it.
    await page.reload();
    await expect(card).toContainText('Ingesteld');
    // It locks a person out at once: the admin is asked first, and a cancel changes nothing.
    await card.getByRole('button', { name: 'Blokkeren' }).click();
    const confirm = page.getByRole('dialog', { name: `${operator.name} blokkeren?` });
    await expect(confirm).toContainText('wordt direct uitgelogd');
    await expectAccessibleAtBothWidths(page);
    await confirm.getByRole('button', { name: 'Annuleren' }).last().click();
    await expect(confirm).toBeHidden();
    await expect(card).toContainText('Actief');
    await card.getByRole('button', { name: 'Blokkeren' }).click();
    await confirm.getByRole('button', { name: 'Blokkeren' }).click();
    await expect(page.getByRole('status')).toHaveText(`${operator.name} is geblokkeerd en uitgelogd.`);
    await expect(card).toContainText('Geblokkeerd');
    await expect(card.getByRole('button', { name: 'Deblokkeren' })).toBeVisible();
    await operatorPage.reload();
    await expect(operatorPage).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  } finally {
    await operatorContext.close();
  }

  // The audit log finds the admin's changes to the account, newest first, before and after readable.
  const list = (await (await page.request.get('/api/admin/staff.php')).json()) as {
    id: number;
    email: string;
  }[];
  const id = list.find((member) => member.email === operator.email)?.id;
  await nav(page).getByRole('link', { name: 'Auditlog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditlog' })).toBeVisible();
  await page.getByLabel('Persoon').selectOption({ label: `${DEMO_ADMIN.name} (${DEMO_ADMIN.email})` });
  await page.getByLabel('Doel').fill(`staff:${id}`);
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(new RegExp(`target=staff%3A${id}`));
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('staff.disable');
  await expect(rows.nth(1)).toContainText('staff.roles');
  await expect(rows.nth(1).getByRole('deletion')).toHaveText('operator');
  await expect(rows.nth(1).getByRole('insertion')).toHaveText('moderator, operator');
  await expect(rows.nth(2)).toContainText('staff.add');
  await expectAccessibleAtBothWidths(page);
  // Without the person: the failed login against the account too, by nobody logged in.
  await page.goto(`/admin/audit?target=staff%3A${id}`);
  const failed = rows.filter({ hasText: 'staff.login_failed' });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('Niet ingelogd');
  await expect(failed).toContainText('wrong_password');
});

test('a moderator has moderation but no staff section, and gets the 403 page at /admin/staff', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: DESKTOP, height: 800 });
  await staffLogInByApi(page.request, DEMO_MODERATOR);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: `Welkom, ${DEMO_MODERATOR.name}` })).toBeVisible();
  // A visitor right after gets the login, never the staff member's page from the anonymous page cache.
  const visitor = await memberContext(browser, { width: DESKTOP });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/admin');
    await expect(visitorPage).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
    await expect(visitorPage.getByText(DEMO_MODERATOR.name)).toHaveCount(0);
  } finally {
    await visitor.close();
  }
  await expect(nav(page).getByRole('link')).toHaveText(['Start', 'Moderatie', 'Meldingen']);
  await expectAccessibleAtBothWidths(page);
  const answer = await page.goto('/admin/staff');
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
  await expect(page.getByTestId('admin-who')).toContainText(DEMO_MODERATOR.name);
  await expectAccessibleAtBothWidths(page);
  expect((await page.goto('/admin/audit'))?.status()).toBe(403);
});

test("a member's session does not open the back office", async ({ page }) => {
  await logInByApi(page.request, SANNE);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  await expect(page.getByRole('heading', { name: 'Inloggen in de backoffice' })).toBeVisible();
});

test('the login works without JavaScript: password, a wrong code refused, then the code', async ({
  browser,
}) => {
  const context = await memberContext(browser, { width: PHONE, scripts: false });
  try {
    const page = await context.newPage();
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faudit$/);
    // A wrong password: the same words as an unknown address.
    await logInByForm(page, { ...DEMO_OPERATOR, password: 'niet-het-wachtwoord' });
    await expect(page.getByRole('alert')).toHaveText('Inloggen mislukt, probeer het opnieuw');
    await logInByForm(page, DEMO_OPERATOR);
    await page.getByLabel('Code').fill('123456');
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(/De code is niet geldig/);
    await page.getByLabel('Code').fill(await freshTotpCode(DEMO_OPERATOR.secret));
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    // The operator may not open the audit log: the login brought them back to it, to be told so.
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
    await expect(page.getByText('Menu', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
