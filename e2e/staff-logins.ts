import type { APIRequestContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect } from './fixtures.ts';

// The demo staff of the README (seeded with the demo data), their second factor already set up.
export const DEMO_ADMIN = {
  email: 'admin@liefdesplein.nl',
  password: 'admin-liefde-2026',
  name: 'Demo Admin',
  secret: 'JBSWY3DPEHPK3PXPADMINAAAAAAAAAAA',
};
export const DEMO_MODERATOR = {
  email: 'moderator@liefdesplein.nl',
  password: 'moderator-liefde-2026',
  name: 'Demo Moderator',
  secret: 'JBSWY3DPEHPK3PXPMODERATORAAAAAAA',
};
export const DEMO_OPERATOR = {
  email: 'operator@liefdesplein.nl',
  password: 'operator-liefde-2026',
  name: 'Demo Operator',
  secret: 'JBSWY3DPEHPK3PXPOPERATORAAAAAAAA',
};

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);
/** The last step whose code this process gave out, per secret: the server takes a code once. */
const used = new Map<string, number>();

/**
 * A TOTP code the server has not seen for this secret. A second login of one account in the same
 * 30 seconds waits for the clock's next step: the only signal there is.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const last = used.get(secret);
  if (last !== undefined && last >= stepNow())
    await expect.poll(stepNow, { timeout: STEP_MS + 5_000, intervals: [500] }).toBeGreaterThan(last);
  const step = stepNow();
  used.set(secret, step);
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: step * STEP_MS,
  });
}

/** Logs a staff member in through the API (password, then a code), in the cookie jar of `request`. */
export async function staffLogInByApi(
  request: APIRequestContext,
  who: { email: string; password: string; secret: string },
): Promise<{ 'x-csrf-token': string }> {
  const first = await request.post('/api/admin/login.php', {
    data: { email: who.email, password: who.password },
  });
  expect(first.status(), await first.text()).toBe(200);
  const second = await request.post('/api/admin/totp.php', {
    data: { code: await freshTotpCode(who.secret) },
  });
  expect(second.status(), await second.text()).toBe(200);
  const { csrfToken } = (await second.json()) as { csrfToken: string };
  return { 'x-csrf-token': csrfToken };
}
