import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Clock, fromDrizzle, type Job, type JobResult, PgBoss, TestClock } from 'pg-boss';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { describeError } from './logger.ts';

export type Logger = {
  info: (o: object, m?: string) => void;
  warn?: (o: object, m?: string) => void;
  error: (o: object, m?: string) => void;
};

/**
 * A kind of job: its queue's name, the schema of its payload (checked when it is enqueued and again
 * when it runs, so a payload written by an older version fails loudly instead of half-working), and
 * how long a scheduled job may wait.
 */
export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  /** A job due later than this is kept (pg-boss deletes unstarted jobs after their retention). */
  retentionDays?: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /**
   * A recurring job: pg-boss's cron (stored in its schedule table, so several instances send it
   * once per tick between them), with an empty payload, in the site's time zone.
   */
  cron?: string;
  /**
   * How long one run may take before pg-boss takes it for lost and fails it (by default 15
   * minutes): for a job that paces itself for longer.
   */
  runsUpToMinutes?: number;
  /**
   * The jobs of a worker's batch run side by side rather than one after the other: for jobs that
   * mostly wait on another server (a mail's hand-over, a push) and are independent of each other.
   */
  parallel?: boolean;
};

/** Where cron times of recurring jobs are read: the site is run from the Netherlands. */
const CRON_TIME_ZONE = 'Europe/Amsterdam';

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export type EnqueueOptions = {
  /** Due at this time (by default at once). */
  runAt?: Date;
  /** Enqueuing twice with the same key creates one job (idempotent producers). */
  dedupeKey?: string;
  /** The caller's transaction: the job exists if and only if the change that causes it commits. */
  tx?: Queryable;
};

export type JobQueue = {
  /** Registers the handler of a kind of job; every kind the app enqueues has one before start. */
  handle: <P>(definition: JobDefinition<P>, handler: (payload: P) => Promise<void>) => void;
  enqueue: <P>(definition: JobDefinition<P>, payload: P, options?: EnqueueOptions) => Promise<void>;
  /** Starts the workers (the app process; tests drain instead). */
  start: () => Promise<void>;
  /**
   * Works every job that is due at `asOf` (tests move their clock; the default is now), also the
   * ones those jobs enqueue; returns how many ran. A function is asked again before each pass.
   */
  drain: (asOf?: Date | (() => Date)) => Promise<number>;
  stop: () => Promise<void>;
  /** The queue itself, for cron schedules and the back office's view of jobs. */
  boss: PgBoss;
};

/** 10 s, 20 s, 40 s ... capped at one hour (pg-boss adds jitter). */
const RETRY = { retryDelay: 10, retryBackoff: true, retryDelayMax: 3_600 } as const;
const DEFAULT_MAX_ATTEMPTS = 8;
/** Completed jobs (their payloads can hold single-use links) are deleted after a day. */
const DELETE_COMPLETED_AFTER_S = 86_400;
const DEFAULT_RETENTION_DAYS = 14;

/**
 * How each queue's workers take jobs. A worker sleeps its poll after every fetch unless NOTIFY woke
 * it, so one job per fetch meant one job per 2 s a worker under a backlog (the notifications
 * benchmark: 1.5 jobs/s a queue, mails and pushes falling behind without bound). A batch per fetch,
 * fetched again at once while fetches come back full, works a backlog at the speed of its jobs; a
 * failing job is settled alone (perJobResults), the batch's others are not run again. Due jobs are
 * still looked for every 2 s, also with NOTIFY (whose own backstop poll is 30 s): a reminder, a
 * re-check due later would wait that long.
 */
const WORKER = {
  pollingIntervalSeconds: 2,
  notifyPollingIntervalSeconds: 2,
  localConcurrency: 2,
  batchSize: 5,
  burstWhenBatchFull: true,
  perJobResults: true,
} as const;

