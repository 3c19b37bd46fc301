import path from 'node:path';
import type { Clock } from 'pg-boss';
import type { Logger as PinoLogger } from 'pino';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import { createFeatureStates, type Feature, type FeatureStates, jobsOf } from './feature.ts';
import { createSessionCache, type SessionCache } from './features/auth/sessions.service.ts';
import {
  createResolvedSettingsCache,
  createSettingsStore,
  type SettingsStore,
} from './features/settings/settings.service.ts';
import { type BackgroundWork, createBackgroundWork } from './lib/background-work.ts';
import { createEventBus, type EventBus } from './lib/event-bus.ts';
import { loadTranslations, type Translations } from './lib/i18n.ts';
import { createJobQueue, type EnqueueOptions, type JobDefinition, type JobQueue } from './lib/jobs.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createRateLimitStores, type RateLimitStores } from './lib/rate-limit-store.ts';
import { createSmsSender, type SmsSender } from './lib/sms.ts';
import { createLocalStorage, type Storage } from './lib/storage.ts';
import { ensureVapidKeys, type VapidKeys } from './lib/vapid.ts';

/**
 * The infrastructure every feature may use, and that knows no feature: database, event bus, log,
 * jobs, mailer, storage, clock, environment, rate-limit counters, translations.
 */
type Core = {
  env: Env;
  db: Db['db'];
  pool: Db['pool'];
  log: PinoLogger;
  bus: EventBus;
  translations: Translations;
  mailer: Mailer;
  /** SMS (direct-debit codes): Twilio when configured, else the development outbox. */
  sms: SmsSender;
  storage: Storage;
  jobs: JobQueue;
  /** The counters of every rate limit, in PostgreSQL so that they hold across instances. */
  rateLimits: RateLimitStores;
  /** The clock services read; tests move it. */
  now: () => Date;
  /** Work going on after an answer (a payment notice's application), for shutdown and tests to wait for. */
  background: BackgroundWork;
  /** Enqueues a durable job, due now unless told otherwise. */
  enqueue: <P>(job: JobDefinition<P>, payload: P, options?: EnqueueOptions) => Promise<void>;
};

/**
 * What features keep per app. Each feature's own state is in its definition (`state`, read with
 * `services.state.of(slot)`). Two stores stay here because the core's request plugins read them on
 * every request, before any feature runs, and most features read them too: the per-domain settings
 * (request-context) and the member sessions (the session plugin). docs/decisions/0048.
 */
type FeatureServices = {
  /** What each feature keeps per app, listed in its own definition (defineFeature's `state`). */
  state: FeatureStates;
  settings: SettingsStore;
  resolvedSettings: ReturnType<typeof createResolvedSettingsCache>;
  sessions: SessionCache;
  /** The site's web-push keys, which the resolved settings hand to every page (lib/vapid.ts). */
  vapid: VapidKeys;
};

/**
 * What the composition root hands to route factories and job handlers. Service functions take
 * only what they use (`Pick<AppServices, 'db' | 'now'>`), so a test or another feature can call them
 * with just that.
 */
export type AppServices = Core & FeatureServices & { close: () => Promise<void> };

type ServiceOptions = {
  /** A pg-boss TestClock in tests: jobs.drain() then runs what is due by services.now(). */
  jobClock?: Clock;
};

/**
 * Wires the process-wide services once, for the features listed (features.ts: the composition root
 * names them, this file none): their state, their jobs, their work before serving. buildApp only
 * registers routes on top of them.
 */
export async function createServices(
  env: Env,
  database: Db,
  log: PinoLogger,
  features: readonly Feature[],
  options: ServiceOptions = {},
): Promise<AppServices> {
  const { db, pool } = database;
  const bus = createEventBus(pool, log);
  const background = createBackgroundWork();
  const storage = createLocalStorage(path.join(env.dataDir, 'media'));
  const mailer = createMailer({
    smtpUrl: env.smtpUrl,
    poolSize: env.smtpPoolSize,
    dataDir: env.dataDir,
    from: env.mailFrom ?? `Liefdesplein <no-reply@${new URL(env.publicUrl).hostname}>`,
  });
  const queue = createJobQueue({
    url: database.url,
    log,
    ...(options.jobClock ? { clock: options.jobClock, background: false, max: 2 } : {}),
  });
  const translations = loadTranslations();
  const settings = await createSettingsStore(db, bus);
  const services: AppServices = {
    env,
    db,
    pool,
    log,
    bus,
    translations,
    mailer,
    sms: createSmsSender({ twilio: env.sms, dataDir: env.dataDir }),
    storage,
    rateLimits: createRateLimitStores(pool, background),
    now: () => new Date(),
    background,
    // Read at call time: tests replace services.now. A drain ends when the jobs, the work they
    // started after answering, and the events they published have all been seen through on this
    // instance: what a test reads next is their outcome, whatever the machine's load.
    jobs: {
      ...queue,
      drain: async (asOf = () => services.now()) => {
        let count = 0;
        for (;;) {
          const ran = await queue.drain(asOf);
          count += ran;
          const waited = await background.idle();
          await bus.sync();
          if (ran === 0 && !waited) return count;
        }
      },
    },
    // Due now: by the services' clock in tests, which move it; otherwise by the database's own now().
    // A time taken here is later than the enqueuing transaction's now(), and pg-boss wakes its
    // workers (NOTIFY) only for a job due by that now(): every job sent in a transaction waited for
    // the next poll, up to 2 s (the notifications benchmark's mails: p50 1 s, p95 2 s).
    enqueue: (job, payload, enqueueOptions = {}) =>
      queue.enqueue(
        job,
        payload,
        options.jobClock
          ? { ...enqueueOptions, runAt: enqueueOptions.runAt ?? services.now() }
          : enqueueOptions,
      ),
    state: createFeatureStates(features, () => services),
    settings,
    resolvedSettings: createResolvedSettingsCache(settings, (locale) => translations.t(locale)),
    vapid: await ensureVapidKeys(db),
    sessions: await createSessionCache(db, bus),
    close: async () => {
      services.rateLimits.close();
      // What was answered goes on to its end (a notice's application, for as long as a provider
      // answers a request); what a stop cuts short is picked up by the sweeps after a start.
      await Promise.race([background.idle(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      await services.jobs.stop();
      await services.state.close();
      await bus.close();
      mailer.close();
    },
  };
  // The caches that listen to the bus, in the features' order, before anything reads them.
  await services.state.start();
  for (const feature of features)
    await feature
      .start?.(services)
      .catch((err) =>
        log.error(
          { err, feature: feature.name },
          'work before serving failed; it is tried again at the next start',
        ),
      );
  // Every feature's jobs, with the services they run on.
  for (const job of jobsOf(features)) queue.handle(job.definition, job.handler({ services, features }));
  return services;
}
