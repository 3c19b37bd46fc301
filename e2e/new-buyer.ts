import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A fresh free member from the Netherlands (EUR, iDEAL), logged in in this browser, for the
 * payment journeys. Not the free demo login: a purchase makes a member premium for life, and the
 * later journeys count on the demo login staying free (locked photos, the conversation limit).
 */
export async function newBuyer(page: Page, prefix = 'koper') {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `${prefix[0]?.toUpperCase()}${prefix.slice(1)}${stamp.slice(-7)}`;
  const res = await page.request.post('/api/signup.php', {
    data: {
      email: `${prefix}${stamp}@example.nl`,
      name,
      password: 'Zonnebloem-2026!',
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

export type Me = { credits: number; paid_user: boolean };

/** What GET /api/user.php says of the logged-in member now: credits and premium. */
export async function me(page: Page): Promise<Me> {
  const res = await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } });
  return ((await res.json()) as { user: Me }).user;
}
