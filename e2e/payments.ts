import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible } from './fixtures.ts';

const PASSWORD = 'Zonnebloem-2026!';

/**
 * A fresh free member from the Netherlands (EUR, iDEAL), logged in in this browser. Not the free
 * demo login: a purchase makes a member premium for life, and the later journeys count on the demo
 * login staying free (locked photos, the conversation limit).
 */
export async function newMember(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await page.request.post('/api/signup.php', {
    data: {
      email: `koper${stamp}@example.nl`,
      name: `Koper${stamp.slice(-7)}`,
      password: PASSWORD,
      date_of_birth: '1984-06-02',
      gender: 'female',
      sexuality: 'hetero',
      country: 'NL',
      region: 'NL-UT',
      city: 'Utrecht',
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** From /credits/{package}: a method, the confirm modal, then the test gateway's checkout. */
export async function payWith(page: Page, method: string, amount: string) {
  await page.getByRole('button', { name: method, exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Bevestig je betaling' });
  await expect(modal).toContainText(amount);
  await expect(modal).toContainText(method);
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Naar betalen' }).click();
  await expect(page).toHaveURL(/\/test-gateway\/tg_/);
  await expect(page.getByRole('note')).toContainText('Testbetaling');
  await expect(page.getByTestId('gateway-amount')).toHaveText(amount);
  await expectAccessible(page);
}

/** The journeys' server writes SMS to its data directory's outbox (e2e/start-server.sh). */
const SMS_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'sms');

/** The 6-digit code of the newest SMS to this E.164 number, read from the development outbox. */
export async function smsCodeTo(e164: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const names = (await fs.readdir(SMS_DIR).catch(() => [] as string[])).filter((n) =>
        n.endsWith('.json'),
      );
      for (const name of names.sort().reverse()) {
        const sms = JSON.parse(await fs.readFile(path.join(SMS_DIR, name), 'utf8')) as {
          to: string;
          text: string;
        };
        if (sms.to === e164) {
          code = sms.text.match(/\b\d{6}\b/)?.[0];
          break;
        }
      }
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}
