import { expect, it, vi } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { connectDatabase } from './client.ts';

const { services } = await createTestApp();

it('runs every request connection without parallel query workers (docs/decisions/0025)', async () => {
  // Several at once, so the pool opens more than one connection.
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => services.pool.query('show max_parallel_workers_per_gather')),
  );
  for (const answer of answers) expect(answer.rows[0].max_parallel_workers_per_gather).toBe('0');
});

it('keeps `min` connections open through a lull and closes the others', async () => {
  const database = connectDatabase(services.pool.options.connectionString as string, {
    max: 3,
    min: 2,
  });
  try {
    // node-postgres closes an idle connection after 10 s; a lull of that length is too long here.
    (database.pool.options as { idleTimeoutMillis: number }).idleTimeoutMillis = 50;
    await Promise.all(Array.from({ length: 3 }, () => database.pool.query('select pg_sleep(0.05)')));
    expect(database.pool.totalCount).toBe(3);
    // The idle timers fire together: a pool that ignored `min` would be down to none by then.
    await vi.waitUntil(() => database.pool.totalCount < 3, { timeout: 10_000, interval: 10 });
    expect(database.pool.totalCount).toBe(2);
  } finally {
    await database.close();
  }
});
