import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { describeError } from './logger.ts';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
export type Logger = { info: (o: object, m?: string) => void; error: (o: object, m?: string) => void };

export type EnqueueOptions = { runAt?: Date; dedupeKey?: string; maxAttempts?: number };

const JOBS_CHANNEL = 'jobs_enqueued';
/** A running job whose worker died is picked up again after this long. */
const STALE_LOCK_MS = 5 * 60_000;

/** 10 s, 20 s, 40 s ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export async function enqueueJob(
  db: Database,
  type: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      type,
      payload,
      runAt: options.runAt ?? new Date(),
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 8,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${type})`);
}

export type JobWorker = {
  /** Works every due job once; returns how many ran. Tests call it directly. */
  drain: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
  subscribeChannel: string;
  wake: () => void;
};

export function createJobWorker(options: {
  db: Database;
  handlers: Record<string, JobHandler>;
  log: Logger;
  pollMs?: number;
  now?: () => Date;
}): JobWorker {
  const { db, handlers, log } = options;
  const workerId = randomUUID();
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function claimOne() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.state, 'queued'),
            lt(jobs.runAt, sql`${now().toISOString()}::timestamptz + interval '1 millisecond'`),
          ),
        )
        .orderBy(jobs.runAt)
        .limit(1)
        .for('update', { skipLocked: true });
      const first = due[0];
      if (!first) return undefined;
      const [claimed] = await tx
        .update(jobs)
        .set({ state: 'running', lockedAt: now(), lockedBy: workerId, attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, first.id))
        .returning();
      return claimed;
    });
  }

  async function requeueStale() {
    await db
      .update(jobs)
      .set({ state: 'queued', lockedAt: null, lockedBy: null })
      .where(and(eq(jobs.state, 'running'), lt(jobs.lockedAt, new Date(now().getTime() - STALE_LOCK_MS))));
  }

  async function runOne(): Promise<boolean> {
    const job = await claimOne();
    if (!job) return false;
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job.payload);
      await db
        .update(jobs)
        // A finished job's payload (mail bodies with single-use links) is not kept around.
        .set({ state: 'done', finishedAt: now(), lockedAt: null, payload: {} })
        .where(eq(jobs.id, job.id));
      log.info({ jobId: job.id, type: job.type }, 'job done');
    } catch (error) {
      // Without a failed query's parameters: the column is read in the back office, the log kept.
      const message = describeError(error);
      const failed = job.attempts >= job.maxAttempts;
      await db
        .update(jobs)
        .set({
          state: failed ? 'failed' : 'queued',
          lastError: message.slice(0, 2000),
          lockedAt: null,
          lockedBy: null,
          runAt: new Date(now().getTime() + backoffMs(job.attempts)),
          finishedAt: failed ? now() : null,
        })
        .where(eq(jobs.id, job.id));
      log.error(
        { jobId: job.id, type: job.type, attempts: job.attempts, err: error },
        failed ? 'job failed for good' : 'job failed, will retry',
      );
    }
    return true;
  }

  async function drain(): Promise<number> {
    await requeueStale();
    let count = 0;
    while (await runOne()) count += 1;
    return count;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    if (running || stopped) return;
    running = drain()
      .catch((error) => log.error({ err: error }, 'job worker tick failed'))
      .finally(() => {
        running = undefined;
        schedule(options.pollMs ?? 2_000);
      });
  }

  return {
    drain,
    subscribeChannel: JOBS_CHANNEL,
    wake: () => schedule(0),
    start: () => {
      stopped = false;
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
