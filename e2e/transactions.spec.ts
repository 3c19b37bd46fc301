import { memberPage, PIETER, scriptlessMemberPage } from './demo-members.ts';
import { expect, expectAccessibleAlsoAt, test } from './fixtures.ts';

// The premium demo login has one paid payment in the demo data: 600 credits (p2) for € 59,95 with
// a Visa card from the Netherlands, so 21% VAT inside it: € 10,40 (5995 × 21 / 121 = 1040.45, half up).
// Walked at the phone's width, each screen read at the desktop's too.
test('the premium member opens /transactions from the menu and the receipt of a payment, read at 375 and 1280 px', async ({
  browser,
}) => {
  const page = await memberPage(browser, PIETER, 375);
  await page.getByRole('button', { name: 'Mijn account' }).click();
  await page.getByRole('link', { name: 'Transacties' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { name: 'Transacties', level: 1 })).toBeVisible();

  const list = page.getByTestId('transactions-list');
  await expect(list).toContainText('€ 59,95');
  await expect(list).toContainText('incl. € 10,40 btw');
  await expect(list).toContainText('Betaald');
  const ledger = page.getByTestId('credit-ledger');
  await expect(ledger).toContainText('Credits gekocht');
  await expect(ledger).toContainText('+600');
  await expectAccessibleAlsoAt(page, 1280);

  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { name: 'Betaalbewijs' })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveText('€ 59,95');
  await expect(page.getByTestId('receipt-vat')).toHaveText('€ 10,40');
  await expect(receipt).toContainText('Btw (21%)');
  await expect(receipt).toContainText('Bedrag excl. btw€ 49,55');
  await expect(receipt).toContainText('Liefdesplein B.V.');
  await expect(receipt).toContainText('Btw-nummer: NL864213579B01');
  await expect(receipt).toContainText('KvK-nummer: 87654321');
  await expect(receipt.getByRole('link', { name: 'Lees het retourbeleid' })).toHaveAttribute(
    'href',
    '/pages/return-policy',
  );
  await expectAccessibleAlsoAt(page, 1280);

  // On paper only the receipt: no navigation, no footer, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(receipt.getByRole('button', { name: 'Afdrukken' })).toBeHidden();
  await expect(page.getByTestId('receipt-amount')).toBeVisible();

  // Another id (unknown or another member's) is not found.
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`/transactions/${crypto.randomUUID()}`);
  await expect(page.getByRole('alert')).toBeVisible();
  await page.context().close();
});

test('the lists and a receipt come with the HTML: without scripts the payments show, the credit history under them and its older entries by link, and a receipt', async ({
  browser,
}) => {
  // Nothing waits for the browser, so nothing jumps down when an answer comes in.
  const page = await scriptlessMemberPage(browser, PIETER);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/transactions');
  const list = page.getByTestId('transactions-list');
  const ledger = page.getByTestId('credit-ledger');
  await expect(list).toContainText('€ 59,95');
  await expect(list).toContainText('Betaald');
  await expect(ledger).toContainText('Credits gekocht');
  await expect(ledger).toContainText('+600');
  await expect(page.getByText('Je betalingen worden geladen…')).toHaveCount(0);
  const [listBox, ledgerBox] = [await list.boundingBox(), await ledger.boundingBox()];
  expect(ledgerBox?.y ?? 0).toBeGreaterThan((listBox?.y ?? 0) + (listBox?.height ?? 0));
  // "Show more" is a link to the older entries' address, which this browser opens as it is: the
  // history from there, and the way back to the newest.
  const { entries } = (await (
    await page.request.get('/api/credit-ledger.php', { headers: { 'x-request-type': 'client' } })
  ).json()) as { entries: { id: number }[] };
  const rows = ledger.getByRole('listitem');
  await expect(rows).toHaveCount(entries.length);
  await page.goto(`/transactions?before=${entries[1]?.id}`);
  await expect(rows).toHaveCount(entries.length - 2);
  await expect(list).toContainText('€ 59,95');
  await page.getByRole('link', { name: 'Terug naar de nieuwste' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(rows).toHaveCount(entries.length);
  // A receipt, too: its link is a plain one, the payment in its HTML; an unknown one says so.
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('€ 59,95');
  await expect(page.getByTestId('receipt-vat')).toHaveText('€ 10,40');
  await page.goto(`/transactions/${crypto.randomUUID()}`);
  await expect(page.getByRole('alert')).toContainText('niet gevonden');
  // A link cut short in a mail: its stray % is taken literally, and the receipt says not found.
  await page.goto('/transactions/%zz');
  await expect(page).toHaveURL(/\/transactions\/%25zz$/);
  await expect(page.getByRole('alert')).toContainText('niet gevonden');
  await page.context().close();
});
