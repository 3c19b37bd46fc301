import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/limits.ts';
import { staffAudit, users } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { caseMemberOverrides, type ListCase, listenTo, MEMBER_LISTS } from '../../test/member-lists.ts';
import { createMember, createMemberWithCredits, logIn } from '../../test/members.ts';
import { makeTestJpeg, postMultipart } from '../../test/photo-fixtures.ts';
import { logInStaffAs } from '../../test/staff.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';

const { app, services } = await createTestApp();
const db = services.db;
const heardVisibilityChange = await listenTo(services.bus, memberVisibilityChanged);

type Login = { cookies: Record<string, string>; headers?: Record<string, string> };

const admin = await logInStaffAs(db, ['admin']);
const jpeg = await makeTestJpeg(400, 500);

let names = 0;
const uniqueName = () => `Fictief ${process.pid % 1000} ${++names}`;

const newProfile = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName(),
  date_of_birth: '1990-05-17',
  language: 'nl',
  gender: 'female',
  sexuality: 'hetero',
  country: 'NL',
  region: 'NL-NH',
  city: 'Haarlem',
  about_me: 'Ik hou van fietsen langs het water.',
  ...overrides,
});

const create = (payload: object, login: Login = admin) =>
  app.inject({ method: 'POST', url: '/api/admin/fictional-profiles.php', payload, ...login });

async function createOk(overrides: Record<string, unknown> = {}) {
  const res = await create(newProfile(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile as { id: number; name: string } & Record<string, unknown>;
}

function uploadPhoto(profileId: number, login: Login = admin) {
  return postMultipart(
    app,
    `/api/admin/fictional-profile-photos.php?id=${profileId}`,
    { photo: { data: jpeg, filename: 'foto.jpg', type: 'image/jpeg' } },
    login,
  );
}

const setHidden = (id: number, hidden: boolean, login: Login = admin) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/fictional-profile-visibility.php',
    payload: { id, hidden },
    ...login,
  });

const auditOf = (id: number) =>
  db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.target, `member:${id}`))
    .orderBy(staffAudit.id);

