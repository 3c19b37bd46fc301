import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createToken } from '../src/server/features/auth/tokens.ts';
import type { LoadConversation, LoadMember } from './chat-load.ts';

export type ChatSeedOptions = {
  members: number;
  /** The first `active` members, paired in turn, have a conversation each (active / 2 of them). */
  active: number;
  credits: number;
  /** A message's price, charged for every message of the history. */
  price: number;
  /** Messages already in each conversation, as on a site that has been in use. */
  history: number;
};

/**
 * The chat benchmarks' site on an empty database: members (chat<i>@example.nl, confirmed, in
 * Utrecht, alternately men and women), one session each, credits with their ledger rows, and
 * conversations of two with a read history. Answers what the load generator needs: each member's
 * cookie and CSRF token, and the conversations.
 */
export async function seedChat(pool: pg.Pool, options: ChatSeedOptions) {
  const { members: MEMBERS, active: ACTIVE, credits: CREDITS, price: PRICE, history: HISTORY } = options;
  const emails = Array.from({ length: MEMBERS }, (_, i) => `chat${i}@example.nl`);
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (email, name, status, email_confirmed_at)
     select e, 'Chat' || ord, 'active', now() from unnest($1::text[]) with ordinality t(e, ord) order by ord
     returning id`,
    [emails],
  );
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await pool.query(
    `insert into profiles (user_id, birth_date, gender, sexuality, country, region, city)
     select id, '1990-01-01', case when id % 2 = 0 then 'female' else 'male' end, 'hetero', 'NL', 'NL-UT', 'Utrecht'
     from unnest($1::bigint[]) t(id)`,
    [ids],
  );
  const tokens = ids.map(() => createToken());
  const csrfs = ids.map(() => randomBytes(24).toString('base64url'));
  await pool.query(
    `insert into sessions (id, user_id, csrf_token, expires_at)
     select h, u, c, now() + interval '1 day' from unnest($1::text[], $2::bigint[], $3::text[]) t(h, u, c)`,
    [tokens.map((t) => t.hash), ids, csrfs],
  );
  await pool.query(
    `insert into credit_ledger (user_id, kind, delta, balance_after, reason, reference)
     select u, 'grant', $2, $2, 'bench', 'bench:' || u from unnest($1::bigint[]) t(u)`,
    [ids, CREDITS],
  );
  await pool.query(
    'insert into credit_accounts (user_id, balance) select u, $2 from unnest($1::bigint[]) t(u)',
    [ids, CREDITS],
  );
  const lows = ids.slice(0, ACTIVE).filter((_, i) => i % 2 === 0);
  const highs = ids.slice(0, ACTIVE).filter((_, i) => i % 2 === 1);
  const conversations = await pool.query<{ id: string; member_low: string; member_high: string }>(
    `insert into conversations (member_low, member_high, started_by)
     select l, h, l from unnest($1::bigint[], $2::bigint[]) t(l, h) returning id, member_low, member_high`,
    [lows, highs],
  );
  await pool.query(
    `insert into conversation_members (conversation_id, member_id)
     select id, member_low from conversations union all select id, member_high from conversations`,
  );
  // A history, with its charges: a site in use has messages and ledger rows, and statistics that
  // say so. Seeded into empty tables and analyzed, PostgreSQL plans the send's statements for
  // tables of a few rows and keeps those plans (per connection) until autovacuum analyzes them
  // again; the first runs then measured that window (docs/performance.md).
  await pool.query(
    `with h as (
       select c.id as conv, s as seq, case when s % 2 = 1 then c.member_low else c.member_high end as sender,
         gen_random_uuid() as client
       from conversations c, generate_series(1, $1::int) s
     ), numbered as (
       select h.*, row_number() over (partition by sender order by conv, seq) as k from h
     ), stored as (
       insert into messages (conversation_id, seq, sender_id, kind, body, client_id, credits, created_at)
       select conv, seq, sender, 'text', 'Eerder bericht ' || seq, client, $3::int, now() - ($1::int - seq) * interval '1 minute'
       from numbered
     )
     insert into credit_ledger (user_id, kind, delta, balance_after, reason, reference)
     select sender, 'spend', -$3::int, $2::int - $3::int * k, 'message', 'message:' || sender || ':' || client
     from numbered order by conv, seq`,
    [HISTORY, CREDITS, PRICE],
  );
  await pool.query(
    `update credit_accounts a set balance = $1::int - $2::int * n
     from (select sender_id, count(*) as n from messages group by sender_id) m where m.sender_id = a.user_id`,
    [CREDITS, PRICE],
  );
  await pool.query('update conversations set last_seq = $1::int, last_message_at = now()', [HISTORY]);
  await pool.query('update conversation_members set last_read_seq = $1::int', [HISTORY]);
  await pool.query('vacuum analyze');
  const members: LoadMember[] = ids.map((id, i) => ({
    id,
    cookie: `sid=${tokens[i]?.token}`,
    csrf: csrfs[i] as string,
  }));
  const pairs: LoadConversation[] = conversations.rows.map((r) => ({
    id: Number(r.id),
    a: Number(r.member_low),
    b: Number(r.member_high),
  }));
  return { members, conversations: pairs };
}
