import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import {
  blocks,
  conversationMembers,
  conversations,
  messages,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { notifySql } from '../../lib/event-bus.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { SendFacts } from '../../policy/rules/chat.rules.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import { couldSpendSql, creditsChangedSql, spendsTogetherSql } from '../credits/credits.service.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { memberEventSql } from '../realtime/realtime.service.ts';
import { unreadMessagesChanged } from './chat.counts.ts';

/**
 * Text messages in existing conversations, sent together (docs/decisions/0037): the sends that
 * arrive on this instance while a batch is being stored wait for its commit and then go as the
 * next batch, in one statement that is its own transaction instead of one transaction of their own
 * each. An idle instance starts a batch at once, so a lone message waits for nobody. A batch never
 * holds two messages of one sender or of one conversation (the later one waits for the next), so
 * each conversation's seq moves by one and each account is spent from once.
 *
 * Whatever the batch cannot store (facts changed since they were read, a resend, credits short, a
 * spend refused in a race, a lock conflict, any error) is sent again one message at a time by the
 * caller's own path (`alone`), which answers each exactly as a lone send does. The policy is asked
 * per message before the write, with the same rule and facts as a lone send; the write stores only
 * the sends whose facts are still those.
 */
export type BatchedSend = {
  viewer: MemberViewer;
  conversationId: number;
  clientId: string;
  body: string;
  credits: number;
  messageLength: number;
  /** The same send on its own, for what the batch cannot store. */
  alone: () => Promise<StoredMessage>;
};

export type StoredMessage = typeof messages.$inferSelect;

type Pending = BatchedSend & {
  resolve: (message: StoredMessage) => void;
  reject: (error: unknown) => void;
};

/** Enough to share the work of a commit, small enough that one batch's statements stay short. */
const MAX_BATCH = 64;

/**
 * The sends waiting on this instance, and whether a batch is being stored. One at a time: two in
 * flight were measured slower (1,307 against 1,587 durable messages a second), their batches half
 * as large for the same work per batch (docs/performance.md).
 */
type Batcher = { queue: Pending[]; running: boolean; facts: FactsCache };
const batchers = new WeakMap<Database, Batcher>();

/**
 * Stores the message with the others that wait, or on its own (`alone`) where the batch could not.
 * Answers once the message is committed: the first message of a resent client id.
 */
export function sendBatched(db: Database, send: BatchedSend): Promise<StoredMessage> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = { queue: [], running: false, facts: new Map() };
    batchers.set(db, batcher);
  }
  const queued = batcher;
  return new Promise<StoredMessage>((resolve, reject) => {
    queued.queue.push({ ...send, resolve, reject });
    if (!queued.running) void drain(db, queued);
  });
}

/** Stores batches until nothing waits; what arrives meanwhile goes with the next batch. */
async function drain(db: Database, batcher: Batcher): Promise<void> {
  batcher.running = true;
  try {
    while (batcher.queue.length > 0) await storeBatch(db, batcher.facts, takeBatch(batcher));
  } finally {
    batcher.running = false;
  }
}

/** The oldest sends with no sender and no conversation twice; the rest keep their place. */
function takeBatch(batcher: Batcher): Pending[] {
  const batch: Pending[] = [];
  const rest: Pending[] = [];
  const senders = new Set<number>();
  const conversationIds = new Set<number>();
  for (const send of batcher.queue) {
    if (
      batch.length < MAX_BATCH &&
      !senders.has(send.viewer.id) &&
      !conversationIds.has(send.conversationId)
    ) {
      batch.push(send);
      senders.add(send.viewer.id);
      conversationIds.add(send.conversationId);
    } else rest.push(send);
  }
  batcher.queue = rest;
  return batch;
}

async function storeBatch(db: Database, cache: FactsCache, batch: Pending[]): Promise<void> {
  let accepted: Accepted[];
  try {
    const checked = await checkBatch(db, cache, batch);
    accepted = checked.accepted;
    for (const send of checked.alone) sendAlone(send);
  } catch {
    // The read failed (a lost connection): each on its own path, which says what went wrong.
    for (const send of batch) sendAlone(send);
    return;
  }
  if (accepted.length === 0) return;
  let stored: Map<string, StoredMessage>;
  try {
    stored = await writeBatch(db, accepted);
  } catch {
    // The set was not whole (a spend refused in a race, a resend that raced), a lock conflict
    // with another instance's batch, a lost connection: each message goes again on its own path,
    // which answers refusals exactly and finds by its client id any message that did commit.
    for (const { send } of accepted) sendAlone(send);
    return;
  }
  for (const { send } of accepted) {
    const message = stored.get(sendKey(send));
    if (message) send.resolve(message);
    else {
      // Left out by the write: its facts changed since they were read, a resend, or credits
      // short. The lone path reads everything again and answers exactly.
      cache.delete(factsKey(send));
      sendAlone(send);
    }
  }
}

