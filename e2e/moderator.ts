import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';

type Playwright = PlaywrightWorkerArgs['playwright'];

import { expect } from './fixtures.ts';
import { freshTotpCode } from './staff-logins.ts';

/** The demo moderator of the README, with the secret their authenticator app holds. */
const MODERATOR = {
  email: 'moderator@liefdesplein.nl',
  password: 'moderator-liefde-2026',
  secret: 'JBSWY3DPEHPK3PXPMODERATORAAAAAAA',
};

/** Password, then the code of the moment, as the back office's login does; answers the CSRF token. */
export async function logInModerator(request: APIRequestContext): Promise<string> {
  const first = await request.post('/api/admin/login.php', {
    data: { email: MODERATOR.email, password: MODERATOR.password },
  });
  expect(first.status(), await first.text()).toBe(200);
  const state = await first.json();
  if (state.step === 'done') return state.csrfToken;
  // Counted with the other journeys' logins of this moderator: the server takes each code once.
  const code = await freshTotpCode(MODERATOR.secret);
  const done = await request.post('/api/admin/totp.php', { data: { code } });
  expect(done.status(), await done.text()).toBe(200);
  return (await done.json()).csrfToken;
}

/**
 * One moderator session per server in this worker: a code may be used once (a second login within
 * the same 30 seconds would replay it and be refused), so the journeys share the session.
 */
const sessions = new Map<string, Promise<{ staff: APIRequestContext; csrf: string }>>();

export function moderatorApi(playwright: Playwright, baseURL: string | undefined) {
  const key = baseURL ?? '';
  let session = sessions.get(key);
  if (!session) {
    session = (async () => {
      const staff = await playwright.request.newContext({ baseURL });
      return { staff, csrf: await logInModerator(staff) };
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
