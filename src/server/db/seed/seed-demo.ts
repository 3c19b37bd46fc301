import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import {
  PHOTO_SIZES,
  type PhotoSize,
  photoFileKey,
  photoStorageKey,
} from '../../features/photos/photos.keys.ts';
import { coordinatesOf } from '../../features/profile/profile.service.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Database } from '../client.ts';
import { appConfig, photos, profiles, users } from '../schema/index.ts';
import { buildDemoMembers, DEFAULT_DEMO_COUNT, type DemoMember } from './demo-data.ts';
import { demoPhotoCache } from './demo-photo-cache.ts';
import { buildPortraitSvg, describeAppearance, storePhoto } from './demo-photos.ts';
import { createRng, DEMO_SEED } from './random.ts';

type SeedDemoOptions = {
  db: Database;
  storage: Storage;
  log?: (msg: string) => void;
  /** The moment ages, sign-up dates and activity are relative to. */
  now?: Date;
  /** How many members; tests use a few dozen to stay quick. */
  count?: number;
  /** Where drawn photos are kept to be read back by the next seed (demo-photo-cache.ts); none: render all. */
  photoCache?: string;
};

export const DEMO_SEED_MARKER = 'demo_seed';

type Marker = { status: 'running'; runId: string } | { status: 'done'; created: number; at: string };

const BATCH_SIZE = 40;
/** Photos rendered at once: sharp runs each on a libuv thread; more than this only queues on 2 cores. */
const RENDER_CONCURRENCY = 3;
/** A run that has not reported progress for this long is taken to have died. */
const LEASE_SECONDS = 120;
const HEARTBEAT_MS = 15_000;
const WAIT_POLL_MS = 2_000;
const CLAIM_LOCK = 727_002;
const PHOTO_FILES: readonly PhotoSize[] = ['thumb', 'medium', 'large', 'blur'];

type PhotoJob = { member: DemoMember; position: number; storageKey: string };

/**
 * Fills an empty site with believable members and their photos, once. The marker row in
 * app_config is written last: without it, demo members found in the database belong to a run
 * that died half-way and are removed before seeding again. A running seeder holds a lease on the
 * marker: a second instance starting at the same time waits for it instead of seeding twice, and
 * takes over once the lease runs out because the first one died.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<{ created: number; skipped: boolean }> {
  const { db, storage } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const count = options.count ?? DEFAULT_DEMO_COUNT;
  const runId = randomUUID();

  let claim = await claimSeeding(db, runId);
  if (claim === 'busy') log('demo seed: another instance is seeding; waiting for it to finish');
  // Either the other run finishes (done) or its lease runs out because it died (claimed).
  while (claim === 'busy') {
    await setTimeout(WAIT_POLL_MS);
    claim = await claimSeeding(db, runId);
  }
  if (claim === 'done') {
    log('demo seed: already done');
    return { created: 0, skipped: true };
  }

  const started = performance.now();
  const removed = await removeDemoMembers(db, storage);
  if (removed > 0) log(`demo seed: removed ${removed} members of an unfinished earlier run`);

  const members = buildDemoMembers({ count, now });
  const jobs: PhotoJob[] = [];
  for (let i = 0; i < members.length; i += BATCH_SIZE) {
    jobs.push(...(await insertBatch(db, members.slice(i, i + BATCH_SIZE))));
    await heartbeat(db, runId);
  }
  log(`demo seed: ${members.length} members stored, rendering ${jobs.length} photos`);

  const root = createRng(DEMO_SEED);
  // One look per member, so all of someone's photos show the same person.
  const looks = new Map(members.map((m) => [m.index, describeAppearance(root.fork(`look:${m.index}`), m)]));
  const cache = demoPhotoCache(options.photoCache);
  const renderStarted = performance.now();
  let lastBeat = Date.now();
  let done = 0;
  await runPool(jobs, RENDER_CONCURRENCY, async (job) => {
    const rng = root.fork(`photo:${job.member.index}:${job.position}`);
    const svg = buildPortraitSvg(rng, looks.get(job.member.index)!, { main: job.position === 0 });
    await storePhoto(storage, job.storageKey, await cache.render(svg));
    done++;
    if (Date.now() - lastBeat > HEARTBEAT_MS) {
      lastBeat = Date.now();
      await heartbeat(db, runId);
      log(`demo seed: ${done}/${jobs.length} photos`);
    }
  });
  const renderMs = performance.now() - renderStarted;

  const finished = await db
    .update(appConfig)
    .set({
      value: { status: 'done', created: members.length, at: new Date().toISOString() },
      updatedAt: sql`now()`,
    })
    .where(ownMarker(runId))
    .returning({ key: appConfig.key });
  if (finished.length === 0) throw new Error('demo seed: lost the seeding lease to another instance');
  log(
    `demo seed: ${members.length} members, ${jobs.length} photos in ${Math.round(performance.now() - started)} ms ` +
      `(${jobs.length ? (renderMs / jobs.length).toFixed(0) : 0} ms per photo, ${cache.counts.cached} from the cache)`,
  );
  return { created: members.length, skipped: false };
}

async function claimSeeding(db: Database, runId: string): Promise<'claimed' | 'done' | 'busy'> {
  return db.transaction(async (tx) => {
    // Serialises the check-and-claim between instances; released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const [row] = await tx
      .select({
        value: appConfig.value,
        fresh: sql<boolean>`${appConfig.updatedAt} > now() - make_interval(secs => ${LEASE_SECONDS})`,
      })
      .from(appConfig)
      .where(eq(appConfig.key, DEMO_SEED_MARKER));
    const marker = row?.value as Marker | undefined;
    if (marker && marker.status !== 'running') return 'done';
    if (marker && row?.fresh) return 'busy';
    const value: Marker = { status: 'running', runId };
    await tx
      .insert(appConfig)
      .values({ key: DEMO_SEED_MARKER, value })
      .onConflictDoUpdate({ target: appConfig.key, set: { value, updatedAt: sql`now()` } });
    return 'claimed';
  });
}

const ownMarker = (runId: string) =>
  and(eq(appConfig.key, DEMO_SEED_MARKER), sql`${appConfig.value}->>'runId' = ${runId}`);

async function heartbeat(db: Database, runId: string): Promise<void> {
  const renewed = await db
    .update(appConfig)
    .set({ updatedAt: sql`now()` })
    .where(ownMarker(runId))
    .returning({ key: appConfig.key });
  if (renewed.length === 0) throw new Error('demo seed: lost the seeding lease to another instance');
}

/** Deletes every demo member (profiles and photo rows cascade) and the files of their photos. */
async function removeDemoMembers(db: Database, storage: Storage): Promise<number> {
  const stalePhotos = await db
    .select({ storageKey: photos.storageKey })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(users.demo, true));
  const deleted = await db.delete(users).where(eq(users.demo, true)).returning({ id: users.id });
  const keys = stalePhotos.flatMap(({ storageKey }) =>
    storageKey ? PHOTO_FILES.map((size) => photoFileKey(storageKey, size)) : [],
  );
  await runPool(keys, 8, (key) => storage.remove(key));
  return deleted.length;
}