describe('every /api/admin fictional-profile route × visitor, member, operator, moderator, admin', () => {
  it('refuses visitors and members (staff_login_required), operators and moderators (forbidden), lets admins in', async () => {
    const profile = await createOk();
    const uploaded = await uploadPhoto(profile.id);
    const photoId = uploaded.json().profile.photos[0].id as number;
    const member = await createMember(db);
    const memberLogin = await logIn(db, member.id);
    const operator = await logInStaffAs(db, ['operator']);
    const moderator = await logInStaffAs(db, ['moderator']);
    const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/admin/fictional-profiles.php' },
      { method: 'POST', url: '/api/admin/fictional-profiles.php', payload: newProfile() },
      { method: 'GET', url: `/api/admin/fictional-profile.php?id=${profile.id}` },
      {
        method: 'PUT',
        url: `/api/admin/fictional-profile.php?id=${profile.id}`,
        payload: { city: 'Zandvoort' },
      },
      {
        method: 'POST',
        url: '/api/admin/fictional-profile-visibility.php',
        payload: { id: profile.id, hidden: false },
      },
      { method: 'GET', url: `/api/admin/fictional-profile-photo-image.php?id=${photoId}` },
      { method: 'PUT', url: `/api/admin/fictional-profile-photo.php?id=${photoId}`, payload: { main: true } },
    ];
    for (const route of routes) {
      const ask = (login?: Login) =>
        app.inject({ method: route.method, url: route.url, payload: route.payload, ...login });
      const visitor = await ask();
      expect(visitor.statusCode, route.url).toBe(401);
      expect(visitor.json().error.code).toBe('staff_login_required');
      // A member's session (and its CSRF token) opens nothing in the back office.
      const asMember = await ask(memberLogin);
      expect(asMember.statusCode, route.url).toBe(401);
      expect(asMember.json().error.code).toBe('staff_login_required');
      for (const refused of [operator, moderator]) {
        const res = await ask(refused);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      const asAdmin = await ask(admin);
      expect(asAdmin.statusCode, `${route.method} ${route.url} ${asAdmin.body}`).toBe(200);
    }
    // The upload and the delete, refused before the body is read and allowed for the admin.
    for (const refused of [operator, moderator]) {
      expect((await uploadPhoto(profile.id, refused)).json().error.code).toBe('forbidden');
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/admin/fictional-profile-photo.php?id=${photoId}`,
        ...refused,
      });
      expect(del.json().error.code).toBe('forbidden');
    }
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/admin/fictional-profile-photo.php?id=${photoId}`,
      ...admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('refuses every change without the staff session CSRF token, before anything changes', async () => {
    const profile = await createOk();
    const before = await auditOf(profile.id);
    const changes: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'POST', url: '/api/admin/fictional-profiles.php', payload: newProfile() },
      { method: 'PUT', url: `/api/admin/fictional-profile.php?id=${profile.id}`, payload: { city: 'Lisse' } },
      {
        method: 'POST',
        url: '/api/admin/fictional-profile-visibility.php',
        payload: { id: profile.id, hidden: true },
      },
      { method: 'POST', url: `/api/admin/fictional-profile-photos.php?id=${profile.id}`, payload: {} },
      { method: 'PUT', url: '/api/admin/fictional-profile-photo.php?id=1', payload: { main: true } },
      { method: 'DELETE', url: '/api/admin/fictional-profile-photo.php?id=1' },
    ];
    for (const change of changes) {
      for (const headers of [{}, { 'x-csrf-token': 'wrong' }]) {
        const res = await app.inject({ ...change, cookies: admin.cookies, headers });
        expect(res.statusCode, change.url).toBe(403);
        expect(res.json().error.code).toBe('csrf_failed');
      }
    }
    expect(await auditOf(profile.id)).toEqual(before);
    const detail = await app.inject({ url: `/api/admin/fictional-profile.php?id=${profile.id}`, ...admin });
    expect(detail.json().profile).toMatchObject({ city: 'Haarlem', hidden: false });
  });
});

describe('POST /api/admin/fictional-profiles.php', () => {
  it('creates a fictional member with the profile, no login, and its audit row', async () => {
    const input = newProfile({ hair_color: 'blonde', interests: ['travelling'] });
    const res = await create(input);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json().profile;
    expect(profile).toMatchObject({
      name: input.name,
      gender: 'female',
      country: 'NL',
      region: 'NL-NH',
      city: 'Haarlem',
      language: 'nl',
      hair_color: 'blonde',
      interests: ['travelling'],
      about_me: input.about_me,
      hidden: false,
      photo_count: 0,
      waiting: 0,
      photos: [],
    });
    expect(profile).not.toHaveProperty('email');
    const [account] = await db.select().from(users).where(eq(users.id, profile.id));
    expect(account).toMatchObject({ fictional: true, passwordHash: null, status: 'active' });
    expect(account?.email).toMatch(/\.invalid$/);
    // Neither by name nor by its address: there is no password to match.
    for (const identifier of [input.name, account?.email ?? '']) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: identifier, password: 'whatever-1234' },
      });
      expect(login.statusCode, login.body).toBe(401);
      expect(login.json().error.code).toBe('login_failed');
    }
    const audit = await auditOf(profile.id);
    expect(audit.map((row) => row.action)).toEqual(['fictional_profile.create']);
    expect(audit[0]).toMatchObject({ staffId: admin.id, roles: ['admin'] });
  });

  it("refuses what a member's profile refuses, each a 4xx with its field, and stores nothing", async () => {
    const taken = await createMember(db);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ name: 'ab' }, 400, 'name', 'name_too_short'],
      [{ name: taken.name }, 409, 'name', 'name_taken'],
      [{ date_of_birth: '2020-01-01' }, 400, 'date_of_birth', 'date_of_birth_min_age'],
      [{ date_of_birth: '1990-02-31' }, 400, 'date_of_birth', 'invalid_date_of_birth'],
      [{ region: 'DE-BY' }, 400, 'region', 'region_invalid'],
      [{ about_me: 'x'.repeat(2_001) }, 400, 'about_me', 'about_me_too_long'],
      [{ gender: undefined }, 400, 'gender', 'gender_required'],
    ];
    const before = await db.select({ id: users.id }).from(users).where(eq(users.fictional, true));
    for (const [overrides, status, field, key] of cases) {
      const res = await create(newProfile(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details.fieldErrors[field]).toContain(key);
    }
    const after = await db.select({ id: users.id }).from(users).where(eq(users.fictional, true));
    expect(after).toHaveLength(before.length);
  });
});

