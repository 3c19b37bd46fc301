import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema/index.ts';
import { createSession, findSession } from '../src/server/features/auth/sessions.service.ts';
import { presentLikes } from '../src/server/features/likes/likes.presenter.ts';
import { likeMember, listLikes, unlikeMember } from '../src/server/features/likes/likes.service.ts';
import { settingsFor } from '../src/server/features/settings/settings.service.ts';
import { viewerOf } from '../src/server/policy/viewer.ts';
import { fmt, openBenchSite, percentiles, rng, seedMembers } from './seed-members.ts';

/**
 * Likes benchmark (issue 13): 100,000 members and 1,000,000 likes in the embedded PostgreSQL, then
 * p50/p95 of the service calls behind GET /api/likes.php (SQL, settings, presenter) for a member
 * with 1,000 likes received, and of a like (POST /api/like.php: policy read, transaction with the
 * pair lock, insert, match check, events), against a `select 1` round trip on the same pool.
 * Goals: likes list p95 ≤ 10 ms; a like p95 ≤ 5 ms.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LIKES = Number(process.env.BENCH_LIKES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const GOAL_LIST_P95_MS = 10;
const GOAL_LIKE_P95_MS = 5;

const site = await openBenchSite('bench-likes-');
const { services, database } = site;
const pool = database.pool;
try {
  const started = performance.now();
  const { viewerId } = await seedMembers(pool, MEMBERS);
  await pool.query('select setseed(0.13)');
  // Random pairs, a self-like skipped; duplicates collapse on the primary key.
  await pool.query(
    `insert into likes (liker_id, liked_id, created_at, seen_at)
     select a, b, now() - random() * interval '90 days', case when random() < 0.7 then now() end
     from (select 1 + floor(random() * $1)::bigint a, 1 + floor(random() * $1)::bigint b
           from generate_series(1, $2)) pairs
     where a <> b on conflict do nothing`,
    [MEMBERS, LIKES],
  );
  // The member the list is read for: 1,000 likes received (a third new) and 200 given.
  await pool.query(
    `insert into likes (liker_id, liked_id, created_at, seen_at)
     select id, $1, now() - random() * interval '60 days', case when random() < 0.66 then now() end
     from users where id <> $1 order by random() limit 1000 on conflict do nothing`,
    [viewerId],
  );
  await pool.query(
    `insert into likes (liker_id, liked_id, created_at)
     select $1, id, now() - random() * interval '60 days'
     from users where id <> $1 order by random() limit 200 on conflict do nothing`,
    [viewerId],
  );
  await pool.query('vacuum analyze');
  const counts = await pool.query(
    'select count(*)::int as likes, count(*) filter (where liked_id = $1)::int as received from likes',
    [viewerId],
  );
  console.log(
    `seeded ${MEMBERS.toLocaleString('en')} members and ${counts.rows[0].likes.toLocaleString('en')} likes (${counts.rows[0].received} received by the member) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const { token } = await createSession(services.db, viewerId, { now: new Date() });
  const session = await findSession(services.db, token, new Date());
  if (!session) throw new Error('no session');
  const viewer = viewerOf(session);
  if (viewer.kind !== 'member') throw new Error('not a member');
  const visitor = { domain: 'localhost', locale: 'nl' as const, country: 'NL', trafficSource: undefined };

  const timed = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  const list = async () => {
    const [result, settings] = await Promise.all([
      listLikes(services, viewer),
      settingsFor(services, visitor),
    ]);
    return presentLikes(result, services.now(), settings.visible_profile_fields);
  };
  if (process.env.EXPLAIN) {
    const captured: { sql: string; params: unknown[] }[] = [];
    const logged = drizzle(pool, {
      schema,
      logger: { logQuery: (q, params) => captured.push({ sql: q, params }) },
    });
    await listLikes({ ...services, db: logged }, viewer);
    for (const statement of captured) {
      const plan = await pool.query(
        `explain (analyze, buffers, costs off) ${statement.sql}`,
        statement.params,
      );
      console.log(`-- ${statement.sql.slice(0, 160).replace(/\s+/g, ' ')}…`);
      for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
    }
  }
  const first = await list();
  console.log(
    `the member's lists: ${first.liked_by.length} received, ${first.profiles.length} given, ${first.matches.length} matches`,
  );

  // Likes of members the viewer has not liked yet, each taken back after its timing (so the table
  // stays the same size), half of them of members who like the viewer (a match, two more events).
  const random = rng(7);
  const likers = (await pool.query('select liker_id from likes where liked_id = $1', [viewerId])).rows.map(
    (r) => Number(r.liker_id),
  );
  const liked = new Set(
    (await pool.query('select liked_id from likes where liker_id = $1', [viewerId])).rows.map((r) =>
      Number(r.liked_id),
    ),
  );
  const target = (i: number) => {
    for (;;) {
      const id =
        i % 2 === 0
          ? (likers[Math.floor(random() * likers.length)] ?? 1)
          : 1 + Math.floor(random() * MEMBERS);
      if (!liked.has(id) && id !== viewerId) return id;
    }
  };

  for (let i = 0; i < 30; i++) {
    await list();
    await pool.query('select 1');
  }
  const floor: number[] = [];
  const sqlOnly: number[] = [];
  const lists: number[] = [];
  const likeTimes: number[] = [];
  let refused = 0;
  for (let i = 0; i < RUNS; i++) {
    floor.push(await timed(() => pool.query('select 1')));
    lists.push(await timed(list));
    sqlOnly.push(await timed(() => listLikes(services, viewer)));
    const id = target(i);
    try {
      likeTimes.push(await timed(() => likeMember(services, viewer, id)));
    } catch {
      // A hidden or blocking member (a few percent of the seeded site): refused like a stranger.
      refused += 1;
    }
    await unlikeMember(services, viewer, id);
  }
  const base = percentiles(floor);
  const listP = percentiles(lists);
  const likeP = percentiles(likeTimes);
  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; load ${os.loadavg()[0]?.toFixed(1)}; ${RUNS} runs each`,
  );
  console.log(`${'baseline: select 1 round trip'.padEnd(44)} ${fmt(base).padStart(15)}`);
  console.log(
    `${'GET /api/likes.php (1,000 received)'.padEnd(44)} ${fmt(listP).padStart(15)}  goal p95 ≤ ${GOAL_LIST_P95_MS} ms: ${listP.p95 <= GOAL_LIST_P95_MS ? 'met' : 'MISSED'}`,
  );
  console.log(`${'  of which the three page queries'.padEnd(44)} ${fmt(percentiles(sqlOnly)).padStart(15)}`);
  console.log(
    `${'POST /api/like.php (service call)'.padEnd(44)} ${fmt(likeP).padStart(15)}  goal p95 ≤ ${GOAL_LIKE_P95_MS} ms: ${likeP.p95 <= GOAL_LIKE_P95_MS ? 'met' : 'MISSED'} (${refused} hidden targets refused)`,
  );
} finally {
  await site.close();
}
