import { describe, expect, it } from 'vitest';
import {
  MemberResponseSchema,
  SEARCH_PAGE_SIZE,
  type SearchResponse,
  SearchResponseSchema,
} from '../../../shared/contracts/members.ts';
import { createTestApp } from '../../test/app.ts';
import {
  addPhoto,
  blockMember,
  createMember,
  createMembers,
  logIn,
  type TestLogin,
} from '../../test/members.ts';
import { photoFileKey } from '../photos/photos.keys.ts';

const { app, services } = await createTestApp();
const db = services.db;
const NOW = new Date('2026-06-01T12:00:00Z');
services.now = () => NOW;

async function search(query: Record<string, string | number>, login?: TestLogin, host = 'localhost') {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return app.inject({
    url: `/api/members.php?${params}`,
    headers: { host, ...login?.headers },
    cookies: login?.cookies,
  });
}

async function searchOk(query: Record<string, string | number>, login?: TestLogin, host?: string) {
  const res = await search(query, login, host);
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json());
}

const idsOf = (page: SearchResponse) => page.members.map((m) => m.id);

async function viewProfile(id: number | string, login?: TestLogin, host = 'localhost') {
  return app.inject({
    url: `/api/member.php?id=${id}`,
    headers: { host, ...login?.headers },
    cookies: login?.cookies,
  });
}

async function newViewer(overrides: Parameters<typeof createMember>[1] = {}) {
  // Viewers live in NZ so they never turn up in the searches below (which pin other countries).
  const member = await createMember(db, { country: 'NZ', region: null, city: null, ...overrides });
  return { ...member, login: await logIn(db, member.id, NOW) };
}

