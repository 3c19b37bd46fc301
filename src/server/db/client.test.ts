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
    // Three connections held at once, then given back together: with queries instead, the first to
    // end idled for its 50 ms while a busy machine still ran the others, and was closed before the count.
    const clients = await Promise.all(Array.from({ length: 3 }, () => database.pool.connect()));
    expect(database.pool.totalCount).toBe(3);
    for (const client of clients) client.release();
    // The idle timers fire together: a pool that ignored `min` would be down to none by then.
    await vi.waitUntil(() => database.pool.totalCount < 3, { timeout: 10_000, interval: 10 });
    expect(database.pool.totalCount).toBe(2);
  } finally {
    await database.close();
  }
});
