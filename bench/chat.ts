import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { connectDatabase, migrateDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { DEFAULT_SETTINGS } from '../src/server/features/settings/settings.defaults.ts';
import type { LoadCommand, LoadConversation, LoadMember, OpenResult } from './chat-load.ts';
import { seedChat } from './chat-seed.ts';
import { startProduct, stopProcess, waitFor } from './lib.ts';

/**
 * Chat benchmark (issue 14). The product runs as in production (its own process, NODE_ENV
 * production) on an embedded PostgreSQL with production durability that this script owns, so that
 * the raw baseline runs against the same server. The load generator is a third process
 * (bench/chat-load.ts). Goals:
 * - send → the `message` event on the recipient's socket (stored and charged before) with 5,000
 *   sockets connected and 1,000 messages/s, open model: p50 ≤ 2 ms, p99 ≤ 20 ms, nothing lost;
 * - durable, charged messages per second as a ratio of the same INSERT + UPDATE transaction run
 *   raw with node-postgres against the same PostgreSQL in the same run: ≥ 60%;
 * - 10,000 idle connected sockets: the server's RSS ≤ 500 MB;
 * - the delivery p99 while photos are uploaded at full rate: ≤ 1.5× the p99 without. Against it
 *   the same photo work outside the product (bench/photo-load.ts at SCHED_IDLE): what the photo work alone costs the chat.
 */
const MEMBERS = 10_000;
const ACTIVE = 5_000;
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 1_000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const PHOTO_ROUNDS = Number(process.env.BENCH_CHAT_PHOTO_ROUNDS ?? 3);
const PORT = process.env.BENCH_CHAT_PORT ?? '3921';
const base = `http://127.0.0.1:${PORT}`;
const PRICE = DEFAULT_SETTINGS.message_credits;
const CREDITS = 1_000_000;
/** Messages already in each conversation before the runs, as on a site that has been in use. */
const HISTORY = Number(process.env.BENCH_CHAT_HISTORY ?? 20);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chat-'));
const productDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chat-product-'));
let postgres = await startEmbeddedPostgres({ dataDir });
/** STATEMENTS=1: pg_stat_statements on, and the product's statements during the closed loop listed. */
const STATEMENTS = process.env.STATEMENTS === '1';
if (STATEMENTS) {
  const admin = new pg.Client(postgres.url('postgres'));
  await admin.connect();
  await admin.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await admin.query('alter system set pg_stat_statements.track_planning = on');
  await admin.end();
  await postgres.stop();
  postgres = await startEmbeddedPostgres({ dataDir });
}
const url = postgres.url('postgres');
const database = connectDatabase(url, { max: 20 });
let product: ChildProcess | undefined;
let generator: ChildProcess | undefined;
let stopping = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (l: { p50: number; p90: number; p99: number; max: number }) =>
  `p50 ${l.p50.toFixed(2)} / p90 ${l.p90.toFixed(2)} / p99 ${l.p99.toFixed(2)} / max ${l.max.toFixed(1)} ms`;

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system) a process has used, ms. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * CPU time of each process of the embedded PostgreSQL (the postmaster and its children: backends,
 * WAL writer, checkpointer…), ms by pid. Compare two with cpuSpent: a backend that ends takes its
 * time with it, so the second snapshot is taken while the measured connections are still open.
 */
async function postgresCpu(): Promise<Map<number, number>> {
  const postmaster = Number(
    (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  const byPid = new Map<number, number>([[postmaster, await cpuMs(postmaster)]]);
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === postmaster)
        byPid.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {}
  }
  return byPid;
}

function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * The same, by kind of PostgreSQL process (its title: a backend, the autovacuum, the checkpointer,
 * the WAL writer…): what of PostgreSQL's time was not the measured statements.
 */
async function cpuSpentByKind(before: Map<number, number>, after: Map<number, number>) {
  const byKind = new Map<string, number>();
  for (const [pid, ms] of after) {
    let title = 'gone';
    try {
      title = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
    } catch {}
    const kind =
      /postgres: (autovacuum|checkpointer|walwriter|background writer)/.exec(title)?.[1] ?? 'backends';
    byKind.set(kind, (byKind.get(kind) ?? 0) + ms - (before.get(pid) ?? 0));
  }
  return [...byKind]
    .filter(([, ms]) => ms > 0)
    .map(([kind, ms]) => `${kind} ${ms} ms`)
    .join(', ');
}

