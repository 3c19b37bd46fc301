import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signUpMember } from './demo-members.ts';
import { currentServer, expect, expectAccessible } from './fixtures.ts';

/**
 * A fresh free member from the Netherlands (EUR), logged in in this browser: not the free demo
 * login, which the later journeys need free. New members have the time bonus (25%) for 4 hours.
 */
export const newMember = (page: Page) => signUpMember(page, 'koper');

/** From /credits/{package}: a method, the confirm modal, then the test gateway's checkout. */
export async function payWith(page: Page, method: string, amount: string) {
  await page.getByRole('link', { name: method, exact: true }).click();
  // The method is in the address first: a stalled navigation fails here, not at the modal.
  await expect(page).toHaveURL(/\/credits\/p\d\/[a-z_]+(\?|$)/);
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

/** The 6-digit code of the newest SMS to this E.164 number, read from the development outbox. */
export async function smsCodeTo(e164: string): Promise<string> {
  // The journeys' server writes SMS to its data directory's outbox (e2e/start-server.sh).
  const SMS_DIR = path.join(currentServer().dataDir, 'sms');
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
