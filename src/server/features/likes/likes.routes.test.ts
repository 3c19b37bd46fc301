import { describe, expect, it } from 'vitest';
import type { LikesResponse } from '../../../shared/contracts/likes.ts';
import { createTestApp } from '../../test/app.ts';
import {
  addPhoto,
  blockMember,
  createMember,
  createMembers,
  logIn,
  type TestLogin,
} from '../../test/members.ts';
import { realtimeMember } from '../realtime/realtime.service.ts';
import { memberLiked, removeLikesOf } from './likes.service.ts';

const { app, services } = await createTestApp();
const db = services.db;

async function like(method: 'POST' | 'DELETE', login: TestLogin | undefined, payload?: object, query = '') {
  return app.inject({
    method,
    url: `/api/like.php${query}`,
    payload,
    headers: login?.headers,
    cookies: login?.cookies,
  });
}

async function likesOf(login: TestLogin) {
  const res = await app.inject({ url: '/api/likes.php', ...login });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LikesResponse;
}

async function likeRows(likerId: number) {
  const { rows } = await services.pool.query('select liked_id from likes where liker_id = $1', [likerId]);
  return rows.map((r) => Number(r.liked_id));
}

describe('POST /api/like.php', () => {
  it('likes once under 50 identical concurrent requests, and publishes one event', async () => {
    const me = await createMember(db);
    const them = await createMember(db);
    const login = await logIn(db, me.id);
    const heard: { likerId: number; likedId: number; match: boolean }[] = [];
    await services.bus.subscribe(memberLiked, (event) => {
      if (event.likerId === me.id) heard.push(event);
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => like('POST', login, { id: them.id })));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, match: false });
    }
    expect(await likeRows(me.id)).toEqual([them.id]);
    // Every event committed before this has been heard (NOTIFY is asynchronous).
    await services.bus.sync();
    expect(heard).toHaveLength(1);
    expect(heard).toEqual([{ likerId: me.id, likedId: them.id, match: false }]);
  });

  it('makes two members who like each other at the same moment a match for both, every time', async () => {
    const heard: { likerId: number; match: boolean }[] = [];
    await services.bus.subscribe(memberLiked, (event) => heard.push(event));
    for (let round = 0; round < 20; round++) {
      const a = await createMember(db);
      const b = await createMember(db);
      const [loginA, loginB] = await Promise.all([logIn(db, a.id), logIn(db, b.id)]);
      const [resA, resB] = await Promise.all([
        like('POST', loginA, { id: b.id }),
        like('POST', loginB, { id: a.id }),
      ]);
      expect(resA.statusCode, resA.body).toBe(200);
      expect(resB.statusCode, resB.body).toBe(200);
      // Exactly one of the two comes second, sees the other's like and answers the match.
      expect([resA.json().match, resB.json().match].filter(Boolean)).toHaveLength(1);
      expect((await likesOf(loginA)).matches.map((m) => m.id)).toEqual([b.id]);
      expect((await likesOf(loginB)).matches.map((m) => m.id)).toEqual([a.id]);
      // Liking again reports the match, whoever asks.
      expect((await like('POST', loginA, { id: b.id })).json()).toEqual({ ok: true, match: true });
      expect((await like('POST', loginB, { id: a.id })).json()).toEqual({ ok: true, match: true });
      await services.bus.sync();
      const ofPair = () => heard.filter((e) => e.likerId === a.id || e.likerId === b.id);
      expect(ofPair()).toHaveLength(2);
      expect(ofPair().filter((e) => e.match)).toHaveLength(1);
    }
  });

  it('refuses liking yourself, visitors and calls without the CSRF token', async () => {
    const me = await createMember(db);
    const other = await createMember(db);
    const login = await logIn(db, me.id);
    const self = await like('POST', login, { id: me.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_like_self');
    const visitor = await like('POST', undefined, { id: other.id });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: other.id },
      cookies: login.cookies,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_failed');
    expect((await like('POST', login, { id: 'x' })).statusCode).toBe(400);
    expect(await likeRows(me.id)).toEqual([]);
  });

  it('answers for a hidden or blocked member byte for byte what it answers for an unknown id', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const unknown = await like('POST', login, { id: 987_654_321 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');
    const hidden = [
      await createMember(db, { invisible: true }),
      await createMember(db, {
        status: 'pending_deletion',
        deletionRequestedAt: new Date('2026-11-01T00:00:00Z'),
      }),
      await createMember(db, { status: 'not_confirmed', emailConfirmedAt: null }),
      await createMember(db, { status: 'disabled' }),
    ];
    const blockedByMe = await createMember(db);
    await blockMember(db, me.id, blockedByMe.id);
    const blockingMe = await createMember(db);
    await blockMember(db, blockingMe.id, me.id);
    for (const member of [...hidden, blockedByMe, blockingMe]) {
      const res = await like('POST', login, { id: member.id });
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    expect(await likeRows(me.id)).toEqual([]);
  });
});

describe('liking an invisible member', () => {
  it('is open to a member they have a conversation with, and answers anyone else like an unknown id', async () => {
    const hidden = await createMember(db, { invisible: true });
    const partner = await createMember(db);
    const stranger = await createMember(db);
    const [low, high] = hidden.id < partner.id ? [hidden.id, partner.id] : [partner.id, hidden.id];
    await services.pool.query(
      'insert into conversations (member_low, member_high, started_by) values ($1, $2, $3)',
      [low, high, partner.id],
    );
    const fromPartner = await like('POST', await logIn(db, partner.id), { id: hidden.id });
    expect(fromPartner.statusCode, fromPartner.body).toBe(200);
    const fromStranger = await like('POST', await logIn(db, stranger.id), { id: hidden.id });
    const unknown = await like('POST', await logIn(db, stranger.id), { id: 987_654_321 });
    expect(fromStranger.statusCode).toBe(404);
    expect(fromStranger.body).toBe(unknown.body);
  });
});

describe('the like limit', () => {
  it('counts per session: a member clicking through cards is stopped at 120 a minute, others go on', async () => {
    const them = await createMember(db);
    const login = await logIn(db, (await createMember(db)).id);
    const answers = [];
    for (let i = 0; i < 121; i++) answers.push((await like('POST', login, { id: them.id })).statusCode);
    expect(answers.slice(0, 120).every((code) => code === 200)).toBe(true);
    expect(answers[120]).toBe(429);
    // Another member from the same address is not stopped by it.
    const other = await logIn(db, (await createMember(db)).id);
    expect((await like('POST', other, { id: them.id })).statusCode).toBe(200);
  });
});

describe('DELETE /api/like.php', () => {
  it('takes a like back by body or query, idempotently, only the caller’s own, and ends the match', async () => {
    const me = await createMember(db);
    const them = await createMember(db);
    const third = await createMember(db);
    const login = await logIn(db, me.id);
    const theirLogin = await logIn(db, them.id);
    await like('POST', login, { id: them.id });
    await like('POST', login, { id: third.id });
    expect((await like('POST', theirLogin, { id: me.id })).json()).toEqual({ ok: true, match: true });

    for (let i = 0; i < 2; i++) {
      const res = await like('DELETE', login, { id: them.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect((await like('DELETE', login, undefined, `?id=${third.id}`)).statusCode).toBe(200);
    expect((await like('DELETE', login, { id: 987_654_321 })).statusCode).toBe(200);
    expect(await likeRows(me.id)).toEqual([]);
    // Their like of me is theirs to take back; the match is gone for both.
    expect(await likeRows(them.id)).toEqual([me.id]);
    expect((await likesOf(theirLogin)).matches).toEqual([]);
    expect((await likesOf(login)).liked_by.map((m) => m.id)).toEqual([them.id]);

    expect((await like('DELETE', login)).statusCode).toBe(400);
    const visitor = await like('DELETE', undefined, { id: them.id });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    expect((await like('DELETE', undefined)).json().error.code).toBe('authentication_required');
  });
});

describe('GET /api/likes.php', () => {
  it('lists likes given newest first and received new first, as cards', async () => {
    const me = await createMember(db, { city: 'Utrecht' });
    const login = await logIn(db, me.id);
    const [a, b, c] = [await createMember(db), await createMember(db), await createMember(db)];
    // A private main photo: a free member gets its blur on the card, as in search.
    await addPhoto(db, a.id, { main: true, private: true });
    for (const other of [a, b, c]) {
      await like('POST', login, { id: other.id });
      await like('POST', await logIn(db, other.id), { id: me.id });
    }
    // b's like was seen: it goes after the new ones, however recent.
    const seen = await app.inject({
      method: 'POST',
      url: '/api/like-seen.php',
      payload: { id: b.id },
      ...login,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    await services.pool.query(
      "update likes set created_at = now() - (liker_id - $2) * interval '1 minute' where liked_id = $1",
      [me.id, a.id],
    );
    const lists = await likesOf(login);
    expect(lists.profiles.map((m) => m.id)).toEqual([c.id, b.id, a.id]);
    expect(lists.liked_by.map((m) => [m.id, m.like_new])).toEqual([
      [a.id, true],
      [c.id, true],
      [b.id, false],
    ]);
    expect(lists.matches.map((m) => m.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(lists.liked_by[0]?.main_image?.filename).toMatch(/-blur\.webp$/);
    expect(lists.liked_by[0]?.main_image?.thumb_filename).toMatch(/-blur\.webp$/);
    // Exactly the fields of a card.
    expect(Object.keys(lists.liked_by[0]!).sort()).toEqual(
      [
        'id',
        'name',
        'age',
        'gender',
        'country',
        'region',
        'city',
        'fictional',
        'main_image',
        'liked',
        'like_new',
        // Both live in Utrecht (src/server/test/members.ts): the card says how far.
        'distance_km',
      ].sort(),
    );
    // Each card knows whether the viewer likes them: all of these like each other.
    expect(lists.liked_by.every((m) => m.liked) && lists.profiles.every((m) => m.liked)).toBe(true);
  });

  const hiddenKinds = {
    invisible: { invisible: true },
    'pending deletion': { status: 'pending_deletion', deletionRequestedAt: new Date('2026-11-01T00:00:00Z') },
  } as const;

  it('leaves out of the likes given members who went hidden or are blocked either way', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const shown = await createMember(db);
    const others = [
      await createMember(db),
      await createMember(db),
      await createMember(db),
      await createMember(db),
    ];
    for (const other of [shown, ...others]) await like('POST', login, { id: other.id });
    const [invisible, pending, blockedByMe, blockingMe] = others as [
      typeof shown,
      typeof shown,
      typeof shown,
      typeof shown,
    ];
    await services.pool.query('update users set invisible = true where id = $1', [invisible.id]);
    await services.pool.query(
      "update users set status = 'pending_deletion', deletion_requested_at = now() where id = $1",
      [pending.id],
    );
    await blockMember(db, me.id, blockedByMe.id);
    await blockMember(db, blockingMe.id, me.id);
    expect((await likesOf(login)).profiles.map((m) => m.id)).toEqual([shown.id]);
  });

  it('leaves out of the likes received members who are hidden or blocked either way', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const shown = await createMember(db);
    await like('POST', await logIn(db, shown.id), { id: me.id });
    for (const overrides of Object.values(hiddenKinds)) {
      const hidden = await createMember(db);
      await like('POST', await logIn(db, hidden.id), { id: me.id });
      await services.pool.query(
        'update users set invisible = $2, status = $3, deletion_requested_at = $4 where id = $1',
        [
          hidden.id,
          'invisible' in overrides,
          'status' in overrides ? overrides.status : 'active',
          'deletionRequestedAt' in overrides ? overrides.deletionRequestedAt : null,
        ],
      );
    }
    for (const blockerIsMe of [true, false]) {
      const other = await createMember(db);
      await like('POST', await logIn(db, other.id), { id: me.id });
      await blockMember(db, blockerIsMe ? me.id : other.id, blockerIsMe ? other.id : me.id);
    }
    expect((await likesOf(login)).liked_by.map((m) => m.id)).toEqual([shown.id]);
  });

  it('refuses visitors', async () => {
    const res = await app.inject({ url: '/api/likes.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });
});

describe('GET /api/likes-list.php', () => {
  async function allPages(login: TestLogin, list: string) {
    const ids: number[] = [];
    const news: boolean[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `list=${list}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await app.inject({ url: `/api/likes-list.php?${query}`, ...login });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        members: { id: number; like_new?: boolean }[];
        next_cursor: string | null;
      };
      ids.push(...body.members.map((m) => m.id));
      news.push(...body.members.map((m) => m.like_new === true));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    return { ids, news, pages };
  }

  it('pages through every list without duplicates or gaps, ties included, new likes first', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const others = await createMembers(db, 110);
    const ids = others.map((m) => m.id);
    // Everyone likes me at the very same instant (ties on created_at); I saw every third; I like
    // back the first 60 (matches) and 20 more who did not like me.
    await services.pool.query(
      `insert into likes (liker_id, liked_id, created_at, seen_at)
       select id, $1, '2026-05-01T10:00:00Z', case when id % 3 = 0 then now() end from unnest($2::bigint[]) id`,
      [me.id, ids.slice(0, 100)],
    );
    await services.pool.query(
      `insert into likes (liker_id, liked_id, created_at)
       select $1, id, '2026-05-02T10:00:00Z'::timestamptz + (id % 7) * interval '1 microsecond'
       from unnest($2::bigint[]) id`,
      [me.id, [...ids.slice(0, 60), ...ids.slice(100)]],
    );
    const received = await allPages(login, 'received');
    expect(received.pages).toBe(3);
    expect([...received.ids].sort()).toEqual([...ids.slice(0, 100)].sort());
    // All new ones before any seen one.
    const firstSeen = received.news.indexOf(false);
    expect(received.news.slice(firstSeen).every((n) => !n)).toBe(true);
    expect(received.news.filter(Boolean)).toHaveLength(ids.slice(0, 100).filter((id) => id % 3 !== 0).length);
    const given = await allPages(login, 'given');
    expect([...given.ids].sort()).toEqual([...ids.slice(0, 60), ...ids.slice(100)].sort());
    expect(new Set(given.ids).size).toBe(given.ids.length);
    const matches = await allPages(login, 'matches');
    expect([...matches.ids].sort()).toEqual([...ids.slice(0, 60)].sort());
    // The first pages of GET /api/likes.php are the same, with their cursors.
    const first = await likesOf(login);
    expect(first.liked_by.map((m) => m.id)).toEqual(received.ids.slice(0, 48));
    expect(first.next.liked_by).not.toBeNull();
  });

  it('refuses a bad cursor, an unknown list and visitors', async () => {
    const login = await logIn(db, (await createMember(db)).id);
    for (const query of ['list=received&cursor=nonsense', 'list=everyone', '']) {
      const res = await app.inject({ url: `/api/likes-list.php?${query}`, ...login });
      expect(res.statusCode, query).toBe(400);
    }
    const visitor = await app.inject({ url: '/api/likes-list.php?list=received' });
    expect(visitor.json().error.code).toBe('authentication_required');
  });
});

describe('POST /api/like-seen.php', () => {
  it('clears the new flag of that like only, and only for the liked member', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const [a, b] = [await createMember(db), await createMember(db)];
    const loginA = await logIn(db, a.id);
    await like('POST', loginA, { id: me.id });
    await like('POST', await logIn(db, b.id), { id: me.id });
    // The liker marking their own like seen changes nothing.
    await app.inject({ method: 'POST', url: '/api/like-seen.php', payload: { id: me.id }, ...loginA });
    expect((await likesOf(login)).liked_by.every((m) => m.like_new)).toBe(true);
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/like-seen.php',
        payload: { id: a.id },
        ...login,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const flags = Object.fromEntries((await likesOf(login)).liked_by.map((m) => [m.id, m.like_new]));
    expect(flags).toEqual({ [a.id]: false, [b.id]: true });
    const visitor = await app.inject({ method: 'POST', url: '/api/like-seen.php', payload: { id: a.id } });
    expect(visitor.json().error.code).toBe('authentication_required');
  });
});

describe('new_likes of GET /api/user.php', () => {
  /** The count as the badge reads it, once the events that drop the cache have been heard. */
  async function newLikesOf(login: TestLogin) {
    await services.bus.sync();
    return (await app.inject({ url: '/api/user.php', ...login })).json().user.new_likes as number;
  }

  it('counts the new likes received, and drops a like seen, taken back or blocked', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const [a, b, c] = [await createMember(db), await createMember(db), await createMember(db)];
    expect(await newLikesOf(login)).toBe(0);
    for (const liker of [a, b, c]) await like('POST', await logIn(db, liker.id), { id: me.id });
    expect(await newLikesOf(login)).toBe(3);
    await app.inject({ method: 'POST', url: '/api/like-seen.php', payload: { id: a.id }, ...login });
    // At once, not only after the notification: the badge is refreshed right after opening the like.
    expect((await app.inject({ url: '/api/user.php', ...login })).json().user.new_likes).toBe(2);
    await like('DELETE', await logIn(db, b.id), { id: me.id });
    expect(await newLikesOf(login)).toBe(1);
    await app.inject({ method: 'POST', url: '/api/block.php', payload: { id: c.id }, ...login });
    expect(await newLikesOf(login)).toBe(0);
    await app.inject({ method: 'DELETE', url: '/api/block.php', payload: { id: c.id }, ...login });
    expect(await newLikesOf(login)).toBe(1);
  });
});

describe('erasing an account', () => {
  it('removes its likes both ways', async () => {
    const me = await createMember(db);
    const them = await createMember(db);
    await like('POST', await logIn(db, me.id), { id: them.id });
    await like('POST', await logIn(db, them.id), { id: me.id });
    await db.transaction((tx) => removeLikesOf(tx, me.id));
    expect(await likeRows(me.id)).toEqual([]);
    expect(await likeRows(them.id)).toEqual([]);
  });
});

describe('likes on the real-time channel', () => {
  it('a like reaches the liked member, and a match both members, once each, when it commits', async () => {
    const events: { userId: number; event: unknown }[] = [];
    await services.bus.subscribe(realtimeMember, (message) => events.push(message));
    const a = await createMember(db, { gender: 'female' });
    const b = await createMember(db, { gender: 'male' });
    const loginA = await logIn(db, a.id, services.now());
    const loginB = await logIn(db, b.id, services.now());
    expect((await like('POST', loginA, { id: b.id })).statusCode).toBe(200);
    expect((await like('POST', loginA, { id: b.id })).statusCode).toBe(200); // repeated: no new event
    expect((await like('POST', loginB, { id: a.id })).statusCode).toBe(200);
    await services.bus.sync();
    expect(events.filter((e) => e.userId === a.id || e.userId === b.id)).toEqual([
      { userId: b.id, event: { type: 'like', from: { id: a.id } } },
      { userId: a.id, event: { type: 'like', from: { id: b.id } } },
      { userId: a.id, event: { type: 'match', with: { id: b.id } } },
      { userId: b.id, event: { type: 'match', with: { id: a.id } } },
    ]);
  });
});

describe('the like button of the profile view', () => {
  it('GET /api/member.php says whether the viewer likes the member', async () => {
    const a = await createMember(db, { gender: 'female' });
    const b = await createMember(db, { gender: 'male' });
    const loginA = await logIn(db, a.id, services.now());
    const likedByViewer = async () =>
      (await app.inject({ url: `/api/member.php?id=${b.id}`, ...loginA })).json().member.relation
        .liked_by_viewer;
    expect(await likedByViewer()).toBe(false);
    expect((await like('POST', loginA, { id: b.id })).statusCode).toBe(200);
    expect(await likedByViewer()).toBe(true);
    expect((await like('DELETE', loginA, { id: b.id })).statusCode).toBe(200);
    expect(await likedByViewer()).toBe(false);
  });
});
