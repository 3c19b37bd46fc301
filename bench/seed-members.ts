import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connectDatabase, migrateDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { loadEnv } from '../src/server/env.ts';
import { REGIONS } from '../src/server/features/regions/regions.data.ts';
import { FEATURES } from '../src/server/features.ts';
import { createServices } from '../src/server/services.ts';
import { COUNTRIES } from '../src/shared/limits.ts';

/**
 * The benchmarks' site: members seeded the way a Dutch-led European dating site looks, and the
 * figures' helpers. Shared by search, likes, the swipe game and the match finder benchmarks.
 */

export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

export function fmt(p: { p50: number; p95: number }) {
  return `${p.p50.toFixed(2)}/${p.p95.toFixed(2)} ms`;
}

/** A small deterministic generator (mulberry32), so every run seeds the same site. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(random: () => number, items: readonly T[], weights: readonly number[]): T {
  const sum = weights.reduce((a, b) => a + b, 0);
  let r = random() * sum;
  for (const [i, item] of items.entries()) {
    r -= weights[i] ?? 0;
    if (r < 0) return item;
  }
  return items[items.length - 1] as T;
}

/**
 * Users and profiles in two statements (unnest of column arrays), main photos and blocks in SQL.
 * Countries, regions (Zipf-like: a few big regions, many small ones), genders and ages are skewed
 * the way a Dutch-led European dating site is; a few percent are hidden (invisible, unconfirmed,
 * disabled, being deleted) so the visibility conditions have work to do.
 */
