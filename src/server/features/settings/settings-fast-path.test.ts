import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TRAFFIC_SOURCE_COOKIE } from '../../../shared/limits.ts';
import { createTestApp } from '../../test/app.ts';
import { fastPathServer, withoutKeepAlive } from '../../test/fast-path-server.ts';
import { createSettingsFastPath } from './settings-fast-path.ts';

const { app, services } = await createTestApp({ ALLOW_TEST_GEOIP: '1' });
const { served, get, head, bothPaths } = fastPathServer(app, createSettingsFastPath(services));

describe('GET /api/settings.php before Fastify', () => {
  const visitors: { name: string; headers: Record<string, string> }[] = [
    { name: 'Dutch visitor', headers: { cookie: 'i18n_redirected=nl', host: 'liefdesplein.nl' } },
    {
      name: 'German visitor with brotli',
      headers: { cookie: 'i18n_redirected=de', host: 'liefdesplein.nl', 'accept-encoding': 'gzip, br' },
    },
    {
      name: 'gzip only, behind a proxy',
      headers: {
        cookie: 'i18n_redirected=en',
        host: 'internal:8080',
        'x-forwarded-host': 'www.herzplatz.de',
        'x-forwarded-for': '81.2.69.142, 10.0.0.1',
        'accept-encoding': 'gzip',
      },
    },
    {
      name: 'visitor from Belgium with a traffic source',
      headers: {
        cookie: `i18n_redirected=fr; ${TRAFFIC_SOURCE_COOKIE}=${encodeURIComponent(JSON.stringify({ network: 'adnet', sub1: 'x' }))}`,
        host: 'liefdesplein.nl',
        'x-test-geoip-country': 'BE',
      },
    },
  ];

  it.each(visitors)('gives the same answer as the route: $name', async ({ headers }) => {
    const { viaFastify, early, servedEarly } = await bothPaths('/api/settings.php', headers);
    expect(servedEarly).toBe(1);
    expect(viaFastify.status).toBe(200);
    expect(early.status).toBe(200);
    expect(withoutKeepAlive(early.headers)).toEqual(withoutKeepAlive(viaFastify.headers));
    expect(early.body.equals(viaFastify.body)).toBe(true);
  });

  it('the cookie names and parsing follow the plugins (traffic source changes the answer)', async () => {
    const plain = await get('/api/settings.php', { cookie: 'i18n_redirected=nl', host: 'liefdesplein.nl' });
    const tracked = await get('/api/settings.php', visitors[3]?.headers ?? {});
    expect(JSON.parse(plain.body.toString()).has_traffic_source).toBe(false);
    expect(JSON.parse(tracked.body.toString()).has_traffic_source).toBe(true);
  });

  it('leaves every other case to Fastify', async () => {
    const before = served();
    const cookie = 'i18n_redirected=nl';
    // Warm the cache for this visitor, then ask in ways the fast path must not answer.
    await get('/api/settings.php', { cookie });
    await get('/api/settings.php', { cookie });
    const afterWarm = served();
    expect(afterWarm - before).toBe(1);
    const noCookie = await get('/api/settings.php', { host: 'liefdesplein.nl' });
    expect(String(noCookie.headers['set-cookie'])).toContain('i18n_redirected=nl'); // the route's work
    await get('/api/settings.php', { cookie: 'i18n_redirected=xx' });
    await get('/api/settings.php?domain=partner.de', { cookie });
    await get('/api/settings.php?network=adnet', { cookie });
    await get('/api/settings.php/', { cookie });
    expect((await head('/api/settings.php', { cookie })).status).toBe(200);
    expect(served()).toBe(afterWarm);
  });

  it('never answers with settings older than the store', async () => {
    const headers = { cookie: 'i18n_redirected=nl', host: 'changing.nl' };
    await bothPaths('/api/settings.php', headers);
    await services.settings.update('changing.nl', { name: 'Nieuwe naam' });
    const before = served();
    const after = await get('/api/settings.php', headers);
    expect(served()).toBe(before); // stale entry: Fastify resolved it again
    expect(JSON.parse(after.body.toString()).name).toBe('Nieuwe naam');
    await get('/api/settings.php', headers);
    expect(served()).toBe(before + 1);
  });
});

describe('the product server', () => {
  it('answers the settings call through the server buildApp makes', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}/api/settings.php`;
    const first = await fetch(url, { headers: { cookie: 'i18n_redirected=it' } });
    const second = await fetch(url, { headers: { cookie: 'i18n_redirected=it' } });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
