import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ABOUT_ME_MAX, CITY_MAX } from '../../../shared/contracts/profile.ts';
import { profiles } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { addPhoto, createMember, logIn, type TestLogin } from '../../test/members.ts';

const { app, services } = await createTestApp();
services.now = () => new Date('2026-06-01T12:00:00Z');

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const created = await createMember(services.db, overrides);
  return { ...created, login: await logIn(services.db, created.id) };
}

const getProfile = (login?: TestLogin) => app.inject({ url: '/api/profile.php', ...login });
const putProfile = (login: TestLogin, payload: unknown, extra: { url?: string } = {}) =>
  app.inject({ method: 'PUT', url: extra.url ?? '/api/profile.php', payload: payload as object, ...login });
const getUser = (login: TestLogin) => app.inject({ url: '/api/user.php', ...login });

describe('GET /api/profile.php', () => {
  it('needs a logged-in member', async () => {
    const res = await getProfile();
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });

  it("answers the member's own profile", async () => {
    const { id, name, login } = await member({ hairColor: 'red', interests: ['travelling', 'nonsense'] });
    const res = await getProfile(login);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().profile).toEqual({
      id,
      name,
      age: 36,
      date_of_birth: '1990-05-17',
      gender: 'female',
      sexuality: 'hetero',
      country: 'NL',
      region: 'NL-UT',
      city: 'Utrecht',
      hair_color: 'red',
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      signup_reason: null,
      about_me: null,
      // Keys that are not (or no longer) interests are not passed on.
      interests: ['travelling'],
      main_photo_id: null,
    });
  });
});

