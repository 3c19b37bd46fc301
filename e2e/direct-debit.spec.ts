import { memberPage, PIETER } from './demo-members.ts';
import { expect, expectAccessibleAlsoAt, lookAt, test } from './fixtures.ts';
import { newMember, payWith, smsCodeTo } from './payments.ts';

/** A Dutch mobile number of its own per run: the SMS limit per number is the server tests' business. */
const freshMobile = () => {
  const digits = String(12_000_000 + Math.floor(Math.random() * 40_000_000));
  return { typed: `06 ${digits}`, e164: `+316${digits}` };
};

// Walked at the phone's width; each axe check reads the desktop's too, in the same document.
test.use({ viewport: { width: 375, height: 812 } });

test('direct debit: the mandate form, the SMS code from the outbox, pending, then completed', async ({
  page,
}) => {
  // A purchase, a notice and a debit settling after the test gateway's delay, on a shared machine.
  test.slow();
  await newMember(page);
  await page.goto('/credits/p0');
  await page.getByRole('link', { name: 'SEPA-incasso', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Bevestig je betaling' })
    .getByRole('button', { name: 'Naar betalen' })
    .click();
  await expect(page).toHaveURL(/\/directdebit\?package=p0&code=TIMEBONUS25$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Betalen via automatische incasso' }),
  ).toBeVisible();
  // A new member's time bonus (25%) comes along from the checkout and is what the debit charges.
  await expect(page.getByTestId('checkout-amount')).toHaveText('€ 11,21');

  // Empty, then a wrong IBAN: each field says what is wrong.
  await page.getByRole('button', { name: 'Stuur mij de code' }).click();
  await expect(page.getByText('Vul de naam van de rekeninghouder in.')).toBeVisible();
  const iban = page.getByLabel('IBAN');
  await iban.pressSequentially('nl91abna0417164301');
  await expect(iban).toHaveValue('NL91 ABNA 0417 1643 01');
  await page.getByRole('button', { name: 'Stuur mij de code' }).click();
  await expect(page.getByText('Vul een geldig IBAN van een SEPA-land in.')).toBeVisible();
  await iban.fill('');
  await iban.pressSequentially('nl91abna0417164300');
  await expect(iban).toHaveValue('NL91 ABNA 0417 1643 00');

  const phone = freshMobile();
  await page.getByLabel('Rekeninghouder').fill('Koper de Vries');
  await page.getByLabel('Straat').fill('Oudegracht');
  await page.getByLabel('Huisnummer').fill('12a');
  await page.getByLabel('Postcode').fill('3511 AB');
  await page.getByLabel('Woonplaats').fill('Utrecht');
  await page.getByLabel('Mobiel nummer').fill(phone.typed);
  await expectAccessibleAlsoAt(page, 1280);
  await lookAt(page, `direct-debit-form-375`, { fullPage: true });
  await page.getByRole('button', { name: 'Stuur mij de code' }).click();

  await expect(page.getByTestId('dd-code-sent')).toContainText('•');
  await expect(page.getByText(/eenmalig €\s11,21 van je rekening/)).toBeVisible();
  const code = await smsCodeTo(phone.e164);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Code uit de sms').fill(wrong);
  await page.getByRole('button', { name: 'Ondertekenen en betalen' }).click();
  await expect(page.getByRole('alert')).toContainText('Code ongeldig');
  await expect(page.getByRole('alert')).toContainText('Nog 4 pogingen.');
  await expect(page.getByRole('button', { name: 'Stuur een nieuwe code' })).toBeDisabled();
  await expectAccessibleAlsoAt(page, 1280);
  await lookAt(page, `direct-debit-code-375`, { fullPage: true });

  await page.getByLabel('Code uit de sms').fill(code);
  await page.getByRole('button', { name: 'Ondertekenen en betalen' }).click();
  await expect(page).toHaveURL(/\/credits\/p0\/sdd\?payment=/);
  await expect(page.getByText('Je betaling wordt verwerkt')).toBeVisible();
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('100 credits toegevoegd')).toBeVisible();
});

test('repeat order for the premium demo login: the stored card, no checkout, pending then completed', async ({
  browser,
}) => {
  const page = await memberPage(browser, PIETER, 375);
  // A member who paid has no time bonus nor welcome discount: asking for the active discount is
  // answered 200 with none (it answered 404, a failed request in the browser's console).
  const activeAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/discountcode.php?welcome=true')) activeAnswers.push(response.status());
  });
  await page.goto('/credits');
  await expect(page.getByTestId('package-p0')).toBeVisible();
  await page.getByRole('link', { name: 'Laatste bestelling herhalen' }).click();
  await expect(page).toHaveURL(/\/credits\/repeat-order$/);
  await expect(page.getByTestId('checkout-amount')).toHaveText('€ 59,95');
  await expect(page.getByText('Afgeschreven via je opgeslagen Visa')).toBeVisible();
  await expectAccessibleAlsoAt(page, 1280);
  await lookAt(page, `repeat-order-375`, { fullPage: true });
  await page.getByRole('button', { name: 'Opnieuw bestellen' }).click();
  await expect(page).toHaveURL(/\/credits\/p2\/visa\?payment=/);
  await expect(page.getByText('Je betaling wordt verwerkt')).toBeVisible();
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('600 credits toegevoegd')).toBeVisible();
  expect(activeAnswers.length).toBeGreaterThan(0);
  expect(activeAnswers.filter((status) => status !== 200)).toEqual([]);
  await page.context().close();
});

test('a stored card that fails offers manual entry or PayPal', async ({ page }) => {
  // Two payments (a checkout, then a charge settling after the gateway's delay).
  test.slow();
  await newMember(page);
  await page.goto('/credits/p0');
  await payWith(page, 'Visa', '€ 11,21');
  await page.getByLabel('Opgeslagen voor latere betalingen (test):').selectOption('fails');
  await page.getByRole('button', { name: 'Betaald', exact: true }).click();
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 30_000 });

  await page.goto('/credits/repeat-order');
  await expect(page.getByText('Afgeschreven via je opgeslagen Visa')).toBeVisible();
  await page.getByRole('button', { name: 'Opnieuw bestellen' }).click();
  await expect(page.getByText('Je betaling wordt verwerkt')).toBeVisible();
  const failed = page.getByTestId('stored-card-failed');
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText('Je opgeslagen kaart kon niet worden belast');
  await expect(page.getByTestId('payment-failed')).toContainText('de kaart is verlopen');
  await expect(failed.getByRole('link', { name: 'Kaartgegevens opnieuw invullen' })).toHaveAttribute(
    'href',
    '/credits/p0/visa',
  );
  await expectAccessibleAlsoAt(page, 1280);
  await lookAt(page, `stored-card-failed-375`, { fullPage: true });
  await failed.getByRole('link', { name: 'Betalen met PayPal' }).click();
  await expect(page).toHaveURL(/\/credits\/p0\/paypal$/);
  await expect(page.getByRole('dialog', { name: 'Bevestig je betaling' })).toContainText('PayPal');
});

test('a member who never paid is sent from the repeat order to /credits', async ({ page }) => {
  await newMember(page);
  await page.goto('/credits/repeat-order');
  await expect(page).toHaveURL(/\/credits$/);
});
