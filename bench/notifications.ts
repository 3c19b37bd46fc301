import { type ChildProcess, fork } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import nodemailer from 'nodemailer';
import * as schema from '../src/server/db/schema/index.ts';
import { sendWeeklyUpdates } from '../src/server/features/notifications/weekly-update.ts';
import { fillMissingCoordinates } from '../src/server/features/profile/profile-coordinates.ts';
import { DEFAULT_SETTINGS } from '../src/server/features/settings/settings.defaults.ts';
import { dayPlace } from '../src/server/test/day-place.ts';
import { startSmtpSink } from '../src/server/test/smtp-sink.ts';
import type { LoadCommand, LoadConversation, LoadMember, OpenResult } from './chat-load.ts';
import { seedChat } from './chat-seed.ts';
import { startProduct, stopProcess, waitFor } from './lib.ts';
import { openBenchSite, seedMembers } from './seed-members.ts';

/**
 * Notifications benchmark (issue 37). The product runs as its own process (as bench/chat.ts starts
 * it) with SMTP_URL at an SMTP sink and PUSH_SERVICE_URL at a push service double, both in this
 * process; the chat load comes from bench/chat-load.ts in a third process. Goals:
 * 1. a new message's mail and push handed to the SMTP server / the push service within 2 s p95 of
 *    the send's answer, under the chat load (BENCH_NOTIFY_RATE messages/s between members with
 *    sockets, whose own mails are refused as seen): first messages (a new conversation) and messages
 *    in existing ones, to offline recipients with one push subscription each. Against it, in the
 *    same run and at the same moments, the bare hand-over: nodemailer straight to the sink over a
 *    pool of as many connections as the product's mailer keeps (SMTP_POOL_SIZE).
 * 2. the weekly update for BENCH_WEEKLY_MEMBERS members (seedMembers), prepared and handed to the
 *    sink at a recorded rate, while the chat's p99 under a small steady load stays ≤ 1.2× its p99
 *    without it (windows without and during the weekly run, BENCH_WEEKLY_ROUNDS rounds of
 *    BENCH_WEEKLY_SECONDS each, as the hourly job stops its run after 50 minutes). The
 *    weekly run is the function the hourly job calls (sendWeeklyUpdates), with a clock at a
 *    Monday 13:00 UTC, in this process: the product process does not share its event loop here.
 * Quiet hours (22:00–08:00 in the member's country's zone): at a Monday's 13:00 UTC it is day in
 * every zone of the site but Sydney's and Auckland's; their members (AU, NZ: about 3% of
 * seedMembers) are left for a later hour by the product, and counted apart. The message part runs
 * on the machine's clock, its recipients where it is day then (dayPlace).
 */
const RATE = Number(process.env.BENCH_NOTIFY_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? 30);
/** Measured messages of each kind (first message, existing conversation). */
const MEASURED = Number(process.env.BENCH_NOTIFY_MEASURED ?? 200);
/** Of each kind, sent during the warm-up and not counted. */
const WARM = 10;
/** Members with a socket, the chat load's: half as many conversations. */
const LOAD_MEMBERS = 2_000;
const WEEKLY_MEMBERS = Number(process.env.BENCH_WEEKLY_MEMBERS ?? 100_000);
const WEEKLY_ROUNDS = Number(process.env.BENCH_WEEKLY_ROUNDS ?? 2);
const STEADY_RATE = Number(process.env.BENCH_WEEKLY_CHAT_RATE ?? 50);
/** How long each weekly round runs (paced at WEEKLY_UPDATE_RATE, the whole of it would take an hour). */
const WEEKLY_SECONDS = Number(process.env.BENCH_WEEKLY_SECONDS ?? 60);
const WINDOW_SECONDS = 10;
const PORT = process.env.BENCH_NOTIFY_PORT ?? '3941';
const SMTP_PORT = Number(PORT) + 1;
const PUSH_PORT = Number(PORT) + 2;
const base = `http://127.0.0.1:${PORT}`;
const smtpUrl = `smtp://127.0.0.1:${SMTP_PORT}`;
const GOAL_P95_MS = 2_000;
const GOAL_P99_RATIO = 1.2;
const DAY_MS = 86_400_000;