export async function seedMembers(pool: import('pg').Pool, count: number) {
  const random = rng(20260601);
  const countryWeights: Record<(typeof COUNTRIES)[number], number> = {
    NL: 30,
    BE: 12,
    DE: 14,
    GB: 8,
    FR: 6,
    IT: 5,
    ES: 5,
    AT: 3,
    CH: 3,
    PL: 4,
    IE: 2,
    US: 3,
    CA: 2,
    AU: 2,
    NZ: 1,
  };
  const countries = [...COUNTRIES];
  const today = new Date();
  const cols = {
    email: [] as string[],
    name: [] as string[],
    status: [] as string[],
    invisible: [] as boolean[],
    paid: [] as boolean[],
    fictional: [] as boolean[],
    birth: [] as string[],
    gender: [] as string[],
    sexuality: [] as string[],
    country: [] as string[],
    region: [] as (string | null)[],
    city: [] as string[],
  };
  // Region sizes fall off like 1/rank, the ranks shuffled (not alphabetical).
  const regionsBySize = new Map(
    countries.map((c) => [
      c,
      REGIONS[c]
        .map((r) => ({ code: r.code, key: random() }))
        .sort((a, b) => a.key - b.key)
        .map((r) => r.code),
    ]),
  );
  for (let i = 0; i < count; i++) {
    const country = weighted(
      random,
      countries,
      countries.map((c) => countryWeights[c]),
    );
    const regions = regionsBySize.get(country) ?? [];
    const region =
      random() < 0.97
        ? weighted(
            random,
            regions,
            regions.map((_, k) => 1 / (k + 1)),
          )
        : null;
    const gender = random() < 0.55 ? 'male' : 'female';
    // Triangular around the late thirties, 18 to 70.
    const x = (random() + random()) / 2;
    const age = Math.min(70, 18 + Math.floor(x ** 1.3 * 53));
    const born = new Date(
      Date.UTC(
        today.getUTCFullYear() - age - 1,
        today.getUTCMonth(),
        today.getUTCDate() + 1 + Math.floor(random() * 364),
      ),
    );
    const s = random();
    cols.email.push(`bench${i}@example.nl`);
    cols.name.push(`Bench${i}`);
    cols.status.push(
      s < 0.94 ? 'active' : s < 0.96 ? 'not_confirmed' : s < 0.98 ? 'disabled' : 'pending_deletion',
    );
    cols.invisible.push(random() < 0.02);
    cols.paid.push(random() < 0.1);
    cols.fictional.push(random() < 0.05);
    cols.birth.push(born.toISOString().slice(0, 10));
    cols.gender.push(gender);
    const sx = random();
    cols.sexuality.push(sx < 0.85 ? 'hetero' : sx < 0.91 ? (gender === 'male' ? 'gay' : 'lesbian') : 'bi');
    cols.country.push(country);
    cols.region.push(region);
    cols.city.push(`City ${Math.floor(random() * 500)}`);
  }
  const users = await pool.query<{ id: number }>(
    // Rows as wide as real ones: an argon2id hash is about 100 characters.
    `insert into users (email, name, status, invisible, paid_user, fictional, password_hash)
     select e, n, s, i, p, f, '$argon2id$v=19$m=19456,t=2,p=1$' || md5(e) || '$' || md5(e || 'x') || md5(e || 'y')
     from unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::bool[], $6::bool[]) as t(e, n, s, i, p, f)
     returning id`,
    [cols.email, cols.name, cols.status, cols.invisible, cols.paid, cols.fictional],
  );
  const ids = users.rows.map((r) => Number(r.id));
  await pool.query(
    `insert into profiles (user_id, birth_date, gender, sexuality, country, region, city)
     select * from unnest($1::bigint[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
    [ids, cols.birth, cols.gender, cols.sexuality, cols.country, cols.region, cols.city],
  );
  await pool.query('select setseed(0.42)');
  // Three in four members have a main photo; one in six of those is private.
  await pool.query(`
    insert into photos (user_id, private, storage_key, width, height)
    select user_id, random() < 0.16, '', 800, 1000 from profiles where random() < 0.75`);
  await pool.query(`
    update photos set storage_key = (case when private then 'x/' else 'p/' end) || user_id || '/' || id`);
  await pool.query('update profiles p set main_photo_id = ph.id from photos ph where ph.user_id = p.user_id');
  // 20,000 blocks between random members.
  await pool.query(`
    insert into blocks (blocker_id, blocked_id)
    select 1 + floor(random() * ${count})::bigint, 1 + floor(random() * ${count})::bigint
    from generate_series(1, 20000) on conflict do nothing`);
  await pool.query('delete from blocks where blocker_id = blocked_id');

  // The viewer: a free member in NL who blocked 20 women there and was blocked by 20 others.
  const viewer = await pool.query<{ id: number }>(
    `insert into users (email, name, status) values ('viewer@example.nl', 'Viewer', 'active') returning id`,
  );
  const viewerId = Number(viewer.rows[0]?.id);
  await pool.query(
    `insert into profiles (user_id, birth_date, gender, sexuality, country, region)
     values ($1, '1988-04-01', 'male', 'hetero', 'NL', 'NL-UT')`,
    [viewerId],
  );
  await pool.query(
    `insert into blocks (blocker_id, blocked_id)
     select $1, user_id from profiles where country = 'NL' and gender = 'female' and user_id <> $1
     order by user_id desc limit 20 on conflict do nothing`,
    [viewerId],
  );
  await pool.query(
    `insert into blocks (blocker_id, blocked_id)
     select user_id, $1 from profiles where country = 'NL' and gender = 'female' and user_id <> $1
     order by user_id desc offset 500 limit 20 on conflict do nothing`,
    [viewerId],
  );
  const top = await pool.query<{ region: string }>(
    `select region from profiles where country = 'NL' and region is not null
     group by region order by count(*) desc limit 1`,
  );
  return { viewerId, topRegion: top.rows[0]?.region ?? 'NL-NH' };
}

/**
 * A benchmark's own site: an embedded PostgreSQL in a temporary directory, migrated, and the
 * product's services on it (production settings, quiet log, `env` on top: an SMTP_URL…). Its
 * `url` lets a product process share the database. close() removes all of it.
 */
export async function openBenchSite(prefix: string, extraEnv: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const server = await startEmbeddedPostgres({ dataDir });
  const database = connectDatabase(server.url('postgres'), { max: 20 });
  await migrateDatabase(database);
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv });
  const services = await createServices(env, database, pino({ level: 'warn' }), FEATURES);
  return {
    services,
    database,
    pool: database.pool,
    url: server.url('postgres'),
    dataDir,
    close: async () => {
      await services.close().catch(() => {});
      await database.close();
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
