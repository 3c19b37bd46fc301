import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { SwipeResponse, SwipeState } from '../../../shared/contracts/swipe.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { createTestApp } from '../../test/app.ts';
import {
  addPhoto,
  blockMember,
  createMember,
  createMembers,
  logIn,
  type MemberOverrides,
  type TestLogin,
  type TestMember,
} from '../../test/members.ts';
import { removeSwipesOf } from './swipe.service.ts';

const { app, services } = await createTestApp();
const db = services.db;
// The services' clock: a test moves it to a member's midnight or past a window.
const clock = new TestClock('2026-11-24T10:00:00Z');
services.now = () => new Date(clock.now());
const setTime = (iso: string) => clock.setTime(iso);

const PASS_DAYS_MS = LIMITS.swipePassDays * 86_400_000;

/**
 * Every test plays in a region of its own (the filters the game takes from /members), so the
 * members other tests create never come up as its cards.
 */
let regions = 0;
function newRegion() {
  regions += 1;
  return `NL-Q${regions}`;
}

type Player = { me: TestMember; login: TestLogin; region: string; query: string };

/** A man looking for women, and the query of his game: women in a region of the test's own. */
async function newPlayer(overrides: MemberOverrides = {}): Promise<Player> {
  const region = newRegion();
  const me = await createMember(db, { gender: 'male', sexuality: 'hetero', region, ...overrides });
  return {
    me,
    login: await logIn(db, me.id, services.now()),
    region,
    query: `gender=female&countryregion=${region}`,
  };
}

/** Women in the player's region, oldest first (the game shows the newest first). */
const women = (player: Player, count: number, overrides: MemberOverrides = {}) =>
  createMembers(db, count, { gender: 'female', region: player.region, ...overrides });

async function getGame(player: Player, extra = '') {
  const res = await app.inject({ url: `/api/swipe.php?${player.query}${extra}`, ...player.login });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SwipeState;
}

/** `login` null: as a visitor. */
function postSwipe(player: Player, body: object, login: TestLogin | null = player.login) {
  return app.inject({
    method: 'POST',
    url: `/api/swipe.php?${player.query}`,
    payload: body,
    headers: login?.headers,
    cookies: login?.cookies,
  });
}

async function swipeOk(player: Player, id: number, action: 'like' | 'pass', timeZone = 'Europe/Amsterdam') {
  const res = await postSwipe(player, { id, action, time_zone: timeZone });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SwipeResponse;
}

function postUndo(login: TestLogin | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/swipe-undo.php',
    headers: login?.headers,
    cookies: login?.cookies,
  });
}

async function likedIds(memberId: number) {
  const { rows } = await services.pool.query('select liked_id from likes where liker_id = $1 order by 1', [
    memberId,
  ]);
  return rows.map((r) => Number(r.liked_id));
}

