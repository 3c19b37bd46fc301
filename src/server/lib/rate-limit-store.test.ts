import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { createServices } from '../services.ts';
import { createTestApp } from '../test/app.ts';
import { createRateLimitStores } from './rate-limit-store.ts';

const first = await createTestApp({ LOGIN_RATE_LIMIT: '20', SIGNUP_RATE_LIMIT: '2' });
// A second instance of the app on the same database, as behind a load balancer.
const secondServices = await createServices(
  loadEnv({ NODE_ENV: 'test', DATA_DIR: first.dataDir, LOGIN_RATE_LIMIT: '20', SIGNUP_RATE_LIMIT: '2' }),
  { ...first.database, close: async () => {} },
  pino({ level: 'silent' }),
);
const second = await buildApp(secondServices, { logger: false });
await second.ready();
afterAll(async () => {
  await second.close();
  await secondServices.close();
});

const wrongLogin = (app: typeof second, i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: '198.51.100.20',
    payload: { email: `nobody${i}@example.nl`, password: 'wrong-password' },
  });

describe('rate limits across instances', () => {
  it('a per-IP limit counts the requests of every instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1)
      statuses.push((await wrongLogin(i % 2 ? second : first.app, i)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await wrongLogin(first.app, 20)).statusCode).toBe(429);
    expect((await wrongLogin(second, 21)).statusCode).toBe(429);
  });

  it('a limiter shared by two routes (sign-up and entry) shares its count across instances', async () => {
    const signup = (app: typeof second) =>
      app.inject({
        method: 'POST',
        url: '/api/signup-entry.php',
        remoteAddress: '198.51.100.21',
        payload: {},
      });
    expect((await signup(first.app)).statusCode).toBe(400);
    expect((await signup(second)).statusCode).toBe(400);
    expect((await signup(first.app)).statusCode).toBe(429);
  });
});

describe('the PostgreSQL store', () => {
  const stores = createRateLimitStores(first.services.pool);
  afterAll(() => stores.close());
  const incr = (
    store: ReturnType<InstanceType<typeof stores.Store>['child']>,
    key: string,
    windowMs = 60_000,
  ) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 5),
    );
  const limiter = (groupId: string) => new stores.Store({}).child({ groupId, routeInfo: {} } as never);

  it('counts up within a window and starts again after it', async () => {
    const store = limiter('window-test');
    expect((await incr(store, '1.2.3.4')).current).toBe(1);
    const second = await incr(store, '1.2.3.4');
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    await first.services.db.execute(sql`update rate_limits set expires_at = now() - interval '1 second'`);
    expect((await incr(store, '1.2.3.4')).current).toBe(1);
  });

  it('keeps the counts of two limiters apart', async () => {
    const a = limiter('a');
    const b = limiter('b');
    await incr(a, '5.6.7.8');
    await incr(a, '5.6.7.8');
    expect((await incr(b, '5.6.7.8')).current).toBe(1);
  });

  it('keeps its counters in an unlogged table: a limited request never waits for a WAL flush', async () => {
    const { rows } = await first.services.pool.query(
      `select relpersistence from pg_class where relname = 'rate_limits'`,
    );
    expect(rows[0]?.relpersistence).toBe('u');
  });

  it('refuses a shared limiter without a name', () => {
    expect(() => new stores.Store({}).child({ routeInfo: {} } as never)).toThrow(/groupId/);
  });
});