/** The send on the lone path, answered from there; the batch does not wait for it. */
function sendAlone(send: Pending): void {
  send.alone().then(send.resolve, send.reject);
}

const sendKey = (send: BatchedSend) => `${send.viewer.id}:${send.clientId}`;

/**
 * What a send in a conversation is authorized with (chat.rules.ts, the facts a lone send reads):
 * the same for every send of one sender in one conversation until the partner's state or a block
 * changes.
 */
type ConversationFacts = {
  partner_id: number;
  partner_fictional: boolean;
  visible: boolean;
  invisible_only: boolean;
  not_confirmed: boolean;
  pending_deletion: boolean;
  viewer_blocked: boolean;
  blocked_viewer: boolean;
  sender_fictional: boolean;
};

/** ConversationFacts' columns, as factsSql names them. */
const FACT_COLUMNS = [
  'partner_id',
  'partner_fictional',
  'visible',
  'invisible_only',
  'not_confirmed',
  'pending_deletion',
  'viewer_blocked',
  'blocked_viewer',
  'sender_fictional',
] as const satisfies readonly (keyof ConversationFacts)[];

/** Just the facts of a row that carries more (the check's). */
const pickFacts = (row: ConversationFacts): ConversationFacts =>
  Object.fromEntries(FACT_COLUMNS.map((name) => [name, row[name]])) as ConversationFacts;

/**
 * The facts of recent sends by conversation and sender, so that a batch of known senders is
 * authorized without a read. Never trusted: the batch's write reads the same facts again in its
 * own statement and stores a send only where they are still what it was authorized with
 * (writeBatch), so an entry that went stale costs its send the lone path, never a send the policy
 * would refuse now. Its age and size only bound memory.
 */
type FactsCache = Map<string, { at: number; facts: ConversationFacts }>;
const FACTS_TTL_MS = 5 * 60_000;
const MAX_FACTS = 100_000;
const factsKey = (send: BatchedSend) => `${send.conversationId}:${send.viewer.id}`;

type Accepted = {
  send: Pending;
  facts: ConversationFacts;
  /** The awaiting-reply clock of the conversation, as a lone send moves it (chat.service.ts). */
  awaiting: 'answered' | 'awaiting' | 'kept';
};

type FactsRow = ConversationFacts & {
  i: number;
  /** A message of this sender with this client id, already stored: a resend. */
  earlier: boolean;
  /** Enough credits and within the daily limit, as read now (the spend decides). */
  could_pay: boolean;
};

/**
 * The facts of each send of a set (`set`: a relation with the columns sender and conv), as the
 * columns of ConversationFacts over the joins that follow `from set`: the sender's membership of
 * the conversation (a send to a conversation that is not the sender's has no row), the partner,
 * blocks either way. The ids again as an array: PostgreSQL guesses 100 rows for any JSON set and
 * would join whole tables to it; with the array it reads the set's rows by index.
 */
const factsSql = (set: SQL) => ({
  columns: sql`${users.id} as partner_id, ${users.fictional} as partner_fictional,
      coalesce(${visibleMemberCondition}, false) as visible,
      (${users.status} = 'active' and ${users.invisible} and ${users.deletedAt} is null) as invisible_only,
      (${users.status} = 'not_confirmed' and ${users.deletedAt} is null) as not_confirmed,
      (${users.status} = 'pending_deletion' and ${users.deletedAt} is null) as pending_deletion,
      exists (select 1 from ${blocks} where ${blocks.blockerId} = ${set}.sender and ${blocks.blockedId} = ${users.id}) as viewer_blocked,
      exists (select 1 from ${blocks} where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${set}.sender) as blocked_viewer,
      coalesce((select s.fictional from ${users} s where s.id = ${set}.sender), false) as sender_fictional`,
  joins: sql`join ${conversations} on ${conversations.id} = ${set}.conv and ${conversations.id} = any(array(select conv from ${set}))
    join ${conversationMembers} on ${conversationMembers.conversationId} = ${conversations.id} and ${conversationMembers.memberId} = ${set}.sender
    join ${users} on ${users.id} = case when ${conversations.memberLow} = ${set}.sender then ${conversations.memberHigh} else ${conversations.memberLow} end
    join ${profiles} on ${profiles.userId} = ${users.id}`,
});

/**
 * Every send is authorized before the write with the facts a lone send reads, with the same rule,
 * and a refused send is answered at once. The facts come from the cache, or from one read for the
 * sends it does not know. Of those read, a resend, a send to a conversation the sender is not in,
 * and one its sender cannot pay for leave the batch for the lone path, which answers them exactly
 * (the first message, conversation_not_found, insufficient_credits or daily_limit_reached); the
 * write leaves out such sends among the known ones.
 */