describe('GET /api/swipe.php', () => {
  it('shows the newest matching member, the likes left today and when they start over', async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const [, newest] = await women(player, 2, { city: 'Utrecht' });
    // A man in the region is outside the gender the player looks for.
    await createMember(db, { gender: 'male', region: player.region });
    const game = await getGame(player, '&time_zone=Europe/Amsterdam');
    expect(game).toEqual({
      card: {
        id: newest!.id,
        name: newest!.name,
        age: 36,
        gender: 'female',
        country: 'NL',
        region: player.region,
        city: 'Utrecht',
        fictional: false,
        main_image: null,
        // Both in Utrecht (the player's place: src/server/test/members.ts).
        distance_km: 0,
      },
      likes_left: LIMITS.swipeLikesPerDay,
      // Midnight in Amsterdam.
      resets_at: '2026-11-24T23:00:00.000Z',
      time_zone: 'Europe/Amsterdam',
      can_undo: false,
    });
  });

  it('counts the day of a member who never sent a zone in their country’s zone', async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer({ country: 'GB' });
    expect((await getGame(player)).resets_at).toBe('2026-11-25T00:00:00.000Z');
    const inNewYork = await newPlayer({ country: 'US' });
    expect((await getGame(inNewYork)).resets_at).toBe('2026-11-25T05:00:00.000Z');
    // A zone sent by the browser counts until the first swipe stores one.
    expect((await getGame(inNewYork, '&time_zone=Asia/Tokyo')).resets_at).toBe('2026-11-24T15:00:00.000Z');
  });

  it('counts the day of a member who never swiped in the zone of their browser’s cookie', async () => {
    // 23:30 in Tokyo, 10:30 in Amsterdam: the cookie's day ends in half an hour, not tonight.
    await setTime('2026-11-24T14:30:00Z');
    const player = await newPlayer({ country: 'NL' });
    const res = await app.inject({
      url: `/api/swipe.php?${player.query}`,
      headers: player.login.headers,
      cookies: { ...player.login.cookies, tz: 'Asia/Tokyo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resets_at: '2026-11-24T15:00:00.000Z', time_zone: 'Asia/Tokyo' });
    // The call's own zone goes first; a cookie Intl does not know is no zone (the country's), not a refusal.
    const sent = await app.inject({
      url: `/api/swipe.php?${player.query}&time_zone=America/New_York`,
      headers: player.login.headers,
      cookies: { ...player.login.cookies, tz: 'Asia/Tokyo' },
    });
    expect(sent.json()).toMatchObject({
      resets_at: '2026-11-25T05:00:00.000Z',
      time_zone: 'America/New_York',
    });
    const unknown = await app.inject({
      url: `/api/swipe.php?${player.query}`,
      headers: player.login.headers,
      cookies: { ...player.login.cookies, tz: 'Mars/Olympus_Mons' },
    });
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toMatchObject({
      resets_at: '2026-11-24T23:00:00.000Z',
      time_zone: 'Europe/Amsterdam',
    });
  });

  it('names the zone it counts in once the day is stored, and where the member is now', async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const [woman] = await women(player, 1);
    await swipeOk(player, woman!.id, 'pass', 'Europe/Amsterdam');
    expect(await getGame(player)).toMatchObject({
      resets_at: '2026-11-24T23:00:00.000Z',
      time_zone: 'Europe/Amsterdam',
    });
    // In New York now: the counted day still ends at midnight in Amsterdam, shown at 18:00 there.
    expect(await getGame(player, '&time_zone=America/New_York')).toMatchObject({
      resets_at: '2026-11-24T23:00:00.000Z',
      time_zone: 'America/New_York',
    });
  });

  it('sends a locked main photo only blurred to a free member', async () => {
    const player = await newPlayer();
    const [woman] = await women(player, 1);
    await addPhoto(db, woman!.id, { main: true, private: true });
    const card = (await getGame(player)).card;
    expect(card?.id).toBe(woman!.id);
    expect(card?.main_image?.filename).toMatch(/-blur\.webp$/);
    expect(card?.main_image?.thumb_filename).toMatch(/-blur\.webp$/);
    const premium = await newPlayer({ paidUser: true });
    const [other] = await women(premium, 1);
    await addPhoto(db, other!.id, { main: true, private: true });
    expect((await getGame(premium)).card?.main_image?.filename).toMatch(/-medium\.webp$/);
  });

  it('follows the search filters it is given, within the fields the site offers', async () => {
    const player = await newPlayer();
    const [older, younger] = await Promise.all([
      women(player, 1, { birthDate: '1970-01-01' }),
      women(player, 1, { birthDate: '2000-01-01' }),
    ]);
    expect((await getGame(player, '&min_age=40')).card?.id).toBe(older[0]!.id);
    expect((await getGame(player, '&max_age=30')).card?.id).toBe(younger[0]!.id);
    const res = await app.inject({
      url: `/api/swipe.php?${player.query}&min_age=40&max_age=30`,
      ...player.login,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors).toEqual({ max_age: ['age_range_invalid'] });
  });

  it('answers null when nobody is left', async () => {
    const player = await newPlayer();
    const game = await getGame(player);
    expect(game.card).toBeNull();
    expect(game.likes_left).toBe(LIMITS.swipeLikesPerDay);
  });
});

describe('the next card never shows', () => {
  /** The member `exclude` makes of a woman newer than a plain one: the card must be the plain one. */
  async function expectSkipped(exclude: (player: Player, newer: TestMember) => Promise<void>, kind = {}) {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const [shown] = await women(player, 1);
    const [newer] = await women(player, 1, kind);
    expect(newer!.id).toBeGreaterThan(shown!.id);
    await exclude(player, newer!);
    expect((await getGame(player)).card?.id).toBe(shown!.id);
    return player;
  }
  const nothing = async () => {};

  it('an invisible member', () => expectSkipped(nothing, { invisible: true }));
  it('a member being deleted', () =>
    expectSkipped(nothing, {
      status: 'pending_deletion',
      deletionRequestedAt: new Date('2026-11-20T00:00:00Z'),
    }));
  it('a member who has not confirmed their account', () =>
    expectSkipped(nothing, { status: 'not_confirmed', emailConfirmedAt: null }));
  it('a disabled member', () => expectSkipped(nothing, { status: 'disabled' }));
  it('a member the player blocked', () => expectSkipped((p, newer) => blockMember(db, p.me.id, newer.id)));
  it('a member who blocked the player', () =>
    expectSkipped((p, newer) => blockMember(db, newer.id, p.me.id)));

  it('the player themself', async () => {
    // A woman looking for women, newest in her region.
    const region = newRegion();
    const [other] = await createMembers(db, 1, { gender: 'female', region });
    const me = await createMember(db, { gender: 'female', sexuality: 'lesbian', region });
    const player = {
      me,
      login: await logIn(db, me.id, services.now()),
      region,
      query: `gender=female&countryregion=${region}`,
    };
    expect((await getGame(player)).card?.id).toBe(other!.id);
  });

  it('a member the player already liked, in the game or anywhere else', () =>
    expectSkipped(async (p, newer) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/like.php',
        payload: { id: newer.id },
        ...p.login,
      });
      expect(res.statusCode, res.body).toBe(200);
    }));

  it('a member the player passed, until the pass is old', async () => {
    const player = await expectSkipped(async (p, newer) => {
      await swipeOk(p, newer.id, 'pass');
    });
    const passed = (
      await services.pool.query('select passed_id from swipe_passes where member_id = $1', [player.me.id])
    ).rows[0]?.passed_id as number;
    await setTime(new Date(Date.parse('2026-11-24T10:00:00Z') + PASS_DAYS_MS - 1000).toISOString());
    const login = await logIn(db, player.me.id, services.now());
    const later = { ...player, login };
    expect((await getGame(later)).card?.id).not.toBe(passed);
    await setTime(new Date(Date.parse('2026-11-24T10:00:00Z') + PASS_DAYS_MS + 1000).toISOString());
    expect((await getGame(later)).card?.id).toBe(passed);
  });
});

