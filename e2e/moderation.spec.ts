import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';
import sharp from 'sharp';
import { memberId, signUpMember } from './demo-members.ts';
import { expect, expectAccessible, test, waitForMail } from './fixtures.ts';
import { heardListChange, runPastDebounce, stopClockAndAwaitStaffSocket } from './staff-live.ts';
import { DEMO_ADMIN, DEMO_MODERATOR, staffLogInByApi } from './staff-logins.ts';

async function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 40, g: 40, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

type Playwright = PlaywrightWorkerArgs['playwright'];
type StaffSession = { state: Awaited<ReturnType<APIRequestContext['storageState']>>; headers: object };

/**
 * One session per staff person and server for this file's journeys: the server takes each code
 * once, and a second login in the same 30 seconds would wait for the next one.
 */
const sessions = new Map<string, Promise<StaffSession>>();
function staffSession(
  playwright: Playwright,
  baseURL: string | undefined,
  who: typeof DEMO_MODERATOR,
): Promise<StaffSession> {
  const key = `${who.email} ${baseURL}`;
  let session = sessions.get(key);
  if (!session) {
    session = (async () => {
      const request = await playwright.request.newContext({ baseURL });
      const headers = await staffLogInByApi(request, who);
      const state = await request.storageState();
      await request.dispose();
      return { state, headers };
    })();
    sessions.set(key, session);
  }
  return session;
}

/** The demo moderator in a browser page of their own, logged in to the back office. */
async function moderatorPage(browser: Browser, playwright: Playwright, baseURL: string | undefined) {
  const { state } = await staffSession(playwright, baseURL, DEMO_MODERATOR);
  const context = await browser.newContext({ baseURL, storageState: state });
  return context.newPage();
}

/**
 * The photo queue moved (with J, as a moderator would) to the photo with this id; each key press
 * waits for the next photo to show before the next press.
 */
async function showPhoto(staffPage: Page, id: number) {
  const shown = staffPage.locator('.moderation-photo');
  // The page says its keys once its script listens for them.
  await expect(shown).toHaveAttribute('aria-keyshortcuts', /J/);
  for (let step = 0; step < 40; step += 1) {
    const at = await shown.getAttribute('data-photo');
    if (at === String(id)) return;
    await staffPage.keyboard.press('j');
    await expect(shown).not.toHaveAttribute('data-photo', at ?? '');
  }
  throw new Error(`photo ${id} is not in the moderator's queue`);
}

/** Another person with the moderation rights (the demo admin), through the API. */
async function otherModerator(playwright: Playwright, baseURL: string | undefined) {
  const { state, headers } = await staffSession(playwright, baseURL, DEMO_ADMIN);
  const staff = await playwright.request.newContext({ baseURL, storageState: state });
  return { staff, headers: headers as Record<string, string> };
}

