import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema/index.ts';
import { createSession, findSession } from '../src/server/features/auth/sessions.service.ts';
import { presentSearch } from '../src/server/features/members/members.presenter.ts';
import {
  createSearchTotalsCache,
  type SearchInput,
  searchMembers,
  TOTAL_EXACT_UP_TO,
} from '../src/server/features/members/search.service.ts';
import type { createServices } from '../src/server/services.ts';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '../src/shared/contracts/members.ts';
import { fmt, openBenchSite, percentiles, seedMembers } from './seed-members.ts';

/**
 * Search benchmark: 100,000 members in the embedded PostgreSQL, then p50/p95 of the service call
 * GET /api/members.php makes (settings, SQL, presenter) for five typical filter sets, page 1
 * against page 50. Goals (issue 4): p95 ≤ 15 ms; page 50 ≤ 1.5 × page 1.
 * EXPLAIN=1 prints the plans of the queries one search runs, with their timings.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const GOAL_P95_MS = 15;
const GOAL_PAGE_RATIO = 1.5;
const TARGET_PAGE = 50;

const site = await openBenchSite('bench-search-');
const { services, database } = site;
try {
  const seedStarted = performance.now();
  const { viewerId, topRegion } = await seedMembers(database.pool, MEMBERS);
  // Statistics and the visibility map, as autovacuum leaves them on a live site after a bulk load.
  await database.pool.query('vacuum analyze');
  console.log(
    `seeded ${MEMBERS.toLocaleString('en')} members in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const { token } = await createSession(services.db, viewerId, { now: new Date() });
  const session = await findSession(services.db, token, new Date());
  if (!session) throw new Error('no viewer session');
  const visitor = { domain: 'localhost', locale: 'nl' as const, country: 'NL', trafficSource: undefined };

  const filterSets: { name: string; query: SearchQuery }[] = [
    { name: '{gender, country}', query: { gender: 'female', country: 'NL' } },
    {
      name: '{gender, country, age 25-35}',
      query: { gender: 'female', country: 'NL', min_age: 25, max_age: 35 },
    },
    { name: `{gender, countryregion ${topRegion}}`, query: { gender: 'female', countryregion: topRegion } },
    { name: '{gender}', query: { gender: 'female' } },
    { name: '{} (no filter)', query: {} },
  ];

  if (process.env.EXPLAIN) await explainSearches(services, session, visitor, filterSets);

  const totals = createSearchTotalsCache();
  const call = async (query: SearchQuery, cache = totals) => {
    const input: SearchInput = { visitor, session, query };
    return presentSearch(await searchMembers(services, input, cache), services.now());
  };
  const timed = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };

  // A floor to read the figures against: one trivial round trip through the same pool.
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) floor.push(await timed(() => database.pool.query('select 1')));

  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; load ${os.loadavg()[0]?.toFixed(1)}; ${RUNS} runs each, page size ${SEARCH_PAGE_SIZE}`,
  );
  console.log(
    `${'filter set'.padEnd(34)} ${'matches'.padStart(7)}  ${'page 1 p50/p95'.padStart(15)}  ${'page 50 p50/p95'.padStart(15)}  ${'p50 ratio'.padStart(9)}  ${'cold total p50/p95'.padStart(19)}  verdict`,
  );
  console.log(
    `${'baseline: select 1 round trip'.padEnd(34)} ${''.padStart(7)}  ${fmt(percentiles(floor)).padStart(15)}`,
  );
  let allOk = true;
  for (const set of filterSets) {
    const page1 = await call(set.query);
    const total = `${page1.total_more ? 'over ' : ''}${page1.total}`;
    // Reach page 50 the way a browser does: each page's cursor comes from the page before.
    const cursor50 = await cursorOfPage(call, set.query, TARGET_PAGE);
    // Warm-up, then page 1 and page 50 alternately, so load on the machine hits both alike.
    for (let i = 0; i < 20; i++) {
      await call(set.query);
      await call({ ...set.query, cursor: cursor50 });
    }
    const first: number[] = [];
    const fiftieth: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      first.push(await timed(() => call(set.query)));
      fiftieth.push(await timed(() => call({ ...set.query, cursor: cursor50 })));
      // Page 1 with nothing cached: the full count of all matches runs too.
      if (i % 4 === 0) cold.push(await timed(() => call(set.query, createSearchTotalsCache())));
    }
    const p1 = percentiles(first);
    const p50 = percentiles(fiftieth);
    const c = percentiles(cold);
    const ratio = p50.p50 / p1.p50;
    const ok =
      p1.p95 <= GOAL_P95_MS && p50.p95 <= GOAL_P95_MS && c.p95 <= GOAL_P95_MS && ratio <= GOAL_PAGE_RATIO;
    allOk &&= ok;
    console.log(
      `${set.name.padEnd(34)} ${String(total).padStart(7)}  ${fmt(p1).padStart(15)}  ${fmt(p50).padStart(15)}  ${ratio.toFixed(2).padStart(9)}  ${fmt(c).padStart(19)}  ${ok ? 'ok' : 'MISSES GOAL'}`,
    );
  }
  console.log(
    `goals: p95 ≤ ${GOAL_P95_MS} ms (page 1 with the 30 s totals cache warm and cold, and page 50); page 50 ≤ ${GOAL_PAGE_RATIO} × page 1 (p50) — ${allOk ? 'all met' : 'NOT ALL MET'}`,
  );
  console.log(
    `cold total: page 1 with an empty totals cache, i.e. including the count of the matches up to ${TOTAL_EXACT_UP_TO} (load at the end ${os.loadavg()[0]?.toFixed(1)})`,
  );
} finally {
  await site.close();
}

async function cursorOfPage(
  call: (q: SearchQuery) => Promise<{ next_cursor: string | null }>,
  query: SearchQuery,
  pageNumber: number,
): Promise<string> {
  let cursor: string | null = null;
  for (let n = 1; n < pageNumber; n++) {
    const page: { next_cursor: string | null } = await call(cursor ? { ...query, cursor } : query);
    cursor = page.next_cursor;
    if (!cursor) throw new Error(`no page ${pageNumber}`);
  }
  return cursor as string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one page-1 and one page-50 search run. */
async function explainSearches(
  services: Awaited<ReturnType<typeof createServices>>,
  session: NonNullable<Awaited<ReturnType<typeof findSession>>>,
  visitor: SearchInput['visitor'],
  sets: { name: string; query: SearchQuery }[],
) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const logged = drizzle(services.pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  const deps = { ...services, db: logged };
  for (const set of sets) {
    for (const page of [1, TARGET_PAGE]) {
      const query =
        page === 1
          ? set.query
          : { ...set.query, cursor: await cursorOfPage((q) => call(q), set.query, page) };
      captured.length = 0;
      await searchMembers(deps, { visitor, session, query }, createSearchTotalsCache());
      console.log(`\n==== ${set.name}, page ${page}`);
      for (const statement of captured) {
        const plan = await services.pool.query(
          `explain (analyze, buffers, costs off, summary on) ${statement.sql}`,
          statement.params,
        );
        console.log(`-- ${statement.sql.slice(0, 140).replace(/\s+/g, ' ')}…`);
        for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
      }
    }
  }
  async function call(query: SearchQuery) {
    return presentSearch(
      await searchMembers(services, { visitor, session, query }, createSearchTotalsCache()),
      new Date(),
    );
  }
}
