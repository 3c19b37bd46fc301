import { describe, expect, it } from 'vitest';
import { type FinderResponse, FinderResponseSchema } from '../../../shared/contracts/match-finder.ts';
import { createTestApp } from '../../test/app.ts';
import {
  addPhoto,
  blockMember,
  createMember,
  createMembers,
  logIn,
  type MemberOverrides,
  type TestLogin,
} from '../../test/members.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import { FINDER_RATE_LIMIT } from './match-finder.routes.ts';
import { POOL_STEPS } from './match-finder.service.ts';

const { app, services } = await createTestApp();
const db = services.db;
const NOW = new Date('2026-12-01T12:00:00Z');
services.now = () => NOW;
const DAY_MS = 24 * 3600 * 1000;

type Query = Record<string, string | number | undefined>;

async function find(login: TestLogin | undefined, query: Query, host = 'localhost') {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return app.inject({
    url: `/api/match-finder.php?${params}`,
    headers: { host, ...login?.headers },
    cookies: login?.cookies,
  });
}

async function results(login: TestLogin, query: Query, host?: string): Promise<FinderResponse['results']> {
  const res = await find(login, query, host);
  expect(res.statusCode, res.body).toBe(200);
  return FinderResponseSchema.parse(res.json()).results;
}

const ids = (list: { id: number }[]) => list.map((m) => m.id);

/**
 * A viewer of their own: a man looking for women (hetero), living in `country`. Each test that
 * counts results has a country to itself, so the members of other tests never compete.
 */
async function newViewer(country: string, overrides: MemberOverrides = {}) {
  const member = await createMember(db, {
    gender: 'male',
    sexuality: 'hetero',
    country,
    region: `${country}-1`,
    birthDate: '1990-01-01',
    interests: ['hiking', 'wine'],
    ...overrides,
  });
  return { ...member, login: await logIn(db, member.id, NOW) };
}

/** A woman looking for men, 36 years old on NOW, active a week ago. */
function candidate(country: string, overrides: MemberOverrides = {}) {
  return createMember(db, {
    gender: 'female',
    sexuality: 'hetero',
    country,
    region: `${country}-1`,
    birthDate: '1990-06-01',
    lastActiveAt: new Date(NOW.getTime() - 7 * DAY_MS),
    ...overrides,
  });
}

const ANSWERS = { gender: 'female', min_age: 30, max_age: 42, distance: 'country', interests: 'hiking,wine' };

