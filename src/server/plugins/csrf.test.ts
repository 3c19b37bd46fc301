import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { createTestApp } from '../test/app.ts';
import { createMember, logIn } from '../test/members.ts';

const { app, services } = await createTestApp();
const EVIL = { origin: 'http://evil.example' };

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const { id } = await createMember(services.db, { language: 'nl', ...overrides });
  return { id, ...(await logIn(services.db, id, services.now())) };
}

async function languageOf(id: number) {
  const [row] = await services.db.select({ language: users.language }).from(users).where(eq(users.id, id));
  return row?.language;
}

describe('CSRF is decided on the matched route, not the raw URL', () => {
  // Each path reaches PUT /api/user.php in the router, or no API route at all; none may change the language.
  const paths = [
    '/%61pi/user.php',
    '/api/user%2Ephp',
    '/%2561pi/user.php',
    '//api/user.php',
    '/API/user.php',
    '/api//user.php',
  ];

  it.each(paths)('a cross-site PUT %s without a token changes nothing', async (url) => {
    const { id, cookies } = await member();
    const answer = await app.inject({
      method: 'PUT',
      url,
      cookies,
      headers: EVIL,
      payload: { language: 'de' },
    });
    expect(answer.statusCode).not.toBe(200);
    expect(await languageOf(id)).toBe('nl');
  });

  it.each(paths)('a same-site PUT %s without the token changes nothing', async (url) => {
    const { id, cookies } = await member();
    const answer = await app.inject({ method: 'PUT', url, cookies, payload: { language: 'de' } });
    expect(answer.statusCode).not.toBe(200);
    expect(await languageOf(id)).toBe('nl');
  });

  it('the encoded path of a matched route gets the same 403 as the plain one', async () => {
    const { cookies } = await member();
    for (const url of ['/api/user.php', '/%61pi/user.php']) {
      const answer = await app.inject({
        method: 'PUT',
        url,
        cookies,
        headers: EVIL,
        payload: { language: 'de' },
      });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().error.code).toBe('csrf_failed');
    }
  });

  it.each([
    { method: 'PUT', url: '/%61pi/profile.php', payload: { about_me: 'hacked' } },
    { method: 'POST', url: '/%61pi/block.php', payload: { id: 1 } },
    { method: 'POST', url: '/%61pi/complete-signup.php', payload: { password: 'Secret-password-1' } },
  ] as const)('refuses $method $url cross-site', async ({ method, url, payload }) => {
    const { cookies } = await member();
    const answer = await app.inject({ method, url, cookies, headers: EVIL, payload });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('csrf_failed');
  });

  it('refuses a cross-site multipart photo upload (a simple request any page can send)', async () => {
    const { cookies } = await member();
    const boundary = 'xyz';
    const answer = await app.inject({
      method: 'POST',
      url: '/%61pi/photos.php',
      cookies,
      headers: { ...EVIL, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot an image\r\n--${boundary}--\r\n`,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('csrf_failed');
  });

  it('refuses a cross-site text/plain post before reading its body (403, not 400)', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { ...EVIL, 'content-type': 'text/plain' },
      payload: 'email=a@b.nl&password=x',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('csrf_failed');
  });

  it('refuses a cross-site post to a page form too', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/complaints',
      headers: { ...EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('GET /api/logout.php', () => {
  it('refuses a cross-site request and keeps the session', async () => {
    const { cookies } = await member();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, EVIL]) {
      const answer = await app.inject({ url: '/api/logout.php', cookies, headers });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.code).toBe('csrf_failed');
    }
    const still = await app.inject({ url: '/api/user.php', cookies });
    expect(still.statusCode).toBe(200);
  });

  it('logs out from our own pages and from the address bar', async () => {
    const ownOrigin = { host: 'localhost:3000', origin: 'http://localhost:3000' };
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, ownOrigin]) {
      const { cookies } = await member();
      const answer = await app.inject({ url: '/api/logout.php', cookies, headers });
      expect(answer.statusCode, JSON.stringify(headers)).toBe(200);
      expect((await app.inject({ url: '/api/user.php', cookies })).statusCode).toBe(403);
    }
  });

  it('refuses a request whose headers prove neither site, and keeps the session', async () => {
    const { cookies, headers: csrf } = await member();
    const wrongToken = { 'x-csrf-token': 'not-the-token' };
    for (const headers of [{}, { origin: 'null' }, wrongToken, { origin: 'null', ...wrongToken }]) {
      const answer = await app.inject({ url: '/api/logout.php', cookies, headers });
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json().error.code).toBe('same_site_unproven');
    }
    expect((await app.inject({ url: '/api/user.php', cookies })).statusCode).toBe(200);
    // The web client's call in a browser that sends neither header: the session's token proves it.
    expect((await app.inject({ url: '/api/logout.php', cookies, headers: csrf })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user.php', cookies })).statusCode).toBe(403);
  });
});

describe('content security policy', () => {
  it('the API docs, media and API answers have one', async () => {
    const docs = await app.inject({ url: '/api/docs/' });
    const docsCsp = String(docs.headers['content-security-policy']);
    expect(docsCsp).toContain("frame-ancestors 'none'");
    expect(docsCsp).toContain("script-src 'self'");
    expect(docsCsp).not.toContain('https:');
    expect(docsCsp).not.toContain('upgrade-insecure-requests');

    await services.storage.put('p/1/9-thumb.webp', Buffer.from('public'), 'image/webp');
    const media = await app.inject({ url: '/media/p/1/9-thumb.webp' });
    expect(media.headers['content-security-policy']).toContain("default-src 'none'");
    const missing = await app.inject({ url: '/media/p/1/404-thumb.webp' });
    expect(missing.headers['content-security-policy']).toContain("default-src 'none'");

    const api = await app.inject({ url: '/api/health.php' });
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
