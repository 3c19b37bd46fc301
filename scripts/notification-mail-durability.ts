import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { dayPlace } from '../src/server/test/day-place.ts';
import { startSmtpSink } from '../src/server/test/smtp-sink.ts';
import { durableServer, newSession } from './lib/durable-server.ts';

/**
 * Notification mails under a crash between the hand-over and the sent mark (issue "Notifications
 * and the installable app", Tests; docs/decisions/0045): the real server (src/server/main.ts,
 * embedded PostgreSQL with its production durability) sends through a real SMTP server of this
 * script's. A like causes a mail job; the SMTP server holds its answer to the mail's DATA, and at
 * that moment (the mail is in the mail server's hands, not yet marked sent) the whole process group
 * is killed with SIGKILL. Without the server's answer the mail was never taken (SMTP: a mail is the
 * receiver's only once it said 250), so the SMTP server drops it, as a real one does. The server is
 * started again on the same DATA_DIR; pg-boss's expiry of the dead attempt (15 minutes, and the
 * retry's backoff) is made to pass at once; the retry runs. Then:
 * - the recipient got the mail exactly once (the held one was never taken; the retry's was);
 * - its claim is marked sent, so a later delivery of the job sends nothing.
 * A kill after the server's 250 and before the mark commits (a few milliseconds) would send it
 * twice; the ADR says why that is preferred to losing it.
 *
 * Usage: node scripts/notification-mail-durability.ts [--rounds 1] [--port 3930] [--keep]
 */
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1' },
    port: { type: 'string', default: '3930' },
    keep: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const PORT = String(args.port);
const JOB = 'notification-mail';
/** Longer than any step here takes: a hang fails the run instead of blocking it. */
const STEP_TIMEOUT_MS = 120_000;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-durability-'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and the function that settles it: the signals the steps wait for. */
function signal<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), STEP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls a state that has no event (a job's row), as vi.waitUntil does. */
async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(50);
  }
}

// ── the SMTP server ─────────────────────────────────────────────────────────────────────────────

/** The recipient whose next mail is held unanswered, and the signal that it arrived. */
let holdFor: { address: string; arrived: ReturnType<typeof signal<void>> } | undefined;
/** Mails taken (answered 250), by recipient address. */
const accepted = new Map<string, number>();
const smtp = await startSmtpSink({
  onMail: ({ to }) => {
    const hold = holdFor && to.includes(holdFor.address) ? holdFor : undefined;
    if (hold) {
      holdFor = undefined;
      hold.arrived.resolve();
      // Never answered: the connection dies with the sender, and the mail was never taken.
      return 'never';
    }
    for (const address of to) accepted.set(address, (accepted.get(address) ?? 0) + 1);
    return 'take';
  },
});

const server = durableServer({ port: PORT, dataDir, env: { SMTP_URL: smtp.url } });
const BASE = server.base;

// ── members ─────────────────────────────────────────────────────────────────────────────────────

type Member = { id: number; email: string; cookie: string; csrf: string };

async function createMember(pool: pg.Pool, country: string, gender: 'female' | 'male'): Promise<Member> {
  const email = `mail-durable-${randomBytes(4).toString('hex')}@example.nl`;
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (email, name, status, email_confirmed_at, last_active_at)
     values ($1, $2, 'active', now(), now() - interval '1 day') returning id`,
    [email, `Durable${gender}`],
  );
  const id = Number(rows[0]?.id);
  await pool.query(
    `insert into profiles (user_id, birth_date, gender, sexuality, country, region, city)
     values ($1, '1990-01-01', $2, 'hetero', $3, '', 'Somewhere')`,
    [id, gender, country],
  );
  return { id, email, ...(await newSession(pool, id)) };
}

async function like(liker: Member, likedId: number) {
  const res = await fetch(`${BASE}/api/like.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: liker.cookie, 'x-csrf-token': liker.csrf },
    body: JSON.stringify({ id: likedId }),
  });
  if (!res.ok) throw new Error(`like: HTTP ${res.status} ${await res.text()}`);
}