async function checkBatch(
  db: Database,
  cache: FactsCache,
  batch: Pending[],
): Promise<{ accepted: Accepted[]; alone: Pending[] }> {
  const now = performance.now();
  const factsOf = new Map<number, ConversationFacts>();
  const unknown: number[] = [];
  for (const [i, send] of batch.entries()) {
    const hit = cache.get(factsKey(send));
    if (hit && now - hit.at < FACTS_TTL_MS) factsOf.set(i, hit.facts);
    else unknown.push(i);
  }
  const read = new Map<number, FactsRow>();
  if (unknown.length > 0) {
    const asked = JSON.stringify(
      unknown.map((i) => {
        const s = batch[i] as Pending;
        return { i, sender: s.viewer.id, conv: s.conversationId, client: s.clientId, credits: s.credits };
      }),
    );
    const facts = factsSql(sql`v`);
    // Named (db/prepared.ts): its text is the same for every batch, the set one JSON parameter.
    const rows = await executeNamed<FactsRow>(
      db,
      'chat_batch_check',
      () => sql`
      with v as (
        select * from jsonb_to_recordset(${sql.placeholder('sends')}::jsonb)
          as v(i int, sender bigint, conv bigint, client uuid, credits int)
      )
      select v.i,
        exists (select 1 from ${messages} m where m.sender_id = v.sender and m.client_id = v.client) as earlier,
        ${couldSpendSql(sql`v.sender`, sql`v.credits`)} as could_pay,
        ${facts.columns}
      from v ${facts.joins}`,
      { sends: asked },
    );
    if (cache.size + rows.rows.length > MAX_FACTS) cache.clear();
    for (const row of rows.rows) {
      const i = Number(row.i);
      const facts = { ...pickFacts(row), partner_id: Number(row.partner_id) };
      read.set(i, row);
      factsOf.set(i, facts);
      cache.set(factsKey(batch[i] as Pending), { at: now, facts });
    }
  }
  const accepted: Accepted[] = [];
  const alone: Pending[] = [];
  for (const [i, send] of batch.entries()) {
    const row = read.get(i);
    const facts = factsOf.get(i);
    // Rare, and answered exactly on the lone path: a resend, a conversation that is not the
    // sender's, and a send that would be refused its credits (which would fail the whole batch).
    if (!facts || (row && (row.earlier || !row.could_pay))) {
      alone.push(send);
      continue;
    }
    try {
      if (send.body.length > send.messageLength) throw validationFailed({ body: ['message_too_long'] });
      const sendFacts: SendFacts = {
        partner: {
          id: facts.partner_id,
          visible: facts.visible,
          invisibleOnly: facts.invisible_only,
          notConfirmed: facts.not_confirmed,
          pendingDeletion: facts.pending_deletion,
          relation: { viewerBlocked: facts.viewer_blocked, blockedViewer: facts.blocked_viewer },
        },
        conversation: true,
        started: 0,
      };
      authorize(send.viewer, 'conversation.send', sendFacts);
      const awaiting = facts.sender_fictional ? 'answered' : facts.partner_fictional ? 'awaiting' : 'kept';
      accepted.push({ send, facts, awaiting });
    } catch (error) {
      send.reject(error);
    }
  }
  return { accepted, alone };
}

type MessageSqlRow = {
  id: number;
  conversation_id: number;
  seq: number;
  sender_id: number;
  kind: StoredMessage['kind'];
  body: string;
  gift_id: number | null;
  image_id: number | null;
  client_id: string;
  credits: number;
  created_at: string | Date;
};

/**
 * What a lone send does for all of the batch's messages at once, in one statement that is its own
 * transaction (one round trip and one WAL flush): the next seq of each conversation with the
 * members' unread counts, the messages, the charges (credits.service.ts) and the events, which
 * PostgreSQL delivers on commit.
 *
 * It stores only the sends whose facts, read again in this statement, are those they were
 * authorized with, that are no resend and whose sender can pay as read now; the others are left out
 * and answered by the caller on the lone path. Of what it stores it stores all or nothing
 * (`all_or_nothing`, migration 0027): a spend refused or a resend stored by another transaction
 * between the statement's read and its writes undoes the whole statement. Answers the stored
 * messages by sender and client id.
 */
