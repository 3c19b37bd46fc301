import { expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

const { services } = await createTestApp();

it('runs every request connection without parallel query workers (docs/decisions/0025)', async () => {
  // Several at once, so the pool opens more than one connection.
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => services.pool.query('show max_parallel_workers_per_gather')),
  );
  for (const answer of answers) expect(answer.rows[0].max_parallel_workers_per_gather).toBe('0');
});
