import { beforeEach, describe, expect, it } from 'vitest';
import { AutoLikeResponseSchema } from '../../../shared/contracts/likes.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { createTestApp } from '../../test/app.ts';
import {
  blockMember,
  createMember,
  logIn,
  type MemberOverrides,
  type TestLogin,
} from '../../test/members.ts';
import { realtimeMember } from '../realtime/realtime.service.ts';

const { app, services } = await createTestApp();
const db = services.db;
let now = new Date('2026-06-01T12:00:00Z');
services.now = () => now;

async function autoLike(login?: TestLogin, headers: Record<string, string> = {}) {
  return app.inject({
    url: '/api/auto-like.php',
    headers: { ...login?.headers, ...headers },
    cookies: login?.cookies,
  });
}

async function autoLikeOk(login: TestLogin) {
  const res = await autoLike(login);
  expect(res.statusCode, res.body).toBe(200);
  return AutoLikeResponseSchema.parse(res.json()).profile;
}

/** A man in NL looking for women: the member every test asks for. */
const seeker: MemberOverrides = {
  gender: 'male',
  sexuality: 'hetero',
  country: 'NL',
  birthDate: '1990-01-01',
};
/** A fictional woman in NL looking for men, of the seeker's age: a profile that may auto-like him. */
const operatorProfile: MemberOverrides = {
  fictional: true,
  gender: 'female',
  sexuality: 'hetero',
  country: 'NL',
  birthDate: '1992-03-03',
};

beforeEach(async () => {
  // Each test decides who may auto-like: earlier tests' fictional profiles step aside.
  await services.pool.query('update users set fictional = false');
  now = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
});

describe('GET /api/auto-like.php', () => {
  it('answers a matching fictional profile that now likes the member, and tells their tabs', async () => {
    const member = await createMember(db, seeker);
    const login = await logIn(db, member.id);
    const liker = await createMember(db, operatorProfile);
    const heard: unknown[] = [];
    await services.bus.subscribe(realtimeMember, (event) => {
      if (event.userId === member.id) heard.push(event.event);
    });
    const profile = await autoLikeOk(login);
    expect(profile).toMatchObject({ id: liker.id, fictional: true, liked: false });
    const likes = await app.inject({ url: '/api/likes.php', ...login });
    expect(likes.json().liked_by.map((m: { id: number; like_new: boolean }) => [m.id, m.like_new])).toEqual([
      [liker.id, true],
    ]);
    await services.bus.sync();
    expect(heard).toEqual([{ type: 'like', from: { id: liker.id } }]);
  });

  const excluded: [string, MemberOverrides][] = [
    ['a real (not fictional) member', { ...operatorProfile, fictional: false }],
    ['an invisible profile', { ...operatorProfile, invisible: true }],
    [
      'a profile pending deletion',
      { ...operatorProfile, status: 'pending_deletion', deletionRequestedAt: new Date('2026-01-01') },
    ],
    ['an unconfirmed profile', { ...operatorProfile, status: 'not_confirmed' }],
    ['a profile of another country', { ...operatorProfile, country: 'BE' }],
    ['a profile of a gender the member does not look for', { ...operatorProfile, gender: 'male' }],
    ['a profile not looking for the member’s gender', { ...operatorProfile, sexuality: 'lesbian' }],
    ['a profile far older than the member', { ...operatorProfile, birthDate: '1970-01-01' }],
  ];
  for (const [name, overrides] of excluded) {
    it(`never answers ${name}`, async () => {
      const login = await logIn(db, (await createMember(db, seeker)).id);
      await createMember(db, overrides);
      expect(await autoLikeOk(login)).toBeNull();
    });
  }

  const relations: [string, (member: number, liker: number) => Promise<unknown>][] = [
    ['a profile the member blocked', (member, liker) => blockMember(db, member, liker)],
    ['a profile that blocked the member', (member, liker) => blockMember(db, liker, member)],
    [
      'a profile that already likes the member',
      (member, liker) =>
        services.pool.query('insert into likes (liker_id, liked_id) values ($1, $2)', [liker, member]),
    ],
    [
      'a profile the member already likes',
      (member, liker) =>
        services.pool.query('insert into likes (liker_id, liked_id) values ($1, $2)', [member, liker]),
    ],
  ];
  for (const [name, relate] of relations) {
    it(`never answers ${name}`, async () => {
      const member = await createMember(db, seeker);
      const liker = await createMember(db, operatorProfile);
      await relate(member.id, liker.id);
      expect(await autoLikeOk(await logIn(db, member.id))).toBeNull();
    });
  }

  it('sends nothing to a member who is invisible', async () => {
    const member = await createMember(db, { ...seeker, invisible: true });
    await createMember(db, operatorProfile);
    expect(await autoLikeOk(await logIn(db, member.id))).toBeNull();
  });

  it('gives a retried call the same profile, at most a few a day, never the same one twice', async () => {
    const member = await createMember(db, seeker);
    const login = await logIn(db, member.id);
    for (let i = 0; i < LIMITS.autoLikesPerDay + 2; i++) await createMember(db, operatorProfile);
    // Ten calls at once (a retried request, several tabs): one auto-like, the same answer for all.
    const answers = await Promise.all(Array.from({ length: 10 }, () => autoLikeOk(login)));
    const first = answers[0]?.id;
    expect(first).toBeDefined();
    expect(answers.every((p) => p?.id === first)).toBe(true);
    const seen = new Set([first]);
    for (let i = 1; i < LIMITS.autoLikesPerDay; i++) {
      now = new Date(now.getTime() + 5 * 60 * 1000);
      const next = await autoLikeOk(login);
      expect(next && !seen.has(next.id)).toBe(true);
      seen.add(next?.id);
    }
    now = new Date(now.getTime() + 5 * 60 * 1000);
    expect(await autoLikeOk(login)).toBeNull();
    // A day after the first, a new one may come.
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    const later = await autoLikeOk(login);
    expect(later && !seen.has(later.id)).toBe(true);
    const { rows } = await services.pool.query('select count(*)::int as n from likes where liked_id = $1', [
      member.id,
    ]);
    expect(rows[0].n).toBe(LIMITS.autoLikesPerDay + 1);
  });

  it('refuses visitors and cross-site requests', async () => {
    const visitor = await autoLike();
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const login = await logIn(db, (await createMember(db, seeker)).id);
    const crossSite = await autoLike(login, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
  });
});
