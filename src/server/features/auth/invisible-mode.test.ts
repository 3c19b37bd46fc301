import { describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../../shared/contracts/members.ts';
import { VISITOR } from '../../policy/viewer.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { listenTo } from '../../test/member-lists.ts';
import { addPhoto, createMember, createMembers, logIn, type TestLogin } from '../../test/members.ts';
import { highlightsState } from '../members/highlights.service.ts';
import { memberVisibilityState } from '../members/members.visibility.ts';
import { realtimeMember } from '../realtime/realtime.service.ts';
import { memberVisibilityChanged } from './accounts.service.ts';

const a = await createTestApp();
const db = a.services.db;
// A second instance on the same database, as behind a load balancer.
const { app: b, services: bServices } = await createSecondInstance(a);
const heardOnA = await listenTo(a.services.bus, memberVisibilityChanged);
const heardOnB = await listenTo(bServices.bus, memberVisibilityChanged);

type App = typeof b;

function setInvisible(app: App, login: TestLogin | undefined, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/invisible.php',
    payload: payload as object,
    cookies: login?.cookies,
    headers: login?.headers,
  });
}

async function userOn(app: App, login: TestLogin) {
  const res = await app.inject({ url: '/api/user.php', cookies: login.cookies });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user as { id: number; invisible: boolean; new_likes: number };
}

async function searchOn(app: App, login: TestLogin, query: string) {
  const res = await app.inject({ url: `/api/members.php?${query}`, cookies: login.cookies });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json());
}

describe('PUT /api/invisible.php', () => {
  it('switches the member’s own account, answers the member, and logs nobody out', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const otherTab = await logIn(db, me.id);
    expect((await userOn(a.app, login)).invisible).toBe(false);

    const on = await setInvisible(a.app, login, { invisible: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().user).toMatchObject({ id: me.id, invisible: true });
    await heardOnA((id) => id === me.id);
    // Both sessions go on, and both read the switch.
    expect((await userOn(a.app, login)).invisible).toBe(true);
    expect((await userOn(a.app, otherTab)).invisible).toBe(true);
    // The member still sees their own profile; others get what an unknown id gets.
    expect((await a.app.inject({ url: `/api/member.php?id=${me.id}`, ...login })).statusCode).toBe(200);
    const other = await logIn(db, (await createMember(db)).id);
    const theirs = await a.app.inject({ url: `/api/member.php?id=${me.id}`, ...other });
    const unknown = await a.app.inject({ url: '/api/member.php?id=987654321', ...other });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);

    // Idempotent: switching on again changes nothing.
    expect((await setInvisible(a.app, login, { invisible: true })).json().user.invisible).toBe(true);
    const off = await setInvisible(a.app, login, { invisible: false });
    expect(off.json().user.invisible).toBe(false);
    await heardOnA((id) => id === me.id);
    expect((await userOn(a.app, otherTab)).invisible).toBe(false);
    expect((await a.app.inject({ url: `/api/member.php?id=${me.id}`, ...other })).statusCode).toBe(200);
  });

  it('refuses visitors, calls without the CSRF token and bad input; an id in the body changes nobody else', async () => {
    const me = await createMember(db);
    const them = await createMember(db);
    const login = await logIn(db, me.id);
    const visitor = await setInvisible(a.app, undefined, { invisible: true });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const noToken = await a.app.inject({
      method: 'PUT',
      url: '/api/invisible.php',
      payload: { invisible: true },
      cookies: login.cookies,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_failed');
    for (const bad of [{}, { invisible: 'yes' }, { invisible: 1 }, null]) {
      const res = await setInvisible(a.app, login, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const foreign = await setInvisible(a.app, login, { invisible: true, id: them.id, user_id: them.id });
    expect(foreign.statusCode).toBe(200);
    const { rows } = await a.services.pool.query(
      'select id, invisible from users where id = any($1) order by id',
      [[me.id, them.id]],
    );
    expect(rows).toEqual([
      { id: me.id, invisible: true },
      { id: them.id, invisible: false },
    ]);
  });

  it('is limited per member, whatever the address', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const other = await logIn(db, (await createMember(db)).id);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await a.app.inject({
        method: 'PUT',
        url: '/api/invisible.php',
        payload: { invisible: i % 2 === 0 },
        remoteAddress: `198.51.100.${i + 1}`,
        ...login,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another member from the same address is not held back.
    expect((await setInvisible(a.app, other, { invisible: false })).statusCode).toBe(200);
  });
});

describe('the switch on one instance holds on another at once', () => {
  it('drops the session, visibility, search totals, highlights and new-likes caches of every instance', async () => {
    const country = 'IE';
    const visitorSeeker = { genders: null, countries: [country], point: null };
    // More matches than a page, so the total comes from the totals cache rather than the page.
    await createMembers(db, 30, { country, region: null });
    const member = await createMember(db, { country, region: null });
    await addPhoto(db, member.id, { main: true });
    const viewer = await createMember(db, { country: 'NL' });
    const memberLogin = await logIn(db, member.id);
    const viewerLogin = await logIn(db, viewer.id);
    // The member liked the viewer: a new like in the viewer's badge.
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/like.php',
          payload: { id: viewer.id },
          ...memberLogin,
        })
      ).statusCode,
    ).toBe(200);

    // Instance B has cached all of it.
    const before = await searchOn(b, viewerLogin, `country=${country}`);
    expect(before.total).toBe(31);
    expect(before.members.map((m) => m.id)).toContain(member.id);
    expect(
      (await bServices.state.of(highlightsState).list(visitorSeeker, bServices.now(), VISITOR)).map(
        (m) => m.id,
      ),
    ).toContain(member.id);
    expect(await bServices.state.of(memberVisibilityState).isVisible(member.id)).toBe(true);
    expect((await userOn(b, memberLogin)).invisible).toBe(false);
    const badge = (await userOn(b, viewerLogin)).new_likes;
    expect(badge).toBe(1);

    // The switch on A; B has heard it once its caches have.
    expect((await setInvisible(a.app, memberLogin, { invisible: true })).statusCode).toBe(200);
    await heardOnB((id) => id === member.id);

    const after = await searchOn(b, viewerLogin, `country=${country}`);
    expect(after.total).toBe(30);
    expect(after.members.map((m) => m.id)).not.toContain(member.id);
    expect(
      (await bServices.state.of(highlightsState).list(visitorSeeker, bServices.now(), VISITOR)).map(
        (m) => m.id,
      ),
    ).not.toContain(member.id);
    expect(await bServices.state.of(memberVisibilityState).isVisible(member.id)).toBe(false);
    expect((await userOn(b, memberLogin)).invisible).toBe(true);
    expect((await userOn(b, viewerLogin)).new_likes).toBe(0);
    const like = await b.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: member.id },
      ...viewerLogin,
    });
    expect(like.statusCode).toBe(404);
    expect(like.json().error.code).toBe('member_not_found');

    // And back: visible again on B as soon as B has heard it.
    expect((await setInvisible(a.app, memberLogin, { invisible: false })).statusCode).toBe(200);
    await heardOnB((id) => id === member.id);
    expect((await searchOn(b, viewerLogin, `country=${country}`)).total).toBe(31);
    expect(await bServices.state.of(memberVisibilityState).isVisible(member.id)).toBe(true);
    expect((await userOn(b, viewerLogin)).new_likes).toBe(1);
    const likeBack = await b.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: member.id },
      ...viewerLogin,
    });
    expect(likeBack.statusCode, likeBack.body).toBe(200);
    expect(likeBack.json().match).toBe(true);
  });
});

