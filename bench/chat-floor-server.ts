import { createHash } from 'node:crypto';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';

/**
 * The chat benchmark's latency floor (bench/chat.ts): the least a durable, charged send can be on
 * this machine through the same framework and the same PostgreSQL, with none of the product. One
 * Fastify process, as the product is, with a socket per member on /api/realtime and
 * POST /api/chat-message.php answering as the product does, so the same load generator drives
 * both. A send is one autocommit statement (the next seq, the conditional spend, its ledger row,
 * the message: one round trip and one WAL flush), then the event goes to the recipient's and the
 * sender's sockets in this process. What it leaves out is what the product must do: sessions from
 * the database, CSRF, the rate limit, validation, the policy's facts, read state, events across
 * instances.
 */
const PRICE = Number(process.env.PRICE);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const sessions = new Map<string, number>();
const partners = new Map<number, [number, number]>();
for (const row of (await pool.query<{ id: string; user_id: string }>('select id, user_id from sessions'))
  .rows)
  sessions.set(row.id, Number(row.user_id));
for (const row of (
  await pool.query<{ id: string; member_low: string; member_high: string }>(
    'select id, member_low, member_high from conversations',
  )
).rows)
  partners.set(Number(row.id), [Number(row.member_low), Number(row.member_high)]);

const SEND = `
  with bumped as (
    update conversations set last_seq = last_seq + 1, last_message_at = now()
    where id = $1::bigint returning last_seq
  ), charged as (
    update credit_accounts set balance = balance - $4::int
    where user_id = $2::bigint and balance >= $4::int returning balance
  ), ledger as (
    insert into credit_ledger (user_id, kind, delta, balance_after, reason, reference)
    select $2::bigint, 'spend', -$4::int, balance, 'message', 'floor:' || $3::text from charged
  )
  insert into messages (conversation_id, seq, sender_id, kind, body, client_id, credits)
  select $1::bigint, last_seq, $2::bigint, 'text', $5::text, $3::uuid, $4::int from bumped, charged
  returning seq`;

const sockets = new Map<number, WebSocket>();
const memberOf = (cookie: string | undefined) => {
  const token = /sid=([^;]+)/.exec(cookie ?? '')?.[1];
  return token ? sessions.get(createHash('sha256').update(token).digest('base64url')) : undefined;
};

const app = Fastify({ logger: false });
await app.register(websocket);
app.get('/api/realtime', { websocket: true }, (socket, request) => {
  const member = memberOf(request.headers.cookie);
  if (member === undefined) return socket.close();
  sockets.set(member, socket);
  socket.on('close', () => {
    if (sockets.get(member) === socket) sockets.delete(member);
  });
  socket.send(JSON.stringify({ type: 'hello', userId: member }));
});
app.post<{ Body: { conversation: { id: number }; client_id: string; body: string } }>(
  '/api/chat-message.php',
  async (request, reply) => {
    const sender = memberOf(request.headers.cookie);
    const { conversation, client_id, body } = request.body;
    const pair = partners.get(conversation.id);
    if (sender === undefined || !pair) return reply.code(403).send({ error: { code: 'forbidden' } });
    const recipient = pair[0] === sender ? pair[1] : pair[0];
    const { rows } = await pool.query<{ seq: string }>({
      name: 'floor_send',
      text: SEND,
      values: [conversation.id, sender, client_id, PRICE, body],
    });
    if (!rows[0]) return reply.code(402).send({ error: { code: 'insufficient_credits' } });
    const seq = Number(rows[0].seq);
    const told = JSON.stringify({ type: 'message', conversation: { id: conversation.id }, seq });
    sockets.get(recipient)?.send(told);
    sockets.get(sender)?.send(told);
    return { message: { conversation: { id: conversation.id }, seq } };
  },
);
await app.listen({ port: Number(process.env.PORT ?? 3922), host: '127.0.0.1' });
process.send?.('ready');
