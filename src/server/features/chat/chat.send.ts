import { type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/limits.ts';
import type { Database, Tx } from '../../db/client.ts';
import { allOrNothingRefused, foreignKeyViolation, uniqueViolation } from '../../db/pg-errors.ts';
import { executeNamed } from '../../db/prepared.ts';
import {
  blocks,
  chatImages,
  conversationMembers,
  conversations,
  gifts,
  landingFreeMessages,
  messages,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { defineState } from '../../feature.ts';
import { notifySql, publishAll } from '../../lib/event-bus.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import { conversationNotFound, memberNotFound } from '../../policy/refusals.ts';
import type { SendFacts } from '../../policy/rules/chat.rules.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import {
  couldSpendSql,
  SpendsRefused,
  spendCreditsTogether,
  spendRefusal,
} from '../credits/credits.service.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { enqueueMessageMails } from '../notifications/notification-mails.ts';
import { memberEventSql } from '../realtime/realtime.service.ts';
import { staffListEvent } from '../realtime/staff-lists.ts';
import { unreadMessagesChanged } from './chat.counts.ts';
import { receiptsShown } from './read-receipts.ts';

/**
 * The chat's one send (docs/decisions/0026, 0037): every message, alone or with others, text, gift
 * or image, first of its conversation or not, goes through the same three steps.
 *
 * 1. Facts (`readFacts`): one statement reads, for every send of a set, what the rules ask (the
 *    target conversation, the partner, blocks, the conversations a free sender started, the price
 *    and whether the sender can pay it, an earlier message of the client id).
 * 2. Decision (`decide`): the policy (`conversation.send`) and the content's own rules, per send,
 *    in plain code; a refusal answers that send only.
 * 3. Write (`write`): one transaction for the set. One statement stores what was decided only where
 *    the facts, read again in it, are still those (else that send goes again, alone): the
 *    conversations a first message creates, the seqs, the messages, the members' counts, the
 *    events; credits then takes its spends (its own statement), all or nothing.
 *
 * The sends that arrive on this instance while a set is written wait and go as the next set: one
 * transaction for many messages under load, none waiting when the instance is idle. A set never
 * holds two sends of one sender or of one conversation, so each seq moves by one and each account
 * is spent from once. Whatever a set cannot store goes again as a set of its own, which answers it
 * exactly as the rules say.
 */

/** What is sent: a text, a gift (with an optional note) or an image the sender uploaded. */
export type MessageContent =
  | { kind: 'text'; body: string }
  | { kind: 'gift'; body: string; giftId: number }
  | { kind: 'image'; body: string; imageId: number };

/** A member (`to`, the conversation is made by the first message) or a conversation of the sender's. */
export type SendTarget = { to: number } | { conversationId: number };

/** The settings a send obeys, resolved for the request's domain by the route. */
export type SendSettings = {
  messageCredits: number;
  photoCredits: number;
  giftCredits: number;
  messageLength: number;
};

type StoredMessage = typeof messages.$inferSelect;
type GiftShown = { id: number; slug: string; names: Record<string, string> };
type ImageShown = { id: number; storageKey: string; width: number; height: number };
/** A stored message with what it shows: its gift, its image (null for other kinds). */
export type SentMessage = StoredMessage & { gift: GiftShown | null; image: ImageShown | null };

/**
 * Run in the send's own transaction once its message is stored; throwing undoes the message (and,
 * through the retry alone, nothing else of its set). For a condition that must hold at the very
 * moment of the write: an operator's answer needs their claim still live (features/operators).
 */
export type OnStored = (tx: Tx, message: StoredMessage) => Promise<void>;

/** A send as the service gets it. Without content: only whether the sender may write there. */
export type SendRequest = {
  viewer: MemberViewer;
  target: SendTarget;
  clientId?: string;
  content?: MessageContent;
  settings?: SendSettings;
  onStored?: OnStored | null;
};

/** What step 1 reads for a send: the facts of the rules, as one row of `factsSql`. */
export type SendFactsRow = {
  i: number;
  conv_id: number | null;
  partner_id: number | null;
  /** A conversation id that is not one of the sender's. */
  not_mine: boolean;
  /** A message of this sender with this client id, already stored: a resend. */
  earlier_id: number | null;
  partner_found: boolean;
  partner_fictional: boolean;
  visible: boolean;
  invisible_only: boolean;
  not_confirmed: boolean;
  pending_deletion: boolean;
  /** Active, hidden by the back office. */
  hidden: boolean;
  viewer_blocked: boolean;
  blocked_viewer: boolean;
  sender_fictional: boolean;
  /** Conversations the sender started (read only where this send would start one). */
  started: number;
  /** What the content costs; null: a gift that is not in the catalogue. */
  price: number | null;
  /** Free texts left to this partner from the landing flow (features/chat/landing-free-messages.ts). */
  free_left: number;
  content_ok: boolean;
  could_pay: boolean;
  gift: GiftShown | null;
  image: ImageShown | null;
};

/** The facts a decision was made with; the write stores a send only while these still hold. */
const CHECKED_FACTS = [
  'conv_id',
  'partner_id',
  'partner_fictional',
  'visible',
  'invisible_only',
  'not_confirmed',
  'pending_deletion',
  'viewer_blocked',
  'blocked_viewer',
  'sender_fictional',
  'price',
] as const satisfies readonly (keyof SendFactsRow)[];

/**
 * The facts of each send of a relation `v` with the columns (i, sender, conv, partner, client,
 * kind, gift, image, text_credits, photo_credits, gift_credits): the one reading of the rules'
 * facts, for step 1 and again inside the write. Each row's conversation is found by its id (only
 * one the sender is in) or by the pair; the ids are read through indexes row by row.
 */
const factsSql = (v: SQL) => sql`
  select ${v}.i,
    c.id as conv_id,
    coalesce(c.partner, case when ${v}.conv is null then ${v}.partner end) as partner_id,
    (${v}.conv is not null and c.id is null) as not_mine,
    (select m.id from ${messages} m where m.sender_id = ${v}.sender and m.client_id = ${v}.client) as earlier_id,
    (${profiles.userId} is not null) as partner_found,
    coalesce(${users.fictional}, false) as partner_fictional,
    coalesce(${visibleMemberCondition}, false) as visible,
    -- A fictional profile the back office hid goes on in its conversations as an invisible member does.
    coalesce(${users.status} = 'active' and (${users.invisible} or (${users.fictional} and ${users.hiddenAt} is not null))
      and ${users.deletedAt} is null, false) as invisible_only,
    coalesce(${users.status} = 'not_confirmed' and ${users.deletedAt} is null, false) as not_confirmed,
    coalesce(${users.status} = 'pending_deletion' and ${users.deletedAt} is null, false) as pending_deletion,
    coalesce(${users.status} = 'active' and ${users.hiddenAt} is not null and ${users.deletedAt} is null, false) as hidden,
    exists (select 1 from ${blocks} b where b.blocker_id = ${v}.sender and b.blocked_id = ${users.id}) as viewer_blocked,
    exists (select 1 from ${blocks} b where b.blocker_id = ${users.id} and b.blocked_id = ${v}.sender) as blocked_viewer,
    coalesce((select s.fictional from ${users} s where s.id = ${v}.sender), false) as sender_fictional,
    case when c.id is null
      then (select count(*)::int from ${conversations} s where s.started_by = ${v}.sender) else 0 end as started,
    pr.price,
    coalesce(lf.remaining, 0) as free_left,
    pr.content_ok,
    ${couldSpendSql(sql`${v}.sender`, sql`coalesce(pr.price, 0)`)} as could_pay,
    pr.gift,
    pr.image
  from ${v}
  left join lateral (
    select c.id, case when c.member_low = ${v}.sender then c.member_high else c.member_low end as partner
    from ${conversations} c
    where ${v}.conv is not null and c.id = ${v}.conv
      and exists (select 1 from ${conversationMembers} cm where cm.conversation_id = c.id and cm.member_id = ${v}.sender)
    union all
    select c.id, ${v}.partner from ${conversations} c
    where ${v}.conv is null
      and c.member_low = least(${v}.sender, ${v}.partner) and c.member_high = greatest(${v}.sender, ${v}.partner)
  ) c on true
  left join ${users} on ${users.id} = coalesce(c.partner, case when ${v}.conv is null then ${v}.partner end)
  left join ${profiles} on ${profiles.userId} = ${users.id}
  left join ${landingFreeMessages} lf on lf.member_id = ${v}.sender and lf.partner_id = ${users.id}
  cross join lateral (
    select
      -- A fictional profile pays nothing (its answers are the operators'); a gift must still exist.
      case when coalesce((select s.fictional from ${users} s where s.id = ${v}.sender), false)
        and (${v}.kind <> 'gift' or exists (select 1 from ${gifts} g where g.id = ${v}.gift and g.active)) then 0
      else case ${v}.kind
        -- The landing flow's free texts to the member the sender came for, while they last.
        when 'text' then case when lf.remaining > 0 then 0 else ${v}.text_credits end
        when 'image' then ${v}.photo_credits
        when 'gift' then (select coalesce(g.credits, ${v}.gift_credits) from ${gifts} g where g.id = ${v}.gift and g.active)
        else 0 end end as price,
      case ${v}.kind
        when 'gift' then exists (select 1 from ${gifts} g where g.id = ${v}.gift and g.active)
        when 'image' then exists (select 1 from ${chatImages} ci where ci.id = ${v}.image and ci.uploader_id = ${v}.sender
          and not exists (select 1 from ${messages} m where m.image_id = ci.id))
        else true end as content_ok,
      case when ${v}.kind = 'gift' then (select json_build_object('id', g.id, 'slug', g.slug, 'names', g.names)
        from ${gifts} g where g.id = ${v}.gift) end as gift,
      case when ${v}.kind = 'image' then (select json_build_object('id', ci.id, 'storageKey', ci.storage_key,
        'width', ci.width, 'height', ci.height) from ${chatImages} ci where ci.id = ${v}.image) end as image
  ) pr`;

/** The columns of a set of sends, as factsSql reads them (and the write adds its own). */
const SEND_COLUMNS = `i int, sender bigint, conv bigint, partner bigint, client uuid, kind text, gift int,
  image bigint, text_credits int, photo_credits int, gift_credits int`;

const asRow = (request: SendRequest, i: number) => ({
  i,
  sender: request.viewer.id,
  conv: 'conversationId' in request.target ? request.target.conversationId : null,
  partner: 'to' in request.target ? request.target.to : null,
  client: request.clientId ?? null,
  kind: request.content?.kind ?? null,
  gift: request.content?.kind === 'gift' ? request.content.giftId : null,
  image: request.content?.kind === 'image' ? request.content.imageId : null,
  text_credits: request.settings?.messageCredits ?? 0,
  photo_credits: request.settings?.photoCredits ?? 0,
  gift_credits: request.settings?.giftCredits ?? 0,
});

/** Step 1: the facts of each send, in the order of the sends. */
export async function readFacts(db: Database, requests: readonly SendRequest[]): Promise<SendFactsRow[]> {
  const { rows } = await executeNamed<SendFactsRow>(
    db,
    'chat_send_facts',
    () => sql`
      with v as (select * from jsonb_to_recordset(${sql.placeholder('sends')}::jsonb) as v(${sql.raw(SEND_COLUMNS)}))
      ${factsSql(sql`v`)}`,
    { sends: JSON.stringify(requests.map(asRow)) },
  );
  const byIndex = new Map(rows.map((row) => [Number(row.i), normalize(row)]));
  return requests.map((_, i) => byIndex.get(i) as SendFactsRow);
}

/** node-postgres answers bigints as text. */
const normalize = (row: SendFactsRow): SendFactsRow => ({
  ...row,
  conv_id: row.conv_id === null ? null : Number(row.conv_id),
  partner_id: row.partner_id === null ? null : Number(row.partner_id),
  earlier_id: row.earlier_id === null ? null : Number(row.earlier_id),
  price: row.price === null ? null : Number(row.price),
  free_left: Number(row.free_left),
});

/** The rules' facts of a send (chat.rules.ts), from its row. */
export function sendFactsOf(viewer: MemberViewer, row: SendFactsRow): SendFacts {
  if (row.not_mine) throw conversationNotFound();
  if (row.partner_id === null || !row.partner_found) throw memberNotFound();
  return {
    partner: {
      id: row.partner_id,
      visible: row.visible,
      invisibleOnly: row.invisible_only,
      notConfirmed: row.not_confirmed,
      pendingDeletion: row.pending_deletion,
      hidden: row.hidden,
      relation: { viewerBlocked: row.viewer_blocked, blockedViewer: row.blocked_viewer },
    },
    conversation: row.conv_id !== null,
    started: row.conv_id === null && !viewer.premium ? row.started : 0,
  };
}

/** A send the rules allow, with what its write needs. */
type Accepted = {
  request: Required<SendRequest>;
  facts: SendFactsRow;
  price: number;
  /** How the conversation's awaiting-reply clock moves: the back office's queue of fictional profiles. */
  awaiting: 'answered' | 'awaiting' | 'kept';
  /** A free member's first message to this partner: counted against their limit under a lock. */
  freeStart: boolean;
  /** A landing flow's free text: the write spends one of the grant's, or stores nothing. */
  freeText: boolean;
};

type Decision =
  | { kind: 'resend'; messageId: number }
  | { kind: 'refused'; error: unknown }
  | { kind: 'cannot_pay'; price: number }
  | { kind: 'accepted'; accepted: Accepted };

/** Step 2, for one send: what the rules say, with the facts of step 1. Never throws. */
function decide(request: Required<SendRequest>, facts: SendFactsRow): Decision {
  if (facts.earlier_id !== null) return { kind: 'resend', messageId: facts.earlier_id };
  try {
    if (request.content.body.length > request.settings.messageLength)
      throw validationFailed({ body: ['message_too_long'] });
    authorize(request.viewer, 'conversation.send', sendFactsOf(request.viewer, facts));
    if (!facts.content_ok || facts.price === null)
      throw request.content.kind === 'image'
        ? validationFailed({ image: ['image_not_found'] })
        : validationFailed({ gift: ['gift_not_found'] });
  } catch (error) {
    return { kind: 'refused', error };
  }
  if (!facts.could_pay) return { kind: 'cannot_pay', price: facts.price };
  const awaiting = facts.sender_fictional ? 'answered' : facts.partner_fictional ? 'awaiting' : 'kept';
  const freeStart = facts.conv_id === null && !request.viewer.premium;
  const freeText =
    request.content.kind === 'text' && !facts.sender_fictional && facts.free_left > 0 && facts.price === 0;
  return {
    kind: 'accepted',
    accepted: { request, facts, price: facts.price, awaiting, freeStart, freeText },
  };
}

type StoredRow = {
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

/** Why a set could not be stored as decided: its sends go again, each on its own. */
class SetNotWhole extends Error {}

/** What a stored message's notifications are enqueued with (in the send's transaction). */
type Notify = Pick<AppServices, 'enqueue' | 'now'>;

/**
 * Step 3: stores the accepted sends in one transaction, or none of them (then it throws). Answers
 * the stored messages by send; a send whose facts changed since they were read is left out (no
 * entry): the caller sends it again.
 */
async function write(
  db: Database,
  accepted: readonly Accepted[],
  notify: Notify,
): Promise<Map<Accepted, StoredMessage>> {
  const sends = accepted.map((a, i) => {
    const { request, facts } = a;
    return {
      ...asRow(request, i),
      ...Object.fromEntries(CHECKED_FACTS.map((name) => [`was_${name}`, facts[name]])),
      partner: facts.partner_id,
      body: request.content.body,
      credits: a.price,
      shape: a.awaiting,
      free_start: a.freeStart,
      free_text: a.freeText,
      operated: facts.partner_fictional
        ? facts.partner_id
        : facts.sender_fictional
          ? request.viewer.id
          : null,
    };
  });
  return db.transaction(async (tx) => {
    // A free member's starts are counted again after waiting for their other starts to commit:
    // two first messages at once cannot both be the one over the limit (the statement below reads
    // after the lock, READ COMMITTED). In id order, so two sets never wait for each other.
    const starters = [...new Set(accepted.filter((a) => a.freeStart).map((a) => a.request.viewer.id))];
    for (const id of starters.sort((x, y) => x - y))
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-start:${id}`}, 0))`);
    const was = (name: string) => sql.raw(`v.was_${name}`);
    const same = sql.join(
      CHECKED_FACTS.map((name) => sql`${was(name)} is not distinct from f.${sql.raw(name)}`),
      sql` and `,
    );
    const told = sql`jsonb_build_object('type', 'message', 'conversation', jsonb_build_object('id', s.conversation_id), 'seq', s.seq)`;
    const { rows } = await executeNamed<StoredRow & { i: number }>(
      tx,
      'chat_send_write',
      () => sql`
      with v as (
        select * from jsonb_to_recordset(${sql.placeholder('sends')}::jsonb) as v(${sql.raw(SEND_COLUMNS)},
          body text, credits int, shape text, free_start boolean, free_text boolean, operated bigint,
          was_conv_id bigint, was_partner_id bigint, was_partner_fictional boolean, was_visible boolean,
          was_invisible_only boolean, was_not_confirmed boolean, was_pending_deletion boolean,
          was_viewer_blocked boolean, was_blocked_viewer boolean, was_sender_fictional boolean, was_price int)
      ), now_facts as (${factsSql(sql`v`)}
      ), ok as (
        select v.* from v join now_facts f on f.i = v.i
        where ${same}
          and f.earlier_id is null and f.content_ok and f.could_pay
          and (not v.free_start or f.started < ${LIMITS.freeConversations})
      ), created as (
        insert into ${conversations} (member_low, member_high, started_by, operated_member_id, last_seq,
          last_message_at, awaiting_reply_since)
        select least(sender, partner), greatest(sender, partner), sender, operated, 1, now(),
          case when shape = 'awaiting' then now() end
        from ok where was_conv_id is null
        on conflict do nothing
        returning id as conv, member_low, member_high, started_by as sender, last_seq as seq
      ), created_members as (
        insert into ${conversationMembers} (conversation_id, member_id, unread, last_read_seq)
        select c.conv, m.id, case when m.id = c.sender then 0 else 1 end, case when m.id = c.sender then 1 else 0 end
        from created c cross join lateral (values (c.member_low), (c.member_high)) as m(id)
      ), bumped as (
        update ${conversations} set
          last_seq = ${conversations.lastSeq} + 1,
          last_message_at = now(),
          awaiting_reply_since = case v.shape
            when 'answered' then null
            when 'awaiting' then coalesce(${conversations.awaitingReplySince}, now())
            else ${conversations.awaitingReplySince} end
        from ok v
        where ${conversations.id} = v.was_conv_id
          and ${conversations.id} = any(array(select was_conv_id from ok where was_conv_id is not null))
        returning ${conversations.id} as conv, ${conversations.lastSeq} as seq, v.sender
      ), members as (
        -- The partner has one more to read and both get the conversation back in their list; the
        -- sender has read everything up to their own message, which the partner sees while the
        -- sender shows it (read-receipts.ts).
        update ${conversationMembers} set
          hidden_at = null,
          unread = case when ${conversationMembers.memberId} = b.sender then 0 else ${conversationMembers.unread} + 1 end,
          last_read_seq = case when ${conversationMembers.memberId} = b.sender then b.seq else ${conversationMembers.lastReadSeq} end,
          shown_read_seq = case when ${conversationMembers.memberId} = b.sender and ${receiptsShown(sql`b.sender`)}
            then b.seq else ${conversationMembers.shownReadSeq} end
        from bumped b
        where ${conversationMembers.conversationId} = b.conv
          and ${conversationMembers.conversationId} = any(array(select conv from bumped))
      ), free_spent as (
        -- A free text takes one of the grant's: of two sends that read the last one at once, the
        -- second finds none left here (the row's lock, then its new value) and its set goes again.
        update ${landingFreeMessages} set remaining = ${landingFreeMessages.remaining} - 1
        from ok v
        where v.free_text and ${landingFreeMessages.memberId} = v.sender
          and ${landingFreeMessages.partnerId} = v.partner and ${landingFreeMessages.remaining} > 0
        returning ${landingFreeMessages.memberId}
      ), placed as (
        select conv, seq, sender from bumped union all select conv, seq, sender from created
      ), stored as (
        insert into ${messages} (conversation_id, seq, sender_id, kind, body, gift_id, image_id, client_id, credits)
        select p.conv, p.seq, v.sender, v.kind, v.body, v.gift, v.image, v.client, v.credits
        from placed p join ok v on v.sender = p.sender
        on conflict (sender_id, client_id) do nothing
        returning *
      )
      select v.i, s.*,
        ${notifySql(unreadMessagesChanged, sql`v.partner::text`)} as unread_partner,
        ${notifySql(unreadMessagesChanged, sql`s.sender_id::text`)} as unread_sender,
        ${memberEventSql(sql`v.partner`, told)} as told_partner,
        ${memberEventSql(sql`s.sender_id`, told)} as told_sender
      from stored s join ok v on v.sender = s.sender_id and v.client = s.client_id
      -- What was decided is stored whole or not at all: a conversation started by the partner
      -- meanwhile, a resend stored by another transaction, would leave a seq without its message;
      -- a free text whose grant another send took would be free twice.
      where all_or_nothing((select count(*) from stored) = (select count(*) from ok)
        and (select count(*) from free_spent) = (select count(*) from ok where free_text))`,
      { sends: JSON.stringify(sends) },
    );
    const stored = new Map<Accepted, StoredMessage>();
    for (const row of rows) stored.set(accepted[Number(row.i)] as Accepted, storedMessage(row));
    for (const [a, message] of stored) await a.request.onStored?.(tx, message);
    const spends = [...stored.values()].flatMap((message) =>
      message.credits > 0
        ? [
            {
              userId: message.senderId,
              amount: message.credits,
              reason: REASONS[message.kind],
              // Scoped by the sender: another member's client id can never make a message free.
              reference: `message:${message.senderId}:${message.clientId}`,
            },
          ]
        : [],
    );
    // Credits' own statement: a spend refused in a race undoes the whole set (SpendsRefused).
    const { events } = await spendCreditsTogether(tx, spends);
    // The operators' queue: a member's message to a fictional profile waits (or waits on), the
    // profile's answer ends the wait; sent with the credits' events, in one statement.
    const queued = [...stored].flatMap(([a, message]) =>
      a.awaiting === 'kept'
        ? []
        : [
            staffListEvent({
              list: 'operator_queue',
              kind: a.awaiting === 'awaiting' ? 'waiting' : 'answered',
              id: message.conversationId,
            }),
          ],
    );
    await publishAll(tx, [...events, ...queued]);
    // The partners' mails, in the send's transaction (each decides when it runs: features/notifications).
    await enqueueMessageMails(
      notify,
      tx,
      // A stored message always has its partner (the write's facts name them).
      [...stored].flatMap(([a, message]) =>
        a.facts.partner_id === null
          ? []
          : [
              {
                recipientId: a.facts.partner_id,
                senderId: message.senderId,
                conversationId: message.conversationId,
                seq: message.seq,
              },
            ],
      ),
    );
    return stored;
  });
}

/** What a member's transaction list says a message cost them for. */
const REASONS: Record<StoredMessage['kind'], string> = { text: 'message', gift: 'gift', image: 'photo' };

function storedMessage(row: StoredRow): StoredMessage {
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

/** A send waiting on this instance, and how it is answered. */
type Pending = {
  request: Required<SendRequest>;
  /** How many times it was read and decided: a send whose facts keep changing ends with an error. */
  rounds: number;
  resolve: (message: SentMessage | number) => void;
  reject: (error: unknown) => void;
};

/** Enough to share the work of a commit, small enough that one set's statements stay short. */
const MAX_SET = 64;
/** A send read and decided this often without its facts holding until its write: something is wrong. */
const MAX_ROUNDS = 5;

/**
 * The sends waiting on this instance, and whether a set is being stored. One set at a time: two
 * in flight were measured slower, their sets half as large for the same work (docs/performance.md).
 */
type Sender = { queue: Pending[]; running: boolean };
/** One per app (chat.feature.ts lists it). */
export const chatSenderState = defineState('chat.sender', (): Sender => ({ queue: [], running: false }));

/**
 * Queues a send to be stored (step 1 to 3 with the sends that wait with it). Answers the stored
 * message, the first one for a resent client id, or the refusal of the rules.
 */
export async function sendMessage(
  services: Pick<AppServices, 'db' | 'state' | 'enqueue' | 'now'>,
  request: Required<SendRequest>,
): Promise<SentMessage | number> {
  const { db } = services;
  const queued = services.state.of(chatSenderState);
  return new Promise((resolve, reject) => {
    queued.queue.push({ request, rounds: 0, resolve, reject });
    if (!queued.running) void drain(db, queued, { enqueue: services.enqueue, now: services.now });
  });
}

/** Stores sets until nothing waits; what arrives meanwhile goes with the next set. */
async function drain(db: Database, sender: Sender, notify: Notify): Promise<void> {
  sender.running = true;
  try {
    while (sender.queue.length > 0) await storeSet(db, takeSet(sender), notify);
  } finally {
    sender.running = false;
  }
}

/** Two sends that would touch one conversation: by its id, or by the pair a first message has. */
const conversationKey = (request: SendRequest) =>
  'conversationId' in request.target
    ? `c${request.target.conversationId}`
    : `p${Math.min(request.viewer.id, request.target.to)}:${Math.max(request.viewer.id, request.target.to)}`;

/** The oldest sends with no sender and no conversation twice; the rest keep their place. */
function takeSet(sender: Sender): Pending[] {
  const set: Pending[] = [];
  const rest: Pending[] = [];
  const ids = new Set<number>();
  const keys = new Set<string>();
  for (const send of sender.queue) {
    const key = conversationKey(send.request);
    if (set.length < MAX_SET && !ids.has(send.request.viewer.id) && !keys.has(key)) {
      set.push(send);
      ids.add(send.request.viewer.id);
      keys.add(key);
    } else rest.push(send);
  }
  sender.queue = rest;
  return set;
}

/** Steps 1 to 3 for a set; what it cannot store goes again, each send as a set of its own. */
async function storeSet(db: Database, set: Pending[], notify: Notify): Promise<void> {
  let facts: SendFactsRow[];
  try {
    facts = await readFacts(
      db,
      set.map((p) => p.request),
    );
  } catch (error) {
    for (const send of set) send.reject(error);
    return;
  }
  const accepted: { send: Pending; accepted: Accepted }[] = [];
  const conversationsTaken = new Set<number>();
  const again: Pending[] = [];
  for (const [i, send] of set.entries()) {
    send.rounds += 1;
    const decision = decide(send.request, facts[i] as SendFactsRow);
    if (decision.kind === 'resend') send.resolve(decision.messageId);
    else if (decision.kind === 'refused') send.reject(decision.error);
    else if (decision.kind === 'cannot_pay')
      send.reject(await spendRefusal(db, send.request.viewer.id, decision.price).catch((error) => error));
    else {
      const conversationId = decision.accepted.facts.conv_id;
      // Found by the pair, a conversation another send of the set names by its id: next set.
      if (conversationId !== null && conversationsTaken.has(conversationId)) again.push(send);
      else {
        if (conversationId !== null) conversationsTaken.add(conversationId);
        accepted.push({ send, accepted: decision.accepted });
      }
    }
  }
  if (accepted.length > 0) {
    try {
      const stored = await write(
        db,
        accepted.map((a) => a.accepted),
        notify,
      );
      for (const { send, accepted: a } of accepted) {
        const message = stored.get(a);
        // Left out: its facts changed since they were read. Read and decided again.
        if (message) send.resolve({ ...message, gift: a.facts.gift, image: a.facts.image });
        else again.push(send);
      }
    } catch (error) {
      if (accepted.length === 1) {
        // Alone, the error is this send's: the rules that a race can only show at the write.
        const [{ send }] = accepted as [{ send: Pending; accepted: Accepted }];
        // The same image sent twice at once under two client ids: the unique image wins once. Or
        // the clean-up of unsent images took it while it was being sent (chat-images.service.ts).
        if (
          uniqueViolation(error, 'messages_image_key') ||
          foreignKeyViolation(error, 'messages_image_id_chat_images_id_fk')
        )
          send.reject(validationFailed({ image: ['image_not_found'] }));
        // A spend refused in a race, a conversation or a resend stored meanwhile: read again.
        else if (error instanceof SpendsRefused || isSetNotWhole(error)) again.push(send);
        else send.reject(error);
      } else again.push(...accepted.map((a) => a.send));
    }
  }
  // Each on its own, before anything that arrived later, so it keeps its place.
  for (const send of again) {
    if (send.rounds >= MAX_ROUNDS) send.reject(new SetNotWhole('a send whose facts kept changing'));
    else await storeSet(db, [send], notify);
  }
}

/** all_or_nothing's refusal (migration 0027), or a conflict that a read again resolves. */
const isSetNotWhole = (error: unknown) =>
  allOrNothingRefused(error) ||
  uniqueViolation(error, 'messages_sender_client_key') ||
  uniqueViolation(error, 'messages_conversation_seq_key');
