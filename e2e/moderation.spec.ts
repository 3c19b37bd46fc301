import sharp from 'sharp';
import { memberId, signUpMember } from './demo-members.ts';
import { expect, expectAccessible, test, waitForMail } from './fixtures.ts';
import { moderatorApi } from './moderator.ts';

async function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 40, g: 40, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

test('a moderator rejects a new photo; only its owner saw it, and they learn why', async ({
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

  // The moderator finds it in the queue and rejects it with a reason and a word to the member.
  const { staff, csrf } = await moderatorApi(playwright, baseURL);
  const queue = await (await staff.get('/api/admin/moderation-photos.php')).json();
  const queued = queue.photos.find((photo: { member: { id: number } }) => photo.member.id === id);
  expect(queued?.id).toBe(waiting.id);
  const preview = await staff.get(queued.preview_url);
  expect(preview.status()).toBe(200);
  const decided = await staff.post('/api/admin/moderation-photo.php', {
    headers: { 'x-csrf-token': csrf },
    data: { id: waiting.id, outcome: 'rejected', reason: 'low_quality', note: 'Probeer een lichtere foto.' },
  });
  expect(decided.status(), await decided.text()).toBe(200);

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
