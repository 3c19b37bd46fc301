import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { durableServer, newSession } from './lib/durable-server.ts';

/**
 * Chat durability under a power cut (issue 14, Tests): the real server (src/server/main.ts, embedded
 * PostgreSQL with its production durability) in a process group of its own; members send texts
 * with client ids over HTTP; in the middle of the stream the whole group (node, the postmaster and
 * every backend) is killed with SIGKILL, as a power cut would; the server is started again on the
 * same DATA_DIR (crash recovery), the clients resend every message that was not acknowledged with
 * its client id, and a few that were. Then, from the database:
 * - every acknowledged message is stored exactly once, under the id the acknowledgement named;
 * - every client id is stored at most once (and, as the clients resend until acknowledged, once);
 * - a resend of an acknowledged message answers the same message and charges nothing;
 * - the spends (ledger rows with reason message) and the balance's change equal the messages'
 *   credits, one spend per message;
 * - each conversation's seqs run 1..last_seq without a gap.
 *
 * What a SIGKILL of every process does not do is drop the operating system's page cache: that part
 * of a power cut is covered by PostgreSQL's fsync at commit (on in the product), not by this script.
 *
 * Usage: node scripts/chat-durability.ts [--rounds 20] [--senders 6] [--port 3920] [--keep]
 */
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    senders: { type: 'string', default: '6' },
    port: { type: 'string', default: '3920' },
    keep: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const SENDERS = Number(args.senders);
const PORT = String(args.port);
/** Requests a client keeps in flight (a composer with a queue of unsent messages and a few tabs). */
const WINDOW = 3;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chat-durability-'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = durableServer({ port: PORT, dataDir });
const BASE = server.base;
const openPool = async () => new pg.Pool({ connectionString: await server.databaseUrl(), max: 4 });

// ── members, sessions, credits ──────────────────────────────────────────────────────────────────

type Member = { id: number; cookie: string; csrf: string };
type Pair = { sender: Member; partnerId: number; conversationId?: number; initialBalance: number };

const CREDITS = 1_000_000;

async function createMembers(pool: pg.Pool, count: number): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const emails = Array.from({ length: count }, (_, i) => `durable-${tag}-${i}@example.nl`);
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (email, name, status, email_confirmed_at)
     select e, 'Durable' || ord, 'active', now() from unnest($1::text[]) with ordinality as t(e, ord)
     returning id`,
    [emails],
  );
  const ids = rows.map((r) => Number(r.id));
  await pool.query(
    `insert into profiles (user_id, birth_date, gender, sexuality, country, region, city)
     select id, '1990-01-01', case when id % 2 = 0 then 'female' else 'male' end, 'hetero', 'NL', 'NL-UT', 'Utrecht'
     from unnest($1::bigint[]) as t(id)`,
    [ids],
  );
  return ids;
}

async function memberSession(pool: pg.Pool, userId: number): Promise<Member> {
  return { id: userId, ...(await newSession(pool, userId)) };
}

/** A grant as credits.service does it: the balance and its ledger row in one transaction. */
async function grant(pool: pg.Pool, userId: number, amount: number) {
  await pool.query(
    `with entry as (
       insert into credit_ledger (user_id, kind, delta, balance_after, reason, reference)
       values ($1, 'grant', $2, $2, 'durability', $3) returning 1)
     insert into credit_accounts (user_id, balance) select $1, $2 from entry`,
    [userId, amount, `durability:${userId}`],
  );
}

// ── the clients ─────────────────────────────────────────────────────────────────────────────────

type Outgoing = { clientId: string; body: string };
type Ack = { id: number; seq: number; credits: number; conversationId: number };

type Client = {
  pair: Pair;
  /** Every client id this client ever tried, and the acknowledgement if one came. */
  attempted: Map<string, Ack | null>;
  /** Not acknowledged yet: resent first. */
  unsent: Outgoing[];
  fresh: boolean;
  next: number;
};

type SendResult = { ack: Ack } | { failed: string };

async function post(member: Member, target: object, out: Outgoing): Promise<SendResult> {
  try {
    const res = await fetch(`${BASE}/api/chat-message.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookie, 'x-csrf-token': member.csrf },
      body: JSON.stringify({ ...target, client_id: out.clientId, body: out.body }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (res.status >= 500) return { failed: `HTTP ${res.status}` };
    if (res.status !== 200) throw new Error(`unexpected HTTP ${res.status}: ${text}`);
    const { message } = JSON.parse(text) as {
      message: { id: number; seq: number; credits: number; conversation: { id: number } };
    };
    return {
      ack: {
        id: message.id,
        seq: message.seq,
        credits: message.credits,
        conversationId: message.conversation.id,
      },
    };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('unexpected HTTP')) throw error;
    return { failed: (error as Error).name };
  }
}

const targetOf = (pair: Pair) =>
  pair.conversationId ? { conversation: { id: pair.conversationId } } : { to: { id: pair.partnerId } };

