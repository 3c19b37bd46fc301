import { memberContext, SANNE, scriptlessMemberPage, signUpMember } from './demo-members.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** GET /api/notifications.php in the page's cookie jar. */
async function storedPreferences(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/notifications.php', { headers: { 'x-request-type': 'client' } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    preferences: Record<string, { email: boolean; push: boolean }>;
    notifications_disabled: string[];
  };
}

for (const scripts of [false, true]) {
  for (const width of [375, 1280]) {
    test(`/notifications saves the switches ${scripts ? 'with' : 'without'} JavaScript at ${width} px`, async ({
      browser,
    }) => {
      const context = await memberContext(browser, { width, scripts });
      const page = await context.newPage();
      await signUpMember(page, scripts ? 'notifyjs' : 'notifyplain');
      await page.goto('/notifications');
      await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
      const messagesByMail = page.getByRole('checkbox', { name: 'Nieuwe berichten via E-mail' });
      const newsByMail = page.getByRole('checkbox', { name: 'Nieuws via E-mail' });
      // The defaults: contacts on, marketing off until the member says yes.
      await expect(messagesByMail).toBeChecked();
      await expect(newsByMail).not.toBeChecked();
      // axe runs in the page: only where scripts do.
      if (scripts) await expectAccessible(page);

      await messagesByMail.uncheck();
      await newsByMail.check();
      await page.getByRole('button', { name: 'Voorkeuren opslaan' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Je meldingsvoorkeuren zijn opgeslagen.' }),
      ).toBeVisible();
      await expect(messagesByMail).not.toBeChecked();
      await expect(newsByMail).toBeChecked();
      const stored = await storedPreferences(context.request);
      expect(stored.preferences.new_messages).toEqual({ email: false, push: true });
      expect(stored.preferences.news).toEqual({ email: true, push: false });
      expect(stored.preferences.like).toEqual({ email: true, push: true });
      await context.close();
    });
  }
}

test('/notifications tells a member who unsubscribed why no mail comes, without JavaScript', async ({
  browser,
}) => {
  // The demo seed leaves the free demo login unsubscribed (db/seed/demo-notifications.ts).
  const page = await scriptlessMemberPage(browser, SANNE);
  await page.goto('/notifications');
  const alert = page.locator('.disabled-notifications-alert');
  await expect(alert.getByRole('heading', { name: 'We sturen je geen e-mail meer' })).toBeVisible();
  await expect(alert).toContainText('Je hebt je afgemeld voor onze e-mails');
  await expect(alert.getByRole('button', { name: 'E-mail weer aanzetten' })).toBeVisible();
  await page.context().close();
});
