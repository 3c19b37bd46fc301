import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecondInstance, createTestApp } from '../test/app.ts';
import { createRateLimitStores } from './rate-limit-store.ts';

const first = await createTestApp({ LOGIN_RATE_LIMIT: '20', SIGNUP_RATE_LIMIT: '2' });
// A second instance of the app on the same database, as behind a load balancer.
const { app: second } = await createSecondInstance(first);

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
  const stores = createRateLimitStores(first.services.pool, first.services.background);
  afterAll(() => stores.close());
  const incr = (
    store: ReturnType<InstanceType<typeof stores.Store>['child']>,
    key: string,
    windowMs = 60_000,
  ) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 5),
    );
  const limiter = (groupId: string, countBehind = false, from = stores) =>
    new from.Store({}).child({ groupId, countBehind, routeInfo: {} } as never);

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

  /** The count of a key in the database once the waiting hits are written. */
  const storedCount = async (key: string) => {
    await first.services.background.idle();
    return (
      await first.services.pool.query<{ count: number }>('select count from rate_limits where key = $1', [
        key,
      ])
    ).rows[0]?.count;
  };

  it('a countBehind limit answers below half its count at once, and every hit reaches the database', async () => {
    const store = limiter('behind-test', true);
    /** A hit, and whether its answer came within the call (no database round trip). */
    const hit = (max: number) => {
      let called = false;
      const answered = new Promise<number>((resolve, reject) =>
        store.incr(
          '9.9.9.9',
          (e, r) => {
            called = true;
            return e || !r ? reject(e) : resolve(r.current);
          },
          60_000,
          max,
        ),
      );
      return { answered, atOnce: called };
    };
    // Nothing known yet: the first hit waits for the database's count.
    expect(await hit(100).answered).toBe(1);
    // Then up to half of 100 the instance's own hits go on the count it knows, answered in the
    // call itself, however many are in flight.
    const burst = Array.from({ length: 40 }, () => hit(100));
    expect(burst.every((h) => h.atOnce)).toBe(true);
    expect((await Promise.all(burst.map((h) => h.answered))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 2),
    );
    expect(await storedCount('behind-test|9.9.9.9')).toBe(41);
    // Past half the limit the hit waits for the database's count again.
    const near = Array.from({ length: 20 }, () => hit(100));
    const counts = await Promise.all(near.map((h) => h.answered));
    expect(near.filter((h) => h.atOnce)).toHaveLength(9);
    expect(Math.max(...counts)).toBe(61);
    expect(await storedCount('behind-test|9.9.9.9')).toBe(61);
  });

  it('a countBehind limit: one instance lets no more through than the limit, two share it', async () => {
    const one = limiter('behind-one', true);
    const hit = (store: typeof one, key: string) =>
      new Promise<number>((resolve, reject) =>
        store.incr(key, (e, r) => (e || !r ? reject(e) : resolve(r.current)), 60_000, 20),
      );
    const alone: number[] = [];
    for (let i = 0; i < 25; i += 1) alone.push(await hit(one, '7.7.7.7'));
    expect(alone).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await storedCount('behind-one|7.7.7.7')).toBe(25);

    // Two instances: each knows its own hits and what the database last said, so the count either
    // answers may lag the other's latest hits; past half the limit both wait for the database.
    const other = createRateLimitStores(first.services.pool, first.services.background);
    try {
      const here = limiter('behind-two', true);
      const there = limiter('behind-two', true, other);
      const shared: number[] = [];
      for (let i = 0; i < 30; i += 1) shared.push(await hit(i % 2 ? there : here, '6.6.6.6'));
      expect(shared.slice(-5).every((c) => c > 20)).toBe(true);
      expect(await storedCount('behind-two|6.6.6.6')).toBe(30);
    } finally {
      other.close();
    }
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