test('a moderator rejects a new photo in the queue; only its owner saw it, and they learn why', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const member = await signUpMember(page, 'moderatie');
  const id = await memberId(page);
  // Confirmed, so others may find her: what they miss is the photo, not the member.
  const { link } = await waitForMail(member.email, '/api/activate.php');
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await page.goto('/profile');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'donker.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
  const tile = page.locator('.photo-tile:not(.photo-tile-add)').first();
  await expect(tile.getByText('Wacht op goedkeuring')).toBeVisible();
  await expect(tile.getByText('Hoofdfoto')).toHaveCount(0);

  // Another member sees the profile without the photo, and its address answers them 404.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signUpMember(otherPage, 'kijker');
  const answer = await otherPage.request.get(`/api/member.php?id=${id}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const seen = await answer.json();
  expect(seen.member.photos).toEqual([]);
  expect(seen.member.main_image).toBeNull();
  const own = await (await page.request.get('/api/photos.php')).json();
  const waiting = own.photos[0];
  expect((await otherPage.request.get(`/media/${waiting.large_filename}`)).status()).toBe(404);
  expect((await page.request.get(`/media/${waiting.large_filename}`)).status()).toBe(200);
  await other.close();

  // The moderator finds it in the queue and rejects it in the page: R, a reason, a word to the member.
  const staffPage = await moderatorPage(browser, playwright, baseURL);
  await staffPage.goto('/admin/moderation');
  await staffPage.getByRole('link', { name: /Foto's/ }).click();
  await expect(staffPage).toHaveURL(/\/admin\/moderation\/photos$/);
  await showPhoto(staffPage, waiting.id);
  await expect(staffPage.getByRole('img', { name: /wacht op goedkeuring/ })).toBeVisible();
  await expectAccessible(staffPage);
  await staffPage.keyboard.press('r');
  const reason = staffPage.getByLabel('Reden');
  await expect(reason).toBeFocused();
  await reason.selectOption({ label: 'Te wazig, donker of klein' });
  await staffPage.getByLabel('Woorden aan het lid (optioneel)').fill('Probeer een lichtere foto.');
  await expectAccessible(staffPage);
  await staffPage.getByRole('button', { name: 'Foto afkeuren' }).click();
  await expect(staffPage.getByRole('status')).toHaveText('Afgekeurd. Het lid hoort waarom.');
  await expect(staffPage.locator(`[data-photo="${waiting.id}"]`)).toHaveCount(0);
  await staffPage.context().close();

  // The member sees the reason on /profile, beside the photo and in a notice, and gets a mail.
  await page.reload();
  await expect(page.getByText('Je foto is niet goedgekeurd. Alleen jij kunt hem zien.')).toBeVisible();
  await expect(page.getByText('Reden: Te wazig, donker of klein')).toBeVisible();
  await expect(tile.getByText('Te wazig, donker of klein')).toBeVisible();
  await expect(tile.getByText('Probeer een lichtere foto.')).toBeVisible();
  await expectAccessible(page);
  const { mail } = await waitForMail(member.email, '/profile');
  expect(mail.text).toContain('Je foto is niet goedgekeurd.');
  expect(mail.text).toContain('Reden: Te wazig, donker of klein');

  await page.getByRole('button', { name: 'Begrepen' }).click();
  await expect(page.getByText('Je foto is niet goedgekeurd. Alleen jij kunt hem zien.')).toHaveCount(0);
});

test('a photo another moderator decides leaves the open queue without a reload', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  await signUpMember(page, 'levend');
  const csrf = (
    await (await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()
  ).user.csrf_token;
  const upload = await page.request.post('/api/photos.php', {
    headers: { 'x-csrf-token': csrf },
    multipart: { photo: { name: 'levend.jpg', mimeType: 'image/jpeg', buffer: await portrait() } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const own = await (await page.request.get('/api/photos.php')).json();
  const waiting = own.photos[0];

  const staffPage = await moderatorPage(browser, playwright, baseURL);
  const staffSocket = await stopClockAndAwaitStaffSocket(staffPage);
  await staffPage.goto('/admin/moderation/photos');
  const socket = await staffSocket();
  await showPhoto(staffPage, waiting.id);

  const other = await otherModerator(playwright, baseURL);
  const told = heardListChange(socket, { list: 'moderation_photos', kind: 'left', id: waiting.id });
  const decided = await other.staff.post('/api/admin/moderation-photo.php', {
    headers: other.headers,
    data: { id: waiting.id, outcome: 'approved' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  // The socket tells the page, which reads the queue again (no poll: its clock stands still): the
  // photo goes, the page stays.
  await told;
  await runPastDebounce(staffPage);
  await expect(staffPage.locator(`[data-photo="${waiting.id}"]`)).toHaveCount(0);
  await other.staff.dispose();
  await staffPage.context().close();
});

test('a moderator undoes a changed about-me in the queue; the member gets the text before and the reason', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const member = await signUpMember(page, 'tekst');
  const id = await memberId(page);
  const csrf = {
    'x-csrf-token': (
      await (await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()
    ).user.csrf_token,
  };
  const write = async (aboutMe: string) => {
    const res = await page.request.put('/api/profile.php', { headers: csrf, data: { about_me: aboutMe } });
    expect(res.status(), await res.text()).toBe(200);
  };
  // Her first text is kept by another moderator; then she changes it to one with a phone number.
  await write('Ik fiets graag langs de dijk.');
  const other = await otherModerator(playwright, baseURL);
  const queue = await (await other.staff.get('/api/admin/moderation-texts.php')).json();
  const first = queue.texts.find((text: { member: { id: number } }) => text.member.id === id);
  const kept = await other.staff.post('/api/admin/moderation-text.php', {
    headers: other.headers,
    data: { id: first.id, outcome: 'approved' },
  });
  expect(kept.status(), await kept.text()).toBe(200);
  await other.staff.dispose();
  await write('Bel me op 0612345678!');

  const staffPage = await moderatorPage(browser, playwright, baseURL);
  await staffPage.goto('/admin/moderation/texts');
  const change = staffPage.locator('[data-text-change]').filter({ hasText: member.name });
  await expect(change.getByRole('region', { name: 'Over mij · Voor' })).toContainText(
    'Ik fiets graag langs de dijk.',
  );
  await expect(change.getByRole('region', { name: 'Over mij · Na' })).toContainText('Bel me op 0612345678!');
  await expectAccessible(staffPage);
  await change.getByRole('button', { name: 'Terugdraaien' }).click();
  // Only the reasons that fit a text: none of a photo's.
  await expect(
    change.getByLabel('Reden').locator('option', { hasText: 'Te wazig, donker of klein' }),
  ).toHaveCount(0);
  await change.getByLabel('Reden').selectOption({ label: 'Contactgegevens of links' });
  await change.getByLabel('Woorden aan het lid (optioneel)').fill('Deel je nummer pas in de chat.');
  await change.getByRole('button', { name: 'Wijziging terugdraaien' }).click();
  await expect(staffPage.getByRole('status')).toHaveText(
    'Teruggedraaid. De vorige tekst staat er weer en het lid hoort waarom.',
  );
  await expect(change).toHaveCount(0);
  await staffPage.context().close();

  await page.goto('/profile');
  await expect(page.getByText('Je tekst “Over mij” is niet goedgekeurd en teruggezet.')).toBeVisible();
  await expect(page.getByText('Reden: Contactgegevens of links')).toBeVisible();
  await expect(page.getByText('Deel je nummer pas in de chat.')).toBeVisible();
  await expect(page.locator('#profile-about_me')).toHaveValue('Ik fiets graag langs de dijk.');
  await expectAccessible(page);
});
