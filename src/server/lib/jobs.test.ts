import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db.ts';
import { backoffMs, createJobWorker, enqueueJob } from './jobs.ts';

const database = await createTestDb();
const log = pino({ level: 'silent' });

describe('jobs', () => {
  it('retries a failing job with backoff, then succeeds', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    let calls = 0;
    const worker = createJobWorker({
      db: database.db,
      log,
      now: () => now,
      handlers: {
        flaky: async () => {
          calls += 1;
          if (calls < 3) throw new Error('smtp down');
        },
      },
    });
    await enqueueJob(database.db, 'flaky', { n: 1 }, { runAt: now });
    expect(await worker.drain()).toBe(1);
    expect(calls).toBe(1);
    expect(await worker.drain()).toBe(0); // not due before the backoff
    now = new Date(now.getTime() + backoffMs(1) + 1);
    await worker.drain();
    now = new Date(now.getTime() + backoffMs(2) + 1);
    await worker.drain();
    expect(calls).toBe(3);
    const [row] = (
      await database.pool.query("select state, attempts, last_error from jobs where type = 'flaky'")
    ).rows;
    expect(row).toEqual({ state: 'done', attempts: 3, last_error: 'smtp down' });
  });

  it('gives up after the last attempt', async () => {
    const now = new Date('2026-01-02T10:00:00Z');
    const worker = createJobWorker({ db: database.db, log, now: () => now, handlers: {} });
    await enqueueJob(database.db, 'unknown', {}, { runAt: now, maxAttempts: 1 });
    await worker.drain();
    const [row] = (await database.pool.query("select state from jobs where type = 'unknown'")).rows;
    expect(row.state).toBe('failed');
  });

  it('creates one job for one dedupe key', async () => {
    await enqueueJob(database.db, 'once', {}, { dedupeKey: 'k1' });
    await enqueueJob(database.db, 'once', {}, { dedupeKey: 'k1' });
    const { rows } = await database.pool.query("select count(*)::int as n from jobs where type = 'once'");
    expect(rows[0].n).toBe(1);
  });

  it('picks up a job whose worker died while running it (survives restarts)', async () => {
    await database.pool.query(
      "insert into jobs (type, payload, state, locked_at, attempts) values ('orphan', '{}', 'running', now() - interval '1 hour', 1)",
    );
    let ran = false;
    const worker = createJobWorker({
      db: database.db,
      log,
      handlers: {
        orphan: async () => {
          ran = true;
        },
      },
    });
    await worker.drain();
    expect(ran).toBe(true);
  });

  it('backs off exponentially up to an hour', () => {
    expect(backoffMs(1)).toBe(10_000);
    expect(backoffMs(2)).toBe(20_000);
    expect(backoffMs(30)).toBe(3_600_000);
  });
});