/** pg-boss takes a UUID as a job's own id: the same dedupe key always gives the same one. */
export function jobIdOf(name: string, dedupeKey: string): string {
  const hex = createHash('sha256').update(`${name}\n${dedupeKey}`).digest('hex');
  // A version-5-shaped UUID (the variant and version bits set), so PostgreSQL's uuid type takes it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Durable jobs on pg-boss (docs/decisions/0017): SKIP LOCKED workers, retries with backoff,
 * LISTEN/NOTIFY wake-ups, cron, and a send that joins the caller's Drizzle transaction, so a change
 * and the job it causes commit together (the outbox). `clock` is a pg-boss TestClock in tests: then
 * drain(asOf) moves pg-boss's own notion of now (its SQL reads it too) to the services' clock.
 */
export function createJobQueue(options: {
  url: string;
  log: Logger;
  clock?: Clock;
  /** Connections of pg-boss's own pool (the app's pool is separate). */
  max?: number;
  /** false in tests: no supervisor, no cron timers, nothing running behind the test's back. */
  background?: boolean;
}): JobQueue {
  const { log } = options;
  const background = options.background ?? true;
  const boss = new PgBoss({
    connectionString: options.url,
    max: options.max ?? 4,
    application_name: 'liefdesplein-jobs',
    supervise: background,
    schedule: background,
    useListenNotify: background,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const handlers = new Map<
    string,
    { definition: JobDefinition<unknown>; run: (payload: unknown) => Promise<void> }
  >();
  let started: Promise<unknown> | undefined;
  const ready = () => {
    started ??= boss.start().then(async () => {
      for (const { definition } of handlers.values()) await createQueue(definition);
    });
    return started;
  };

  async function createQueue(definition: JobDefinition<unknown>) {
    const settings = {
      ...RETRY,
      retryLimit: (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) - 1,
      retentionSeconds: (definition.retentionDays ?? DEFAULT_RETENTION_DAYS) * 86_400,
      deleteAfterSeconds: DELETE_COMPLETED_AFTER_S,
      ...(definition.runsUpToMinutes ? { expireInSeconds: definition.runsUpToMinutes * 60 } : {}),
      // A new job wakes the workers at once (LISTEN/NOTIFY, on commit) instead of at their next
      // poll, up to 2 s later: a payment notice, a mail, a push leave as soon as their change commits.
      notify: true,
    };
    await boss.createQueue(definition.name, settings);
    // A queue made by an earlier version keeps its settings otherwise (creating is a no-op then).
    await boss.updateQueue(definition.name, settings);
  }

  async function runJob(job: Job<unknown>) {
    const entry = handlers.get(job.name);
    if (!entry) throw new Error(`no handler for job ${job.name}`);
    await entry.run(entry.definition.payload.parse(job.data));
  }

  const queue: JobQueue = {
    boss,
    handle: (definition, handler) => {
      handlers.set(definition.name, {
        definition: definition as JobDefinition<unknown>,
        run: handler as (payload: unknown) => Promise<void>,
      });
    },
    enqueue: async (definition, payload, enqueueOptions = {}) => {
      await ready();
      if (!handlers.has(definition.name)) throw new Error(`job ${definition.name} has no handler`);
      const data = definition.payload.parse(payload) as object;
      // A transaction's session does not read a test clock's time: say it outright.
      const runAt = enqueueOptions.runAt ?? (options.clock ? new Date(options.clock.now()) : undefined);
      await boss.send(definition.name, data, {
        ...(runAt ? { startAfter: runAt } : {}),
        ...(enqueueOptions.dedupeKey ? { id: jobIdOf(definition.name, enqueueOptions.dedupeKey) } : {}),
        ...(enqueueOptions.tx ? { db: fromDrizzle(enqueueOptions.tx as never, sql) } : {}),
      });
    },
    start: async () => {
      await ready();
      for (const { definition } of handlers.values())
        if (definition.cron)
          await boss.schedule(definition.name, definition.cron, {}, { tz: CRON_TIME_ZONE });
      for (const name of handlers.keys()) {
        const settle = async (job: Job<unknown>): Promise<JobResult> => {
          try {
            await runJob(job);
            log.info({ jobId: job.id, type: job.name }, 'job done');
            return { id: job.id, status: 'completed' };
          } catch (error) {
            log.error(
              { jobId: job.id, type: job.name, attempt: job.retryCount + 1, err: error },
              'job failed, pg-boss retries it until its last attempt',
            );
            // This job alone is retried; kept on it without a failed query's parameters (as drain does).
            return { id: job.id, status: 'failed', output: { message: describeError(error) } };
          }
        };
        const parallel = handlers.get(name)?.definition.parallel === true;
        await boss.work(name, WORKER, async (jobs) => {
          if (parallel) return Promise.all(jobs.map(settle));
          const results: JobResult[] = [];
          for (const job of jobs) results.push(await settle(job));
          return results;
        });
      }
    },
    drain: async (asOf = () => new Date()) => {
      await ready();
      const clock = options.clock instanceof TestClock ? options.clock : undefined;
      let count = 0;
      // Passes until one finds nothing: a job may enqueue another (a reset request, then its mail).
      for (let ranInPass = -1; ranInPass !== 0; ) {
        ranInPass = 0;
        if (clock) await clock.setTime(typeof asOf === 'function' ? asOf() : asOf);
        for (const name of handlers.keys()) {
          for (;;) {
            const [job] = await boss.fetch<unknown>(name);
            if (!job) break;
            ranInPass += 1;
            try {
              await runJob(job);
              await boss.complete(name, job);
            } catch (error) {
              // Kept on the job for the back office: without a failed query's parameters.
              await boss.fail(name, job, { message: describeError(error) });
            }
          }
        }
        count += ranInPass;
      }
      return count;
    },
    stop: async () => {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
  return queue;
}

/**
 * Creates pg-boss's schema on a database (the test template, so every test database has it), then
 * lets go of it.
 */
export async function installJobSchema(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, max: 1, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}