describe('PUT /api/profile.php', () => {
  it('saves every editable field and answers the saved profile', async () => {
    const { login } = await member();
    const update = {
      gender: 'male',
      sexuality: 'bi',
      country: 'BE',
      region: 'BE-VAN',
      city: '  Antwerpen ',
      hair_color: 'brown',
      eye_color: 'green',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'some',
      signup_reason: 'dating',
      about_me: '  Hallo!\nIk hou van fietsen.  ',
      interests: ['travelling', 'music', 'travelling'],
    };
    const res = await putProfile(login, update);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...update,
      city: 'Antwerpen',
      about_me: 'Hallo!\nIk hou van fietsen.',
      interests: ['travelling', 'music'],
    };
    expect(res.json().profile).toMatchObject(expected);
    expect((await getProfile(login)).json().profile).toMatchObject(expected);
  });

  it('leaves fields out of the update as they are, and stores empty texts as not filled in', async () => {
    const { login } = await member({ aboutMe: 'Old text', hairColor: 'red', eyeColor: 'blue' });
    const res = await putProfile(login, { city: '   ', about_me: '', hair_color: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      city: null,
      about_me: null,
      hair_color: null,
      eye_color: 'blue',
      country: 'NL',
      region: 'NL-UT',
    });
  });

  it('clears a region of the old country when only the country changes', async () => {
    const { login } = await member({ country: 'NL', region: 'NL-UT' });
    const res = await putProfile(login, { country: 'DE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ country: 'DE', region: null });
  });

  it('refuses a region of another country, and a region that is no code at all', async () => {
    const { login } = await member({ country: 'NL', region: 'NL-UT' });
    for (const payload of [{ region: 'BE-VAN' }, { country: 'DE', region: 'NL-NH' }, { region: 'Utrecht' }]) {
      const res = await putProfile(login, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: { fieldErrors: { region: ['region_invalid'] } },
      });
    }
    // Nothing of a refused update was stored.
    expect((await getProfile(login)).json().profile).toMatchObject({ country: 'NL', region: 'NL-UT' });
  });

  it('refuses options outside the lists and texts that are too long, with a key per field', async () => {
    const { login } = await member();
    const res = await putProfile(login, {
      hair_color: 'purple',
      gender: 'other',
      interests: ['travelling', 'flying-saucers'],
      city: 'x'.repeat(CITY_MAX + 1),
      about_me: 'x'.repeat(ABOUT_ME_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    const { code, details } = res.json().error;
    expect(code).toBe('validation_failed');
    expect(details.fieldErrors).toEqual({
      hair_color: ['invalid_field'],
      gender: ['invalid_field'],
      interests: ['invalid_field'],
      city: ['city_too_long'],
      about_me: ['about_me_too_long'],
    });
    expect((await getProfile(login)).json().profile.city).toBe('Utrecht');
  });

  it('does not change the name or date of birth, which are fixed at sign-up', async () => {
    const { login, name } = await member();
    const res = await putProfile(login, { name: 'Someone else', date_of_birth: '2000-01-01', city: 'Zeist' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors).toEqual({
      name: ['invalid_field'],
      date_of_birth: ['invalid_field'],
    });
    expect((await getProfile(login)).json().profile).toMatchObject({ name, city: 'Utrecht' });
  });

  it("changes only the caller's own profile, whatever id the request names", async () => {
    const me = await member();
    const other = await member({ city: 'Zwolle', region: 'NL-OV' });
    const byBody = await putProfile(me.login, { id: other.id, city: 'Hacked' });
    expect(byBody.statusCode).toBe(400);
    expect(byBody.json().error.details.fieldErrors).toEqual({ id: ['invalid_field'] });
    const byQuery = await putProfile(me.login, { city: 'Zeist' }, { url: `/api/profile.php?id=${other.id}` });
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(byQuery.json().profile).toMatchObject({ id: me.id, city: 'Zeist' });
    expect((await getProfile(other.login)).json().profile).toMatchObject({ city: 'Zwolle', region: 'NL-OV' });
  });

  it('needs a logged-in member', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/profile.php', payload: { city: 'Zeist' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
    // Refused before the body is checked: a visitor learns nothing from a 400.
    const invalid = await app.inject({ method: 'PUT', url: '/api/profile.php', payload: { gender: 'x' } });
    expect(invalid.statusCode).toBe(403);
    expect(invalid.json().error.code).toBe('authentication_required');
  });

  it('refuses a call without the CSRF token or from another site', async () => {
    const { login } = await member();
    const noToken = await app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { city: 'Zeist' },
      cookies: login.cookies,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_failed');
    const crossSite = await app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { city: 'Zeist' },
      ...login,
      headers: { ...login.headers, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('csrf_failed');
    expect((await getProfile(login)).json().profile.city).toBe('Utrecht');
  });
});

describe('GET /api/user.php after a change', () => {
  it('shows the new profile at once, although sessions are cached', async () => {
    const { login } = await member();
    expect((await getUser(login)).json().user.profile).toMatchObject({ city: 'Utrecht', region: 'NL-UT' });
    await putProfile(login, { country: 'BE', region: 'BE-VAN', city: 'Antwerpen', gender: 'male' });
    expect((await getUser(login)).json().user.profile).toMatchObject({
      country: 'BE',
      region: 'BE-VAN',
      city: 'Antwerpen',
      gender: 'male',
    });
  });

  it('carries the main photo (null without one), refreshed when the photos feature invalidates', async () => {
    const { id, login } = await member();
    expect((await getUser(login)).json().user.profile.main_image).toBeNull();
    const photo = await addPhoto(services.db, id, { main: true, private: true, status: 'pending' });
    await services.sessions.invalidateUser(id);
    expect((await getUser(login)).json().user.profile.main_image).toEqual({
      filename: `${photo.storageKey}-medium.webp`,
      thumb_filename: `${photo.storageKey}-thumb.webp`,
      status: 'pending',
    });
  });

  it("never shows another member's photo as the main image", async () => {
    const { id, login } = await member();
    const other = await createMember(services.db);
    const foreign = await addPhoto(services.db, other.id);
    await services.db.update(profiles).set({ mainPhotoId: foreign.id }).where(eq(profiles.userId, id));
    await services.sessions.invalidateUser(id);
    expect((await getUser(login)).json().user.profile.main_image).toBeNull();
  });
});
