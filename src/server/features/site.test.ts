import { describe, expect, it } from 'vitest';
import { INTEREST_KEYS } from '../../shared/interests.ts';
import { createTestApp } from '../test/app.ts';
import { addPhoto, createMember } from '../test/members.ts';
import { companyOf } from './company/company.service.ts';
import { pageEventsState } from './page-hidden/page-hidden.service.ts';
import { photoFileKey } from './photos/photos.keys.ts';

const { app, services } = await createTestApp();

describe('site calls', () => {
  it('GET /api/companyinfo.php gives the company with a diallable phone number', async () => {
    const res = await app.inject({ url: '/api/companyinfo.php' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toMatch(/B\.V\./);
    expect(body.kvk).toMatch(/^\d{8}$/);
    expect(body.support_phone).toContain(' ');
    expect(body.support_phone_number).toMatch(/^\+\d+$/);
  });

  it('company changes are stored and served', async () => {
    await companyOf(services).update({ support_phone: '+31 (0)20 - 555 12 34', delete_discount: 30 });
    const body = (await app.inject({ url: '/api/companyinfo.php' })).json();
    expect(body.support_phone_number).toBe('+31(0)205551234');
    expect(body.delete_discount).toBe(30);
  });

  it('GET /api/interests.php labels every interest in the request language', async () => {
    const nl = (await app.inject({ url: '/api/interests.php', cookies: { i18n_redirected: 'nl' } })).json();
    const en = (await app.inject({ url: '/api/interests.php', cookies: { i18n_redirected: 'en' } })).json();
    expect(nl.interests.map((i: { key: string }) => i.key)).toEqual([...INTEREST_KEYS]);
    const cooking = (list: { key: string; label: string }[]) => list.find((i) => i.key === 'cooking')?.label;
    expect(cooking(en.interests)).toBe('Cooking');
    expect(cooking(nl.interests)).not.toBe('Cooking');
  });

  it('GET /api/health.php checks the database', async () => {
    const res = await app.inject({ url: '/api/health.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/openapi.json documents every call', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/settings.php',
      '/api/companyinfo.php',
      '/api/interests.php',
      '/api/regions.php',
      '/api/health.php',
      '/api/complaints.php',
      '/api/page-hidden.php',
      '/api/locale.php',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/complaints.php'].post.requestBody).toBeDefined();
  });

  it('an unknown API call is a 404 with a stable code', async () => {
    const res = await app.inject({ url: '/api/nope.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('an address whose %-escapes do not decode: a page goes to it with the % taken literally, a call is a 400 of the contract', async () => {
    for (const [url, location] of [
      ['/transactions/%zz', '/transactions/%25zz'],
      ['/leden/%E0%A4%A?lang=nl', '/leden/%25E0%25A4%25A?lang=nl'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(decodeURIComponent(location.split('?')[0] ?? '')).toBe(url.split('?')[0]);
    }
    // Never to another host: a protocol-relative address (//host/…) stays a path of this site.
    for (const url of ['//evil.example/%zz', '///evil.example/%zz?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^\/evil\.example\/%25zz(\?x=1)?$/);
    }
    for (const request of [
      { method: 'GET', url: '/api/member.php/%zz' },
      { method: 'POST', url: '/chats/%zz' },
    ] as const) {
      const res = await app.inject(request);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
    }
  });

  it('a bad query is a 400 with field details, never a 500', async () => {
    const res = await app.inject({ url: '/api/locale.php?lng=xx' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details.fieldErrors).toBeDefined();
  });

  it('GET /api/locale.php gives the interface texts of a language, or of one page with ns=', async () => {
    const res = await app.inject({ url: '/api/locale.php?lng=de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors.page_not_found).toBeTruthy();
    expect(res.json().signup).toBeUndefined();
    expect(res.json().mail).toBeUndefined();
    const signup = await app.inject({ url: '/api/locale.php?lng=de&ns=signup' });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().signup.title).toBeTruthy();
    expect((await app.inject({ url: '/api/locale.php?lng=de&ns=mail' })).statusCode).toBe(400);
  });

  it('sends security headers: the JSON ones on API calls, all of them on everything else', async () => {
    const api = await app.inject({ url: '/api/health.php' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['permissions-policy']).toBeUndefined();

    const owner = await createMember(services.db);
    const key = photoFileKey((await addPhoto(services.db, owner.id)).storageKey, 'thumb');
    await services.storage.put(key, Buffer.from('public'), 'image/webp');
    const file = await app.inject({ url: `/media/${key}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(file.headers['permissions-policy']).toContain('camera=()');
    // Pages name their origin on their own form posts (never to other sites).
    expect(file.headers['referrer-policy']).toBe('same-origin');

    // The API docs are an HTML page under /api/.
    const docs = await app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('never serves private originals from the media path', async () => {
    const owner = await createMember(services.db);
    const hidden = photoFileKey(
      (await addPhoto(services.db, owner.id, { private: true })).storageKey,
      'large',
    );
    const shown = photoFileKey((await addPhoto(services.db, owner.id)).storageKey, 'thumb');
    await services.storage.put(hidden, Buffer.from('secret'), 'image/webp');
    await services.storage.put(shown, Buffer.from('public'), 'image/webp');
    expect((await app.inject({ url: `/media/${hidden}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/media/p/../${hidden}` })).statusCode).toBe(404);
    const ok = await app.inject({ url: `/media/${shown}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('public, max-age=600');
  });
});

describe('POST /api/page-hidden.php', () => {
  it('stores a beacon cheaply, and a bounce with lb', async () => {
    const hidden = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php?path=/pricing',
      payload: {},
    });
    expect(hidden.statusCode).toBe(204);
    const bounce = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php?lb=1&path=/',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(bounce.statusCode).toBe(204);
    expect(services.state.of(pageEventsState).pending()).toBe(3);
    await services.state.of(pageEventsState).flush();
    const rows = await services.pool.query('select kind, path from page_events order by id');
    expect(rows.rows).toEqual([
      { kind: 'hidden', path: '/pricing' },
      { kind: 'hidden', path: '/' },
      { kind: 'bounce', path: '/' },
    ]);
  });
});
