import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';

type Playwright = PlaywrightWorkerArgs['playwright'];

import { expect } from './fixtures.ts';
import { DEMO_MODERATOR, staffLogInByApi } from './staff-logins.ts';

/**
 * One moderator session per server in this worker: a code may be used once (a second login within
 * the same 30 seconds would replay it and be refused), so the journeys share the session.
 */
const sessions = new Map<string, Promise<{ staff: APIRequestContext; csrf: string }>>();

function moderatorApi(playwright: Playwright, baseURL: string | undefined) {
  const key = baseURL ?? '';
  let session = sessions.get(key);
  if (!session) {
    session = (async () => {
      const staff = await playwright.request.newContext({ baseURL });
      return { staff, csrf: (await staffLogInByApi(staff, DEMO_MODERATOR))['x-csrf-token'] };
    })();
    sessions.set(key, session);
  }
  return session;
}

/** A moderator approves every waiting photo of the member (new photos wait for one). */
export async function approvePhotosOf(playwright: Playwright, baseURL: string | undefined, memberId: number) {
  const { staff, csrf } = await moderatorApi(playwright, baseURL);
  const queue = await (await staff.get('/api/admin/moderation-photos.php')).json();
  for (const photo of queue.photos.filter((p: { member: { id: number } }) => p.member.id === memberId)) {
    const res = await staff.post('/api/admin/moderation-photo.php', {
      headers: { 'x-csrf-token': csrf },
      data: { id: photo.id, outcome: 'approved' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}
