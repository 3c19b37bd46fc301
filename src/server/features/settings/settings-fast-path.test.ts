import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAFFIC_SOURCE_COOKIE } from '../../../shared/limits.ts';
import { createTestApp } from '../../test/app.ts';
import { createSettingsFastPath } from './settings-fast-path.ts';

const { app, services } = await createTestApp({ ALLOW_TEST_GEOIP: '1' });
const fastPath = createSettingsFastPath(services);
let fromCache = 0;
// What buildApp's serverFactory does, with a count of the answers the fast path gave.
const server = http.createServer((request, response) => {
  if (fastPath(request, response)) fromCache += 1;
  else app.routing(request, response);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

async function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // node:http rather than fetch: fetch would decompress and drop content-encoding details.
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const { date: _date, ...rest } = res.headers as Record<string, string>;
          resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** Two identical requests: the first fills the cache through Fastify, the second comes from the cache. */
async function bothPaths(path: string, headers: Record<string, string>) {
  const before = fromCache;
  const viaFastify = await get(path, headers);
  const viaCache = await get(path, headers);
  return { viaFastify, viaCache, cached: fromCache - before };
}

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
    const { viaFastify, viaCache, cached } = await bothPaths('/api/settings.php', headers);
    expect(cached).toBe(1);
    expect(viaFastify.status).toBe(200);
    expect(viaCache.status).toBe(200);
    // Fastify adds its own keep-alive timing; everything else must match byte for byte.
    const { 'keep-alive': _a, ...fastifyHeaders } = viaFastify.headers;
    const { 'keep-alive': _b, ...cacheHeaders } = viaCache.headers;
    expect(cacheHeaders).toEqual(fastifyHeaders);
    expect(viaCache.body.equals(viaFastify.body)).toBe(true);
  });

  it('the cookie names and parsing follow the plugins (traffic source changes the answer)', async () => {
    const plain = await get('/api/settings.php', { cookie: 'i18n_redirected=nl', host: 'liefdesplein.nl' });
    const tracked = await get('/api/settings.php', visitors[3]?.headers ?? {});
    expect(JSON.parse(plain.body.toString()).has_traffic_source).toBe(false);
    expect(JSON.parse(tracked.body.toString()).has_traffic_source).toBe(true);
  });

  it('leaves every other case to Fastify', async () => {
    const before = fromCache;
    const cookie = 'i18n_redirected=nl';
    // Warm the cache for this visitor, then ask in ways the fast path must not answer.
    await get('/api/settings.php', { cookie });
    await get('/api/settings.php', { cookie });
    const afterWarm = fromCache;
    expect(afterWarm - before).toBe(1);
    const noCookie = await get('/api/settings.php', { host: 'liefdesplein.nl' });
    expect(String(noCookie.headers['set-cookie'])).toContain('i18n_redirected=nl'); // the route's work
    await get('/api/settings.php', { cookie: 'i18n_redirected=xx' });
    await get('/api/settings.php?domain=partner.de', { cookie });
    await get('/api/settings.php?network=adnet', { cookie });
    await get('/api/settings.php/', { cookie });
    const head = await new Promise<number>((resolve, reject) => {
      http
        .request(`${base}/api/settings.php`, { method: 'HEAD', headers: { cookie } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject)
        .end();
    });
    expect(head).toBe(200);
    expect(fromCache).toBe(afterWarm);
  });

  it('never answers with settings older than the store', async () => {
    const headers = { cookie: 'i18n_redirected=nl', host: 'changing.nl' };
    await bothPaths('/api/settings.php', headers);
    await services.settings.update('changing.nl', { name: 'Nieuwe naam' });
    const before = fromCache;
    const after = await get('/api/settings.php', headers);
    expect(fromCache).toBe(before); // stale entry: Fastify resolved it again
    expect(JSON.parse(after.body.toString()).name).toBe('Nieuwe naam');
    await get('/api/settings.php', headers);
    expect(fromCache).toBe(before + 1);
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
