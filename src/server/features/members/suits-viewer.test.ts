import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MemberResponseSchema, SearchResponseSchema } from '../../../shared/contracts/members.ts';
import type { SwipeState } from '../../../shared/contracts/swipe.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { profiles } from '../../db/schema/index.ts';
import type { PageRequest } from '../../feature.ts';
import { createTestApp } from '../../test/app.ts';
import { addPhoto, createMember, logIn, type MemberOverrides, type TestLogin } from '../../test/members.ts';
import { locatePlace } from '../geocode/geocode.service.ts';
import { fillMissingCoordinates } from '../profile/profile-coordinates.ts';
import { membersFeature } from './members.feature.ts';

/*
 * Who suits a viewer (suits-viewer.ts), as the home page, the swipe game and a profile's "you may
 * also like" show it: whom the viewer looks for first, then nearest, then their country, then the
 * rest; for a visitor, the countries of their language first. Each test has a database of its own
 * members: the file's app is shared, so every test uses countries and places no other test uses.
 */

const { app, services } = await createTestApp();
const db = services.db;

/** A woman in Utrecht looking for men, logged in. */
async function utrechtWoman(overrides: MemberOverrides = {}) {
  const me = await createMember(db, { gender: 'female', sexuality: 'hetero', city: 'Utrecht', ...overrides });
  return { ...me, login: await logIn(db, me.id, services.now()) };
}

/** Members with a public main photo (the home page shows no others). */
async function withPhoto(overrides: MemberOverrides) {
  const member = await createMember(db, overrides);
  await addPhoto(db, member.id, { main: true });
  return member;
}

async function homeHighlights(login: TestLogin | null, ctx: { locale: Locale; country: string | null }) {
  const session = login ? await services.sessions.find(login.cookies.sid, services.now()) : null;
  const page = { app, request: { ctx }, session } as unknown as PageRequest;
  const list = membersFeature.loadContext?.(services, page).site?.listHighlights;
  if (!list) throw new Error('the members feature no longer offers the home highlights');
  return list();
}

async function swipeCard(login: TestLogin) {
  const res = await app.inject({ url: '/api/swipe.php?time_zone=Europe/Amsterdam', ...login });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SwipeState).card;
}

async function pass(login: TestLogin, id: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/swipe.php',
    payload: { id, action: 'pass', time_zone: 'Europe/Amsterdam' },
    ...login,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the places members live', () => {
  it('are found in the city table, in the member’s region first, and nowhere for an unknown name', () => {
    const utrecht = locatePlace('NL', 'NL-UT', 'Utrecht');
    expect(utrecht?.lat).toBeCloseTo(52.09, 1);
    expect(utrecht?.lon).toBeCloseTo(5.12, 1);
    // Typed the way members type it: case and accents do not matter.
    expect(locatePlace('NL', null, "'s-hertogenbosch")?.lat).toBeCloseTo(51.7, 1);
    expect(locatePlace('NL', 'NL-UT', 'Nowhere-on-the-map')).toBeNull();
    expect(locatePlace('NL', 'NL-UT', null)).toBeNull();
  });

  it('are filled in at start for profiles stored before coordinates were kept', async () => {
    const old = await createMember(db, { country: 'NL', region: 'NL-LI', city: 'Maastricht' });
    const unknown = await createMember(db, { country: 'NL', region: 'NL-LI', city: 'Atlantis' });
    await db.update(profiles).set({ latitude: null, longitude: null }).where(eq(profiles.userId, old.id));
    expect(await fillMissingCoordinates(db)).toBeGreaterThanOrEqual(1);
    const rows = await db
      .select({ id: profiles.userId, lat: profiles.latitude })
      .from(profiles)
      .where(inArray(profiles.userId, [old.id, unknown.id]));
    expect(rows.find((r) => r.id === old.id)?.lat).toBeCloseTo(50.85, 1);
    expect(rows.find((r) => r.id === unknown.id)?.lat).toBeNull();
  });
});