// ── the rounds ──────────────────────────────────────────────────────────────────────────────────

const started = performance.now();
const failures: string[] = [];
server.start();
try {
  await server.waitHealthy();
  for (let round = 1; round <= ROUNDS; round++) {
    const url = await server.databaseUrl();
    let pool = new pg.Pool({ connectionString: url, max: 2 });
    const { country } = dayPlace();
    const recipient = await createMember(pool, country, 'female');
    const liker = await createMember(pool, country, 'male');
    await pool.end();

    const arrived = signal();
    holdFor = { address: recipient.email, arrived };
    await like(liker, recipient.id);
    // The mail is in the mail server's hands, unanswered: the moment between hand-over and mark.
    await within('the mail to reach the SMTP server', arrived.promise);
    const droppedBefore = smtp.dropped;
    await server.powerCut();
    const restartAt = performance.now();
    server.start();
    await server.waitHealthy();
    const restartMs = performance.now() - restartAt;

    pool = new pg.Pool({ connectionString: await server.databaseUrl(), max: 2 });
    const key = `like:${liker.id}:${recipient.id}`;
    const claim = await pool.query<{ sent_at: Date | null }>(
      'select sent_at from notification_mails where key = $1',
      [key],
    );
    if (claim.rows[0]?.sent_at !== null)
      failures.push(
        `round ${round}: before the retry the claim was ${JSON.stringify(claim.rows[0])}, not unsent`,
      );
    // pg-boss fails an attempt whose worker died once its expiry passed (15 minutes) and retries it
    // after a backoff: both made to pass now, then pg-boss's own sweep does the expiring.
    const [dead] = (
      await pool.query<{ id: string }>(
        `update pgboss.job set started_on = started_on - (expire_seconds + 1) * interval '1s'
         where name = $1 and state = 'active' and data->>'recipientId' = $2 returning id`,
        [JOB, String(recipient.id)],
      )
    ).rows;
    if (!dead) throw new Error(`round ${round}: no active ${JOB} job after the cut`);
    const boss = new PgBoss({
      connectionString: await server.databaseUrl(),
      max: 1,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.supervise(JOB);
    await boss.stop({ graceful: false });
    await pool.query(`update pgboss.job set start_after = now() where id = $1 and state = 'retry'`, [
      dead.id,
    ]);

    const state = await until('the retried job to end', async () => {
      const { rows } = await pool.query<{ state: string }>('select state from pgboss.job where id = $1', [
        dead.id,
      ]);
      const s = rows[0]?.state;
      return s === 'completed' || s === 'failed' ? s : undefined;
    });
    const marked = await pool.query<{ sent_at: Date | null }>(
      'select sent_at from notification_mails where key = $1',
      [key],
    );
    await pool.end();
    const got = accepted.get(recipient.email) ?? 0;
    const problems = [
      // Counted when the SMTP server answered 250, before the sender heard it and the job ended.
      ...(got === 1 ? [] : [`the recipient got the mail ${got} times`]),
      ...(smtp.dropped - droppedBefore === 1 ? [] : [`the held mail was not dropped with the cut`]),
      ...(state === 'completed' ? [] : [`the retried job ended ${state}`]),
      ...(marked.rows[0]?.sent_at ? [] : ['the claim is not marked sent']),
    ];
    failures.push(...problems.map((p) => `round ${round}: ${p}`));
    console.log(
      `round ${round}: killed while the SMTP server held the mail's DATA, back in ${(restartMs / 1000).toFixed(1)} s; the retry's mail taken: ${problems.length === 0 ? 'ok, exactly once' : `${problems.length} PROBLEMS`}`,
    );
  }
} finally {
  await server.stop().catch(() => {});
  await smtp.close();
  if (args.keep) console.log(`data kept in ${dataDir}`);
  else await fs.rm(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${ROUNDS - new Set(failures.map((f) => f.split(':')[0])).size}/${ROUNDS} rounds ok in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
if (failures.length > 0) {
  console.log(`${failures.length} problems:`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exit(1);
}
