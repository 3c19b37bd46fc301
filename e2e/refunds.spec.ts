import { me, signUpMember } from './demo-members.ts';
import { expect, expectAccessibleAlsoAt, test } from './fixtures.ts';
import { payWith } from './payments.ts';

/**
 * A member buys, then the operator charges the payment back through the test gateway's own page
 * (a bank reversal): the credits go back out, the member's open tab follows live — the menu, the
 * credit history — and premium ends, since that purchase was the only one (decision 0035).
 */
// Walked at the phone's width; each axe check reads the desktop's too, in the same document.
test(`the operator charges a purchase back; the member's history and menu follow live, read at 375 and 1280 px`, async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpMember(page, 'storno');
  const before = await me(page);

  await page.goto('/credits/p0');
  // What is charged: a new member's time bonus takes its share off the package's price.
  const charged = '€ 11,21';
  await payWith(page, 'iDEAL', charged);
  const gatewayUrl = page.url();
  await page.getByRole('button', { name: 'Betaald', exact: true }).click();
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 20_000 });
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(nav.getByRole('link', { name: /Credits/ })).toBeVisible();
  expect(await me(page)).toMatchObject({ paid_user: true, credits: before.credits + 100 });

  // The member watches the credit history while the operator works elsewhere.
  await page.goto('/transactions');
  const ledger = page.getByTestId('credit-ledger');
  await expect(ledger).toContainText('+100');

  const operatorContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const operator = await operatorContext.newPage();
  await operator.goto(gatewayUrl);
  const admin = operator.getByRole('region', { name: 'Beheerder (test)' });
  await expect(admin).toBeVisible();
  await expectAccessibleAlsoAt(operator, 1280);
  await admin.getByRole('button', { name: 'Storneren (terugboeking door de bank)' }).click();
  await expect(operator.getByTestId('gateway-charged-back')).toHaveText(`Gestorneerd: ${charged}`);
  await operatorContext.close();

  // Live, without a reload: the history shows the chargeback, the menu drops premium.
  await expect(ledger).toContainText('Betaling gestorneerd: credits teruggenomen');
  await expect(ledger).toContainText('−100');
  // The phone's tab bar says it in one word, the desktop's menu in two.
  await expect(nav.getByRole('link', { name: 'Premium', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Credits/ })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.getByRole('link', { name: 'Word premium', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Credits/ })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('transaction-charged-back')).toHaveText(`Gestorneerd: ${charged}`);
  expect(await me(page)).toMatchObject({ paid_user: false, credits: before.credits });
  await expectAccessibleAlsoAt(page, 1280);

  await page.getByTestId('transactions-list').getByRole('link').first().click();
  await expect(page.getByTestId('receipt-charged-back')).toHaveText(`−${charged}`);
});