describe('GET /api/members.php', () => {
  it('never lists invisible, unconfirmed, disabled, pending-deletion or deleted members, nor the viewer', async () => {
    const visible = await createMember(db, { country: 'IE', region: null });
    const hidden = await Promise.all([
      createMember(db, { country: 'IE', invisible: true }),
      createMember(db, { country: 'IE', status: 'pending_deletion', deletionRequestedAt: NOW }),
      createMember(db, { country: 'IE', status: 'disabled' }),
      createMember(db, { country: 'IE', status: 'not_confirmed' }),
      createMember(db, { country: 'IE', deletedAt: NOW }),
    ]);
    const viewer = await newViewer({ country: 'IE' });
    const page = await searchOk({ country: 'IE' }, viewer.login);
    expect(idsOf(page)).toEqual([visible.id]);
    expect(page.total).toBe(1);
    expect(page.next_cursor).toBeNull();
    const anonymous = await searchOk({ country: 'IE' });
    expect(idsOf(anonymous)).toEqual([viewer.id, visible.id]);
    for (const member of hidden) {
      const res = await viewProfile(member.id, viewer.login);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('member_not_found');
    }
  });

  it('hides members blocked either way from search and related, and refuses the blocked viewer', async () => {
    const viewer = await newViewer();
    const blockedByViewer = await createMember(db, { country: 'AT', name: 'Blocked' });
    const blockerOfViewer = await createMember(db, { country: 'AT', name: 'Greta' });
    const other = await createMember(db, { country: 'AT' });
    await blockMember(db, viewer.id, blockedByViewer.id);
    await blockMember(db, blockerOfViewer.id, viewer.id);

    expect(idsOf(await searchOk({ country: 'AT' }, viewer.login))).toEqual([other.id]);
    const someoneElse = await newViewer();
    expect(idsOf(await searchOk({ country: 'AT' }, someoneElse.login))).toEqual([
      other.id,
      blockerOfViewer.id,
      blockedByViewer.id,
    ]);

    const refused = await viewProfile(blockerOfViewer.id, viewer.login);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'blocked_by_member', details: { name: 'Greta' } });

    // The viewer's own block: the profile shows, so they can lift it; related leaves out both.
    const shown = await viewProfile(blockedByViewer.id, viewer.login);
    expect(shown.statusCode).toBe(200);
    const body = MemberResponseSchema.parse(shown.json());
    expect(body.member.relation).toEqual({ is_self: false, blocked_by_viewer: true, liked_by_viewer: false });
    // Related members suit the viewer now, not the profile: all of few members, less those two.
    const related = body.related.map((m) => m.id);
    expect(related).toContain(other.id);
    expect(related).not.toContain(blockedByViewer.id);
    expect(related).not.toContain(blockerOfViewer.id);
  });

  it("tells a member's cards whether they like each member, and visitors' cards nothing", async () => {
    const country = 'AT';
    const [liked, other] = await createMembers(db, 2, { country, city: 'Graz' });
    const viewer = await createMember(db, { country });
    const login = await logIn(db, viewer.id);
    await services.pool.query('insert into likes (liker_id, liked_id) values ($1, $2)', [
      viewer.id,
      liked!.id,
    ]);
    const page = await searchOk({ country, gender: 'female' }, login);
    const likedOf = Object.fromEntries(page.members.map((m) => [m.id, m.liked]));
    expect(likedOf[liked!.id]).toBe(true);
    expect(likedOf[other!.id]).toBe(false);
    const visitorPage = await searchOk({ country, gender: 'female' });
    expect(visitorPage.members.length).toBeGreaterThan(0);
    expect(visitorPage.members.every((m) => !('liked' in m))).toBe(true);
  });

  it('counts up to 1,000 matches and then says "more than", through every page', async () => {
    // 1,150 visible matches; the viewer blocks 5 of them and 2 others block the viewer.
    const matching = await createMembers(db, 1_150, { country: 'CA', region: null, gender: 'male' });
    const viewer = await newViewer();
    for (const m of matching.slice(0, 5)) await blockMember(db, viewer.id, m.id);
    for (const m of matching.slice(5, 7)) await blockMember(db, m.id, viewer.id);

    const first = await searchOk({ country: 'CA', gender: 'male' }, viewer.login);
    expect(first).toMatchObject({ total: 1_000, total_more: true, similar: null });
    const second = await searchOk(
      { country: 'CA', gender: 'male', cursor: first.next_cursor ?? '' },
      viewer.login,
    );
    expect(second).toMatchObject({ total: 1_000, total_more: true });

    // Under the cap the count is exact again, the viewer's exclusions taken off.
    const few = await createMembers(db, 40, { country: 'CA', region: null, gender: 'female' });
    await blockMember(db, viewer.id, few[0]!.id);
    const women = await searchOk({ country: 'CA', gender: 'female' }, viewer.login);
    expect(women).toMatchObject({ total: 39, total_more: false });
  });

  it('pages through 60 matches with no duplicates and no gaps, also when members join meanwhile', async () => {
    const matching = await createMembers(db, 61, { country: 'DE', region: 'DE-BY', gender: 'male' });
    await createMembers(db, 3, { country: 'DE', region: 'DE-BY', gender: 'female' });
    const viewer = await newViewer();
    // One of the 61 is blocked by the viewer: 60 remain.
    const blocked = matching[10]!;
    await blockMember(db, viewer.id, blocked.id);
    const expected = matching
      .filter((m) => m.id !== blocked.id)
      .map((m) => m.id)
      .sort((a, b) => b - a);

    const seen: number[] = [];
    let page = await searchOk({ country: 'DE', gender: 'male' }, viewer.login);
    expect(page.total).toBe(60);
    expect(page.total_more).toBe(false);
    expect(page.similar).toBeNull();
    let pages = 1;
    while (true) {
      expect(page.members.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
      expect(page.total).toBe(60);
      seen.push(...idsOf(page));
      if (!page.next_cursor) break;
      // A member joining between two page requests must not shift the pages.
      await createMember(db, { country: 'DE', region: 'DE-BY', gender: 'male' });
      page = await searchOk({ country: 'DE', gender: 'male', cursor: page.next_cursor }, viewer.login);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
  });

  it('filters by gender, country, region and age, with the age bounds exact on a birthday', async () => {
    // On 2026-06-01 someone born 2000-06-01 turns 26; born 2000-06-02 is still 25.
    const turns26Today = await createMember(db, { country: 'CH', region: 'CH-ZH', birthDate: '2000-06-01' });
    const still25 = await createMember(db, { country: 'CH', region: 'CH-ZH', birthDate: '2000-06-02' });
    const man = await createMember(db, {
      country: 'CH',
      region: 'CH-BE',
      gender: 'male',
      birthDate: '1970-06-02',
    });
    const viewer = await newViewer();
    const ids = async (query: Record<string, string | number>) => idsOf(await searchOk(query, viewer.login));

    expect(await ids({ country: 'CH' })).toEqual([man.id, still25.id, turns26Today.id]);
    expect(await ids({ country: 'CH', gender: 'male' })).toEqual([man.id]);
    expect(await ids({ country: 'CH', gender: 'female' })).toEqual([still25.id, turns26Today.id]);
    expect(await ids({ countryregion: 'CH-ZH' })).toEqual([still25.id, turns26Today.id]);
    expect(await ids({ countryregion: 'CH-BE', gender: 'male' })).toEqual([man.id]);
    expect(await ids({ country: 'CH', min_age: 26, max_age: 26 })).toEqual([turns26Today.id]);
    expect(await ids({ country: 'CH', min_age: 25, max_age: 25 })).toEqual([still25.id]);
    expect(await ids({ country: 'CH', max_age: 25 })).toEqual([still25.id]);
    expect(await ids({ country: 'CH', min_age: 55, max_age: 55 })).toEqual([man.id]);
    expect(await ids({ country: 'CH', min_age: 56 })).toEqual([]);

    const invalid = await search({ country: 'CH', min_age: 40, max_age: 30 }, viewer.login);
    expect(invalid.statusCode).toBe(400);
    const tooYoung = await search({ country: 'CH', min_age: 17 }, viewer.login);
    expect(tooYoung.statusCode).toBe(400);
  });

  it('honours only the filters the domain offers (search_fields)', async () => {
    await services.settings.update('onlycountry.nl', { search_fields: ['country'] });
    const woman = await createMember(db, { country: 'IT', region: 'IT-25', gender: 'female' });
    const man = await createMember(db, { country: 'IT', region: 'IT-21', gender: 'male' });
    const viewer = await newViewer();
    const page = await searchOk(
      { country: 'IT', gender: 'male', countryregion: 'IT-21' },
      viewer.login,
      'onlycountry.nl',
    );
    expect(idsOf(page)).toEqual([man.id, woman.id]);
    const everywhere = await searchOk({ country: 'IT', gender: 'male' }, viewer.login);
    expect(idsOf(everywhere)).toEqual([man.id]);
  });

  it('refuses logged-out visitors when logged_out_search is none, unless a traffic source is present', async () => {
    await services.settings.update('closed.nl', {
      logged_out_search: 'none',
      logged_out_search_trafficsource: 'all',
    });
    const refused = await search({ country: 'NL' }, undefined, 'closed.nl');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('search_login_required');
    expect((await search({ country: 'NL', network: 'ads' }, undefined, 'closed.nl')).statusCode).toBe(200);
    const viewer = await newViewer();
    expect((await search({ country: 'NL' }, viewer.login, 'closed.nl')).statusCode).toBe(200);
    expect((await search({ country: 'NL' })).statusCode).toBe(200);
  });

  it('answers a bad cursor with 400 bad_request', async () => {
    for (const cursor of ['abc', '!!!', Buffer.from('x.1').toString('base64url'), 'MTIz', 'MC4w']) {
      const res = await search({ cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.code).toMatch(/^(bad_request|validation_failed)$/);
    }
    const tooLong = await search({ cursor: 'A'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    const res = await search({ cursor: Buffer.from('12.3').toString('base64url') });
    expect(res.statusCode).toBe(200);
  });

  it('adds similar members (region dropped, ages widened) when the results are few', async () => {
    const exact = await createMember(db, { country: 'PL', region: 'PL-MZ', birthDate: '1996-01-01' });
    const nearby = await createMembers(db, 3, { country: 'PL', region: 'PL-MA', birthDate: '1994-01-01' });
    const otherGender = await createMember(db, { country: 'PL', region: 'PL-MA', gender: 'male' });
    const viewer = await newViewer();
    const page = await searchOk(
      { gender: 'female', countryregion: 'PL-MZ', min_age: 28, max_age: 30 },
      viewer.login,
    );
    expect(idsOf(page)).toEqual([exact.id]);
    const similarIds = page.similar?.members.map((m) => m.id) ?? [];
    expect(similarIds).not.toContain(exact.id);
    expect(similarIds).not.toContain(otherGender.id);
    expect(similarIds).not.toContain(viewer.id);
    for (const m of nearby) expect(similarIds).toContain(m.id);
    expect(page.similar?.total).toBe(similarIds.length);
  });
});

// A member with private, public, pending and rejected photos, and three kinds of viewer.
const owner = await createMember(db, {
  country: 'BE',
  region: 'BE-VAN',
  name: 'Private',
  aboutMe: 'Hallo',
});
const main = await addPhoto(db, owner.id, { private: true, main: true, position: 2 });
const secondPrivate = await addPhoto(db, owner.id, { private: true, position: 1 });
const open = await addPhoto(db, owner.id, { private: false, position: 0 });
const pending = await addPhoto(db, owner.id, { status: 'pending', position: 3 });
const rejected = await addPhoto(db, owner.id, { status: 'rejected', position: 4 });
const blurOf = (id: number) =>
  photoFileKey([main, secondPrivate].find((photo) => photo.id === id)?.storageKey ?? '', 'blur');
const free = await newViewer();
const premium = await newViewer({ paidUser: true });
const ownerLogin = await logIn(db, owner.id, NOW);

describe('photos in search and profile', () => {
  it('sends a free viewer and a visitor only blurred variants of private photos, never an x/ address', async () => {
    for (const login of [free.login, undefined]) {
      const searchRes = await search({ country: 'BE' }, login);
      expect(searchRes.statusCode).toBe(200);
      expect(searchRes.body).not.toContain('x/');
      const card = SearchResponseSchema.parse(searchRes.json()).members.find((m) => m.id === owner.id);
      expect(card?.main_image).toEqual({
        filename: photoFileKey(main.storageKey, 'blur'),
        thumb_filename: photoFileKey(main.storageKey, 'blur'),
        status: 'approved',
      });

      const res = await viewProfile(owner.id, login);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('x/');
      const { member } = MemberResponseSchema.parse(res.json());
      expect(member.photos.map((p) => p.id)).toEqual([main.id, open.id, secondPrivate.id]);
      expect(member.locked_photos).toBe(2);
      const locked = member.photos.filter((p) => p.locked);
      expect(locked.map((p) => p.id)).toEqual([main.id, secondPrivate.id]);
      for (const p of locked) {
        expect([p.thumb_filename, p.filename, p.large_filename]).toEqual(Array(3).fill(blurOf(p.id)));
      }
      expect(member.photos[1]?.large_filename).toBe(photoFileKey(open.storageKey, 'large'));
      expect(member.main_image?.filename).toBe(photoFileKey(main.storageKey, 'blur'));
    }
  });

  it('gives premium viewers the real sizes of private photos', async () => {
    const searchRes = await search({ country: 'BE' }, premium.login);
    const card = SearchResponseSchema.parse(searchRes.json()).members.find((m) => m.id === owner.id);
    expect(card?.main_image?.filename).toBe(photoFileKey(main.storageKey, 'medium'));
    const res = await viewProfile(owner.id, premium.login);
    expect(res.body).toContain(photoFileKey(secondPrivate.storageKey, 'large'));
    const { member } = MemberResponseSchema.parse(res.json());
    expect(member.locked_photos).toBe(0);
    expect(member.photos.every((p) => !p.locked)).toBe(true);
    expect(member.photos.map((p) => p.id)).not.toContain(pending.id);
    expect(member.photos.map((p) => p.id)).not.toContain(rejected.id);
  });

  it('shows the owner all their photos, pending and rejected included, unlocked', async () => {
    const res = await viewProfile(owner.id, ownerLogin);
    const { member } = MemberResponseSchema.parse(res.json());
    expect(member.relation.is_self).toBe(true);
    expect(member.photos.map((p) => p.id)).toEqual([
      main.id,
      open.id,
      secondPrivate.id,
      pending.id,
      rejected.id,
    ]);
    expect(member.photos.find((p) => p.id === pending.id)?.status).toBe('pending');
    expect(member.locked_photos).toBe(0);
  });

  it('fills only the profile fields the domain shows (visible_profile_fields)', async () => {
    await services.settings.update('sober.nl', { visible_profile_fields: ['age', 'gender', 'country'] });
    const res = await viewProfile(owner.id, free.login, 'sober.nl');
    const { member } = MemberResponseSchema.parse(res.json());
    expect(member).toMatchObject({ city: null, region: null, about_me: null, interests: [] });
    const full = MemberResponseSchema.parse((await viewProfile(owner.id, free.login)).json());
    expect(full.member).toMatchObject({ region: 'BE-VAN', about_me: 'Hallo' });
  });
});

describe('GET /api/member.php', () => {
  it('answers 404 for an unknown member and 400 for a bad id', async () => {
    const missing = await viewProfile(99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('member_not_found');
    expect((await viewProfile('abc')).statusCode).toBe(400);
  });

  it('lists related members who suit the viewer (whom she looks for, nearest first), not the member or the viewer', async () => {
    // The profile's owner is a woman; the viewer, a woman looking for men, is offered men, not women like her.
    const member = await createMember(db, { country: 'NZ', region: null, city: 'Invercargill' });
    const nearMan = await createMember(db, {
      country: 'NZ',
      region: null,
      city: 'Invercargill',
      gender: 'male',
    });
    const farMan = await createMember(db, { country: 'NZ', region: null, city: 'Auckland', gender: 'male' });
    const woman = await createMember(db, { country: 'NZ', region: null, city: 'Invercargill' });
    const viewer = await newViewer({ city: 'Invercargill', birthDate: '1991-01-01' });
    const body = MemberResponseSchema.parse((await viewProfile(member.id, viewer.login)).json());
    const related = body.related.map((m) => m.id);
    expect(related.slice(0, 2)).toEqual([nearMan.id, farMan.id]);
    expect(related).not.toContain(member.id);
    expect(related).not.toContain(viewer.id);
    // Members of the gender she does not look for come after every man, if at all.
    if (related.includes(woman.id)) expect(related.indexOf(woman.id)).toBeGreaterThan(1);
    expect(body.related[0]?.distance_km).toBe(0);
    expect(body.related[1]?.distance_km).toBeGreaterThan(900);
    expect(body.member.age).toBe(36);
    expect(body.member.distance_km).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents search, profile and block calls', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/members.php'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'countryregion',
    );
    expect(doc.paths['/api/member.php'].get).toBeDefined();
    expect(doc.paths['/api/block.php'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/block.php'].delete).toBeDefined();
  });
});
