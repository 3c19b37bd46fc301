import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema/index.ts';
import { claimConversation, readQueue } from '../src/server/features/operators/operators.service.ts';
import { fmt, openBenchSite, percentiles, seedMembers } from './seed-members.ts';

/**
 * Operators' queue benchmark (issue 36): 100,000 conversations waiting for a fictional profile's
 * answer and 50 operators, then p50/p95 of the queue's first page (unfiltered, and filtered by
 * language and country) and of a claim ("claim next": the oldest free one, FOR UPDATE SKIP LOCKED,
 * the conditional upsert, its audit row), against a `select 1` round trip on the same pool in the
 * same run. Claims are timed one at a time and as 50 operators claiming at once (each round every
 * operator claims, letting their last one go: 100,000 stay waiting, 50 claimed).
 * Goal: p95 ≤ 20 ms each.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const WAITING = Number(process.env.BENCH_WAITING ?? 100_000);
const OPERATORS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const GOAL_P95_MS = 20;

const site = await openBenchSite('bench-operators-');
const { services, pool } = site;
try {
  const started = performance.now();
  await seedMembers(pool, MEMBERS);
  // 200 fictional profiles; each real member writes to some of them until WAITING pairs wait.
  const { rows: fictional } = await pool.query<{ id: string }>(
    'select id from users where fictional order by id limit 200',
  );
  const profileIds = fictional.map((r) => Number(r.id));
  await pool.query(
    `with real as (
       select id, row_number() over (order by id) as n from users where not fictional
     ), pairs as (
       select r.id as member, p.profile, row_number() over () as k
       from real r
       cross join lateral (select ($1::bigint[])[1 + ((r.n * 7 + g) % array_length($1::bigint[], 1))] as profile
                           from generate_series(0, 1) g) p
       limit $2
     ), made as (
       insert into conversations (member_low, member_high, started_by, operated_member_id, last_seq,
         created_at, last_message_at, awaiting_reply_since)
       select least(member, profile), greatest(member, profile), member, profile, 1,
         now() - k * interval '3 seconds', now() - k * interval '3 seconds', now() - k * interval '3 seconds'
       from pairs on conflict do nothing
       returning id, member_low, member_high
     )
     insert into conversation_members (conversation_id, member_id, unread, last_read_seq)
     select id, member_low, 0, 1 from made union all select id, member_high, 1, 0 from made`,
    [profileIds, WAITING],
  );
  const staff = await pool.query<{ id: string }>(
    `insert into staff_accounts (email, name, password_hash, roles)
     select 'operator' || g || '@example.nl', 'Operator ' || g, 'x', '{operator}' from generate_series(1, $1) g
     returning id`,
    [OPERATORS],
  );
  const operators = staff.rows.map((r) => ({ staffId: Number(r.id), roles: ['operator'], ip: null }));
  await pool.query('vacuum analyze');
  const waiting = await pool.query(
    'select count(*)::int as n from conversations where awaiting_reply_since is not null',
  );
  console.log(
    `seeded ${MEMBERS.toLocaleString('en')} members, ${waiting.rows[0].n.toLocaleString('en')} conversations waiting, ${OPERATORS} operators in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const timed = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  const firstPage = () => readQueue(services, {});
  const filtered = () => readQueue(services, { language: 'nl', country: 'DE' });
  const claimNext = (i: number) =>
    claimConversation(services, operators[i % OPERATORS] as (typeof operators)[0], {});

  if (process.env.EXPLAIN) {
    const captured: { sql: string; params: unknown[] }[] = [];
    const logged = drizzle(pool, {
      schema,
      logger: { logQuery: (q, params) => captured.push({ sql: q, params }) },
    });
    const deps = { ...services, db: logged };
    await readQueue(deps, {});
    await readQueue(deps, { language: 'nl', country: 'DE' });
    await claimConversation(deps, operators[0] as (typeof operators)[0], {});
    for (const statement of captured.filter((s) => /^\s*select/i.test(s.sql))) {
      const plan = await pool.query(
        `explain (analyze, buffers, costs off) ${statement.sql}`,
        statement.params,
      );
      console.log(`-- ${statement.sql.slice(0, 160).replace(/\s+/g, ' ')}…`);
      for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
    }
  }
  for (let i = 0; i < 30; i++) {
    await firstPage();
    await filtered();
    await claimNext(i);
    await pool.query('select 1');
  }
  const floor: number[] = [];
  const pages: number[] = [];
  const filteredPages: number[] = [];
  const claims: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push(await timed(() => pool.query('select 1')));
    pages.push(await timed(firstPage));
    filteredPages.push(await timed(filtered));
    claims.push(await timed(() => claimNext(i)));
  }
  // 50 operators at once: every round each claims the next one (and so lets their last one go).
  const together: number[] = [];
  const floorTogether: number[] = [];
  const claimed = new Set<number>();
  let twice = 0;
  for (let round = 0; round < ROUNDS; round++) {
    floorTogether.push(await timed(() => pool.query('select 1')));
    const results = await Promise.all(
      operators.map(async (operator) => {
        const t0 = performance.now();
        const claim = await claimConversation(services, operator, {});
        together.push(performance.now() - t0);
        return claim.conversationId;
      }),
    );
    if (new Set(results).size !== results.length) twice += 1;
    for (const id of results) claimed.add(id);
  }
  const live = await pool.query('select count(*)::int as n from operator_claims where expires_at > now()');
  const base = percentiles(floor);
  const line = (name: string, p: { p50: number; p95: number }) =>
    console.log(
      `${name.padEnd(50)} ${fmt(p).padStart(15)}  ×${(p.p95 / Math.max(base.p95, 0.001)).toFixed(1)} of select 1 at p95  goal p95 ≤ ${GOAL_P95_MS} ms: ${p.p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`,
    );
  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; load ${os.loadavg()[0]?.toFixed(1)}; ${RUNS} runs, ${ROUNDS} rounds of ${OPERATORS}`,
  );
  console.log(`${'baseline: select 1 round trip'.padEnd(50)} ${fmt(base).padStart(15)}`);
  line('the queue, first page (oldest 50)', percentiles(pages));
  line('the queue, first page, language nl + country DE', percentiles(filteredPages));
  line('a claim (claim next), one at a time', percentiles(claims));
  console.log(
    `${'baseline: select 1 between the rounds'.padEnd(50)} ${fmt(percentiles(floorTogether)).padStart(15)}`,
  );
  line(`a claim, ${OPERATORS} operators at once`, percentiles(together));
  console.log(
    `${ROUNDS} rounds: ${claimed.size} conversations claimed, ${twice} rounds with one claimed twice; ${live.rows[0].n} live claims at the end (one per operator)`,
  );
} finally {
  await site.close();
}