describe('a member in Utrecht', () => {
  it('meets a nearby man she looks for first in the swipe game, then a Dutchman of unknown place, then one far away, then a woman', async () => {
    // Oldest first: newest first (the old order) would show them the other way round.
    const nearby = await createMember(db, {
      gender: 'male',
      country: 'NL',
      region: 'NL-UT',
      city: 'Amersfoort',
    });
    const somewhereDutch = await createMember(db, {
      gender: 'male',
      country: 'NL',
      region: null,
      city: null,
    });
    const denver = await createMember(db, { gender: 'male', country: 'US', region: null, city: 'Denver' });
    const womanNextDoor = await createMember(db, { gender: 'female', country: 'NL', city: 'Utrecht' });
    const viewer = await utrechtWoman();

    const seen: number[] = [];
    for (let card = await swipeCard(viewer.login); card; card = await swipeCard(viewer.login)) {
      seen.push(card.id);
      await pass(viewer.login, card.id);
    }
    // Members of the other tests (other countries, other places) may come in between; these four
    // keep their order.
    const mine = [nearby.id, somewhereDutch.id, denver.id, womanNextDoor.id];
    expect(seen.filter((id) => mine.includes(id))).toEqual(mine);
    expect(seen[0]).toBe(nearby.id);
  });

  it('sees the distance on swipe cards, search results and a profile, and the nearest man first among related members', async () => {
    const amersfoort = await createMember(db, {
      gender: 'male',
      country: 'NL',
      region: 'NL-UT',
      city: 'Amersfoort',
    });
    const groningen = await createMember(db, {
      gender: 'male',
      country: 'NL',
      region: 'NL-GR',
      city: 'Groningen',
    });
    const unknown = await createMember(db, { gender: 'male', country: 'NL', region: 'NL-GR', city: null });
    const viewer = await utrechtWoman();

    const search = SearchResponseSchema.parse(
      (await app.inject({ url: '/api/members.php?country=NL&countryregion=NL-GR', ...viewer.login })).json(),
    );
    const distances = new Map(search.members.map((m) => [m.id, m.distance_km]));
    // Utrecht–Groningen is about 160 km as the crow flies: sent in tens.
    expect(distances.get(groningen.id)).toBeGreaterThanOrEqual(150);
    expect(distances.get(groningen.id)).toBeLessThanOrEqual(180);
    expect((distances.get(groningen.id) ?? 1) % 10).toBe(0);
    expect(distances.get(unknown.id)).toBeUndefined();

    const profile = MemberResponseSchema.parse(
      (await app.inject({ url: `/api/member.php?id=${groningen.id}`, ...viewer.login })).json(),
    );
    expect(profile.member.distance_km).toBe(distances.get(groningen.id));
    // On Groningen's profile: the man nearest to her, not men near Groningen.
    expect(profile.related[0]?.id).toBe(amersfoort.id);
    // About 20 km: whole kilometres.
    expect(profile.related[0]?.distance_km).toBeGreaterThan(10);
    expect(profile.related[0]?.distance_km).toBeLessThan(30);
  });

  it('gets home highlights she looks for, nearest first', async () => {
    const far = await withPhoto({ gender: 'male', country: 'IT', region: null, city: 'Palermo' });
    const near = await withPhoto({ gender: 'male', country: 'NL', region: 'NL-UT', city: 'Zeist' });
    const woman = await withPhoto({ gender: 'female', country: 'NL', region: 'NL-UT', city: 'Zeist' });
    const viewer = await utrechtWoman();
    const ids = (await homeHighlights(viewer.login, { locale: 'nl', country: null })).map((m) => m.id);
    expect(ids.indexOf(near.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(near.id)).toBeLessThan(ids.indexOf(far.id) === -1 ? Infinity : ids.indexOf(far.id));
    // The men come first, wherever they live; the woman next door only after every man shown.
    if (ids.includes(woman.id)) expect(ids.indexOf(woman.id)).toBeGreaterThan(ids.indexOf(far.id));
  });
});

describe('a member who moves', () => {
  it('is measured from the new city as soon as the profile says so, and from nowhere without one', async () => {
    const inMaastricht = await createMember(db, {
      gender: 'male',
      country: 'NL',
      region: 'NL-LI',
      city: 'Maastricht',
    });
    const viewer = await utrechtWoman();
    const distanceTo = async () =>
      MemberResponseSchema.parse(
        (await app.inject({ url: `/api/member.php?id=${inMaastricht.id}`, ...viewer.login })).json(),
      ).member.distance_km;
    expect(await distanceTo()).toBeGreaterThan(100);
    const move = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/profile.php', payload, ...viewer.login });
    expect((await move({ region: 'NL-LI', city: 'Maastricht' })).statusCode).toBe(200);
    expect(await distanceTo()).toBe(0);
    expect((await move({ city: '' })).statusCode).toBe(200);
    expect(await distanceTo()).toBeUndefined();
  });
});

describe('a visitor', () => {
  it('reading Dutch gets members of the Netherlands first, then of Belgium, then the rest', async () => {
    // The newest are far away: the old order (newest, or a daily shuffle) would mix them in.
    const dutch = await withPhoto({ country: 'NL', region: null, city: null });
    const belgian = await withPhoto({ country: 'BE', region: null, city: null });
    const others = [];
    for (const country of ['IE', 'US', 'AU', 'CA', 'ES', 'FR', 'DE', 'PL']) {
      others.push((await withPhoto({ country, region: null, city: null })).id);
    }
    const cards = await homeHighlights(null, { locale: 'nl', country: null });
    const countries = cards.map((m) => m.country);
    // Every NL card before every BE card before every other one.
    const rank = (c: string) => (c === 'NL' ? 0 : c === 'BE' ? 1 : 2);
    expect(countries.map(rank)).toEqual([...countries.map(rank)].sort());
    expect(cards.map((m) => m.id)).toContain(dutch.id);
    expect(cards.map((m) => m.id)).toContain(belgian.id);
    // A visitor has no place: no distances.
    expect(cards.every((m) => m.distance_km === undefined)).toBe(true);
    // An English reader gets the English-speaking countries first instead.
    const english = await homeHighlights(null, { locale: 'en', country: null });
    expect(english[0]?.country).toMatch(/^(GB|IE|US|CA|AU|NZ)$/);
    expect(others.length).toBe(8);
  });
});

/**
 * Every decimal an answer holds: its numbers, and the decimals inside its texts (a coordinate could
 * leak in a map link), times left out (their seconds are decimals too).
 */
function decimalsIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? []
      : [...value.matchAll(/-?\d+\.\d+/g)].map((m) => Number(m[0]));
  if (Array.isArray(value)) return value.flatMap(decimalsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(decimalsIn);
  return [];
}

describe('coordinates', () => {
  it('never leave the server: not in cards, profiles, swipe cards or highlights', async () => {
    const member = await withPhoto({ gender: 'male', country: 'NL', region: 'NL-UT', city: 'Utrecht' });
    const viewer = await utrechtWoman();
    const utrecht = locatePlace('NL', 'NL-UT', 'Utrecht');
    if (!utrecht) throw new Error('Utrecht is not in the city table');
    const ok = async (url: string) => {
      const res = await app.inject({ url, ...viewer.login });
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    const bodies = [
      await ok(`/api/member.php?id=${member.id}`),
      await ok('/api/members.php?country=NL'),
      await ok('/api/swipe.php'),
      await ok('/api/likes.php'),
      await ok('/api/user.php'),
      await ok('/api/profile.php'),
      JSON.stringify(await homeHighlights(viewer.login, { locale: 'nl', country: null })),
    ];
    // Read as values, not as text: a time's milliseconds ("…05.122Z") once matched Utrecht's 5.122.
    const nearUtrecht = (n: number) => Math.abs(n - utrecht.lat) < 0.01 || Math.abs(n - utrecht.lon) < 0.01;
    for (const body of bodies) {
      expect(body).not.toMatch(/latitude|longitude|"lat"|"lon"/);
      expect(decimalsIn(JSON.parse(body)).filter(nearUtrecht), body).toEqual([]);
    }
    // The profile does say how far: both in Utrecht.
    expect(JSON.parse(bodies[0] ?? '{}').member.distance_km).toBe(0);
  });
});
