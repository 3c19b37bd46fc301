import { describe, expect, it } from 'vitest';
import { pingDatabase } from '../../db/client.ts';
import { createTestApp } from '../../test/app.ts';
import { createDatabaseCheck, databaseCheckState } from './health.service.ts';

const { app, services } = await createTestApp();

/** A check that has not pinged yet, as after a start. */
function freshCheck(ping = () => pingDatabase(services.db)) {
  services.state.replace(databaseCheckState, createDatabaseCheck(ping));
}

describe('GET /api/health.php', () => {
  it.each([
    { name: 'a load balancer (no cookie)', headers: {} },
    { name: 'a browser', headers: { cookie: 'i18n_redirected=de', 'accept-encoding': 'gzip, deflate, br' } },
  ])('answers up without setting a cookie: $name', async ({ headers }) => {
    freshCheck();
    const answer = await app.inject({ url: '/api/health.php', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
    // Machines keep no cookies.
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('says 503 while the database is down, pinging on every call, and shows recovery at once', async () => {
    let pings = 0;
    freshCheck(async () => {
      pings += 1;
      throw new Error('connection refused');
    });
    for (const _ of [1, 2]) {
      const answer = await app.inject({ url: '/api/health.php' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    }
    expect(pings).toBe(2);
    freshCheck();
    expect((await app.inject({ url: '/api/health.php' })).statusCode).toBe(200);
  });

  it('answers HEAD and a query too', async () => {
    expect((await app.inject({ url: '/api/health.php?verbose=1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/api/health.php' })).statusCode).toBe(200);
  });
});
