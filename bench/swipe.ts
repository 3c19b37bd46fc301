import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema/index.ts';
import { createSession, findSession } from '../src/server/features/auth/sessions.service.ts';
import { findSeeker } from '../src/server/features/members/suits-viewer.ts';
import { presentSwipeGame } from '../src/server/features/swipe/swipe.presenter.ts';
import { findNextCard, getSwipeGame, swipe } from '../src/server/features/swipe/swipe.service.ts';
import { type MemberViewer, viewerOf } from '../src/server/policy/viewer.ts';
import type { createServices } from '../src/server/services.ts';
import type { SwipeQuery } from '../src/shared/contracts/swipe.ts';
import { fmt, openBenchSite, percentiles, seedMembers } from './seed-members.ts';

/**
 * Swipe game benchmark: 100,000 members (bench/seed-members.ts) and 1,000,000 likes between them
 * (generate_series), then p50/p95 of the service call GET /api/swipe.php makes (settings, the day's
 * state and the next card side by side, presenter) for the viewer's filter sets, once as a new
 * player and once as a heavy one who liked the 300 newest and recently passed the next 2,000
 * matching members (the walk to the first card skips them all), plus a pass with the next card
 * (POST /api/swipe.php). Goal (issue): the next card p95 ≤ 10 ms. The plans of the next-card query
 * are printed (EXPLAIN ANALYZE); EXPLAIN=0 leaves them out.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LIKES = Number(process.env.BENCH_LIKES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const GOAL_P95_MS = 10;
const HEAVY_LIKES = 300;
const HEAVY_PASSES = 2_000;

const site = await openBenchSite('bench-swipe-');
const { services, database } = site;
const pool = database.pool;
try {
  const seedStarted = performance.now();
  const { viewerId } = await seedMembers(pool, MEMBERS);
  await pool.query('select setseed(0.7)');
  // Random pairs, never oneself; the few repeated pairs fall away on the primary key.
  await pool.query(
    `insert into likes (liker_id, liked_id, created_at)
     select a, b, now() - random() * interval '365 days'
     from (select 1 + floor(random() * $1)::bigint as a, 1 + floor(random() * $1)::bigint as b
           from generate_series(1, $2)) pairs
     where a <> b
     on conflict do nothing`,
    [MEMBERS, LIKES],
  );
  // A second viewer like the first (a man in NL looking for women) with a long history.
  const heavy = await pool.query<{ id: number }>(
    `insert into users (email, name, status) values ('heavy@example.nl', 'Heavy', 'active') returning id`,
  );
  const heavyId = Number(heavy.rows[0]?.id);
  await pool.query(
    `insert into profiles (user_id, birth_date, gender, sexuality, country, region)
     values ($1, '1985-02-01', 'male', 'hetero', 'NL', 'NL-NH')`,
    [heavyId],
  );
  const newestWomen = `select p.user_id from profiles p join users u on u.id = p.user_id
    where p.gender = 'female' and u.status = 'active' and not u.invisible and u.deleted_at is null
    order by p.user_id desc`;
  await pool.query(
    `insert into likes (liker_id, liked_id) select $1, user_id from (${newestWomen} limit $2) w
     on conflict do nothing`,
    [heavyId, HEAVY_LIKES],
  );
  await pool.query(
    `insert into swipe_passes (member_id, passed_id, passed_at)
     select $1, user_id, now() - random() * interval '20 days' from (${newestWomen} offset $2 limit $3) w`,
    [heavyId, HEAVY_LIKES, HEAVY_PASSES],
  );
  // Old passes (past the 30 days) of the newest members in NL: the index must leave them unread.
  await pool.query(
    `insert into swipe_passes (member_id, passed_id, passed_at)
     select $1, user_id, now() - interval '40 days' - random() * interval '300 days'
     from profiles where country = 'NL' and user_id <> $1 order by user_id desc limit 5000
     on conflict do nothing`,
    [heavyId],
  );
  await pool.query('vacuum analyze');
  const counts = await pool.query<{ likes: string; passes: string }>(
    'select (select count(*) from likes) as likes, (select count(*) from swipe_passes) as passes',
  );
  console.log(
    `seeded ${MEMBERS.toLocaleString('en')} members, ${Number(counts.rows[0]?.likes).toLocaleString('en')} likes, ` +
      `${Number(counts.rows[0]?.passes).toLocaleString('en')} passes in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const viewers: { name: string; viewer: MemberViewer }[] = [];
  for (const [name, id] of [
    ['new player', viewerId],
    [`heavy player (${HEAVY_LIKES} likes, ${HEAVY_PASSES} recent passes)`, heavyId],
  ] as const) {
    const { token } = await createSession(services.db, id, { now: new Date() });
    const session = await findSession(services.db, token, new Date());
    const viewer = viewerOf(session);
    if (viewer.kind !== 'member') throw new Error('no viewer session');
    viewers.push({ name, viewer });
  }
  const visitor = { domain: 'localhost', locale: 'nl' as const, country: 'NL', trafficSource: undefined };
  const filterSets: { name: string; query: SwipeQuery }[] = [
    { name: '{gender} (his default)', query: { gender: 'female' } },
    { name: '{gender, country}', query: { gender: 'female', country: 'NL' } },
    {
      name: '{gender, country, age 25-35}',
      query: { gender: 'female', country: 'NL', min_age: 25, max_age: 35 },
    },
    { name: '{} (a bi member)', query: {} },
  ];

  if (process.env.EXPLAIN !== '0') await explainNextCard(services, viewers, filterSets);

  const timed = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) floor.push(await timed(() => pool.query('select 1')));
  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; load ${os.loadavg()[0]?.toFixed(1)}; ${RUNS} runs each`,
  );
  console.log(`${'player, filter set'.padEnd(72)} ${'GET swipe.php p50/p95'.padStart(22)}  verdict`);
  console.log(`${'baseline: select 1 round trip'.padEnd(72)} ${fmt(percentiles(floor)).padStart(22)}`);
  let allOk = true;
  for (const { name, viewer } of viewers) {
    for (const set of filterSets) {
      const call = async () =>
        presentSwipeGame(await getSwipeGame(services, { viewer, visitor }, set.query, null), new Date());
      const first = await call();
      if (!first.card) throw new Error(`no card for ${name} ${set.name}`);
      for (let i = 0; i < 20; i++) await call();
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await timed(call));
      const p = percentiles(samples);
      const ok = p.p95 <= GOAL_P95_MS;
      allOk &&= ok;
      console.log(
        `${`${name}, ${set.name}`.padEnd(72)} ${fmt(p).padStart(22)}  ${ok ? 'ok' : 'MISSES GOAL'}`,
      );
    }
  }

  // A pass and the next card (POST /api/swipe.php): each pass makes the heavy player's walk one longer.
  const heavyViewer = viewers[1]?.viewer as MemberViewer;
  const query = filterSets[0]?.query as SwipeQuery;
  const passes: number[] = [];
  let card = (await getSwipeGame(services, { viewer: heavyViewer, visitor }, query, null)).card;
  for (let i = 0; i < RUNS && card; i++) {
    const id = card.id;
    let next: Awaited<ReturnType<typeof swipe>> | undefined;
    passes.push(
      await timed(async () => {
        next = await swipe(
          services,
          { viewer: heavyViewer, visitor },
          { id, action: 'pass' },
          query,
          'Europe/Amsterdam',
        );
      }),
    );
    card = next?.next.card ?? null;
  }
  console.log(
    `${`heavy player: POST swipe.php pass + next card (${passes.length} passes)`.padEnd(72)} ${fmt(percentiles(passes)).padStart(22)}`,
  );
  console.log(
    `goal: GET swipe.php (the next card, with the day's state) p95 ≤ ${GOAL_P95_MS} ms — ${allOk ? 'met' : 'NOT MET'} (load at the end ${os.loadavg()[0]?.toFixed(1)})`,
  );
} finally {
  await site.close();
}

/** EXPLAIN (ANALYZE, BUFFERS) of the next-card statement, for both players and every filter set. */
async function explainNextCard(
  services: Awaited<ReturnType<typeof createServices>>,
  viewers: { name: string; viewer: MemberViewer }[],
  sets: { name: string; query: SwipeQuery }[],
) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const logged = drizzle(services.pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  for (const { name, viewer } of viewers) {
    for (const set of sets) {
      captured.length = 0;
      const { gender, country, min_age, max_age } = set.query;
      const filters = { gender, country, minAge: min_age, maxAge: max_age };
      // The seeker is read before the statement is captured: the plan is of the card's statement.
      const seeker = await findSeeker(services.db, viewer, { locale: 'nl', country: null });
      await findNextCard(
        logged,
        { ...seeker, minAge: min_age, maxAge: max_age },
        viewer,
        filters,
        new Date(),
      );
      const statement = captured[0];
      if (!statement) continue;
      const plan = await services.pool.query(
        `explain (analyze, buffers, costs off, summary on) ${statement.sql}`,
        statement.params,
      );
      console.log(`\n==== next card: ${name}, ${set.name}`);
      for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
    }
  }
}