describe('GET /api/admin/fictional-profiles.php', () => {
  it('lists the fictional profiles only, newest first, by country and language, with photos and waiting conversations', async () => {
    const lang = 'pl';
    const first = await createOk({ country: 'DE', region: null, city: 'Berlin', language: lang });
    const second = await createOk({ country: 'DE', region: null, city: 'Köln', language: lang });
    await createOk({ country: 'BE', region: null, city: 'Gent', language: lang });
    await createMember(db, { country: 'DE', language: lang });
    expect((await uploadPhoto(second.id)).statusCode).toBe(200);
    const writer = await createMemberWithCredits(db, 100);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: second.id }, client_id: randomUUID(), body: 'Hoi!' },
      ...writer.login,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const res = await app.inject({
      url: `/api/admin/fictional-profiles.php?country=DE&language=${lang}`,
      ...admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: number }[];
    expect(items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(items[0]).toMatchObject({
      name: second.name,
      age: expect.any(Number),
      gender: 'female',
      country: 'DE',
      city: 'Köln',
      language: lang,
      photo_count: 1,
      waiting: 1,
      hidden: false,
      created_at: expect.any(String),
    });
    const bad = await app.inject({ url: '/api/admin/fictional-profiles.php?country=XX', ...admin });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/admin/fictional-profile.php', () => {
  it('saves the fields sent, keeps the others, and writes an audit row; another member is not found', async () => {
    const profile = await createOk();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/fictional-profile.php?id=${profile.id}`,
      payload: { name: `${profile.name} B`, city: 'Bloemendaal', language: 'de', eye_color: 'green' },
      ...admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      name: `${profile.name} B`,
      city: 'Bloemendaal',
      region: 'NL-NH',
      language: 'de',
      eye_color: 'green',
      about_me: profile.about_me,
    });
    const actions = (await auditOf(profile.id)).map((row) => row.action);
    expect(actions).toEqual(['fictional_profile.create', 'fictional_profile.update']);

    const real = await createMember(db);
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/admin/fictional-profile.php?id=${real.id}`,
      payload: { city: 'Ergens' },
      ...admin,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('fictional_profile_not_found');
    const invalid = await app.inject({
      method: 'PUT',
      url: `/api/admin/fictional-profile.php?id=${profile.id}`,
      payload: { region: 'DE-BY' },
      ...admin,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fieldErrors.region).toEqual(['region_invalid']);
  });
});

describe("a fictional profile's interests", () => {
  it("are saved with the profile through the member's own rules, each change audited with before and after", async () => {
    const profile = await createOk({ interests: ['travelling'] });
    const save = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/fictional-profile.php?id=${profile.id}`,
        payload,
        ...admin,
      });
    const res = await save({ city: 'Zandvoort', interests: ['dancing', 'travelling', 'dancing'] });
    expect(res.statusCode, res.body).toBe(200);
    // Twice chosen is once kept, as on a member's own profile.
    expect(res.json().profile).toMatchObject({ city: 'Zandvoort', interests: ['dancing', 'travelling'] });
    const read = await app.inject({
      method: 'GET',
      url: `/api/admin/fictional-profile.php?id=${profile.id}`,
      ...admin,
    });
    expect(read.json().profile.interests).toEqual(['dancing', 'travelling']);
    const update = (await auditOf(profile.id)).at(-1);
    expect(update).toMatchObject({
      action: 'fictional_profile.update',
      before: { city: 'Haarlem', interests: ['travelling'] },
      after: { city: 'Zandvoort', interests: ['dancing', 'travelling', 'dancing'] },
    });
    // A key that is no interest is refused under its place in the list, and nothing changes.
    const refused = await save({ interests: ['dancing', 'knitting-socks'] });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.details.fieldErrors)).toEqual(['interests.1']);
    expect((await auditOf(profile.id)).at(-1)?.id).toBe(update?.id);
    // None at all is a choice too.
    expect((await save({ interests: [] })).json().profile.interests).toEqual([]);
    expect((await auditOf(profile.id)).at(-1)).toMatchObject({
      before: { interests: ['dancing', 'travelling'] },
      after: { interests: [] },
    });
  });
});

describe('photos of a fictional profile', () => {
  it('go through the upload pipeline, approved at once; the first is main; main and delete move it; each change audited', async () => {
    const profile = await createOk();
    const one = await uploadPhoto(profile.id);
    expect(one.statusCode, one.body).toBe(200);
    const [first] = one.json().profile.photos;
    expect(first).toMatchObject({ is_main: true });
    const two = await uploadPhoto(profile.id);
    const second = two.json().profile.photos[1];
    expect(second).toMatchObject({ is_main: false });

    const main = await app.inject({
      method: 'PUT',
      url: `/api/admin/fictional-profile-photo.php?id=${second.id}`,
      payload: { main: true },
      ...admin,
    });
    expect(main.statusCode, main.body).toBe(200);
    expect(main.json().profile.photos.map((p: { is_main: boolean }) => p.is_main)).toEqual([false, true]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/admin/fictional-profile-photo.php?id=${second.id}`,
      ...admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().profile.photos).toEqual([expect.objectContaining({ id: first.id, is_main: true })]);

    // A member sees the approved photo on the profile at once: no moderation queue.
    const viewer = await createMember(db);
    const view = await app.inject({
      url: `/api/member.php?id=${profile.id}`,
      ...(await logIn(db, viewer.id)),
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().member.fictional).toBe(true);
    expect(view.json().member.photos.map((p: { id: number }) => p.id)).toEqual([first.id]);

    const image = await app.inject({
      url: `/api/admin/fictional-profile-photo-image.php?id=${first.id}&size=thumb`,
      ...admin,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    expect((await auditOf(profile.id)).map((row) => row.action)).toEqual([
      'fictional_profile.create',
      'fictional_profile.photo_add',
      'fictional_profile.photo_add',
      'fictional_profile.photo_main',
      'fictional_profile.photo_delete',
    ]);
  });

  it("refuses a real member's photo (404) and an upload that is not an image (415)", async () => {
    const real = await createMember(db);
    const own = await postMultipart(
      app,
      '/api/photos.php',
      { photo: { data: jpeg, filename: 'x.jpg', type: 'image/jpeg' } },
      await logIn(db, real.id),
    );
    const photoId = own.json().photo?.id ?? 1;
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: `/api/admin/fictional-profile-photo.php?id=${photoId}`,
        ...(method === 'PUT' ? { payload: { main: true } } : {}),
        ...admin,
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    const profile = await createOk();
    const res = await postMultipart(
      app,
      `/api/admin/fictional-profile-photos.php?id=${profile.id}`,
      { photo: { data: Buffer.from('not an image'), filename: 'x.jpg', type: 'image/jpeg' } },
      admin,
    );
    expect(res.statusCode).toBe(415);
    expect(await auditOf(profile.id)).toHaveLength(1);
  });
});

let cases = 0;
async function newCase(): Promise<ListCase> {
  const country = COUNTRIES[cases++ % COUNTRIES.length] ?? 'NL';
  const viewer = await createMember(db, caseMemberOverrides(country));
  const anchor = await createMember(db, caseMemberOverrides(country));
  return { app, services, viewer, login: await logIn(db, viewer.id), country, anchor };
}

describe('hiding a fictional profile', () => {
  it.each(MEMBER_LISTS)('takes it out of $name and showing it brings it back', async (list) => {
    const c = await newCase();
    const profile = await createOk({
      country: c.country,
      region: null,
      city: null,
      date_of_birth: '1990-05-17',
    });
    await list.connect?.(c, profile.id);
    expect(await list.read(c)).toContain(profile.id);

    expect((await setHidden(profile.id, true)).statusCode).toBe(200);
    await heardVisibilityChange((id) => id === profile.id);
    expect(await list.read(c)).not.toContain(profile.id);

    expect((await setHidden(profile.id, false)).statusCode).toBe(200);
    await heardVisibilityChange((id) => id === profile.id);
    expect(await list.read(c)).toContain(profile.id);
  });

  it('keeps its conversations readable, shows it hidden in the list, and audits each change once', async () => {
    const profile = await createOk();
    const writer = await createMemberWithCredits(db, 100);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: profile.id }, client_id: randomUUID(), body: 'Hoi!' },
      ...writer.login,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversationId = sent.json().message.conversation.id as number;

    expect((await setHidden(profile.id, true)).statusCode).toBe(200);
    // Hiding twice changes nothing and writes no second row.
    expect((await setHidden(profile.id, true)).statusCode).toBe(200);
    const chats = await app.inject({ url: '/api/chats.php', ...writer.login });
    expect(chats.statusCode, chats.body).toBe(200);
    expect(JSON.stringify(chats.json())).toContain(`"id":${conversationId}`);
    const messages = await app.inject({
      url: `/api/chat.php?conversation=${conversationId}`,
      ...writer.login,
    });
    expect(messages.statusCode, messages.body).toBe(200);

    const list = await app.inject({ url: '/api/admin/fictional-profiles.php?country=NL', ...admin });
    expect(list.json().items.find((item: { id: number }) => item.id === profile.id)).toMatchObject({
      hidden: true,
    });
    const audit = await db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(
        and(eq(staffAudit.target, `member:${profile.id}`), eq(staffAudit.action, 'fictional_profile.hide')),
      );
    expect(audit).toHaveLength(1);

    const unknown = await setHidden(987_654_321, true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('fictional_profile_not_found');
  });
});