async function writeBatch(db: Database, accepted: Accepted[]): Promise<Map<string, StoredMessage>> {
  const sends = JSON.stringify(
    accepted.map(({ send, facts, awaiting }) => ({
      ...facts,
      conv: send.conversationId,
      sender: send.viewer.id,
      shape: awaiting,
      body: send.body,
      client: send.clientId,
      credits: send.credits,
      // Scoped by the sender, as a lone send's: another member's client id never makes one free.
      reference: `message:${send.viewer.id}:${send.clientId}`,
    })),
  );
  const facts = factsSql(sql`v`);
  // Each fact as authorized against the same fact read now, as two rows (NULL-safe).
  const factsOf = (alias: string) => sql.raw(FACT_COLUMNS.map((name) => `${alias}.${name}`).join(', '));
  // The partner has one more to read and both get the conversation back in their list; the sender
  // has read everything up to their own message. A conversation is in a batch once (takeBatch).
  // Named, and the conversations again as an array, as the check's read (checkBatch).
  const told = sql`jsonb_build_object('type', 'message', 'conversation', jsonb_build_object('id', s.conversation_id), 'seq', s.seq)`;
  const written = await executeNamed<MessageSqlRow>(
    db,
    'chat_batch_store',
    () => sql`
    with v as (
      select * from jsonb_to_recordset(${sql.placeholder('sends')}::jsonb)
        as v(conv bigint, sender bigint, shape text, body text, client uuid, credits int, reference text,
          partner_id bigint, partner_fictional boolean, visible boolean, invisible_only boolean, not_confirmed boolean,
          pending_deletion boolean, viewer_blocked boolean, blocked_viewer boolean, sender_fictional boolean)
    ), now_facts as (
      select v.conv, v.sender, ${facts.columns} from v ${facts.joins}
    ), ok as (
      select v.* from v join now_facts f on f.conv = v.conv and f.sender = v.sender
      where (${factsOf('v')}) is not distinct from (${factsOf('f')})
        and not exists (select 1 from ${messages} m where m.sender_id = v.sender and m.client_id = v.client)
        and ${couldSpendSql(sql`v.sender`, sql`v.credits`)}
    ), bumped as (
      update ${conversations} set
        last_seq = ${conversations.lastSeq} + 1,
        last_message_at = now(),
        awaiting_reply_since = case v.shape
          when 'answered' then null
          when 'awaiting' then coalesce(${conversations.awaitingReplySince}, now())
          else ${conversations.awaitingReplySince} end
      from ok v where ${conversations.id} = v.conv and ${conversations.id} = any(array(select conv from ok))
      returning ${conversations.id} as conv, ${conversations.lastSeq} as seq, v.sender, v.body, v.client, v.credits
    ), members as (
      update ${conversationMembers} set
        hidden_at = null,
        unread = case when ${conversationMembers.memberId} = b.sender then 0 else ${conversationMembers.unread} + 1 end,
        last_read_seq = case when ${conversationMembers.memberId} = b.sender then b.seq else ${conversationMembers.lastReadSeq} end
      from bumped b
      where ${conversationMembers.conversationId} = b.conv
        and ${conversationMembers.conversationId} = any(array(select conv from ok))
    ), stored as (
      insert into ${messages} (conversation_id, seq, sender_id, kind, body, client_id, credits)
      select b.conv, b.seq, b.sender, 'text', b.body, b.client, b.credits from bumped b
      on conflict (sender_id, client_id) do nothing
      returning *
    ), paid as (
      select sender as user_id, credits as amount, 'message' as reason, reference from ok where credits > 0
    ), ${spendsTogetherSql(sql`paid`)}
    select s.*,
      ${notifySql(unreadMessagesChanged, sql`v.partner_id::text`)} as unread_partner,
      ${notifySql(unreadMessagesChanged, sql`s.sender_id::text`)} as unread_sender,
      ${memberEventSql(sql`v.partner_id`, told)} as told_partner,
      ${memberEventSql(sql`s.sender_id`, told)} as told_sender,
      (select ${creditsChangedSql(sql`e.user_id`, sql`e.balance_after`)}
        from spend_entered e where e.user_id = s.sender_id) as credits_changed
    from stored s join ok v on v.sender = s.sender_id and v.client = s.client_id
    where all_or_nothing(
      (select count(*) from stored) = (select count(*) from ok)
      and (select count(*) from spend_entered) = (select count(*) from paid))`,
    { sends },
  );
  return new Map(
    written.rows.map((row) => [`${row.sender_id}:${row.client_id}`, storedMessage(row)] as const),
  );
}

function storedMessage(row: MessageSqlRow): StoredMessage {
  return {
    id: Number(row.id),
    conversationId: Number(row.conversation_id),
    seq: Number(row.seq),
    senderId: Number(row.sender_id),
    kind: row.kind,
    body: row.body,
    giftId: row.gift_id === null ? null : Number(row.gift_id),
    imageId: row.image_id === null ? null : Number(row.image_id),
    clientId: row.client_id,
    credits: Number(row.credits),
    createdAt: new Date(row.created_at),
  };
}
