import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('visitor from the Netherlands', () => {
  test.use({ country: 'NL' });

  test('sees the entry warning once', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: /18\+/ }).click();
    await expect(dialog).toBeHidden();
    const stored = await page.evaluate(() => window.localStorage.getItem('dismissed_site_entry_warning'));
    expect(Number(stored)).toBeGreaterThan(Date.now() - 60_000);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('visitor from France', () => {
  test.use({ country: 'FR' });

  test('does not see the entry warning', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
