import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { memberContext, memberId } from './demo-members.ts';
import { expect, expectAccessible, lookAt, test } from './fixtures.ts';
import { approvePhotosOf } from './moderator.ts';

const PASSWORD = 'Zonnebloem-2026!';

/** A fresh free member made through the API (sign-up has its own journeys), logged in in this browser. */
async function newMember(request: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Profiel${stamp.slice(-7)}`;
  const res = await request.post('/api/signup.php', {
    data: {
      email: `profiel${stamp}@example.nl`,
      name,
      password: PASSWORD,
      date_of_birth: '1991-06-21',
      gender: 'female',
      sexuality: 'hetero',
      country: 'NL',
      region: 'NL-NH',
      city: 'Haarlem',
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { name };
}

/** A real JPEG made on the fly, each in its own colour so the grid shows which is which. */
function jpeg(hue: number): Promise<Buffer> {
  const r = Math.round(127 + 120 * Math.cos(hue));
  const g = Math.round(127 + 120 * Math.cos(hue + 2.1));
  const b = Math.round(127 + 120 * Math.cos(hue + 4.2));
  return sharp({ create: { width: 640, height: 800, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function photoFile(hue: number, name: string) {
  return { name, mimeType: 'image/jpeg', buffer: await jpeg(hue) };
}

async function uploadThroughApi(request: APIRequestContext, count: number) {
  const me = await (await request.get('/api/user.php', { headers: { 'x-request-type': 'client' } })).json();
  for (let i = 0; i < count; i += 1) {
    const res = await request.post('/api/photos.php', {
      headers: { 'x-csrf-token': me.user.csrf_token },
      multipart: { photo: await photoFile(i + 1, `api-${i}.jpg`) },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const photoInput = (page: Page) => page.locator('input[type="file"]');

const tile = (page: Page, number: number) =>
  page
    .locator('.photo-tile')
    .filter({ has: page.getByRole('img', { name: `Jouw foto ${number}`, exact: true }) });

async function photoAction(page: Page, number: number, action: string) {
  await page.getByRole('button', { name: `Opties voor foto ${number}` }).click();
  await page.getByRole('button', { name: action }).click();
}

test('edit the profile, use the location, and find it saved after a reload', async ({ page, context }) => {
  const { name } = await newMember(page.request);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByText('Haarlem, Noord-Holland, Nederland')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bekijk mijn openbare profiel' })).toHaveAttribute(
    'href',
    /^\/members\/\d+$/,
  );
  await expect(page.getByRole('combobox', { name: 'Haarkleur' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Haarkleur' }).selectOption({ label: 'Rood' });
  await page.getByRole('combobox', { name: 'Oogkleur' }).selectOption({ label: 'Groen' });
  await page.getByRole('combobox', { name: 'Postuur' }).selectOption({ label: 'Sportief' });
  await page.getByRole('combobox', { name: 'Tatoeages' }).selectOption({ label: 'Een paar tatoeages' });
  await page.getByRole('combobox', { name: 'Burgerlijke staat' }).selectOption({ label: 'Single' });
  await page.getByRole('combobox', { name: 'Op zoek naar' }).selectOption({ label: 'Een serieuze relatie' });
  await page.getByLabel('Over mij').fill('Ik hou van lange wandelingen langs het strand en goede koffie.');
  await expect(page.getByText('62 / 2000')).toBeVisible();
  await page.getByText('Muziek', { exact: true }).click();
  await page.getByText('Strand', { exact: true }).click();
  await expect(page.getByLabel('Muziek', { exact: true })).toBeChecked();

  // A city from the suggestions for the chosen region.
  await page.getByRole('combobox', { name: 'Provincie of regio' }).selectOption({ label: 'Utrecht' });
  const city = page.getByRole('combobox', { name: 'Woonplaats' });
  await city.fill('Amersf');
  const suggestion = page.getByRole('option', { name: /Amersfoort/ }).first();
  await expect(suggestion).toBeVisible();
  await city.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await lookAt(page, 'profile-city-1280');
  await suggestion.click();
  await expect(city).toHaveValue('Amersfoort');

  await page.getByRole('button', { name: 'Profiel opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Je profiel is opgeslagen.' })).toBeVisible();
  await expect(page.getByText('Amersfoort, Utrecht, Nederland')).toBeVisible();
  // Everything but a photo is filled in now: the only shortcut left is to the photos.
  await expect(page.getByRole('heading', { name: /Je profiel is voor \d+% compleet/ })).toBeVisible();
  await expect(page.locator('.completeness-list').getByRole('link')).toHaveText(["Foto's"]);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Haarkleur' })).toHaveValue('red');
  await expect(page.getByRole('combobox', { name: 'Oogkleur' })).toHaveValue('green');
  await expect(page.getByRole('combobox', { name: 'Postuur' })).toHaveValue('athletic');
  await expect(page.getByRole('combobox', { name: 'Tatoeages' })).toHaveValue('some');
  await expect(page.getByRole('combobox', { name: 'Burgerlijke staat' })).toHaveValue('single');
  await expect(page.getByRole('combobox', { name: 'Op zoek naar' })).toHaveValue('relationship');
  await expect(page.getByLabel('Over mij')).toHaveValue(/lange wandelingen/);
  await expect(page.getByLabel('Muziek', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Strand', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Reizen', { exact: true })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Provincie of regio' })).toHaveValue('NL-UT');
  await expect(page.getByRole('combobox', { name: 'Woonplaats' })).toHaveValue('Amersfoort');

  // "Use my location": the browser's position → the nearest city, region and country.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 51.9225, longitude: 4.4792 }); // Rotterdam
  await page.getByRole('button', { name: 'Gebruik mijn locatie' }).click();
  await expect(page.getByText(/We hebben .+ gevonden/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Provincie of regio' })).toHaveValue('NL-ZH');
  await expect(page.getByRole('combobox', { name: 'Woonplaats' })).toHaveValue('Rotterdam');
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('geocode') ?? 'null'))).toMatchObject({
    city: 'Rotterdam',
    country: 'NL',
  });
});

test('upload photos, choose the main one, make one private and delete one', async ({
  page,
  playwright,
  baseURL,
}) => {
  await newMember(page.request);
  const id = await memberId(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Voeg een foto toe aan je profiel' })).toBeVisible();
  await expect(page.getByText("0 van 3 foto's")).toBeVisible();

  await photoInput(page).setInputFiles(await photoFile(1, 'een.jpg'));
  await expect(tile(page, 1)).toBeVisible();
  await expect(page.getByText('Je foto is toegevoegd.')).toBeVisible();
  // A new photo waits for a moderator; approved, the first public photo becomes the main photo by
  // itself and the add-photo alert goes.
  await expect(tile(page, 1).getByText('Wacht op goedkeuring')).toBeVisible();
  await approvePhotosOf(playwright, baseURL, id);
  await page.reload();
  await expect(tile(page, 1).getByText('Hoofdfoto')).toBeVisible();
  await expect(tile(page, 1).getByText('Goedgekeurd')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Voeg een foto toe aan je profiel' })).toBeHidden();
  await expect(page.getByRole('img', { name: /^Hoofdfoto van / })).toBeVisible();

  await photoInput(page).setInputFiles(await photoFile(3, 'twee.jpg'));
  await expect(tile(page, 2)).toBeVisible();
  await expect(page.getByText("2 van 3 foto's")).toBeVisible();
  await approvePhotosOf(playwright, baseURL, id);
  await page.reload();

  await photoAction(page, 2, 'Maak hoofdfoto');
  await expect(page.getByText('Dit is nu je hoofdfoto.')).toBeVisible();
  await expect(tile(page, 2)).toHaveClass(/photo-tile-main/);
  await expect(tile(page, 1)).not.toHaveClass(/photo-tile-main/);

  // The main photo is always public: making it private hands the role back to photo 1.
  await photoAction(page, 2, 'Maak privé');
  await expect(tile(page, 2).getByText('Privé', { exact: true })).toBeVisible();
  await expect(tile(page, 1)).toHaveClass(/photo-tile-main/);
  await expectAccessible(page);
  await lookAt(page, 'profile-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Opties voor foto 1' }).click();
  await lookAt(page, 'profile-menu-1280');
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deze foto verwijderen?' });
  await expect(dialog).toBeVisible();
  await lookAt(page, 'profile-delete-1280');
  await dialog.getByRole('button', { name: 'Foto verwijderen' }).click();
  await expect(page.getByText('De foto is verwijderd.')).toBeVisible();
  await expect(page.getByText("1 van 3 foto's")).toBeVisible();
  await expect(page.locator('.photo-tile:not(.photo-tile-add)')).toHaveCount(1);

  // Only the private photo is left, so there is no main photo until one is public again.
  await page.reload();
  await expect(tile(page, 1).getByText('Privé', { exact: true })).toBeVisible();
  await photoAction(page, 1, 'Maak openbaar');
  await expect(tile(page, 1)).toHaveClass(/photo-tile-main/);
});

test('a file that is not a photo gets a clear message', async ({ page }) => {
  await newMember(page.request);
  await page.goto('/profile');
  await photoInput(page).setInputFiles({
    name: 'notities.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('geen foto'),
  });
  await expect(page.getByRole('alert')).toContainText('Dit bestand is geen foto');
  // Renamed: the browser's check passes, the server looks at the content.
  await photoInput(page).setInputFiles({
    name: 'nep.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('geen foto'),
  });
  await expect(page.getByRole('alert')).toContainText('Dit bestand is geen foto');
  await expect(page.getByText("0 van 3 foto's")).toBeVisible();
});

test.describe('on a smartphone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a free member at 3 photos sees the limit and the premium offer', async ({ page }) => {
    await newMember(page.request);
    await uploadThroughApi(page.request, 3);
    await page.goto('/profile');
    await expect(page.getByText("3 van 3 foto's")).toBeVisible();
    await expect(page.getByText("Je hebt het maximum van 3 foto's bereikt.")).toBeVisible();
    await expect(page.getByText("Premium leden kunnen tot 25 foto's toevoegen")).toBeVisible();
    await expect(page.locator('.photo-limit').getByRole('link', { name: 'Word premium' })).toHaveAttribute(
      'href',
      '/premium',
    );
    await expect(photoInput(page)).toHaveCount(0);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await lookAt(page, 'profile-375', { fullPage: true });
    await page.getByRole('combobox', { name: 'Haarkleur' }).scrollIntoViewIfNeeded();
    await lookAt(page, 'profile-375-form');
  });
});

test('a premium member may add up to 25 photos and gets no offer', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mailadres of gebruikersnaam').fill('premium@liefdesplein.nl');
  await page.getByLabel('Wachtwoord').fill('premium-liefde-2026');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members/);
  await page.goto('/profile');
  await expect(page.getByText(/van 25 foto's/)).toBeVisible();
  await expect(page.getByText('Premium lid', { exact: true })).toBeVisible();
  await expect(page.locator('.photo-upsell')).toHaveCount(0);
});

test('the settings screen chooses the main photo and shows where the member lives', async ({
  page,
  playwright,
  baseURL,
}) => {
  await newMember(page.request);
  await uploadThroughApi(page.request, 2);
  await approvePhotosOf(playwright, baseURL, await memberId(page));
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Hoofdfoto' });
  await expect(section.getByText(/Haarlem, Nederland/)).toBeVisible();
  const second = section.getByRole('radio').nth(1);
  await expect(section.getByRole('radio').first()).toBeChecked();
  await second.check();
  await expect(section.getByRole('status')).toHaveText('Je hoofdfoto is gewijzigd.');
  await expect(second).toBeChecked();
  const me = await (await page.request.get('/api/photos.php')).json();
  expect(me.main_photo_id).toBe(me.photos[1].id);
  await expectAccessible(page);
  await section.scrollIntoViewIfNeeded();
  await lookAt(page, 'settings-main-photo-375', { width: 375 });
});

test('/profile comes whole with the HTML: the photos, the form and the add-photo alert; a closed alert stays closed on another device', async ({
  browser,
}) => {
  // No JavaScript: what the member sees before the scripts run is the page as it stays.
  const context = await memberContext(browser, { scripts: false });
  const { name } = await newMember(context.request);
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page.getByText("0 van 3 foto's")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Voeg een foto toe aan je profiel' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  // The region by its name, in the header and the form's select, not by its code (NL-NH).
  await expect(page.locator('.profile-header')).toContainText('Haarlem, Noord-Holland, Nederland');
  await expect(page.getByLabel('Provincie of regio')).toHaveValue('NL-NH');
  await expect(page.locator('#profile-region option:checked')).toHaveText('Noord-Holland');
  // As others see the profile, the same.
  await page
    .locator('.profile-header')
    .getByRole('link', { name: /Bekijk/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText('Haarlem, Noord-Holland, Nederland')).toBeVisible();

  // Closed on another device (its page has JavaScript): this one renders without it.
  const other = await browser.newContext({ storageState: await context.storageState() });
  const otherPage = await other.newPage();
  await otherPage.goto('/profile');
  // The add-photo alert's: the enable-push alert, shown once the page knows the browser's push
  // state, has a close button of the same name.
  await otherPage
    .getByRole('region', { name: /Voeg een foto toe/ })
    .getByRole('button', { name: 'Sluiten en niet meer tonen' })
    .click();
  await expect(otherPage.getByRole('heading', { name: 'Voeg een foto toe aan je profiel' })).toHaveCount(0);
  await expect
    .poll(async () => {
      await page.goto('/profile');
      return page.getByRole('heading', { name: 'Voeg een foto toe aan je profiel' }).count();
    })
    .toBe(0);
  await expect(page.getByText("0 van 3 foto's")).toBeVisible();
  await other.close();
  await context.close();
});