describe('POST /api/swipe.php', () => {
  it(`likes exactly ${LIMITS.swipeLikesPerDay} of 20 members liked at once, and refuses the rest`, async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const targets = await women(player, 20);
    const answers = await Promise.all(
      targets.map((t) => postSwipe(player, { id: t.id, action: 'like', time_zone: 'Europe/Amsterdam' })),
    );
    const ok = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(ok).toHaveLength(LIMITS.swipeLikesPerDay);
    expect(refused).toHaveLength(20 - LIMITS.swipeLikesPerDay);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'swipe_limit_reached',
        details: { resets_at: '2026-11-24T23:00:00.000Z' },
      });
    }
    expect(await likedIds(player.me.id)).toHaveLength(LIMITS.swipeLikesPerDay);
    // The last like's answer, and the game after it: no likes, so no card, only the countdown.
    const game = await getGame(player);
    expect(game).toEqual({
      card: null,
      likes_left: 0,
      resets_at: '2026-11-24T23:00:00.000Z',
      time_zone: 'Europe/Amsterdam',
      can_undo: false,
    });
  });

  it('starts over at the member’s own midnight, not UTC’s', async () => {
    // 23:00 in Tokyo.
    await setTime('2026-11-24T14:00:00Z');
    const player = await newPlayer();
    const targets = await women(player, 6);
    for (const t of targets.slice(0, 4)) await swipeOk(player, t.id, 'like', 'Asia/Tokyo');
    const fifth = { id: targets[4]!.id, action: 'like', time_zone: 'Asia/Tokyo' };
    expect((await postSwipe(player, fifth)).json().error.code).toBe('swipe_limit_reached');
    expect((await getGame(player)).resets_at).toBe('2026-11-24T15:00:00.000Z');
    await setTime('2026-11-24T14:59:59Z');
    expect((await postSwipe(player, fifth)).statusCode).toBe(403);
    await setTime('2026-11-24T15:00:00Z');
    const res = await postSwipe(player, fifth);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SwipeResponse).next).toMatchObject({
      likes_left: 3,
      resets_at: '2026-11-25T15:00:00.000Z',
    });
  });

  it('counts the first swipes in the zone of the browser’s cookie when the call sends none', async () => {
    // 23:00 in Tokyo, 15:00 the day before in Amsterdam, the member's country's zone.
    await setTime('2026-11-24T14:00:00Z');
    const player = await newPlayer({ country: 'NL' });
    const targets = await women(player, 6);
    const inTokyo = (id: number) =>
      app.inject({
        method: 'POST',
        url: `/api/swipe.php?${player.query}`,
        payload: { id, action: 'like' },
        headers: player.login.headers,
        cookies: { ...player.login.cookies, tz: 'Asia/Tokyo' },
      });
    for (const t of targets.slice(0, 4)) expect((await inTokyo(t.id)).statusCode).toBe(200);
    const refused = await inTokyo(targets[4]!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toEqual({ resets_at: '2026-11-24T15:00:00.000Z' });
    await setTime('2026-11-24T15:00:00Z');
    const res = await inTokyo(targets[4]!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SwipeResponse).next).toMatchObject({
      likes_left: 3,
      resets_at: '2026-11-25T15:00:00.000Z',
      time_zone: 'Asia/Tokyo',
    });
    // A pass and its undo: the same day, in the cookie's zone.
    const pass = await app.inject({
      method: 'POST',
      url: `/api/swipe.php?${player.query}`,
      payload: { id: targets[5]!.id, action: 'pass' },
      headers: player.login.headers,
      cookies: { ...player.login.cookies, tz: 'Asia/Tokyo' },
    });
    expect(pass.statusCode, pass.body).toBe(200);
    const undo = await app.inject({
      method: 'POST',
      url: '/api/swipe-undo.php',
      headers: player.login.headers,
      cookies: { ...player.login.cookies, tz: 'Asia/Tokyo' },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      likes_left: 3,
      resets_at: '2026-11-25T15:00:00.000Z',
      time_zone: 'Asia/Tokyo',
    });
  });

  it('gives no extra likes for switching time zones back and forth', async () => {
    // 23:30 in Amsterdam; on Kiritimati (UTC+14) it is already the 25th.
    await setTime('2026-11-24T22:30:00Z');
    const player = await newPlayer();
    const targets = await women(player, 14);
    const swipe = (i: number, action: 'like' | 'pass', zone: string) =>
      postSwipe(player, { id: targets[i]!.id, action, time_zone: zone });
    for (let i = 0; i < 4; i++) expect((await swipe(i, 'like', 'Europe/Amsterdam')).statusCode).toBe(200);
    // The browser reports Kiritimati with a pass: it waits until the day ends where the likes were counted.
    expect((await swipe(4, 'pass', 'Pacific/Kiritimati')).statusCode).toBe(200);
    expect((await swipe(5, 'like', 'Pacific/Kiritimati')).statusCode).toBe(403);
    expect((await getGame(player)).resets_at).toBe('2026-11-24T23:00:00.000Z');
    await setTime('2026-11-24T23:00:00Z');
    // Now counted on Kiritimati, whose 25th ends at 10:00 UTC.
    for (let i = 5; i < 9; i++) expect((await swipe(i, 'like', 'Pacific/Kiritimati')).statusCode).toBe(200);
    expect((await getGame(player)).resets_at).toBe('2026-11-25T10:00:00.000Z');
    // Back to Amsterdam, where it is still the 24th: no new day there either.
    expect((await swipe(9, 'pass', 'Europe/Amsterdam')).statusCode).toBe(200);
    expect((await swipe(10, 'like', 'Europe/Amsterdam')).statusCode).toBe(403);
    // At 11:00 on the 25th in Amsterdam: that day was counted already, it does not start again.
    await setTime('2026-11-25T10:00:00Z');
    expect((await swipe(10, 'like', 'Europe/Amsterdam')).statusCode).toBe(403);
    expect((await getGame(player)).resets_at).toBe('2026-11-25T23:00:00.000Z');
    await setTime('2026-11-25T23:00:00Z');
    expect((await swipe(10, 'like', 'Europe/Amsterdam')).statusCode).toBe(200);
    // Two days counted (the 24th in Amsterdam, the 25th on Kiritimati), then the 26th: 4 + 4 + 1.
    expect(await likedIds(player.me.id)).toHaveLength(9);
  });

  it('counts no like twice, and a refused like leaves no row', async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const targets = await women(player, 6);
    const earlier = targets[5]!;
    await app.inject({ method: 'POST', url: '/api/like.php', payload: { id: earlier.id }, ...player.login });
    // Liking a member liked before (anywhere) is the same like: nothing counted.
    expect((await swipeOk(player, earlier.id, 'like')).next.likes_left).toBe(4);
    for (const t of targets.slice(0, 4)) await swipeOk(player, t.id, 'like');
    expect((await swipeOk(player, targets[0]!.id, 'like')).next.likes_left).toBe(0);
    const refused = await postSwipe(player, { id: targets[4]!.id, action: 'like' });
    expect(refused.statusCode).toBe(403);
    expect(await likedIds(player.me.id)).not.toContain(targets[4]!.id);
    expect(await likedIds(player.me.id)).toHaveLength(5);
  });

  it('answers a match when the member liked the player first', async () => {
    const player = await newPlayer();
    const [first, second] = await women(player, 2);
    const theirs = await logIn(db, first!.id, services.now());
    await app.inject({ method: 'POST', url: '/api/like.php', payload: { id: player.me.id }, ...theirs });
    // The newest first: `second` is the card, and no match.
    const noMatch = await swipeOk(player, second!.id, 'like');
    expect(noMatch.match).toBe(false);
    expect(noMatch.next.card?.id).toBe(first!.id);
    const match = await swipeOk(player, first!.id, 'like');
    expect(match.match).toBe(true);
    expect(match.next.card).toBeNull();
  });

  it('passes: the next card comes, and the pass can be taken back', async () => {
    const player = await newPlayer();
    const [older, newer] = await women(player, 2);
    const res = await swipeOk(player, newer!.id, 'pass');
    expect(res).toMatchObject({ match: false, next: { can_undo: true, likes_left: 4 } });
    expect(res.next.card?.id).toBe(older!.id);
    expect(await likedIds(player.me.id)).toEqual([]);
  });

  it('answers for oneself, hidden, blocked and unknown members as a like does, and counts nothing', async () => {
    const player = await newPlayer();
    const unknownLike = await postSwipe(player, { id: 987_654_321, action: 'like' });
    const unknownPass = await postSwipe(player, { id: 987_654_321, action: 'pass' });
    expect(unknownLike.statusCode).toBe(404);
    expect(unknownLike.json().error.code).toBe('member_not_found');
    expect(unknownPass.body).toBe(unknownLike.body);
    const self = await postSwipe(player, { id: player.me.id, action: 'pass' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_pass_self');
    expect((await postSwipe(player, { id: player.me.id, action: 'like' })).json().error.code).toBe(
      'cannot_like_self',
    );
    const [invisible] = await women(player, 1, { invisible: true });
    const [pending] = await women(player, 1, { status: 'pending_deletion', deletionRequestedAt: new Date() });
    const [unconfirmed] = await women(player, 1, { status: 'not_confirmed', emailConfirmedAt: null });
    const [blocked, blocking] = await women(player, 2);
    await blockMember(db, player.me.id, blocked!.id);
    await blockMember(db, blocking!.id, player.me.id);
    for (const member of [invisible, pending, unconfirmed, blocked, blocking]) {
      for (const action of ['like', 'pass']) {
        const res = await postSwipe(player, { id: member!.id, action });
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(unknownLike.body);
      }
    }
    const game = await getGame(player);
    expect(game.likes_left).toBe(4);
    expect(game.can_undo).toBe(false);
    expect(await likedIds(player.me.id)).toEqual([]);
  });

  it('refuses bad input with the field and its key', async () => {
    const player = await newPlayer();
    const [woman] = await women(player, 1);
    const cases: [object, Record<string, string[]>][] = [
      [
        { id: woman!.id, action: 'like', time_zone: 'Mars/Olympus_Mons' },
        { time_zone: ['time_zone_invalid'] },
      ],
      [{ id: woman!.id, action: 'superlike' }, { action: ['invalid_field'] }],
      [{ id: 'x', action: 'like' }, { id: ['invalid_field'] }],
      [{ action: 'pass' }, { id: ['invalid_field'] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await postSwipe(player, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', details: { fieldErrors } });
    }
    const badQuery = await app.inject({ url: `/api/swipe.php?time_zone=Nowhere/City`, ...player.login });
    expect(badQuery.json().error.details.fieldErrors).toEqual({ time_zone: ['time_zone_invalid'] });
    expect(await likedIds(player.me.id)).toEqual([]);
  });
});

describe('POST /api/swipe-undo.php', () => {
  it('brings the last pass back as the card, once', async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const [older, newer] = await women(player, 2);
    await swipeOk(player, newer!.id, 'pass');
    const res = await postUndo(player.login);
    expect(res.statusCode, res.body).toBe(200);
    const undone = res.json() as SwipeState;
    expect(undone).toMatchObject({ likes_left: 4, can_undo: false });
    expect(undone.card?.id).toBe(newer!.id);
    expect((await getGame(player)).card?.id).toBe(newer!.id);
    const again = await postUndo(player.login);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('swipe_nothing_to_undo');
    // Passing the other one now is the pass to take back.
    await swipeOk(player, newer!.id, 'pass');
    await swipeOk(player, older!.id, 'pass');
    expect(((await postUndo(player.login)).json() as SwipeState).card?.id).toBe(older!.id);
  });

  it('takes back only a pass that was the last swipe', async () => {
    const player = await newPlayer();
    const [liked, passed] = await women(player, 2);
    await swipeOk(player, passed!.id, 'pass');
    const afterLike = await swipeOk(player, liked!.id, 'like');
    expect(afterLike.next.can_undo).toBe(false);
    expect((await postUndo(player.login)).statusCode).toBe(409);
    // The like stays and the pass stays.
    expect(await likedIds(player.me.id)).toEqual([liked!.id]);
    expect((await getGame(player)).card).toBeNull();
  });

  it(`takes back a pass for ${LIMITS.swipeUndoMinutes} minutes`, async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const [a, b] = await women(player, 2);
    await swipeOk(player, b!.id, 'pass');
    await setTime(`2026-11-24T10:${String(LIMITS.swipeUndoMinutes - 1).padStart(2, '0')}:59Z`);
    expect((await getGame(player)).can_undo).toBe(true);
    expect((await postUndo(player.login)).statusCode).toBe(200);
    await swipeOk(player, b!.id, 'pass');
    await setTime(`2026-11-24T10:${String(2 * LIMITS.swipeUndoMinutes - 1).padStart(2, '0')}:00Z`);
    expect((await getGame(player)).can_undo).toBe(true);
    await setTime(`2026-11-24T10:${String(2 * LIMITS.swipeUndoMinutes).padStart(2, '0')}:00Z`);
    expect((await getGame(player)).can_undo).toBe(false);
    expect((await postUndo(player.login)).json().error.code).toBe('swipe_nothing_to_undo');
    expect((await getGame(player)).card?.id).toBe(a!.id);
  });

  it('does not bring back a member who went hidden or blocked the player since', async () => {
    for (const hide of [
      (id: number) => services.pool.query('update users set invisible = true where id = $1', [id]),
      (id: number, me: number) => blockMember(db, id, me),
    ]) {
      const player = await newPlayer();
      const [woman] = await women(player, 1);
      await swipeOk(player, woman!.id, 'pass');
      await hide(woman!.id, player.me.id);
      expect((await getGame(player)).can_undo).toBe(false);
      expect((await postUndo(player.login)).statusCode).toBe(409);
    }
  });
});

describe('members only, each their own game', () => {
  it('refuses visitors on every route, whatever they send', async () => {
    const player = await newPlayer();
    const [woman] = await women(player, 1);
    for (const res of [
      await app.inject({ url: '/api/swipe.php' }),
      await app.inject({ url: '/api/swipe.php?time_zone=Nowhere' }),
      await postSwipe(player, { id: woman!.id, action: 'like' }, null),
      await postSwipe(player, { id: woman!.id, action: 'pass' }, null),
      await postSwipe(player, { nonsense: true }, null),
      await postUndo(undefined),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/swipe.php',
      payload: { id: woman!.id, action: 'like' },
      cookies: player.login.cookies,
    });
    expect(noToken.json().error.code).toBe('csrf_failed');
    const undoNoToken = await app.inject({
      method: 'POST',
      url: '/api/swipe-undo.php',
      cookies: player.login.cookies,
    });
    expect(undoNoToken.json().error.code).toBe('csrf_failed');
    expect(await likedIds(player.me.id)).toEqual([]);
  });

  it('keeps one member’s likes, passes and undo away from another', async () => {
    await setTime('2026-11-24T10:00:00Z');
    const player = await newPlayer();
    const targets = await women(player, 5);
    const newest = targets[4]!;
    const other = await createMember(db, { gender: 'male', region: player.region });
    const otherPlayer = { ...player, me: other, login: await logIn(db, other.id, services.now()) };
    await swipeOk(player, newest.id, 'pass');
    // The other member cannot take back the player's pass, and still gets the card the player passed.
    expect((await postUndo(otherPlayer.login)).statusCode).toBe(409);
    expect((await getGame(otherPlayer)).card?.id).toBe(newest.id);
    expect((await getGame(player)).can_undo).toBe(true);
    // The player's likes count against the player's day only.
    for (const t of targets.slice(0, 4)) await swipeOk(player, t.id, 'like');
    expect((await getGame(player)).likes_left).toBe(0);
    expect((await getGame(otherPlayer)).likes_left).toBe(4);
    expect(await likedIds(other.id)).toEqual([]);
  });
});

describe('erasing an account', () => {
  it('removes its game state and its passes both ways', async () => {
    const player = await newPlayer();
    const [a, b] = await women(player, 2);
    await swipeOk(player, a!.id, 'pass');
    const theirs = await newPlayer();
    await swipeOk({ ...theirs, query: player.query }, player.me.id, 'pass');
    await swipeOk(player, b!.id, 'like');
    await db.transaction((tx) => removeSwipesOf(tx, player.me.id));
    const count = async (sql: string) => Number((await services.pool.query(sql, [player.me.id])).rows[0].n);
    expect(await count('select count(*) as n from swipe_states where member_id = $1')).toBe(0);
    expect(await count('select count(*) as n from swipe_passes where member_id = $1 or passed_id = $1')).toBe(
      0,
    );
  });
});
