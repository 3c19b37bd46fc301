import { sql } from 'drizzle-orm';
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
import { couldSpendSql, creditsChanged, spendsTogetherSql } from '../credits/credits.service.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { memberEventSql } from '../realtime/realtime.service.ts';
import { unreadMessagesChanged } from './chat.counts.ts';

/**
 * Text messages in existing conversations, sent together (docs/decisions/0037): the sends that
 * arrive on this instance while a batch is being stored wait for its commit and then go as the
 * next batch, in one transaction of set-based statements instead of one transaction of their own
 * each. An idle instance starts a batch at once, so a lone message waits for nobody. A batch never
 * holds two messages of one sender or of one conversation (the later one waits for the next), so
 * each conversation's seq moves by one and each account is spent from once.
 *
 * Whatever the batch cannot store as a whole (a refused spend, a resend that raced, a lock
 * conflict, any error) is rolled back and sent again one message at a time by the caller's own
 * path (`alone`), which answers each exactly as a lone send does. Refusals of the policy are asked
 * per message before the transaction, with the same rule and facts as a lone send.
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
type Batcher = { queue: Pending[]; running: boolean };
const batchers = new WeakMap<Database, Batcher>();

/**
 * Stores the message with the others that wait, or on its own (`alone`) where the batch could not.
 * Answers once the message is committed: the first message of a resent client id.
 */
export function sendBatched(db: Database, send: BatchedSend): Promise<StoredMessage> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = { queue: [], running: false };
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
    while (batcher.queue.length > 0) await storeBatch(db, takeBatch(batcher));
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

async function storeBatch(db: Database, batch: Pending[]): Promise<void> {
  let accepted: Accepted[];
  try {
    const checked = await checkBatch(db, batch);
    accepted = checked.accepted;
    for (const send of checked.alone) sendAlone(send);
  } catch {
    // The read failed (a lost connection): each on its own path, which says what went wrong.
    for (const send of batch) sendAlone(send);
    return;
  }
  if (accepted.length === 0) return;
  try {
    const stored = await writeBatch(db, accepted);
    for (const [i, item] of accepted.entries()) item.send.resolve(stored[i] as StoredMessage);
  } catch {
    // The set was not whole (a refused spend, a resend that raced), a lock conflict with another
    // instance's batch, a lost connection: each message goes again on its own path, which answers
    // refusals exactly and finds by its client id any message that did commit.
    for (const { send } of accepted) sendAlone(send);
  }
}

/** The send on the lone path, answered from there; the batch does not wait for it. */
function sendAlone(send: Pending): void {
  send.alone().then(send.resolve, send.reject);
}

type Accepted = {
  send: Pending;
  partnerId: number;
  /** The awaiting-reply clock of the conversation, as a lone send moves it (chat.service.ts). */
  awaiting: 'answered' | 'awaiting' | 'kept';
};