/** The next Monday, 13:00 UTC: the weekly run's clock. */
function nextMonday(): Date {
  const at = new Date();
  at.setUTCHours(13, 0, 0, 0);
  while (at.getUTCDay() !== 1 || at.getTime() < Date.now()) at.setTime(at.getTime() + DAY_MS);
  return at;
}
const MONDAY = nextMonday();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Stats = { n: number; p50: number; p95: number; p99: number; max: number };
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
const fmt = (s: Stats) =>
  `p50 ${s.p50.toFixed(0).padStart(5)} / p95 ${s.p95.toFixed(0).padStart(5)} / p99 ${s.p99.toFixed(0).padStart(5)} / max ${s.max.toFixed(0).padStart(5)} ms (n ${s.n})`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// The SMTP sink: when each recipient's mail was taken (the end of its DATA), and how many.
const mailAt = new Map<string, number>();
const sinkCount = { n: 0, first: 0, last: 0 };
const sink = await startSmtpSink({
  port: SMTP_PORT,
  onMail: ({ to }) => {
    const at = performance.now();
    sinkCount.n += 1;
    sinkCount.first ||= at;
    sinkCount.last = at;
    for (const address of to) if (!mailAt.has(address)) mailAt.set(address, at);
    return 'take';
  },
});

// The push service double: takes every push (201) and notes when each member's first came in.
const pushAt = new Map<number, number>();
const pushService = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const id = Number(/\/send\/(\d+)/.exec(request.url ?? '')?.[1]);
    if (!pushAt.has(id)) pushAt.set(id, performance.now());
    response.writeHead(201).end();
  });
});
await new Promise<void>((resolve) => pushService.listen(PUSH_PORT, '127.0.0.1', resolve));

// WEEKLY_UPDATE_RATE set for the benchmark paces its weekly run (the product's default otherwise).
const site = await openBenchSite('bench-notifications-', {
  SMTP_URL: smtpUrl,
  ...(process.env.WEEKLY_UPDATE_RATE ? { WEEKLY_UPDATE_RATE: process.env.WEEKLY_UPDATE_RATE } : {}),
});
const productDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-notifications-product-'));
let product: ChildProcess | undefined;
let generator: ChildProcess | undefined;
let stopping = false;

function ask<T>(command: LoadCommand): Promise<T> {
  return new Promise((resolve, reject) => {
    generator?.once('message', (answer: { ok: boolean; error?: string } & T) =>
      answer.ok ? resolve(answer) : reject(new Error(answer.error)),
    );
    generator?.send(command);
  });
}
const openRun = async (rate: number, seconds: number) =>
  (await ask<{ result: OpenResult }>({ type: 'open', rate, seconds, graceMs: 2_000 })).result;

