import { describe, expect, it } from 'vitest';
import { pingDatabase } from '../../db/client.ts';
import { createTestApp } from '../../test/app.ts';
import { fastPathServer, withoutKeepAlive } from '../../test/fast-path-server.ts';
import { createDatabaseCheck } from './health.service.ts';
import { createHealthFastPath } from './health-fast-path.ts';

const { app, services } = await createTestApp();
const { served, get, head, bothPaths } = fastPathServer(app, createHealthFastPath(services));

/** A check that has not pinged yet, as after a start: the next request must go through Fastify. */
function freshCheck(ping = () => pingDatabase(services.db)) {
  services.databaseCheck = createDatabaseCheck(ping);
}

describe('GET /api/health.php before Fastify', () => {
  const cases: { name: string; headers: Record<string, string> }[] = [
    { name: 'a load balancer (no cookie)', headers: {} },
    { name: 'a browser', headers: { cookie: 'i18n_redirected=de', 'accept-encoding': 'gzip, deflate, br' } },
    {
      name: 'another host behind a proxy',
      headers: { host: 'www.herzplatz.de', 'x-forwarded-for': '203.0.113.9' },
    },
  ];
  it.each(cases)('gives the same answer as the route: $name', async ({ headers }) => {
    freshCheck();
    const { viaFastify, early, servedEarly } = await bothPaths('/api/health.php', headers);
    expect(servedEarly).toBe(1);
    expect(viaFastify.status).toBe(200);
    expect(withoutKeepAlive(early.headers)).toEqual(withoutKeepAlive(viaFastify.headers));
    expect(early.body.equals(viaFastify.body)).toBe(true);
    expect(JSON.parse(early.body.toString())).toEqual({ status: 'ok', database: 'ok' });
    // Machines keep no cookies; neither path sets the locale one.
    expect(viaFastify.headers['set-cookie']).toBeUndefined();
  });

  it('never answers while the database is down: Fastify pings on every call and says 503', async () => {
    let pings = 0;
    freshCheck(async () => {
      pings += 1;
      throw new Error('connection refused');
    });
    const before = served();
    for (const _ of [1, 2]) {
      const answer = await get('/api/health.php');
      expect(answer.status).toBe(503);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answer.body.toString())).toEqual({ status: 'unavailable', database: 'unavailable' });
    }
    expect(pings).toBe(2);
    expect(served()).toBe(before);

    // Recovery shows at once, and from then on the fast path answers again.
    freshCheck();
    expect((await get('/api/health.php')).status).toBe(200);
    expect((await get('/api/health.php')).status).toBe(200);
    expect(served()).toBe(before + 1);
  });

  it('leaves a query, HEAD and other methods to Fastify', async () => {
    await services.databaseCheck.check();
    const before = served();
    expect((await get('/api/health.php?verbose=1')).status).toBe(200);
    expect((await head('/api/health.php')).status).toBe(200);
    expect(served()).toBe(before);
  });
});