type FactsRow = {
  i: number;
  /** A message of this sender with this client id, already stored: a resend. */
  earlier: boolean;
  /** Enough credits and within the daily limit, as read now (the spend decides). */
  could_pay: boolean;
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

/**
 * Before the transaction, one read for the whole batch: every send is authorized with the facts a
 * lone send reads (its membership of the conversation, the partner's state, blocks either way),
 * and a refused send is answered at once. A resend, a send to a conversation the sender is not in,
 * and one its sender cannot pay for leave the batch for the lone path, which answers them exactly
 * (the first message, conversation_not_found, insufficient_credits or daily_limit_reached).
 */
async function checkBatch(
  db: Database,
  batch: Pending[],
): Promise<{ accepted: Accepted[]; alone: Pending[] }> {
  const asked = JSON.stringify(
    batch.map((s, i) => ({
      i,
      sender: s.viewer.id,
      conv: s.conversationId,
      client: s.clientId,
      credits: s.credits,
    })),
  );
  // Named (db/prepared.ts): its text is the same for every batch, the set one JSON parameter.
  const facts = await executeNamed<FactsRow>(
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
      ${users.id} as partner_id, ${users.fictional} as partner_fictional,
      coalesce(${visibleMemberCondition}, false) as visible,
      (${users.status} = 'active' and ${users.invisible} and ${users.deletedAt} is null) as invisible_only,
      (${users.status} = 'not_confirmed' and ${users.deletedAt} is null) as not_confirmed,
      (${users.status} = 'pending_deletion' and ${users.deletedAt} is null) as pending_deletion,
      exists (select 1 from ${blocks} where ${blocks.blockerId} = v.sender and ${blocks.blockedId} = ${users.id}) as viewer_blocked,
      exists (select 1 from ${blocks} where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = v.sender) as blocked_viewer,
      coalesce((select s.fictional from ${users} s where s.id = v.sender), false) as sender_fictional
    from v
    -- The ids again as an array: PostgreSQL guesses 100 rows for any JSON set and would join whole
    -- tables to it; with the array it reads the batch's rows by index.
    join ${conversations} on ${conversations.id} = v.conv and ${conversations.id} = any(array(select conv from v))
    join ${conversationMembers} on ${conversationMembers.conversationId} = ${conversations.id} and ${conversationMembers.memberId} = v.sender
    join ${users} on ${users.id} = case when ${conversations.memberLow} = v.sender then ${conversations.memberHigh} else ${conversations.memberLow} end
    join ${profiles} on ${profiles.userId} = ${users.id}`,
    { sends: asked },
  );
  const factsOf = new Map(facts.rows.map((row) => [Number(row.i), row]));
  const accepted: Accepted[] = [];
  const alone: Pending[] = [];
  for (const [i, send] of batch.entries()) {
    const row = factsOf.get(i);
    // Rare, and answered exactly on the lone path: a resend, a conversation that is not the
    // sender's, and a send that would be refused its credits (which would fail the whole batch).
    if (!row || row.earlier || !row.could_pay) {
      alone.push(send);
      continue;
    }
    try {
      if (send.body.length > send.messageLength) throw validationFailed({ body: ['message_too_long'] });
      const partnerId = Number(row.partner_id);
      const sendFacts: SendFacts = {
        partner: {
          id: partnerId,
          visible: row.visible,
          invisibleOnly: row.invisible_only,
          notConfirmed: row.not_confirmed,
          pendingDeletion: row.pending_deletion,
          relation: { viewerBlocked: row.viewer_blocked, blockedViewer: row.blocked_viewer },
        },
        conversation: true,
        started: 0,
      };
      authorize(send.viewer, 'conversation.send', sendFacts);
      const awaiting = row.sender_fictional ? 'answered' : row.partner_fictional ? 'awaiting' : 'kept';
      accepted.push({ send, partnerId, awaiting });
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
 * PostgreSQL delivers on commit. All or nothing (`all_or_nothing`, migration 0027): a conversation
 * gone, a resend another instance stored meanwhile or a refused spend undoes the whole statement.
 * Answers the stored messages in the batch's order.
 */
async function writeBatch(db: Database, accepted: Accepted[]): Promise<StoredMessage[]> {
  const sends = JSON.stringify(
    accepted.map(({ send, partnerId, awaiting }) => ({
      conv: send.conversationId,
      sender: send.viewer.id,
      partner: partnerId,
      shape: awaiting,
      body: send.body,
      client: send.clientId,
      credits: send.credits,
      // Scoped by the sender, as a lone send's: another member's client id never makes one free.
      reference: `message:${send.viewer.id}:${send.clientId}`,
    })),
  );
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
        as v(conv bigint, sender bigint, partner bigint, shape text, body text, client uuid, credits int, reference text)
    ), bumped as (
      update ${conversations} set
        last_seq = ${conversations.lastSeq} + 1,
        last_message_at = now(),
        awaiting_reply_since = case v.shape
          when 'answered' then null
          when 'awaiting' then coalesce(${conversations.awaitingReplySince}, now())
          else ${conversations.awaitingReplySince} end
      from v where ${conversations.id} = v.conv and ${conversations.id} = any(array(select conv from v))
      returning ${conversations.id} as conv, ${conversations.lastSeq} as seq, v.sender, v.body, v.client, v.credits
    ), members as (
      update ${conversationMembers} set
        hidden_at = null,
        unread = case when ${conversationMembers.memberId} = b.sender then 0 else ${conversationMembers.unread} + 1 end,
        last_read_seq = case when ${conversationMembers.memberId} = b.sender then b.seq else ${conversationMembers.lastReadSeq} end
      from bumped b
      where ${conversationMembers.conversationId} = b.conv
        and ${conversationMembers.conversationId} = any(array(select conv from v))
    ), stored as (
      insert into ${messages} (conversation_id, seq, sender_id, kind, body, client_id, credits)
      select b.conv, b.seq, b.sender, 'text', b.body, b.client, b.credits from bumped b
      on conflict (sender_id, client_id) do nothing
      returning *
    ), paid as (
      select sender as user_id, credits as amount, 'message' as reason, reference from v where credits > 0
    ), ${spendsTogetherSql(sql`paid`)}
    select s.*,
      ${notifySql(unreadMessagesChanged, sql`v.partner::text`)} as unread_partner,
      ${notifySql(unreadMessagesChanged, sql`s.sender_id::text`)} as unread_sender,
      ${memberEventSql(sql`v.partner`, told)} as told_partner,
      ${memberEventSql(sql`s.sender_id`, told)} as told_sender,
      (select ${notifySql(creditsChanged, sql`e.user_id::text`)} from spend_entered e where e.user_id = s.sender_id) as credits_changed
    from stored s join v on v.sender = s.sender_id and v.client = s.client_id
    where all_or_nothing(
      (select count(*) from stored) = (select count(*) from v)
      and (select count(*) from spend_entered) = (select count(*) from paid))`,
    { sends },
  );
  const byKey = new Map(
    written.rows.map((row) => [`${row.sender_id}:${row.client_id}`, storedMessage(row)] as const),
  );
  return accepted.map(({ send }) => byKey.get(`${send.viewer.id}:${send.clientId}`) as StoredMessage);
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