async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/**
 * The baseline: the send's core transaction as a hand-written client would run it on the same
 * PostgreSQL (next seq, the message, the ledger row, the conditional balance update), `clients`
 * at a time, each on its own connection, for `seconds`.
 */
async function rawRate(conversations: LoadConversation[], clients: number, seconds: number, notify: boolean) {
  const pool = new pg.Pool({ connectionString: url, max: clients });
  const connections = await Promise.all(Array.from({ length: clients }, () => pool.connect()));
  let done = 0;
  let i = 0;
  const durations: number[] = [];
  const cpuBefore = await postgresCpu();
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    connections.map(async (client) => {
      while (performance.now() < until) {
        const conversation = conversations[i++ % conversations.length] as LoadConversation;
        const clientId = randomUUID();
        const t0 = performance.now();
        await client.query('begin');
        const {
          rows: [bumped],
        } = await client.query(
          'update conversations set last_seq = last_seq + 1, last_message_at = now() where id = $1 returning last_seq',
          [conversation.id],
        );
        await client.query(
          `insert into messages (conversation_id, seq, sender_id, kind, body, client_id, credits)
           values ($1, $2, $3, 'text', 'Hoi, hoe gaat het?', $4, $5)`,
          [conversation.id, bumped.last_seq, conversation.a, clientId, PRICE],
        );
        await client.query(
          `insert into credit_ledger (user_id, kind, delta, balance_after, reason, reference)
           values ($1, 'spend', $2, 0, 'message', $3)`,
          [conversation.a, -PRICE, `raw:${clientId}`],
        );
        const charged = await client.query(
          'update credit_accounts set balance = balance - $2 where user_id = $1 and balance >= $2',
          [conversation.a, PRICE],
        );
        if (charged.rowCount !== 1) throw new Error('raw baseline: out of credits');
        if (notify) {
          // What the send publishes: credits_changed, then the unread counts and both members' events.
          await client.query(`select pg_notify('bench_credits', $1)`, [String(conversation.a)]);
          const told = (userId: number) =>
            JSON.stringify({
              userId,
              event: { type: 'message', conversation: { id: conversation.id }, seq: bumped.last_seq },
            });
          await client.query(
            `select pg_notify('bench_unread', $1), pg_notify('bench_unread', $2),
                    pg_notify('bench_member', $3), pg_notify('bench_member', $4)`,
            [String(conversation.b), String(conversation.a), told(conversation.b), told(conversation.a)],
          );
        }
        await client.query('commit');
        durations.push(performance.now() - t0);
        done += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSpent(cpuBefore, await postgresCpu());
  for (const client of connections) client.release();
  await pool.end();
  durations.sort((a, b) => a - b);
  const p50 = durations[Math.floor(durations.length / 2)] ?? 0;
  return { perSecond: done / elapsed, done, pgCpuMs: cpu, p50 };
}

/** A 12-megapixel JPEG like a phone's (noise, quality 90): about the photo benchmark's input. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#8a9bb0',
      noise: { type: 'gaussian', mean: 128, sigma: 14 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Uploads one photo after the other until stopped (each deleted again: a free member holds 3). */
async function uploadPhotos(member: LoadMember, jpeg: Buffer, stop: { stopped: boolean }) {
  const headers = { cookie: member.cookie, 'x-csrf-token': member.csrf };
  let uploads = 0;
  while (!stop.stopped) {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const res = await fetch(`${base}/api/photos.php`, { method: 'POST', headers, body: form });
    const body = (await res.json()) as { photo?: { id: number } };
    if (!res.ok || !body.photo) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
    uploads += 1;
    const removed = await fetch(`${base}/api/photo.php?id=${body.photo.id}`, { method: 'DELETE', headers });
    if (!removed.ok) throw new Error(`delete failed: ${await removed.text()}`);
  }
  return uploads;
}

type PhotoPhase = {
  kind: 'without' | 'uploads' | 'outside';
  result: OpenResult;
  /** Photos processed during the phase (by the product, or outside it). */
  photos: number;
  /** PostgreSQL checkpoints that began during the phase (their flushes stall commits). */
  checkpoints: number;
};

/**
 * Updates and HOT updates so far of the tables every message updates. A HOT update writes no index
 * entry, so fewer of them means more work in PostgreSQL per message (statistics lag by up to a
 * second; the closed loop runs for ten).
 */
async function hotUpdates(): Promise<Map<string, [number, number]>> {
  await sleep(600);
  const { rows } = await database.pool.query<{ relname: string; upd: string; hot: string }>(
    `select relname, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
     where relname in ('conversations', 'conversation_members', 'credit_accounts') order by relname`,
  );
  return new Map(rows.map((r) => [r.relname, [Number(r.upd), Number(r.hot)]]));
}

async function checkpointCount(): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(
    'select num_timed + num_requested as n from pg_stat_checkpointer',
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Waits until no autovacuum worker runs (at most a minute) and answers how long that took. The
 * closed loop and the raw runs write tens of thousands of rows in seconds, and the vacuum that
 * follows them is the benchmark's own doing, not the chat's.
 */
async function autovacuumDone(): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const { rows } = await database.pool.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where backend_type = 'autovacuum worker'`,
    );
    if (Number(rows[0]?.n) === 0) break;
    await sleep(250);
  }
  return performance.now() - started;
}

/** The open model at `rate` for SECONDS while a load runs (started by `start`, which answers its stop). */
async function photoPhase(
  kind: PhotoPhase['kind'],
  rate: number,
  start: () => Promise<() => Promise<number>>,
): Promise<PhotoPhase> {
  await autovacuumDone();
  const stop = await start();
  const before = await checkpointCount();
  const { result } = await ask<{ result: OpenResult }>({
    type: 'open',
    rate,
    seconds: SECONDS,
    graceMs: 2_000,
  });
  const checkpoints = (await checkpointCount()) - before;
  return { kind, result, photos: await stop(), checkpoints };
}

const photoOutsideHow = () =>
  spawnSync('chrt', ['--version']).status === 0 ? 'one process at SCHED_IDLE' : 'one process at nice 19';

/**
 * bench/photo-load.ts in its own process at SCHED_IDLE (chrt; nice 19 where chrt is missing): the
 * photo worker's pipeline on the same JPEG, one photo after the other, outside the product.
 */
async function photoWorkOutside(jpeg: Buffer) {
  const file = path.join(dataDir, 'phone.jpg');
  await fs.writeFile(file, jpeg);
  const script = path.resolve(import.meta.dirname, 'photo-load.ts');
  const chrt = spawnSync('chrt', ['--version']).status === 0;
  const child = chrt
    ? spawn('chrt', ['--idle', '0', process.execPath, script, file], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn('nice', ['-n', '19', process.execPath, script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let photos = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    photos += chunk.length;
  });
  await sleep(1_000);
  return {
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      return photos;
    },
  };
}

const FLOOR_PORT = String(Number(PORT) + 1);
const floorBase = `http://127.0.0.1:${FLOOR_PORT}`;

/** bench/chat-floor-server.ts in its own process, as the product runs, once it listens. */
function startFloor(): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'chat-floor-server.ts'), [], {
    env: {
      ...process.env,
      PORT: FLOOR_PORT,
      DATABASE_URL: url,
      PRICE: String(PRICE),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the floor server exited: ${code}`)));
  });
}

function ask<T>(command: LoadCommand): Promise<T> {
  return new Promise((resolve, reject) => {
    generator?.once('message', (answer: { ok: boolean; error?: string } & T) =>
      answer.ok ? resolve(answer) : reject(new Error(answer.error)),
    );
    generator?.send(command);
  });
}

function openLine(name: string, r: OpenResult) {
  const refused = Object.entries(r.refused)
    .map(([k, v]) => `${v}× ${k}`)
    .join(', ');
  return [
    `${name}: ${r.acked}/${r.planned} stored and charged${refused ? ` (refused: ${refused})` : ''}, ${r.delivered} delivered, ${r.lost} lost`,
    `  send → recipient's socket   ${ms(r.delivery)}`,
    `  send → sender's answer      ${ms(r.answer)}`,
    `  generator's own issue lag   ${ms(r.issueLag)}`,
    `  generator's own GC          ${r.gc.count} pauses, ${r.gc.totalMs.toFixed(0)} ms in all, the longest ${r.gc.maxMs.toFixed(1)} ms`,
  ].join('\n');
}

try {
  await migrateDatabase(database);
  if (STATEMENTS) await database.pool.query('create extension if not exists pg_stat_statements');
  const seeded = performance.now();
  const { members, conversations } = await seedChat(database.pool, {
    members: MEMBERS,
    active: ACTIVE,
    credits: CREDITS,
    price: PRICE,
    history: HISTORY,
  });
  console.log(
    `seeded ${MEMBERS.toLocaleString('en')} members with sessions and credits, ${conversations.length.toLocaleString('en')} conversations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  product = startProduct(PORT, productDir, { DATABASE_URL: url, PHOTO_UPLOAD_RATE_LIMIT: '1000000' });
  product.once('exit', (code, signal) => {
    if (!stopping) console.error(`the product exited during the benchmark: code ${code}, signal ${signal}`);
  });
  await waitFor(`${base}/api/health.php`);
  const pid = product.pid as number;
  await sleep(2_000);
  const rssIdle = await rssMb(pid);

  generator = fork(path.join(import.meta.dirname, 'chat-load.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await ask({ type: 'init', base, members, conversations });

  // Memory first, before any message load has grown the heap: 5,000, then 10,000 idle sockets.
  const connected = await ask<{ open: number; ms: number }>({ type: 'connect', from: 0, to: ACTIVE });
  console.log(`${connected.open} sockets open in ${(connected.ms / 1000).toFixed(1)} s`);
  await sleep(5_000);
  const rss5k = await rssMb(pid);
  const all = await ask<{ open: number; ms: number }>({ type: 'connect', from: ACTIVE, to: MEMBERS });
  await sleep(10_000);
  const rss10k = await rssMb(pid);
  // The message runs have the goal's 5,000 connected.
  await ask({ type: 'disconnect', from: ACTIVE, to: MEMBERS });

  // Warm-up (the product's code paths, the session cache, the pool), not counted.
  await ask({ type: 'open', rate: 200, seconds: 4, graceMs: 1_000 });

  // Durable charged messages per second: the product with 32 sends in flight, between two raw
  // runs; the raw transaction with the send's two NOTIFY statements shows what they cost.
  const { perSecond: rawBefore } = await rawRate(conversations, 20, 6, false);
  if (STATEMENTS) await database.pool.query('select pg_stat_statements_reset()');
  const hotBefore = await hotUpdates();
  const [nodeCpuBefore, pgCpuBefore, closedCheckpoints] = [
    await cpuMs(pid),
    await postgresCpu(),
    await checkpointCount(),
  ];
  const closed = (
    await ask<{ result: { acked: number; perSecond: number; refused: Record<string, number> } }>({
      type: 'closed',
      concurrency: 32,
      seconds: 10,
    })
  ).result;
  const pgCpuAfter = await postgresCpu();
  const [nodeCpu, pgCpu] = [(await cpuMs(pid)) - nodeCpuBefore, cpuSpent(pgCpuBefore, pgCpuAfter)];
  const pgCpuKinds = await cpuSpentByKind(pgCpuBefore, pgCpuAfter);
  const checkpointsInClosed = (await checkpointCount()) - closedCheckpoints;
  const hotAfter = await hotUpdates();
  if (STATEMENTS) {
    const { rows } = await database.pool.query(
      `select calls, total_exec_time, total_plan_time, query from pg_stat_statements
       order by total_exec_time + total_plan_time desc limit 20`,
    );
    console.log(
      `statements during the closed loop (${closed.acked} messages): calls, exec + plan ms per message`,
    );
    for (const row of rows)
      console.log(
        `${String(row.calls).padStart(7)}  ${(row.total_exec_time / closed.acked).toFixed(3)} + ${(row.total_plan_time / closed.acked).toFixed(3)}  ${String(row.query).replace(/\s+/g, ' ').slice(0, 150)}`,
      );
  }
  const {
    perSecond: rawAfter,
    done: rawAfterCount,
    pgCpuMs: rawPgCpu,
  } = await rawRate(conversations, 20, 6, false);
  const { perSecond: rawNotify } = await rawRate(conversations, 20, 6, true);
  // A floor under any durable send's latency on this machine: the raw transaction alone, one at a
  // time (six round trips, the last one waiting for the WAL flush).
  const { p50: rawAlone } = await rawRate(conversations, 1, 3, false);
  const raw = (rawBefore + rawAfter) / 2;

  // The goal's rate, open model, three times (one 10-second run's p99 moves several-fold), each
  // after autovacuum has finished with what the closed loop and the raw runs wrote.
  const goalRounds: { result: OpenResult; vacuumWaitMs: number; checkpoints: number }[] = [];
  for (let round = 0; round < 3; round++) {
    const vacuumWaitMs = await autovacuumDone();
    const before = await checkpointCount();
    const { result } = await ask<{ result: OpenResult }>({
      type: 'open',
      rate: RATE,
      seconds: SECONDS,
      graceMs: 2_000,
    });
    goalRounds.push({ result, vacuumWaitMs, checkpoints: (await checkpointCount()) - before });
  }
  const byP99 = [...goalRounds].sort((a, b) => a.result.delivery.p99 - b.result.delivery.p99);
  const atGoal = (byP99[1] as (typeof goalRounds)[number]).result;

  // Photos against the chat at a rate the product sustains (half its closed-loop rate, at most
  // the goal's): above it, the p99 is the backlog's length, not the cost of the uploads.
  const sustained = Math.max(10, Math.min(RATE, Math.round(closed.perSecond / 2 / 10) * 10));
  // The p99 of one 10-second run moves several-fold between runs of the same load (a checkpoint's
  // flush, a full GC), so the three loads take turns, PHOTO_ROUNDS times, and medians are compared.
  const jpeg = await phoneJpeg();
  const uploader = members[MEMBERS - 1] as LoadMember;
  const phases: PhotoPhase[] = [];
  for (let round = 0; round < PHOTO_ROUNDS; round++) {
    phases.push(await photoPhase('without', sustained, async () => () => Promise.resolve(0)));
    phases.push(
      await photoPhase('uploads', sustained, async () => {
        const stop = { stopped: false };
        const uploading = uploadPhotos(uploader, jpeg, stop);
        await sleep(1_000);
        return () => {
          stop.stopped = true;
          return uploading;
        };
      }),
    );
    // The floor under the photo goal: the same photo work outside the product, at SCHED_IDLE.
    phases.push(
      await photoPhase('outside', sustained, async () => {
        const outside = await photoWorkOutside(jpeg);
        return outside.stop;
      }),
    );
  }
  const rssEnd = await rssMb(pid);

  // The latency floor: the same generator, sockets and rate against bench/chat-floor-server.ts (one
  // autocommit statement per send and the framework, none of the product) on the same PostgreSQL,
  // while the product sits idle without its sockets.
  await ask({ type: 'disconnect', from: 0, to: ACTIVE });
  const floorServer = await startFloor();
  const floorRounds: OpenResult[] = [];
  try {
    await ask({ type: 'init', base: floorBase, members, conversations });
    await ask({ type: 'connect', from: 0, to: ACTIVE });
    await ask({ type: 'open', rate: 200, seconds: 4, graceMs: 1_000 });
    for (let round = 0; round < 3; round++) {
      await autovacuumDone();
      floorRounds.push(
        (await ask<{ result: OpenResult }>({ type: 'open', rate: RATE, seconds: SECONDS, graceMs: 2_000 }))
          .result,
      );
    }
    await ask({ type: 'disconnect', from: 0, to: ACTIVE });
  } finally {
    await stopProcess(floorServer);
  }
  const floor = [...floorRounds].sort((a, b) => a.delivery.p99 - b.delivery.p99)[1] as OpenResult;

  const medianP99 = (kind: PhotoPhase['kind']) => {
    const sorted = phases
      .filter((p) => p.kind === kind)
      .map((p) => p.result.delivery.p99)
      .sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };

  const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const p99Ratio = medianP99('uploads') / medianP99('without');
  const ratio = closed.perSecond / raw;
  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const [i, { result, vacuumWaitMs, checkpoints }] of goalRounds.entries())
    console.log(
      `${RATE}/s, round ${i + 1} (after ${(vacuumWaitMs / 1000).toFixed(1)} s waiting for autovacuum): ${ms(result.delivery)}; checkpoints ${checkpoints}; generator's GC ${result.gc.totalMs.toFixed(0)} ms (longest ${result.gc.maxMs.toFixed(1)})`,
    );
  console.log(openLine(`${RATE}/s for ${SECONDS} s, ${ACTIVE} sockets, the median round by p99`, atGoal));
  console.log(
    `  goal p50 ≤ 2 ms: ${goal(atGoal.delivery.p50 <= 2)}; p99 ≤ 20 ms: ${goal(atGoal.delivery.p99 <= 20)}; nothing lost: ${goal(atGoal.lost === 0 && atGoal.acked === atGoal.planned)}`,
  );
  for (const [i, result] of floorRounds.entries())
    console.log(`the floor at ${RATE}/s, round ${i + 1}: ${ms(result.delivery)}`);
  console.log(
    openLine(
      `the floor (bench/chat-floor-server.ts: one statement a send, nothing of the product), ${RATE}/s, the median round by p99`,
      floor,
    ),
  );
  console.log(
    `  the product against the floor: p50 ${(atGoal.delivery.p50 / floor.delivery.p50).toFixed(2)}×, p99 ${(atGoal.delivery.p99 / floor.delivery.p99).toFixed(2)}×; the floor itself against the goal: p50 ${goal(floor.delivery.p50 <= 2)}, p99 ${goal(floor.delivery.p99 <= 20)}`,
  );
  console.log(
    `${sustained}/s (half the closed-loop rate), ${SECONDS} s per phase, ${PHOTO_ROUNDS} rounds of: without photos, with uploads back to back, with the same photo work outside the product (${photoOutsideHow()})`,
  );
  for (const phase of phases)
    console.log(
      `  ${phase.kind.padEnd(8)} ${ms(phase.result.delivery)}; ${phase.result.acked}/${phase.result.planned} stored, ${phase.result.lost} lost; ${phase.photos} photos; checkpoints ${phase.checkpoints}; generator's GC longest ${phase.result.gc.maxMs.toFixed(1)} ms`,
    );
  console.log(
    `  median p99: without ${medianP99('without').toFixed(1)} ms, with uploads ${medianP99('uploads').toFixed(1)} ms, with the work outside ${medianP99('outside').toFixed(1)} ms`,
  );
  console.log(`  p99 with photos / without: ${p99Ratio.toFixed(2)}× (goal ≤ 1.5×) ${goal(p99Ratio <= 1.5)}`);
  console.log(
    `  p99 with the work outside the product / without: ${(medianP99('outside') / medianP99('without')).toFixed(2)}× (what the photo work alone costs the chat)`,
  );
  console.log(
    `durable charged messages: ${closed.perSecond.toFixed(0)}/s (32 in flight${Object.keys(closed.refused).length ? `, refused ${JSON.stringify(closed.refused)}` : ''}); raw transaction ${raw.toFixed(0)}/s (${rawBefore.toFixed(0)} before, ${rawAfter.toFixed(0)} after, 20 connections): ${(ratio * 100).toFixed(1)}% (goal ≥ 60%) ${goal(ratio >= 0.6)}`,
  );
  console.log(
    `  the raw transaction alone, one connection: p50 ${rawAlone.toFixed(2)} ms (the floor of a durable send's latency here)`,
  );
  console.log(
    `  the raw transaction with the send's two NOTIFY statements: ${rawNotify.toFixed(0)}/s (${((rawNotify / raw) * 100).toFixed(1)}% of raw; the product is ${((closed.perSecond / rawNotify) * 100).toFixed(1)}% of it)`,
  );
  console.log(
    `  CPU per durable message: the product's process ${(nodeCpu / closed.acked).toFixed(2)} ms, PostgreSQL ${(pgCpu / closed.acked).toFixed(2)} ms; the raw transaction: PostgreSQL ${(rawPgCpu / rawAfterCount).toFixed(2)} ms (the host's load shares the cores; CPU time does not depend on it)`,
  );
  console.log(
    `  PostgreSQL's CPU during the closed loop by process: ${pgCpuKinds}; checkpoints begun: ${checkpointsInClosed}`,
  );
  console.log(
    `  updates during the closed loop that were HOT (no index entries): ${[...hotAfter]
      .map(([table, [updates, hot]]) => {
        const [u0, h0] = hotBefore.get(table) ?? [0, 0];
        return `${table} ${hot - h0} of ${updates - u0}`;
      })
      .join(', ')}`,
  );
  console.log(
    `server RSS: ${rssIdle.toFixed(0)} MB without sockets, ${rss5k.toFixed(0)} MB with ${connected.open}, ${rss10k.toFixed(0)} MB with ${all.open} idle (goal ≤ 500 MB) ${goal(rss10k <= 500)}; ${rssEnd.toFixed(0)} MB after the message runs`,
  );
} finally {
  stopping = true;
  if (generator?.connected) await ask({ type: 'exit' }).catch(() => {});
  if (product) await stopProcess(product);
  await database.close();
  await postgres.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(productDir, { recursive: true, force: true });
}