describe('an invisible member’s own likes', () => {
  it('stay where they are, unseen and untold by the liked member until the liker is visible again', async () => {
    const ghost = await createMember(db);
    const liked = await createMember(db);
    const witness = await createMember(db);
    const ghostLogin = await logIn(db, ghost.id);
    const likedLogin = await logIn(db, liked.id);
    const liveEvents: number[] = [];
    await a.services.bus.subscribe(realtimeMember, ({ userId, event }) => {
      if (userId === liked.id && event.type === 'like') liveEvents.push(event.from.id);
    });
    const heardLike = await listenTo(a.services.bus, realtimeMember);

    await setInvisible(a.app, ghostLogin, { invisible: true });
    await heardOnA((id) => id === ghost.id);
    const like = await a.app.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: liked.id },
      ...ghostLogin,
    });
    expect(like.statusCode, like.body).toBe(200);
    // A visible member's like after it: notifications arrive in commit order, so once this one is
    // heard, one for the invisible member's like would have been heard before it.
    await a.app.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: liked.id },
      ...(await logIn(db, witness.id)),
    });
    await heardLike(
      (p) => p.userId === liked.id && p.event.type === 'like' && p.event.from.id === witness.id,
    );
    expect(liveEvents).toEqual([witness.id]);

    // The invisible member sees their like; the liked member does not, in the list or the badge.
    const mine = (await a.app.inject({ url: '/api/likes.php', ...ghostLogin })).json();
    expect(mine.profiles.map((m: { id: number }) => m.id)).toEqual([liked.id]);
    const theirs = (await a.app.inject({ url: '/api/likes.php', ...likedLogin })).json();
    expect(theirs.liked_by.map((m: { id: number }) => m.id)).toEqual([witness.id]);
    expect((await userOn(a.app, likedLogin)).new_likes).toBe(1);

    await setInvisible(a.app, ghostLogin, { invisible: false });
    await heardOnA((id) => id === ghost.id);
    const later = (await a.app.inject({ url: '/api/likes.php', ...likedLogin })).json();
    expect(later.liked_by.map((m: { id: number }) => m.id).sort()).toEqual([ghost.id, witness.id].sort());
    expect((await userOn(a.app, likedLogin)).new_likes).toBe(2);
  });
});