/** One of the client's in-flight slots: resends first, fresh messages while the stream runs. */
async function slot(client: Client, stats: { acked: number; failures: number }) {
  for (;;) {
    const out =
      client.unsent.shift() ??
      (client.fresh
        ? { clientId: randomUUID(), body: `m${client.pair.sender.id}-${client.next++}` }
        : undefined);
    if (!out) return;
    if (!client.attempted.has(out.clientId)) client.attempted.set(out.clientId, null);
    const result = await post(client.pair.sender, targetOf(client.pair), out);
    if ('ack' in result) {
      const earlier = client.attempted.get(out.clientId);
      if (earlier && earlier.id !== result.ack.id)
        throw new Error(`client id ${out.clientId} answered message ${result.ack.id}, earlier ${earlier.id}`);
      client.attempted.set(out.clientId, result.ack);
      client.pair.conversationId ??= result.ack.conversationId;
      stats.acked += 1;
    } else {
      stats.failures += 1;
      client.unsent.push(out);
      await sleep(100 + Math.random() * 100);
    }
  }
}

// ── the checks ──────────────────────────────────────────────────────────────────────────────────

async function check(pool: pg.Pool, clients: Client[]): Promise<string[]> {
  const problems: string[] = [];
  for (const client of clients) {
    const { sender } = client.pair;
    const { rows } = await pool.query<{ id: string; client_id: string; seq: string; credits: number }>(
      'select id, client_id, seq, credits from messages where sender_id = $1',
      [sender.id],
    );
    const byClientId = new Map<string, { id: number; credits: number }[]>();
    for (const row of rows) {
      const list = byClientId.get(row.client_id) ?? [];
      list.push({ id: Number(row.id), credits: row.credits });
      byClientId.set(row.client_id, list);
    }
    for (const [clientId, list] of byClientId)
      if (list.length > 1)
        problems.push(`sender ${sender.id}: client id ${clientId} stored ${list.length} times`);
    for (const [clientId, ack] of client.attempted) {
      const stored = byClientId.get(clientId);
      if (ack === null) problems.push(`sender ${sender.id}: ${clientId} never acknowledged`);
      else if (!stored)
        problems.push(`sender ${sender.id}: acknowledged ${clientId} (message ${ack.id}) is missing`);
      else if (stored[0]?.id !== ack.id)
        problems.push(
          `sender ${sender.id}: ${clientId} acknowledged as ${ack.id}, stored as ${stored[0]?.id}`,
        );
    }
    for (const clientId of byClientId.keys())
      if (!client.attempted.has(clientId))
        problems.push(`sender ${sender.id}: unknown client id ${clientId} stored`);
    const charged = rows.reduce((sum, row) => sum + row.credits, 0);
    const ledger = await pool.query<{ n: number; spent: number; refs: number }>(
      `select count(*)::int n, coalesce(-sum(delta), 0)::int spent, count(distinct reference)::int refs
       from credit_ledger where user_id = $1 and kind = 'spend' and reason = 'message'`,
      [sender.id],
    );
    const spends = ledger.rows[0] ?? { n: 0, spent: 0, refs: 0 };
    if (spends.n !== rows.length || spends.refs !== rows.length)
      problems.push(
        `sender ${sender.id}: ${spends.n} spends (${spends.refs} references) for ${rows.length} messages`,
      );
    if (spends.spent !== charged)
      problems.push(`sender ${sender.id}: ledger spent ${spends.spent}, messages cost ${charged}`);
    const balance = Number(
      (await pool.query('select balance from credit_accounts where user_id = $1', [sender.id])).rows[0]
        ?.balance,
    );
    if (client.pair.initialBalance - balance !== charged)
      problems.push(
        `sender ${sender.id}: balance went ${client.pair.initialBalance} → ${balance}, messages cost ${charged}`,
      );
    if (client.pair.conversationId) {
      const seqs = await pool.query<{ n: number; max: string | null; last: string }>(
        `select count(*)::int n, max(m.seq) max, c.last_seq last from conversations c
         left join messages m on m.conversation_id = c.id where c.id = $1 group by c.last_seq`,
        [client.pair.conversationId],
      );
      const s = seqs.rows[0];
      if (!s || Number(s.max) !== s.n || Number(s.last) !== s.n)
        problems.push(
          `conversation ${client.pair.conversationId}: ${s?.n} messages, max seq ${s?.max}, last_seq ${s?.last}`,
        );
    }
  }
  return problems;
}

// ── the rounds ──────────────────────────────────────────────────────────────────────────────────

type RoundFigures = {
  round: number;
  ackedBeforeCut: number;
  inFlightAtCut: number;
  committedUnanswered: number;
  restartMs: number;
  stored: number;
  ok: boolean;
};