async function insertBatch(db: Database, batch: readonly DemoMember[]): Promise<PhotoJob[]> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        batch.map((m) => ({
          email: m.email,
          name: m.username,
          passwordHash: null,
          status: 'active' as const,
          credits: 0,
          paidUser: m.paidUser,
          language: m.language,
          fictional: m.fictional,
          demo: true,
          signupDate: m.signupDate,
          lastActiveAt: m.lastActiveAt,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
    const userIdOf = (m: DemoMember) => idByEmail.get(m.email)!;

    await tx.insert(profiles).values(
      batch.map((m) => ({
        userId: userIdOf(m),
        birthDate: m.birthDate,
        gender: m.gender,
        sexuality: m.sexuality,
        country: m.country,
        region: m.region,
        city: m.city,
        ...coordinatesOf(m.country, m.region, m.city),
        hairColor: m.hairColor,
        eyeColor: m.eyeColor,
        bodyType: m.bodyType,
        relationshipStatus: m.relationshipStatus,
        tattoos: m.tattoos,
        signupReason: m.signupReason,
        aboutMe: m.aboutMe,
        interests: m.interests,
        updatedAt: m.lastActiveAt,
      })),
    );

    // The storage key contains the photo id, so rows go in first and get their key after.
    const photoRows = await tx
      .insert(photos)
      .values(
        batch.flatMap((m) =>
          m.photos.map((photo, position) => ({
            userId: userIdOf(m),
            status: 'approved' as const,
            private: photo.isPrivate,
            storageKey: '',
            // The row describes the largest file; all sizes share the 4:5 frame.
            width: PHOTO_SIZES.large,
            height: PHOTO_SIZES.large * 1.25,
            position,
            createdAt: photo.createdAt,
          })),
        ),
      )
      .returning({
        id: photos.id,
        userId: photos.userId,
        position: photos.position,
        private: photos.private,
      });
    const keyed = photoRows.map((row) => ({
      ...row,
      storageKey: photoStorageKey(row.userId, row.id, row.private),
    }));
    await tx.execute(sql`
      update ${photos} set storage_key = v.storage_key
      from (values ${sql.join(
        keyed.map((row) => sql`(${row.id}::bigint, ${row.storageKey})`),
        sql`, `,
      )}) as v(id, storage_key)
      where ${photos.id} = v.id`);
    await tx.execute(sql`
      update ${profiles} set main_photo_id = v.photo_id
      from (values ${sql.join(
        keyed
          .filter((row) => row.position === 0)
          .map((row) => sql`(${row.userId}::bigint, ${row.id}::bigint)`),
        sql`, `,
      )}) as v(user_id, photo_id)
      where ${profiles.userId} = v.user_id`);

    const memberByUserId = new Map(batch.map((m) => [userIdOf(m), m]));
    return keyed.map((row) => ({
      member: memberByUserId.get(row.userId)!,
      position: row.position,
      storageKey: row.storageKey,
    }));
  });
}

/**
 * Works through `items` with at most `concurrency` at a time. After a failure no new item starts,
 * and the error is thrown only once the running ones have finished, so nothing keeps writing
 * behind the caller's back.
 */
async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw failure.error;
}