/** One message as a member's browser sends it: answers when its answer came and its status. */
async function sendMessage(
  sender: LoadMember,
  target: { conversation: { id: number } } | { to: { id: number } },
): Promise<{ status: number; at: number; code?: string }> {
  const res = await fetch(`${base}/api/chat-message.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: sender.cookie, 'x-csrf-token': sender.csrf },
    body: JSON.stringify({ ...target, client_id: randomUUID(), body: 'Hoi, zin in een kop koffie?' }),
  });
  const at = performance.now();
  const body = (await res.json()) as { error?: { code?: string } };
  return { status: res.status, at, code: body.error?.code };
}

/** The product's SMTP pool size (its default unless the environment says otherwise). */
const POOL_SIZE = Number(process.env.SMTP_POOL_SIZE ?? 4);
/** The bare hand-over: nodemailer to the sink directly, pooled as the product's mailer is. */
const bare = nodemailer.createTransport({
  url: smtpUrl,
  pool: true,
  maxConnections: POOL_SIZE,
  maxMessages: 100,
});
const bareText = 'Hoi! Je hebt een nieuw bericht op Liefdesplein. '.repeat(12);
async function sendBare(to: string): Promise<number> {
  const started = performance.now();
  await bare.sendMail({
    from: 'Liefdesplein <no-reply@localhost>',
    to,
    subject: 'Nieuw bericht op Liefdesplein',
    text: bareText,
    html: `<p>${bareText}</p>`.repeat(4),
  });
  return started;
}

type Measured = {
  kind: 'first' | 'existing';
  sender: LoadMember;
  recipientId: number;
  recipientEmail: string;
};

try {
  // Part 1's site: the chat load's members (sockets, conversations), then the measured pairs: in
  // conversations with a history, and pairs without one (their first message starts it).
  const perKind = MEASURED + WARM;
  const seeded = performance.now();
  const chat = await seedChat(site.pool, {
    members: LOAD_MEMBERS + 4 * perKind,
    active: LOAD_MEMBERS + 2 * perKind,
    credits: 1_000_000,
    price: DEFAULT_SETTINGS.message_credits,
    history: 20,
  });
  const emails = new Map(
    (
      await site.pool.query<{ id: string; email: string }>(
        `select id, email from users where email like 'chat%'`,
      )
    ).rows.map((r) => [Number(r.id), r.email]),
  );
  const loadIds = new Set(chat.members.slice(0, LOAD_MEMBERS).map((m) => m.id));
  const byId = new Map(chat.members.map((m) => [m.id, m]));
  const loadConversations = chat.conversations.filter((c) => loadIds.has(c.a) && loadIds.has(c.b));
  const existing: Measured[] = chat.conversations
    .filter((c) => !loadIds.has(c.a))
    .map((c: LoadConversation) => ({
      kind: 'existing',
      sender: byId.get(c.a) as LoadMember,
      recipientId: c.b,
      recipientEmail: emails.get(c.b) as string,
    }));
  const loners = chat.members.slice(LOAD_MEMBERS + 2 * perKind);
  const first: Measured[] = [];
  for (let i = 0; i + 1 < loners.length; i += 2) {
    const recipient = loners[i + 1] as LoadMember;
    first.push({
      kind: 'first',
      sender: loners[i] as LoadMember,
      recipientId: recipient.id,
      recipientEmail: emails.get(recipient.id) as string,
    });
  }
  const conversationOf = new Map(chat.conversations.filter((c) => !loadIds.has(c.a)).map((c) => [c.a, c.id]));
  // Each recipient has a push subscription of its session (the double takes the path /send/<id>).
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const recipients = [...existing, ...first].map((m) => m.recipientId);
  // They live where it is day now: in their night their mails and pushes wait for the morning.
  const place = dayPlace();
  await site.pool.query(
    'update profiles set country = $1, region = $2, city = $3 where user_id = any($4::bigint[])',
    [place.country, place.region, place.city, recipients],
  );
  await site.pool.query(
    `insert into push_subscriptions (endpoint, p256dh, auth, user_id, session_id)
     select 'https://push.example/send/' || s.user_id, $1, $2, s.user_id, s.id from sessions s
     where s.user_id = any($3::bigint[])`,
    [ecdh.getPublicKey().toString('base64url'), randomBytes(16).toString('base64url'), recipients],
  );
  console.log(
    `seeded ${chat.members.length.toLocaleString('en')} members (${LOAD_MEMBERS} with sockets in ${loadConversations.length} conversations; ${existing.length} existing and ${first.length} new pairs measured, ${WARM} of each as warm-up) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  product = startProduct(PORT, productDir, {
    DATABASE_URL: site.url,
    SMTP_URL: smtpUrl,
    PUSH_SERVICE_URL: `http://127.0.0.1:${PUSH_PORT}`,
  });
  product.once('exit', (code, signal) => {
    if (!stopping) console.error(`the product exited during the benchmark: code ${code}, signal ${signal}`);
  });
  await waitFor(`${base}/api/health.php`);
  generator = fork(path.join(import.meta.dirname, 'chat-load.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await ask({
    type: 'init',
    base,
    members: chat.members.slice(0, LOAD_MEMBERS),
    conversations: loadConversations,
  });
  await ask({ type: 'connect', from: 0, to: LOAD_MEMBERS });

  /** Sends `pairs` spread over `spreadMs`, each with a bare mail at the same moment. */
  async function sendSpread(pairs: Measured[], spreadMs: number, tag: string) {
    const out: {
      pair: Measured;
      answer: { status: number; at: number; code?: string };
      bareTo: string;
      bareAt: number;
    }[] = [];
    const pending: Promise<void>[] = [];
    const t0 = performance.now();
    for (const [i, pair] of pairs.entries()) {
      const due = t0 + (i * spreadMs) / pairs.length;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const bareTo = `bare-${tag}-${i}@example.nl`;
      const target =
        pair.kind === 'first'
          ? { to: { id: pair.recipientId } }
          : { conversation: { id: conversationOf.get(pair.sender.id) as number } };
      pending.push(
        Promise.all([sendMessage(pair.sender, target), sendBare(bareTo)]).then(([answer, bareAt]) => {
          out.push({ pair, answer, bareTo, bareAt });
        }),
      );
    }
    await Promise.all(pending);
    return out;
  }

  /** Waits until every mail and push of `sent` arrived, or 60 s after the last send. */
  async function arrivals(sent: Awaited<ReturnType<typeof sendSpread>>) {
    const until = performance.now() + 60_000;
    const done = () =>
      sent.every(
        (s) =>
          s.answer.status !== 200 ||
          (mailAt.has(s.pair.recipientEmail) && pushAt.has(s.pair.recipientId) && mailAt.has(s.bareTo)),
      );
    while (!done() && performance.now() < until) await sleep(200);
  }

  const interleave = (a: Measured[], b: Measured[]) =>
    a.flatMap((x, i) => (b[i] ? [x, b[i] as Measured] : [x]));
  // Warm-up (the product's code paths, the pool, the mailer), not counted.
  const warming = openRun(100, 6);
  await sleep(1_000);
  await arrivals(await sendSpread(interleave(existing.slice(0, WARM), first.slice(0, WARM)), 4_000, 'warm'));
  await warming;

  // The measured run: the chat load at RATE for SECONDS, the measured sends spread over its middle.
  const loadAvgBefore = load();
  const running = openRun(RATE, SECONDS);
  await sleep(2_000);
  const sent = await sendSpread(
    interleave(existing.slice(WARM), first.slice(WARM)),
    (SECONDS - 4) * 1_000,
    'run',
  );
  const chatLoad = await running;
  await arrivals(sent);
  const loadAvgAfter = load();

  const refusedSends = sent.filter((s) => s.answer.status !== 200);
  const results = (kind: Measured['kind']) => {
    const ok = sent.filter((s) => s.pair.kind === kind && s.answer.status === 200);
    const mails = ok.flatMap((s) => {
      const at = mailAt.get(s.pair.recipientEmail);
      return at === undefined ? [] : [at - s.answer.at];
    });
    const pushes = ok.flatMap((s) => {
      const at = pushAt.get(s.pair.recipientId);
      return at === undefined ? [] : [at - s.answer.at];
    });
    return { sent: ok.length, mail: stats(mails), push: stats(pushes) };
  };
  const bareHandOver = stats(
    sent.flatMap((s) => {
      const at = mailAt.get(s.bareTo);
      return at === undefined ? [] : [at - s.bareAt];
    }),
  );
  const firstResults = results('first');
  const existingResults = results('existing');
  const allMails = stats(
    sent.flatMap((s) => {
      const at = mailAt.get(s.pair.recipientEmail);
      return s.answer.status === 200 && at !== undefined ? [at - s.answer.at] : [];
    }),
  );
  const allPushes = stats(
    sent.flatMap((s) => {
      const at = pushAt.get(s.pair.recipientId);
      return s.answer.status === 200 && at !== undefined ? [at - s.answer.at] : [];
    }),
  );
  const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');

  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; load ${loadAvgBefore} before the run, ${loadAvgAfter} after`,
  );
  console.log(
    `1. send → handed over, under the chat load of ${RATE} messages/s for ${SECONDS} s (${LOAD_MEMBERS} sockets): ${chatLoad.acked}/${chatLoad.planned} stored, ${chatLoad.lost} lost; its delivery p50 ${chatLoad.delivery.p50.toFixed(1)} / p99 ${chatLoad.delivery.p99.toFixed(1)} ms`,
  );
  if (refusedSends.length > 0)
    console.log(
      `   refused measured sends: ${refusedSends.map((s) => `${s.answer.status} ${s.answer.code}`).join(', ')}`,
    );
  for (const [name, r] of [
    ['first message (new conversation)', firstResults],
    ['message in an existing conversation', existingResults],
  ] as const) {
    console.log(`   ${name}: ${r.sent} sent`);
    console.log(`     → SMTP sink's DATA   ${fmt(r.mail)}`);
    console.log(`     → push double's POST ${fmt(r.push)}`);
  }
  console.log(
    `   all mails: ${fmt(allMails)}; goal p95 ≤ ${GOAL_P95_MS} ms: ${goal(allMails.n === firstResults.sent + existingResults.sent && allMails.p95 <= GOAL_P95_MS)}`,
  );
  console.log(
    `   all pushes: ${fmt(allPushes)}; goal p95 ≤ ${GOAL_P95_MS} ms: ${goal(allPushes.n === firstResults.sent + existingResults.sent && allPushes.p95 <= GOAL_P95_MS)}`,
  );
  console.log(
    `   baseline, the bare hand-over (nodemailer → sink, same moments): ${fmt(bareHandOver)}; the product's mail p95 is ${(allMails.p95 / Math.max(bareHandOver.p95, 0.001)).toFixed(0)}× it`,
  );

  // What became of the jobs the sends enqueued (a backlog shows as created, a refusal as completed).
  const jobs = await site.pool.query<{ name: string; state: string; n: number }>(
    `select name, state, count(*)::int as n from pgboss.job
     where name in ('notification-mail', 'notification-push') group by 1, 2 order by 1, 2`,
  );
  console.log(`   jobs after the wait: ${jobs.rows.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ')}`);

  if (WEEKLY_MEMBERS > 0) {
    // Part 2: the weekly update's members, the site as seedMembers makes it, on the Monday's clock:
    // confirmed, most of them members for a while, 2% new in the last week, likes of the last week.
    const weeklySeeded = performance.now();
    await seedMembers(site.pool, WEEKLY_MEMBERS);
    await site.pool.query(
      `update users set email_confirmed_at = $1::timestamptz - interval '30 days',
       signup_date = $1::timestamptz - (8 + floor(random() * 700)) * interval '1 day'
     where email like 'bench%'`,
      [MONDAY],
    );
    await site.pool.query(
      `update users set signup_date = $1::timestamptz - random() * interval '6 days'
     where email like 'bench%' and random() < 0.02`,
      [MONDAY],
    );
    await site.pool.query(
      `update users set signup_date = $1::timestamptz - interval '30 days' where email like 'chat%'`,
      [MONDAY],
    );
    await site.pool.query(
      `insert into likes (liker_id, liked_id, created_at)
     select a, b, $1::timestamptz - random() * interval '6 days'
     from (select lo + floor(random() * (hi - lo + 1))::bigint as a, lo + floor(random() * (hi - lo + 1))::bigint as b
           from (select min(id) as lo, max(id) as hi from users where email like 'bench%') r,
                generate_series(1, $2::int)) pairs
     where a <> b on conflict do nothing`,
      [MONDAY, Math.round(WEEKLY_MEMBERS / 2)],
    );
    await fillMissingCoordinates(site.services.db);
    await site.pool.query('vacuum analyze');
    const due = (
      await site.pool.query<{ all: number; night: number }>(
        `select count(*)::int as all, count(*) filter (where p.country in ('AU', 'NZ'))::int as night
       from users u join profiles p on p.user_id = u.id
       where u.status = 'active' and u.deleted_at is null and u.erased_at is null and u.email_confirmed_at is not null`,
      )
    ).rows[0] as { all: number; night: number };
    console.log(
      `\nseeded ${WEEKLY_MEMBERS.toLocaleString('en')} members for the weekly update in ${((performance.now() - weeklySeeded) / 1000).toFixed(1)} s: ${due.all.toLocaleString('en')} due (active, confirmed), ${due.night.toLocaleString('en')} of them in their night (AU, NZ) at ${MONDAY.toISOString()}`,
    );

    const weeklyServices = { ...site.services, now: () => MONDAY };
    if (process.env.EXPLAIN) {
      // The weekly run's one statement, caught before it runs (the logger throws), and its plan.
      let caught: { sql: string; params: unknown[] } | undefined;
      const catching = drizzle(site.pool, {
        schema,
        logger: {
          logQuery: (query, params) => {
            caught = { sql: query, params };
            throw new Error('caught');
          },
        },
      });
      await sendWeeklyUpdates({ ...weeklyServices, db: catching }).catch(() => {});
      if (caught) {
        const plan = await site.pool.query(`explain ${caught.sql}`, caught.params);
        for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
      }
    }
    const windows: { kind: 'without' | 'with'; p99: number; partial: boolean }[] = [];
    const runs: { ms: number; preparedMs: number; sent: number; received: number; mailMs: number }[] = [];
    await openRun(STEADY_RATE, 4);
    for (let round = 0; round < WEEKLY_ROUNDS; round++) {
      for (let i = 0; i < 2; i++)
        windows.push({
          kind: 'without',
          p99: (await openRun(STEADY_RATE, WINDOW_SECONDS)).delivery.p99,
          partial: false,
        });
      Object.assign(sinkCount, { n: 0, first: 0, last: 0 });
      const started = performance.now();
      let ended = 0;
      let sentCount = 0;
      const weekly = sendWeeklyUpdates(weeklyServices, AbortSignal.timeout(WEEKLY_SECONDS * 1000)).then(
        (n) => {
          sentCount = n;
          ended = performance.now();
        },
      );
      while (ended === 0) {
        const p99 = (await openRun(STEADY_RATE, WINDOW_SECONDS)).delivery.p99;
        // A window the weekly run ended in is partly without it.
        windows.push({ kind: 'with', p99, partial: ended !== 0 });
      }
      await weekly;
      runs.push({
        ms: ended - started,
        preparedMs: sinkCount.first ? sinkCount.first - started : ended - started,
        sent: sentCount,
        received: sinkCount.n,
        mailMs: sinkCount.last - sinkCount.first,
      });
      console.log(
        `weekly round ${round + 1}: ${sentCount.toLocaleString('en')} mails in ${((ended - started) / 1000).toFixed(1)} s (first at ${(((sinkCount.first || ended) - started) / 1000).toFixed(1)} s), load ${load()}`,
      );
      // The next round mails everyone again: this week's sent marks go.
      await site.pool.query(`delete from notification_mails where key like 'weekly:%'`);
    }
    // The floor under the mails' rate: the bare hand-over, one mail after the other.
    const bareCount = 2_000;
    const bareStarted = performance.now();
    // As many in flight as the pool has connections, as the product hands the weekly mails over.
    let next = 0;
    await Promise.all(
      Array.from({ length: POOL_SIZE }, async () => {
        while (next < bareCount) await sendBare(`bare-rate-${next++}@example.nl`);
      }),
    );
    const bareRate = bareCount / ((performance.now() - bareStarted) / 1000);
    const p99Of = (kind: 'without' | 'with') => {
      const full = windows.filter((w) => w.kind === kind && !w.partial);
      return median((full.length > 0 ? full : windows.filter((w) => w.kind === kind)).map((w) => w.p99));
    };
    const ratio = p99Of('with') / Math.max(p99Of('without'), 0.001);
    console.log(
      `\n2. weekly update, ${WEEKLY_MEMBERS.toLocaleString('en')} members seeded (${due.all.toLocaleString('en')} due), ${WEEKLY_ROUNDS} rounds of ${WEEKLY_SECONDS} s at WEEKLY_UPDATE_RATE ${weeklyServices.env.weeklyUpdateRate} mails/s; load now ${load()}`,
    );
    for (const [i, r] of runs.entries())
      console.log(
        `   round ${i + 1}: prepared (the statement, until the first hand-over) ${(r.preparedMs / 1000).toFixed(1)} s = ${(due.all / (r.preparedMs / 1000)).toFixed(0)} members/s; ${r.sent.toLocaleString('en')} mails handed over (${r.received.toLocaleString('en')} at the sink) in ${(r.mailMs / 1000).toFixed(1)} s = ${(r.received / Math.max(r.mailMs / 1000, 0.001)).toFixed(0)} mails/s; the whole run ${(r.ms / 1000).toFixed(1)} s = ${(due.all / (r.ms / 1000)).toFixed(0)} members/s`,
      );
    console.log(
      `   floor: the bare hand-over (nodemailer → sink, pooled, ${POOL_SIZE} at a time): ${bareRate.toFixed(0)} mails/s`,
    );
    console.log(
      `   chat at ${STEADY_RATE}/s, ${WINDOW_SECONDS} s windows, delivery p99: without ${windows
        .filter((w) => w.kind === 'without')
        .map((w) => w.p99.toFixed(1))
        .join(', ')} ms; during the weekly run ${windows
        .filter((w) => w.kind === 'with')
        .map((w) => `${w.p99.toFixed(1)}${w.partial ? ' (partial)' : ''}`)
        .join(', ')} ms`,
    );
    console.log(
      `   median p99 with / without: ${p99Of('with').toFixed(1)} / ${p99Of('without').toFixed(1)} ms = ${ratio.toFixed(2)}× (goal ≤ ${GOAL_P99_RATIO}×) ${goal(ratio <= GOAL_P99_RATIO)}`,
    );
  }
} finally {
  stopping = true;
  if (generator?.connected) await ask({ type: 'exit' }).catch(() => {});
  if (product) await stopProcess(product);
  bare.close();
  await sink.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
  await site.close();
  await fs.rm(productDir, { recursive: true, force: true });
}
