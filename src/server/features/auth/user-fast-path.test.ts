import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { fastPathServer, withoutKeepAlive } from '../../test/fast-path-server.ts';
import { addPhoto, createMember, logIn } from '../../test/members.ts';
import { createUserFastPath } from './user-fast-path.ts';

const { app, services } = await createTestApp();
const { served, get, head, bothPaths } = fastPathServer(app, createUserFastPath(services));

async function member() {
  const { id } = await createMember(services.db);
  const login = await logIn(services.db, id, services.now());
  return { id, cookie: `sid=${login.cookies.sid}; i18n_redirected=nl`, sid: login.cookies.sid };
}

describe('GET /api/user.php before Fastify', () => {
  const cases: { name: string; headers: Record<string, string> }[] = [
    { name: 'plain', headers: {} },
    { name: 'brotli accepted', headers: { 'accept-encoding': 'gzip, deflate, br' } },
    { name: 'another host', headers: { host: 'www.herzplatz.de' } },
  ];
  it.each(cases)('gives the same answer as the route: $name', async ({ headers }) => {
    const { id, cookie } = await member();
    await addPhoto(services.db, id, { main: true });
    const { viaFastify, early, servedEarly } = await bothPaths('/api/user.php', { ...headers, cookie });
    expect(servedEarly).toBe(1);
    expect(viaFastify.status).toBe(200);
    expect(withoutKeepAlive(early.headers)).toEqual(withoutKeepAlive(viaFastify.headers));
    expect(early.body.equals(viaFastify.body)).toBe(true);
    expect(JSON.parse(early.body.toString()).user.id).toBe(id);
  });

  it('never answers for a session that is unknown, logged out or expired', async () => {
    const unknown = await get('/api/user.php', { cookie: 'sid=not-a-session; i18n_redirected=nl' });
    const again = await get('/api/user.php', { cookie: 'sid=not-a-session; i18n_redirected=nl' });
    expect([unknown.status, again.status]).toEqual([403, 403]);
    expect(again.body.toString()).toContain('authentication_required');

    const { cookie, sid } = await member();
    await bothPaths('/api/user.php', { cookie });
    const before = served();
    const session = await services.sessions.find(sid, services.now());
    if (!session) throw new Error('no session');
    // Logout goes through Fastify; the next poll must not see the member any more.
    const logout = await app.inject({ url: '/api/logout.php', cookies: { sid } });
    expect(logout.statusCode).toBe(200);
    const afterLogout = await get('/api/user.php', { cookie });
    expect(afterLogout.status).toBe(403);
    expect(served()).toBe(before);

    const expiring = await member();
    await bothPaths('/api/user.php', { cookie: expiring.cookie });
    const saved = services.now;
    try {
      services.now = () => new Date(Date.now() + 31 * 24 * 3600 * 1000);
      expect((await get('/api/user.php', { cookie: expiring.cookie })).status).toBe(403);
    } finally {
      services.now = saved;
    }
  });

  it('shows a change to the account at once', async () => {
    const { id, cookie } = await member();
    await bothPaths('/api/user.php', { cookie });
    await services.db.update(users).set({ credits: 777 }).where(eq(users.id, id));
    await services.sessions.invalidateUser(id);
    const after = await get('/api/user.php', { cookie });
    expect(JSON.parse(after.body.toString()).user.credits).toBe(777);
  });

  it('leaves requests without a locale cookie, with a query or not a GET to Fastify', async () => {
    const { sid, cookie } = await member();
    await bothPaths('/api/user.php', { cookie });
    const before = served();
    const noLocale = await get('/api/user.php', { cookie: `sid=${sid}` });
    expect(String(noLocale.headers['set-cookie'])).toContain('i18n_redirected=');
    await get('/api/user.php?x=1', { cookie });
    expect((await head('/api/user.php', { cookie })).status).toBe(200);
    expect(served()).toBe(before);
  });
});