const started = performance.now();
const figures: RoundFigures[] = [];
const failures: string[] = [];
server.start();
try {
  await server.waitHealthy();
  let pool = await openPool();
  const ids = await createMembers(pool, SENDERS * 2);
  const pairs: Pair[] = [];
  for (let i = 0; i < SENDERS; i++) {
    const senderId = ids[2 * i] as number;
    await grant(pool, senderId, CREDITS);
    pairs.push({
      sender: await memberSession(pool, senderId),
      partnerId: ids[2 * i + 1] as number,
      initialBalance: CREDITS,
    });
  }
  const clients: Client[] = pairs.map((pair) => ({
    pair,
    attempted: new Map(),
    unsent: [],
    fresh: true,
    next: 0,
  }));

  for (let round = 1; round <= ROUNDS; round++) {
    // A fresh session per round keeps each under the route's 600 a minute (the limiter's counters
    // survive the restarts: they are rows too).
    for (const client of clients) client.pair.sender = await memberSession(pool, client.pair.sender.id);
    await pool.end();
    const stats = { acked: 0, failures: 0 };
    for (const client of clients) client.fresh = true;
    const running = clients.flatMap((client) => Array.from({ length: WINDOW }, () => slot(client, stats)));
    // The cut falls anywhere in the stream, once it is flowing.
    while (stats.acked < 10) await sleep(5);
    await sleep(100 + Math.random() * 600);
    const ackedBeforeCut = stats.acked;
    const cutAt = new Date();
    await server.powerCut();
    const inFlightIds = clients.flatMap((c) =>
      [...c.attempted.entries()].filter(([, ack]) => ack === null).map(([clientId]) => clientId),
    );
    const inFlight = inFlightIds.length;
    // The users stop typing; their clients keep retrying what is not acknowledged.
    for (const client of clients) client.fresh = false;
    const restartAt = performance.now();
    server.start();
    await server.waitHealthy();
    const restartMs = performance.now() - restartAt;
    await Promise.all(running);

    // Resends of acknowledged messages after the crash: the same message, nothing charged.
    for (const client of clients) {
      const acked = [...client.attempted.entries()].filter(([, ack]) => ack !== null).slice(-3);
      for (const [clientId, ack] of acked) {
        const result = await post(client.pair.sender, targetOf(client.pair), { clientId, body: 'again' });
        if (!('ack' in result) || result.ack.id !== ack?.id)
          failures.push(
            `round ${round}: a resend of ${clientId} answered ${JSON.stringify(result)}, not ${ack?.id}`,
          );
      }
    }

    pool = await openPool();
    const problems = await check(pool, clients);
    failures.push(...problems.map((p) => `round ${round}: ${p}`));
    const stored = Number((await pool.query('select count(*) n from messages')).rows[0].n);
    // In-flight messages the server had committed before the cut (their answer was lost): the
    // resend found them and charged nothing again.
    const committedUnanswered = Number(
      (
        await pool.query(
          'select count(*) n from messages where client_id = any($1::uuid[]) and created_at <= $2',
          [inFlightIds, cutAt],
        )
      ).rows[0].n,
    );
    const row: RoundFigures = {
      round,
      ackedBeforeCut,
      inFlightAtCut: inFlight,
      committedUnanswered,
      restartMs,
      stored,
      ok: problems.length === 0,
    };
    figures.push(row);
    console.log(
      `round ${String(round).padStart(2)}: ${String(ackedBeforeCut).padStart(4)} acknowledged before the cut, ${String(inFlight).padStart(2)} in flight (${committedUnanswered} of them committed, unanswered), back in ${(restartMs / 1000).toFixed(1)} s; ${stored} messages stored in all: ${row.ok ? 'ok' : `${problems.length} PROBLEMS`}`,
    );
    for (const problem of problems.slice(0, 10)) console.log(`  ${problem}`);
  }
  await pool.end();
} finally {
  await server.stop().catch(() => {});
  if (args.keep) console.log(`data kept in ${dataDir}`);
  else await fs.rm(dataDir, { recursive: true, force: true });
}

const total = (performance.now() - started) / 1000;
const restarts = figures.map((f) => f.restartMs / 1000).sort((a, b) => a - b);
console.log(
  `\n${figures.filter((f) => f.ok).length}/${ROUNDS} rounds ok in ${total.toFixed(0)} s (${SENDERS} senders, ${WINDOW} requests in flight each); ` +
    `${figures.reduce((s, f) => s + f.inFlightAtCut, 0)} messages in flight at the cuts (${figures.reduce((s, f) => s + f.committedUnanswered, 0)} committed but unanswered), all resent; ` +
    `restart ${restarts[0]?.toFixed(1)}–${restarts.at(-1)?.toFixed(1)} s (median ${restarts[Math.floor(restarts.length / 2)]?.toFixed(1)} s)`,
);
if (failures.length > 0) {
  console.log(`${failures.length} problems:`);
  for (const failure of failures.slice(0, 30)) console.log(`  ${failure}`);
  process.exit(1);
}
