import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { SwipeState } from '../../../shared/contracts/swipe.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { createTestApp } from '../../test/app.ts';
import { loadContextPages } from '../../test/load-context-page.ts';
import { createMember, createMembers, logIn, type TestLogin } from '../../test/members.ts';
import { swipeFeature } from './swipe.feature.ts';

/**
 * The first answer of /swipe-game, rendered with the page's HTML: what the swipe feature's
 * load-context part answers the page's loader (loadContextPages stands in for the SSR route).
 * Before any script ran on the page, only the tz cookie can tell the zone.
 */
const { app: api, services } = await createTestApp();
const clock = new TestClock('2026-11-24T10:00:00Z');
services.now = () => new Date(clock.now());
const page = await loadContextPages(services, swipeFeature, {
  '/swipe-game': (part) => part.swipe?.game?.({ gender: 'female', countryregion: 'NL-ZZ' }),
});
const firstAnswer = (login: TestLogin | null, zone?: string) => page<SwipeState>('/swipe-game', login, zone);

describe('the first answer of /swipe-game, before the page’s scripts run', () => {
  it('counts and times the day in the zone of the browser’s cookie, at that zone’s midnight', async () => {
    // 23:30 on the 23rd in New York: 05:30 on the 24th in Amsterdam, the member's country's zone.
    await clock.setTime('2026-11-24T04:30:00Z');
    const me = await createMember(services.db, { gender: 'male', sexuality: 'hetero', country: 'NL' });
    const login = await logIn(services.db, me.id, services.now());
    const women = await createMembers(services.db, 5, { gender: 'female', region: 'NL-ZZ' });
    for (const woman of women.slice(0, LIMITS.swipeLikesPerDay)) {
      const res = await api.inject({
        method: 'POST',
        url: '/api/swipe.php',
        payload: { id: woman.id, action: 'like' },
        headers: login.headers,
        cookies: { ...login.cookies, tz: 'America/New_York' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await clock.setTime('2026-11-24T04:59:59Z');
    expect(await firstAnswer(login, 'America/New_York')).toEqual({
      ok: true,
      data: {
        card: null,
        likes_left: 0,
        resets_at: '2026-11-24T05:00:00.000Z',
        time_zone: 'America/New_York',
        can_undo: false,
      },
    });
    // Midnight in New York: the page opens with a new day's likes and the next card.
    await clock.setTime('2026-11-24T05:00:00Z');
    const next = await firstAnswer(login, 'America/New_York');
    expect(next).toMatchObject({
      ok: true,
      data: { likes_left: LIMITS.swipeLikesPerDay, resets_at: '2026-11-25T05:00:00.000Z' },
    });
    expect(next.ok && next.data.card?.id).toBe(women[4]!.id);
  });

  it('for a member who never swiped, counts in the cookie’s zone, else in their country’s', async () => {
    await clock.setTime('2026-11-24T14:30:00Z');
    const me = await createMember(services.db, { gender: 'male', sexuality: 'hetero', country: 'NL' });
    const login = await logIn(services.db, me.id, services.now());
    expect(await firstAnswer(login, 'Asia/Tokyo')).toMatchObject({
      ok: true,
      data: { resets_at: '2026-11-24T15:00:00.000Z', time_zone: 'Asia/Tokyo' },
    });
    expect(await firstAnswer(login)).toMatchObject({
      ok: true,
      data: { resets_at: '2026-11-24T23:00:00.000Z', time_zone: 'Europe/Amsterdam' },
    });
  });

  it('refuses a visitor as the API does', async () => {
    expect(await firstAnswer(null, 'Asia/Tokyo')).toMatchObject({
      ok: false,
      status: 403,
      code: 'authentication_required',
    });
  });
});