describe('who may use it', () => {
  it('refuses visitors with 403, also when the answers would be refused', async () => {
    for (const query of [ANSWERS, { ...ANSWERS, min_age: 50, interests: 'nope' }, {}]) {
      const res = await find(undefined, query);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
  });

  it('answers a member with no-store results', async () => {
    const viewer = await newViewer('LU');
    const res = await find(viewer.login, ANSWERS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

// One world for the exclusions: each test adds an excluded member next to an identical visible one.
const EXCLUSIONS_COUNTRY = 'AT';
const exclusionsViewer = await newViewer(EXCLUSIONS_COUNTRY);

describe('members the finder never shows', () => {
  const COUNTRY = EXCLUSIONS_COUNTRY;
  const viewer = exclusionsViewer;

  async function expectLeftOut(excluded: number, control: number) {
    const list = ids(await results(viewer.login, ANSWERS));
    expect(list).toContain(control);
    expect(list).not.toContain(excluded);
  }

  it('leaves out an invisible member', async () => {
    const control = await candidate(COUNTRY, { interests: ['hiking'] });
    const hidden = await candidate(COUNTRY, { interests: ['hiking'], invisible: true });
    await expectLeftOut(hidden.id, control.id);
  });

  it('leaves out a member whose account is pending deletion', async () => {
    const control = await candidate(COUNTRY, { interests: ['hiking'] });
    const leaving = await candidate(COUNTRY, {
      interests: ['hiking'],
      status: 'pending_deletion',
      deletionRequestedAt: new Date(NOW.getTime() - DAY_MS),
    });
    await expectLeftOut(leaving.id, control.id);
  });

  it('leaves out a member who has not confirmed their e-mail address', async () => {
    const control = await candidate(COUNTRY, { interests: ['hiking'] });
    const unconfirmed = await candidate(COUNTRY, {
      interests: ['hiking'],
      status: 'not_confirmed',
      emailConfirmedAt: null,
    });
    await expectLeftOut(unconfirmed.id, control.id);
  });

  it('leaves out a member the viewer blocked', async () => {
    const control = await candidate(COUNTRY, { interests: ['hiking'] });
    const blocked = await candidate(COUNTRY, { interests: ['hiking'] });
    await blockMember(db, viewer.id, blocked.id);
    await expectLeftOut(blocked.id, control.id);
  });

  it('leaves out a member who blocked the viewer', async () => {
    const control = await candidate(COUNTRY, { interests: ['hiking'] });
    const blocking = await candidate(COUNTRY, { interests: ['hiking'] });
    await blockMember(db, blocking.id, viewer.id);
    await expectLeftOut(blocking.id, control.id);
  });

  it('leaves out the viewer themself, even when they fit their own answers', async () => {
    const control = await candidate(COUNTRY, { interests: ['hiking'] });
    // A woman who likes women, looking for women: she would be her own perfect match.
    const self = await candidate(COUNTRY, { interests: ['hiking', 'wine'], sexuality: 'lesbian' });
    const selfLogin = await logIn(db, self.id, NOW);
    const list = ids(await results(selfLogin, ANSWERS));
    expect(list).not.toContain(self.id);
    // The control (hetero) does not look for women; another lesbian does.
    const other = await candidate(COUNTRY, { interests: ['hiking'], sexuality: 'lesbian' });
    const again = ids(await results(selfLogin, ANSWERS));
    expect(again).toContain(other.id);
    expect(again).not.toContain(control.id);
    expect(again).not.toContain(self.id);
  });
});

describe('the answers', () => {
  it('keeps to members who look for the viewer’s gender', async () => {
    const viewer = await newViewer('CH');
    const hetero = await candidate('CH', { sexuality: 'hetero' });
    const bi = await candidate('CH', { sexuality: 'bi' });
    await candidate('CH', { sexuality: 'lesbian' });
    const gayMan = await candidate('CH', { gender: 'male', sexuality: 'gay' });
    await candidate('CH', { gender: 'male', sexuality: 'hetero' });
    expect(ids(await results(viewer.login, ANSWERS)).sort()).toEqual([hetero.id, bi.id].sort());
    // Both genders: the gay man looks for men too; the hetero man and the lesbian do not.
    for (const gender of [undefined, '']) {
      expect(ids(await results(viewer.login, { ...ANSWERS, gender })).sort()).toEqual(
        [hetero.id, bi.id, gayMan.id].sort(),
      );
    }
  });

  it('keeps to the ages asked, counting birthdays on the server’s day', async () => {
    const viewer = await newViewer('CA');
    // On 2026-12-01: 30 since the day before, 42 until the day after, 43 since today.
    const thirty = await candidate('CA', { birthDate: '1996-11-30' });
    const twentyNine = await candidate('CA', { birthDate: '1996-12-02' });
    const fortyTwo = await candidate('CA', { birthDate: '1983-12-02' });
    const fortyThree = await candidate('CA', { birthDate: '1983-12-01' });
    const list = ids(await results(viewer.login, ANSWERS));
    expect(list.sort()).toEqual([thirty.id, fortyTwo.id].sort());
    expect([twentyNine.id, fortyThree.id].some((id) => list.includes(id))).toBe(false);
  });

  it('keeps to the region, the country or anywhere, and ranks region > country > elsewhere', async () => {
    const viewer = await newViewer('BE', { region: 'BE-VAN' });
    // Aged 66: no other test's members are of that age, so "anywhere" holds these four alone.
    const old = { birthDate: '1960-06-01' };
    const answers = { ...ANSWERS, min_age: 60, max_age: 72 };
    const sameRegion = await candidate('BE', { ...old, region: 'BE-VAN' });
    const sameCountry = await candidate('BE', { ...old, region: 'BE-WLX' });
    const noRegion = await candidate('BE', { ...old, region: null });
    const abroad = await candidate('NZ', { ...old, region: 'NZ-AUK' });
    const region = await results(viewer.login, { ...answers, distance: 'region' });
    expect(ids(region)).toEqual([sameRegion.id]);
    expect(region[0]?.reasons.same_place).toBe('region');
    const country = await results(viewer.login, { ...answers, distance: 'country' });
    expect(ids(country)).toEqual([sameRegion.id, noRegion.id, sameCountry.id]);
    expect(country.map((m) => m.reasons.same_place)).toEqual(['region', 'country', 'country']);
    const anywhere = await results(viewer.login, { ...answers, distance: 'anywhere' });
    expect(ids(anywhere)).toEqual([sameRegion.id, noRegion.id, sameCountry.id, abroad.id]);
    expect(anywhere[3]?.reasons.same_place).toBeNull();
  });

  it('answers the region question without a region of one’s own with a clear error', async () => {
    const viewer = await newViewer('ES', { region: null });
    const res = await find(viewer.login, { ...ANSWERS, distance: 'region' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      details: { fieldErrors: { distance: ['finder_region_missing'] } },
    });
  });

  it('refuses answers out of bounds with the field and its key', async () => {
    const viewer = await newViewer('PL');
    const cases: [Query, Record<string, string[]>][] = [
      [{ ...ANSWERS, min_age: 40, max_age: 30 }, { max_age: ['age_range_invalid'] }],
      [{ ...ANSWERS, interests: 'hiking,knitting' }, { interests: ['interest_unknown'] }],
      [
        {
          ...ANSWERS,
          interests: 'gym,sports,dancing,travelling,adventure,party,music,movies,hiking,biking,wine',
        },
        { interests: ['interests_too_many'] },
      ],
      [{ ...ANSWERS, distance: 'moon' }, { distance: ['invalid_field'] }],
      [{ ...ANSWERS, min_age: 17 }, { min_age: ['invalid_field'] }],
      [{ ...ANSWERS, gender: 'other' }, { gender: ['invalid_field'] }],
      [
        { gender: 'female' },
        { min_age: ['invalid_field'], max_age: ['invalid_field'], distance: ['invalid_field'] },
      ],
    ];
    for (const [query, fieldErrors] of cases) {
      const res = await find(viewer.login, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details.fieldErrors).toEqual(fieldErrors);
    }
    // The same interest twice counts once, and is no error.
    expect((await find(viewer.login, { ...ANSWERS, interests: 'hiking,hiking' })).statusCode).toBe(200);
  });
});

describe('the ranking', () => {
  it('ranks by shared interests first and names them in the order they were chosen', async () => {
    const viewer = await newViewer('IT');
    const none = await candidate('IT', { interests: ['gym'] });
    const one = await candidate('IT', { interests: ['wine', 'gym'] });
    const three = await candidate('IT', { interests: ['travelling', 'hiking', 'wine', 'gym'] });
    const two = await candidate('IT', { interests: ['wine', 'travelling'] });
    const list = await results(viewer.login, { ...ANSWERS, interests: 'wine,hiking,travelling' });
    expect(ids(list)).toEqual([three.id, two.id, one.id, none.id]);
    expect(list.map((m) => m.reasons.shared_interests)).toEqual([
      ['wine', 'hiking', 'travelling'],
      ['wine', 'travelling'],
      ['wine'],
      [],
    ]);
  });

  it('puts a member with a main photo and recent activity before an equal one without', async () => {
    const viewer = await newViewer('GB');
    const quiet = await candidate('GB', { lastActiveAt: new Date(NOW.getTime() - 90 * DAY_MS) });
    const active = await candidate('GB', { lastActiveAt: NOW });
    const withPhoto = await candidate('GB', { lastActiveAt: new Date(NOW.getTime() - 90 * DAY_MS) });
    await addPhoto(db, withPhoto.id, { main: true });
    const pending = await candidate('GB', { lastActiveAt: new Date(NOW.getTime() - 90 * DAY_MS) });
    await addPhoto(db, pending.id, { main: true, status: 'pending' });
    const list = ids(await results(viewer.login, ANSWERS));
    // Active today (3) over an approved photo (2) over a pending photo, which counts for nothing.
    expect(list.indexOf(active.id)).toBeLessThan(list.indexOf(withPhoto.id));
    expect(list.indexOf(withPhoto.id)).toBeLessThan(list.indexOf(pending.id));
    expect(list.indexOf(withPhoto.id)).toBeLessThan(list.indexOf(quiet.id));
    // Equal scores: the newest member first.
    expect(list.indexOf(pending.id)).toBeLessThan(list.indexOf(quiet.id));
  });

  it('puts the member closest to the middle of the age range first', async () => {
    const viewer = await newViewer('FR');
    const edge = await candidate('FR', { birthDate: '1984-12-05' });
    const middle = await candidate('FR', { birthDate: '1990-06-01' });
    const between = await candidate('FR', { birthDate: '1994-01-01' });
    expect(ids(await results(viewer.login, ANSWERS))).toEqual([middle.id, between.id, edge.id]);
  });

  it('finds the best members even when they lie beyond the first pool of candidates', async () => {
    const viewer = await newViewer('IE');
    // All 400 match equally; the 100 oldest alone have a photo and were active today, so only they
    // belong in the list, while the first pool (newest first among equals) holds none of them.
    const best = await createMembers(db, 100, {
      gender: 'female',
      country: 'IE',
      region: 'IE-1',
      birthDate: '1990-06-01',
      lastActiveAt: NOW,
    });
    for (const member of best) await addPhoto(db, member.id, { main: true });
    await createMembers(db, 300, {
      gender: 'female',
      country: 'IE',
      region: 'IE-1',
      birthDate: '1990-06-01',
      lastActiveAt: new Date(NOW.getTime() - 60 * DAY_MS),
    });
    // The 300 equal members without a bonus fill the first pool on their own.
    expect(POOL_STEPS[0]).toBeLessThanOrEqual(300);
    const list = ids(await results(viewer.login, ANSWERS));
    expect(list).toEqual(
      ids(best)
        .sort((a, b) => b - a)
        .slice(0, 30),
    );
  });

  it('says on each card whether the viewer likes the member', async () => {
    const viewer = await newViewer('NL', { region: 'NL-FR' });
    const liked = await candidate('NL', { region: 'NL-FR', birthDate: '1960-06-01' });
    const other = await candidate('NL', { region: 'NL-FR', birthDate: '1960-06-01' });
    const like = await app.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: liked.id },
      ...viewer.login,
    });
    expect(like.statusCode, like.body).toBe(200);
    const list = await results(viewer.login, { ...ANSWERS, min_age: 60, max_age: 70, distance: 'region' });
    expect(list.map((m) => [m.id, m.liked])).toEqual([
      [other.id, false],
      [liked.id, true],
    ]);
  });

  it('blurs a private main photo for a free member and shows it to a premium member', async () => {
    const free = await newViewer('DE');
    const premium = await newViewer('DE', { paidUser: true });
    const member = await candidate('DE');
    const photo = await addPhoto(db, member.id, { main: true, private: true });
    const [seenFree] = await results(free.login, ANSWERS);
    const [seenPremium] = await results(premium.login, ANSWERS);
    expect(seenFree?.main_image?.filename).toBe(photoFileKey(photo.storageKey, 'blur'));
    expect(JSON.stringify(seenFree)).not.toContain(`${photo.storageKey}-medium`);
    expect(seenPremium?.main_image?.filename).toBe(photoFileKey(photo.storageKey, 'medium'));
  });

  it('uses neither interests nor regions where the site does not show them', async () => {
    await services.settings.update('sober.nl', { visible_profile_fields: ['age', 'gender', 'country'] });
    const viewer = await newViewer('US', { region: 'US-CA' });
    const near = await candidate('US', { region: 'US-CA', interests: [] });
    const sharing = await candidate('US', { region: 'US-NY', interests: ['hiking', 'wine'] });
    const sober = await results(viewer.login, { ...ANSWERS, distance: 'region' }, 'sober.nl');
    // The region question widens to the country, and nothing ranks on or names hidden fields.
    expect(ids(sober).sort()).toEqual([near.id, sharing.id].sort());
    for (const member of sober) {
      expect(member.reasons).toEqual({ shared_interests: [], same_place: 'country' });
      expect(member.region).toBeNull();
    }
    const full = await results(viewer.login, { ...ANSWERS, distance: 'country' });
    expect(full.find((m) => m.id === sharing.id)?.reasons.shared_interests).toEqual(['hiking', 'wine']);
    expect(full.find((m) => m.id === near.id)?.reasons.same_place).toBe('region');
  });
});

describe('rate limit', () => {
  it(`answers 429 after ${FINDER_RATE_LIMIT} runs a minute, per member`, async () => {
    const viewer = await newViewer('AU');
    const other = await newViewer('AU');
    for (let i = 0; i < FINDER_RATE_LIMIT; i++)
      expect((await find(viewer.login, ANSWERS)).statusCode).toBe(200);
    const refused = await find(viewer.login, ANSWERS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await find(other.login, ANSWERS)).statusCode).toBe(200);
  });
});
