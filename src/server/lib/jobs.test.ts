import { TestClock } from 'pg-boss';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDb } from '../test/db.ts';
import { createJobQueue, defineJob, jobIdOf } from './jobs.ts';

const database = await createTestDb();
const clock = new TestClock(new Date('2026-01-01T10:00:00Z'));
const queue = createJobQueue({
  url: database.url,
  log: pino({ level: 'silent' }),
  clock,
  background: false,
  max: 2,
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

const at = (iso: string) => new Date(iso);
const calls: Record<string, unknown[]> = {};
const record = (name: string) => async (payload: unknown) => {
  calls[name] = [...(calls[name] ?? []), payload];
};

const flakyJob = defineJob({ name: 'test-flaky', payload: z.object({ n: z.number() }), maxAttempts: 3 });
let flakyFailures = 2;
queue.handle(flakyJob, async (payload) => {
  if (flakyFailures > 0) {
    flakyFailures -= 1;
    throw new Error('smtp down');
  }
  await record('flaky')(payload);
});
const laterJob = defineJob({ name: 'test-later', payload: z.object({ id: z.number() }), retentionDays: 60 });
queue.handle(laterJob, record('later'));
const onceJob = defineJob({ name: 'test-once', payload: z.object({}) });
queue.handle(onceJob, record('once'));
const mailJob = defineJob({ name: 'send-mail-legacy', payload: z.record(z.string(), z.unknown()) });
queue.handle(mailJob, record('mail'));

describe('jobs on pg-boss', () => {
  it('retries a failing job with backoff, then succeeds', async () => {
    await queue.enqueue(flakyJob, { n: 1 }, { runAt: at('2026-01-01T10:00:00Z') });
    expect(await queue.drain(at('2026-01-01T10:00:00Z'))).toBe(1); // first attempt fails
    expect(await queue.drain(at('2026-01-01T10:00:01Z'))).toBe(0); // not due before the backoff
    await queue.drain(at('2026-01-01T10:05:00Z'));
    await queue.drain(at('2026-01-01T11:00:00Z'));
    expect(calls.flaky).toEqual([{ n: 1 }]);
  });

  it('runs a scheduled job when it is due, not before (an erasure 14 days later)', async () => {
    await queue.enqueue(laterJob, { id: 7 }, { runAt: at('2026-01-15T10:00:00Z') });
    expect(await queue.drain(at('2026-01-14T10:00:00Z'))).toBe(0);
    expect(await queue.drain(at('2026-01-15T10:00:01Z'))).toBe(1);
    expect(calls.later).toEqual([{ id: 7 }]);
  });

  it('creates one job for one dedupe key', async () => {
    await queue.enqueue(onceJob, {}, { dedupeKey: 'k1' });
    await queue.enqueue(onceJob, {}, { dedupeKey: 'k1' });
    await queue.drain(at('2026-01-16T00:00:00Z'));
    expect(calls.once).toHaveLength(1);
    expect(jobIdOf('a', 'k')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(jobIdOf('a', 'k')).not.toBe(jobIdOf('b', 'k'));
  });

  it('enqueues inside the caller transaction: a rolled back change leaves no job', async () => {
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue(onceJob, {}, { tx, dedupeKey: 'rolled-back' });
        tx.rollback();
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await queue.enqueue(laterJob, { id: 8 }, { tx });
    });
    await queue.drain(at('2026-01-17T00:00:00Z'));
    expect(calls.once).toHaveLength(1);
    expect(calls.later).toEqual([{ id: 7 }, { id: 8 }]);
  });

  it('refuses a payload that does not match its schema', async () => {
    await expect(queue.enqueue(laterJob, { id: 'x' } as never)).rejects.toThrow();
  });
});

describe('the workers (start)', () => {
  it('take the next job at once while a queue has a backlog, not one job per poll', async () => {
    // The workers' clock stands still (pg-boss waits its poll on it), so a worker that slept its
    // 2 s poll after each fetch would never fetch again: its 2 workers' first fetches take 10 of
    // these 12 jobs, and only a fetch at once after a full batch takes the last 2.
    const workers = createJobQueue({
      url: database.url,
      log: pino({ level: 'silent' }),
      clock,
      background: false,
      max: 3,
    });
    const backlogJob = defineJob({ name: 'test-backlog', payload: z.object({ n: z.number() }) });
    const done: number[] = [];
    let failedOnce = false;
    workers.handle(backlogJob, async ({ n }) => {
      // One job of the batch fails: it alone is retried, the others are not run again.
      if (n === 3 && !failedOnce) {
        failedOnce = true;
        throw new Error('smtp down');
      }
      done.push(n);
    });
    // pg-boss stores a batch's results after its handler returns: settled is what the test reads.
    const settled = async () => {
      const jobs = await workers.boss.findJobs<{ n: number }>(backlogJob.name);
      return jobs.length === 12 && jobs.every((job) => job.state === 'completed' || job.state === 'retry');
    };
    try {
      for (let n = 0; n < 12; n++) await workers.enqueue(backlogJob, { n });
      await workers.start();
      await vi.waitUntil(settled, { timeout: 15_000, interval: 50 });
      expect(done.filter((n) => n !== 3).sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(failedOnce).toBe(true);
      const [failed] = await workers.boss.findJobs(backlogJob.name, { data: { n: 3 } });
      expect(failed?.state).toBe('retry');
    } finally {
      await workers.stop();
    }
  }, 30_000);

  it('run the jobs of a batch side by side for a kind that asks so (mails, pushes)', async () => {
    const workers = createJobQueue({
      url: database.url,
      log: pino({ level: 'silent' }),
      background: false,
      max: 3,
    });
    const waitingJob = defineJob({
      name: 'test-parallel',
      payload: z.object({ n: z.number() }),
      parallel: true,
    });
    let inFlight = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done: number[] = [];
    workers.handle(waitingJob, async ({ n }) => {
      inFlight += 1;
      await released;
      done.push(n);
    });
    try {
      for (let n = 0; n < 10; n++) await workers.enqueue(waitingJob, { n });
      await workers.start();
      // Two workers, one job after the other each, would never have more than 2 in hand.
      await vi.waitUntil(() => inFlight >= 6, { timeout: 10_000 });
      release();
      await vi.waitUntil(() => done.length === 10, { timeout: 10_000 });
      expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await workers.stop();
    }
  }, 30_000);
});
