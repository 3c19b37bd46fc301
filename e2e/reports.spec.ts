import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { memberContext, memberId, signUpMember } from './demo-members.ts';
import { currentServer, expect, expectAccessible, lookAt, test, waitForMail } from './fixtures.ts';
import { DEMO_MODERATOR, staffLogInByApi } from './staff-logins.ts';

const PASSWORD = 'Zonnebloem-2026!';

/** A member who signed up just now and confirmed her address, in a browser context of her own. */
async function confirmedMember(browser: Browser, prefix: string) {
  const page = await (await memberContext(browser, { width: 375 })).newPage();
  const who = await signUpMember(page, prefix);
  const { link } = await waitForMail(who.email, '/api/activate.php');
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
  return { page, who, id: await memberId(page) };
}

const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Bericht aan ${name}` });
const conversationLog = (page: Page, name: string) =>
  page.getByRole('log', { name: `Berichten met ${name}` });

async function send(page: Page, to: string, text: string) {
  await composer(page, to).fill(text);
  await composer(page, to).press('Enter');
  await expect(
    conversationLog(page, to).locator('.chat-bubble.own:not(.pending)', { hasText: text }),
  ).toBeVisible();
}

const widerThanWindow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The outcome mail has no link for waitForMail to find: it is found by its address and subject. */
function mailTo(to: string, subjectPart: string) {
  const dir = currentServer().mailDir;
  if (!fs.existsSync(dir)) return undefined;
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map(
      (file) =>
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
          to: string[];
          subject: string;
          text: string;
        },
    )
    .find((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subjectPart));
}

test('a message reported from a conversation, through the moderator, to a suspension and its lifting', async ({
  browser,
}) => {
  test.slow(); // three people, two sign-ups with their mails, and a staff login
  const melder = await confirmedMember(browser, 'melder');
  const lastig = await confirmedMember(browser, 'lastig');
  const tag = randomUUID().slice(0, 8);

  // They write to each other; her tab stays open on the conversation.
  await melder.page.goto(`/members/${lastig.id}/chat`);
  await send(melder.page, lastig.who.name, `Hoi! (${tag})`);
  await lastig.page.goto(`/members/${melder.id}/chat`);
  const scam = `Stuur me eerst 50 euro, dan bel ik je (${tag})`;
  await send(lastig.page, melder.who.name, scam);

  // The reporter reports that message from the conversation, through the dialog.
  const bubble = conversationLog(melder.page, lastig.who.name).locator('.chat-bubble.theirs', {
    hasText: scam,
  });
  await expect(bubble).toBeVisible();
  await bubble.getByRole('button', { name: 'Bericht melden' }).click();
  const dialog = melder.page.getByRole('dialog', { name: 'Dit bericht melden' });
  await dialog.getByLabel('Oplichting of vragen om geld').check();
  await dialog.getByLabel('Toelichting (optioneel)').fill('Ze vraagt om geld.');
  const reported = melder.page.waitForResponse((r) => r.url().includes('/api/report.php'));
  await dialog.getByRole('button', { name: 'Melding versturen' }).click();
  const reportId = ((await (await reported).json()) as { id: number }).id;
  await expect(melder.page.getByText('Bedankt. Onze moderatoren bekijken je melding.')).toBeVisible();
  const reference = `M-${String(reportId).padStart(6, '0')}`;

  // The moderator finds it in the queue (server-rendered, open first) and opens it.
  const staff = await (await memberContext(browser, { width: 1280 })).newPage();
  await staffLogInByApi(staff.request, DEMO_MODERATOR);
  await staff.goto('/admin/reports?reason=scam');
  const row = staff.locator(`tr[data-report="${reportId}"]`);
  await expect(row).toContainText('Oplichting of vragen om geld');
  await expect(row).toContainText(lastig.who.name);
  await expect(row).toContainText(melder.who.name);
  await expect(row).toContainText('Geen maatregelen');
  await expectAccessible(staff);
  await lookAt(staff, 'admin-reports-1280', { fullPage: true });
  await row.getByRole('link', { name: `Melding ${reference} openen` }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/reports/${reportId}$`));
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Melding ${reference}`);

  // The evidence: both messages, who wrote each, the reported one marked.
  const evidence = staff.getByTestId('report-evidence');
  await expect(evidence.locator('li')).toHaveCount(2);
  await expect(evidence.locator('li').first()).toContainText(melder.who.name);
  await expect(evidence.locator('li').first()).toContainText(`Hoi! (${tag})`);
  const flagged = evidence.locator('li[data-reported]');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText('Gemeld bericht');
  await expect(flagged).toContainText(lastig.who.name);
  await expect(flagged).toContainText(scam);
  await expect(staff.getByText('Ze vraagt om geld.')).toBeVisible();
  await expectAccessible(staff);

  // Suspend, after the confirmation.
  await staff.getByLabel('Het account schorsen').check();
  await staff.getByRole('button', { name: 'Besluit opslaan' }).click();
  const confirm = staff.getByRole('dialog', { name: `${lastig.who.name} schorsen?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(staff);
  const decided = staff.waitForResponse((r) => r.url().includes('/api/admin/report-outcome.php'));
  await confirm.getByRole('button', { name: 'Schorsen', exact: true }).click();
  expect((await decided).status()).toBe(200);
  await expect(staff.getByText('Besluit opgeslagen. De melder krijgt de uitkomst te horen.')).toBeVisible();
  await expect(staff.getByTestId('reported-member-state')).toContainText('Geschorst');
  await expect(staff.getByTestId('report-decision')).toContainText('Geschorst');
  await expect(staff.getByTestId('report-decision')).toContainText(DEMO_MODERATOR.name);
  await lookAt(staff, 'admin-report-1280', { fullPage: true });

  // The suspended member's open tab is logged out live; logging in again shows the ban page.
  await expect(lastig.page).toHaveURL(/\/login/);
  await lastig.page.getByLabel('E-mailadres of gebruikersnaam').fill(lastig.who.email);
  await lastig.page.getByLabel('Wachtwoord').fill(PASSWORD);
  await lastig.page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(lastig.page).toHaveURL(/\/pages\/ban$/);

  // The reporter is told, in the app and by mail, that action was taken: never which.
  await melder.page.goto('/settings');
  await expect(
    melder.page.getByText('We hebben je melding bekeken en maatregelen genomen.', { exact: false }),
  ).toBeVisible();
  await expect
    .poll(() => mailTo(melder.who.email, reference)?.text ?? '', { timeout: 20_000 })
    .toContain('maatregelen genomen');
  const mail = mailTo(melder.who.email, reference);
  expect(mail?.text).not.toContain(lastig.who.name);
  expect(mail?.text.toLowerCase()).not.toContain('geschorst');

  // The moderator lifts the suspension: she can log in again.
  const lifted = staff.waitForResponse((r) => r.url().includes('/api/admin/suspension-lift.php'));
  await staff.getByRole('button', { name: 'Schorsing opheffen' }).click();
  expect((await lifted).status()).toBe(200);
  await expect(staff.getByText('De schorsing is opgeheven.')).toBeVisible();
  await expect(staff.getByTestId('reported-member-state')).not.toContainText('Geschorst');
  await expect(staff.getByRole('button', { name: 'Schorsing opheffen' })).toHaveCount(0);
  await lastig.page.goto('/login');
  await lastig.page.getByLabel('E-mailadres of gebruikersnaam').fill(lastig.who.email);
  await lastig.page.getByLabel('Wachtwoord').fill(PASSWORD);
  await lastig.page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(lastig.page).toHaveURL(/\/members/);

  // The queue at 375 px: the closed report under its filter, rows as labelled blocks.
  await staff.setViewportSize({ width: 375, height: 812 });
  await staff.goto(`/admin/reports?status=closed&reason=scam`);
  await expect(staff.locator(`tr[data-report="${reportId}"]`)).toContainText('Geschorst');
  await expectAccessible(staff);
  expect(await widerThanWindow(staff)).toBe(false);
  await lookAt(staff, 'admin-reports-375', { fullPage: true });
  await staff.goto(`/admin/reports/${reportId}`);
  await expect(staff.getByTestId('report-evidence').locator('li[data-reported]')).toContainText(scam);
  await expectAccessible(staff);
  expect(await widerThanWindow(staff)).toBe(false);
  await lookAt(staff, 'admin-report-375', { fullPage: true });
});
