import { and, asc, desc, eq, getTableColumns, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  CHAT_CATCH_UP_SIZE,
  CHAT_PAGE_SIZE,
  type MessageKind,
  PREVIEW_CHARS,
  type SendRefusal,
} from '../../../shared/contracts/chat.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Database, Queryable, Tx } from '../../db/client.ts';
import { foreignKeyViolation, uniqueViolation } from '../../db/pg-errors.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import {
  blocks,
  chatImages,
  conversationMembers,
  conversations,
  gifts,
  messages,
  photos,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { event, publishAll } from '../../lib/event-bus.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { authorize, can, decide } from '../../policy/policy.ts';
import { conversationNotFound, memberNotFound, refusalError } from '../../policy/refusals.ts';
import type { ChatPartnerFacts, SendFacts } from '../../policy/rules/chat.rules.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { isBlockedEitherWay, notBlockedEitherWay } from '../blocks/blocks.service.ts';
import { spendCredits } from '../credits/credits.service.ts';
import type { CardRow } from '../members/members.presenter.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { cardColumns, cardPhotoJoin } from '../members/search.service.ts';
import { memberEvent } from '../realtime/realtime.service.ts';
import { sendBatched } from './chat.batch.ts';
import { partnerOf, unreadMessagesChanged } from './chat.counts.ts';
import { retentionCutoff, withinRetention } from './chat.retention.ts';

type ChatDeps = Pick<AppServices, 'db'>;

type GiftOfMessage = { id: number; slug: string; names: Record<string, string> };
type ImageOfMessage = { id: number; storageKey: string; width: number; height: number };

/** A message with what it shows: its gift, its image (null for other kinds, or once erased). */
export type MessageRow = typeof messages.$inferSelect & {
  gift: GiftOfMessage | null;
  image: ImageOfMessage | null;
};

/** The settings a send obeys, resolved for the request's domain by the route. */
export type SendSettings = {
  messageCredits: number;
  photoCredits: number;
  giftCredits: number;
  messageLength: number;
};

/** What is sent: a text, a gift (with an optional note) or an image the sender uploaded. */
export type MessageContent =
  | { kind: 'text'; body: string }
  | { kind: 'gift'; body: string; giftId: number }
  | { kind: 'image'; body: string; imageId: number };

/** The columns a message is read with, its gift and image joined (left joins on both). */
const messageColumns = {
  ...getTableColumns(messages),
  gift: sql<GiftOfMessage | null>`case when ${gifts.id} is null then null else json_build_object('id', ${gifts.id}, 'slug', ${gifts.slug}, 'names', ${gifts.names}) end`,
  image: sql<ImageOfMessage | null>`case when ${chatImages.id} is null then null else json_build_object('id', ${chatImages.id}, 'storageKey', ${chatImages.storageKey}, 'width', ${chatImages.width}, 'height', ${chatImages.height}) end`,
};

function selectMessages(db: Queryable) {
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.giftId))
    .leftJoin(chatImages, eq(chatImages.id, messages.imageId));
}

/** What the content costs, and what it shows: an active gift, an image of the sender's not sent yet. */
async function priceOf(
  db: Queryable,
  senderId: number,
  content: MessageContent,
  settings: SendSettings,
): Promise<{ credits: number; reason: string; gift: GiftOfMessage | null; image: ImageOfMessage | null }> {
  if (content.kind === 'text')
    return { credits: settings.messageCredits, reason: 'message', gift: null, image: null };
  if (content.kind === 'gift') {
    const [gift] = await db
      .select({ id: gifts.id, slug: gifts.slug, names: gifts.names, credits: gifts.credits })
      .from(gifts)
      .where(and(eq(gifts.id, content.giftId), eq(gifts.active, true)));
    if (!gift) throw validationFailed({ gift: ['gift_not_found'] });
    const { credits, ...shown } = gift;
    return { credits: credits ?? settings.giftCredits, reason: 'gift', gift: shown, image: null };
  }
  const [image] = await db
    .select({
      id: chatImages.id,
      storageKey: chatImages.storageKey,
      width: chatImages.width,
      height: chatImages.height,
    })
    .from(chatImages)
    .where(
      and(
        eq(chatImages.id, content.imageId),
        eq(chatImages.uploaderId, senderId),
        sql`not exists (select 1 from ${messages} m where m.image_id = ${chatImages.id})`,
      ),
    );
  if (!image) throw validationFailed({ image: ['image_not_found'] });
  return { credits: settings.photoCredits, reason: 'photo', gift: null, image };
}

export type SendTarget = { to: number } | { conversationId: number };

const ordered = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

/**
 * Facts of a partner as conversation.send needs them, their card, and the sender's fictional flag.
 * Read for every message: prepared once per connection (planning it cost more than running it).
 */
const partnerQuery = preparedPerDatabase((db) => {
  const viewerId = sql.placeholder('viewer');
  return db
    .select({
      ...cardColumns,
      photoPrivate: photos.private,
      visible: sql<boolean>`coalesce(${visibleMemberCondition}, false)`,
      invisibleOnly: sql<boolean>`(${users.status} = 'active' and ${users.invisible} and ${users.deletedAt} is null)`,
      notConfirmed: sql<boolean>`(${users.status} = 'not_confirmed' and ${users.deletedAt} is null)`,
      pendingDeletion: sql<boolean>`(${users.status} = 'pending_deletion' and ${users.deletedAt} is null)`,
      viewerBlocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${users.id})`,
      blockedViewer: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${viewerId})`,
      senderFictional: sql<boolean>`coalesce((select u2.fictional from ${users} u2 where u2.id = ${viewerId}), false)`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, cardPhotoJoin)
    .where(eq(users.id, sql.placeholder('partner')))
    .prepare('chat_partner');
});

async function readPartner(db: Database, viewerId: number, partnerId: number) {
  const [row] = await partnerQuery(db).execute({ viewer: viewerId, partner: partnerId });
  if (!row) return undefined;
  const facts: ChatPartnerFacts = {
    id: partnerId,
    visible: row.visible,
    invisibleOnly: row.invisibleOnly,
    notConfirmed: row.notConfirmed,
    pendingDeletion: row.pendingDeletion,
    relation: { viewerBlocked: row.viewerBlocked, blockedViewer: row.blockedViewer },
  };
  const card: CardRow & { photoPrivate: boolean | null } = {
    id: row.id,
    name: row.name,
    fictional: row.fictional,
    birthDate: row.birthDate,
    gender: row.gender,
    country: row.country,
    region: row.region,
    city: row.city,
    photoKey: row.photoKey,
    photoStatus: row.photoStatus,
    photoPrivate: row.photoPrivate,
  };
  return { facts, card, senderFictional: row.senderFictional };
}

/** The caller's conversation of that id and its partner, or conversation_not_found. */
async function myConversation(db: Queryable, viewerId: number, conversationId: number) {
  const [row] = await db
    .select({ id: conversations.id, partnerId: partnerOf(viewerId) })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, conversations.id),
        eq(conversationMembers.memberId, viewerId),
      ),
    )
    .where(eq(conversations.id, conversationId))
    .prepare('chat_my_conversation')
    .execute();
  if (!row) throw conversationNotFound();
  return { id: row.id, partnerId: Number(row.partnerId) };
}

/**
 * A conversation by id (the caller's own, or conversation_not_found), or the caller's conversation
 * with a member if they have one (null: none yet, or the caller themself).
 */
async function resolveTarget(
  db: Queryable,
  viewerId: number,
  by: { conversationId: number } | { memberId: number },
): Promise<{ conversationId: number | null; partnerId: number }> {
  if ('conversationId' in by) {
    const conversation = await myConversation(db, viewerId, by.conversationId);
    return { conversationId: conversation.id, partnerId: conversation.partnerId };
  }
  const partnerId = by.memberId;
  const conversationId =
    partnerId === viewerId ? null : ((await conversationOfPair(db, viewerId, partnerId)) ?? null);
  return { conversationId, partnerId };
}

async function conversationOfPair(db: Queryable, a: number, b: number): Promise<number | undefined> {
  const [low, high] = ordered(a, b);
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, low), eq(conversations.memberHigh, high)));
  return row?.id;
}

async function startedBy(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.startedBy, memberId));
  return row?.n ?? 0;
}

/** A sender's message by its client id: asked first at every send (a resend answers the first). */
const messageByClientId = preparedPerDatabase((db) =>
  selectMessages(db)
    .where(
      and(eq(messages.senderId, sql.placeholder('sender')), eq(messages.clientId, sql.placeholder('client'))),
    )
    .prepare('chat_message_by_client_id'),
);

async function messageOf(db: Database, senderId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await messageByClientId(db).execute({ sender: senderId, client: clientId });
  return row;
}

/**
 * Whether the caller may write to the target now (conversation.send, with facts read fresh): the
 * send itself, and whatever is prepared for a send (a chat photo's upload), ask the same question.
 */
export async function authorizeSend(deps: ChatDeps, viewer: MemberViewer, target: SendTarget) {
  const { conversationId, partnerId } = await resolveTarget(
    deps.db,
    viewer.id,
    'conversationId' in target ? target : { memberId: target.to },
  );
  const partner = await readPartner(deps.db, viewer.id, partnerId);
  if (!partner) throw memberNotFound();
  const facts: SendFacts = {
    partner: partner.facts,
    conversation: conversationId !== null,
    started: conversationId === null && !viewer.premium ? await startedBy(deps.db, viewer.id) : 0,
  };
  authorize(viewer, 'conversation.send', facts);
  return { conversationId, partnerId, partner };
}

/** Thrown inside the send's transaction when the client id was already used: rolls the seq back. */
class AlreadySent extends Error {}

/**
 * Sends a message. A text in an existing conversation goes with the texts sent at the same moment
 * on this instance (chat.batch.ts, docs/decisions/0037); the first message of a conversation, a
 * gift or an image, and whatever a batch cannot store, goes on its own (sendAlone). Both answer
 * the same: the stored message, the first one for a resent client id, or the same refusal.
 */
export async function sendMessage(
  deps: ChatDeps,
  viewer: MemberViewer,
  target: SendTarget,
  input: { clientId: string; content: MessageContent },
  settings: SendSettings,
): Promise<MessageRow> {
  const { content } = input;
  if (!('conversationId' in target) || content.kind !== 'text')
    return sendAlone(deps, viewer, target, input, settings);
  const message = await sendBatched(deps.db, {
    viewer,
    conversationId: target.conversationId,
    clientId: input.clientId,
    body: content.body,
    credits: settings.messageCredits,
    messageLength: settings.messageLength,
    alone: () => sendAlone(deps, viewer, target, input, settings),
  });
  if ('gift' in message) return message as MessageRow;
  // A client id first used for a gift or an image answers that message, with what it shows.
  if (message.kind !== 'text')
    return (await messageOf(deps.db, viewer.id, input.clientId)) ?? { ...message, gift: null, image: null };
  return { ...message, gift: null, image: null };
}

/**
 * Sends a message on its own (docs/decisions/0026): one transaction holds the conversation (created by the
 * first message), the next seq (UPDATE … RETURNING on the conversation row, which also serializes
 * the conversation's sends), the message, its charge in the credits ledger and the events,
 * published on commit. A resend of a (sender, client id) answers the first message and charges
 * nothing.
 */
async function sendAlone(
  deps: ChatDeps,
  viewer: MemberViewer,
  target: SendTarget,
  input: { clientId: string; content: MessageContent },
  settings: SendSettings,
): Promise<MessageRow> {
  const earlier = await messageOf(deps.db, viewer.id, input.clientId);
  if (earlier) return earlier;
  const { content } = input;
  if (content.body.length > settings.messageLength) throw validationFailed({ body: ['message_too_long'] });

  const { conversationId, partnerId, partner } = await authorizeSend(deps, viewer, target);
  const price = await priceOf(deps.db, viewer.id, content, settings);

  try {
    return await deps.db.transaction(async (tx) => {
      const operated = partner.card.fictional ? partnerId : partner.senderFictional ? viewer.id : null;
      const id = conversationId ?? (await startConversation(tx, viewer, partnerId, operated));
      // Named per shape of the awaiting-reply column (db/prepared.ts): one SQL text per name.
      const [awaiting, shape] = partner.senderFictional
        ? [sql`null`, 'answered']
        : partner.card.fictional
          ? [sql`coalesce(${conversations.awaitingReplySince}, now())`, 'awaiting']
          : [sql`${conversations.awaitingReplySince}`, 'kept'];
      const [bumped] = await tx
        .update(conversations)
        .set({
          lastSeq: sql`${conversations.lastSeq} + 1`,
          lastMessageAt: sql`now()`,
          awaitingReplySince: awaiting,
        })
        .where(eq(conversations.id, id))
        .returning({ seq: conversations.lastSeq })
        .prepare(`chat_send_seq_${shape}`)
        .execute();
      if (!bumped) throw conversationNotFound();
      const [stored] = await tx
        .insert(messages)
        .values({
          conversationId: id,
          seq: bumped.seq,
          senderId: viewer.id,
          kind: content.kind,
          body: content.body,
          giftId: content.kind === 'gift' ? content.giftId : null,
          imageId: content.kind === 'image' ? content.imageId : null,
          clientId: input.clientId,
          credits: price.credits,
        })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
        .returning()
        .prepare('chat_send_message')
        .execute();
      if (!stored) throw new AlreadySent();
      const message: MessageRow = { ...stored, gift: price.gift, image: price.image };
      if (price.credits > 0)
        await spendCredits(tx, {
          userId: viewer.id,
          amount: price.credits,
          reason: price.reason,
          // Scoped by the sender: another member's client id can never make a message free.
          reference: `message:${viewer.id}:${input.clientId}`,
        });
      // The partner has one more to read and both get the conversation back in their list; the
      // sender has read everything up to their own message.
      await tx
        .update(conversationMembers)
        .set({
          hiddenAt: null,
          unread: sql`case when ${conversationMembers.memberId} = ${viewer.id} then 0 else ${conversationMembers.unread} + 1 end`,
          lastReadSeq: sql`case when ${conversationMembers.memberId} = ${viewer.id} then ${message.seq} else ${conversationMembers.lastReadSeq} end`,
        })
        .where(eq(conversationMembers.conversationId, id))
        .prepare('chat_send_members')
        .execute();
      const told = { type: 'message' as const, conversation: { id }, seq: message.seq };
      await publishAll(tx, [
        event(unreadMessagesChanged, partnerId),
        event(unreadMessagesChanged, viewer.id),
        memberEvent(partnerId, told),
        memberEvent(viewer.id, told),
      ]);
      return message;
    });
  } catch (err) {
    // The same image sent twice at once under two client ids: the unique image wins once.
    if (uniqueViolation(err, 'messages_image_key')) throw validationFailed({ image: ['image_not_found'] });
    // The clean-up of unsent images took this one while it was being sent (chat-images.service.ts).
    if (foreignKeyViolation(err, 'messages_image_id_chat_images_id_fk'))
      throw validationFailed({ image: ['image_not_found'] });
    if (!(err instanceof AlreadySent)) throw err;
    const first = await messageOf(deps.db, viewer.id, input.clientId);
    if (!first) throw err;
    return first;
  }
}

/**
 * The first message's conversation. A free member's starts are counted again under a lock of
 * theirs, so two first messages at once cannot both be the one over the limit; the partner may
 * have started it at the same moment: then theirs is used.
 */
async function startConversation(
  tx: Tx,
  viewer: MemberViewer,
  partnerId: number,
  operatedMemberId: number | null,
): Promise<number> {
  const [low, high] = ordered(viewer.id, partnerId);
  if (!viewer.premium) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-start:${viewer.id}`}, 0))`);
    const existing = await conversationOfPair(tx, viewer.id, partnerId);
    if (existing !== undefined) return existing;
    if ((await startedBy(tx, viewer.id)) >= LIMITS.freeConversations)
      throw refusalError('conversation_limit_reached', undefined);
  }
  const [created] = await tx
    .insert(conversations)
    .values({ memberLow: low, memberHigh: high, startedBy: viewer.id, operatedMemberId })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  const id = created?.id ?? (await conversationOfPair(tx, viewer.id, partnerId));
  if (id === undefined) throw new Error('conversation vanished while it was started');
  await tx
    .insert(conversationMembers)
    .values([
      { conversationId: id, memberId: viewer.id },
      { conversationId: id, memberId: partnerId },
    ])
    .onConflictDoNothing();
  return id;
}

type LastMessage = {
  sender: number;
  kind: MessageKind;
  preview: string;
  /** A gift's names per locale: the preview of a gift message. */
  gift: Record<string, string> | null;
  at: string;
};

export type ChatListRow = CardRow & {
  conversationId: number;
  unread: number;
  lastMessage: LastMessage | null;
  /** The partner deleted the account and may still come back (14 days): nobody can write to them. */
  pendingDeletion: boolean;
};

/**
 * The caller's conversations, newest activity first: not the removed ones, nor those whose partner
 * was erased or disabled or is blocked either way. Invisible, unconfirmed and leaving partners
 * stay: the conversation goes on (or says why it cannot).
 */
export async function listChats(deps: ChatDeps, viewer: MemberViewer, limit = 500): Promise<ChatListRow[]> {
  const rows = await deps.db
    .select({
      ...cardColumns,
      photoPrivate: photos.private,
      conversationId: conversations.id,
      unread: conversationMembers.unread,
      pendingDeletion: sql<boolean>`(${users.status} = 'pending_deletion')`,
      lastMessage: sql<LastMessage | null>`(
        select json_build_object('sender', m.sender_id, 'kind', m.kind, 'preview', left(m.body, ${PREVIEW_CHARS}),
          'gift', (select g.names from ${gifts} g where g.id = m.gift_id), 'at', m.created_at)
        from ${messages} m where m.conversation_id = ${conversations.id} and m.created_at >= ${retentionCutoff}
        order by m.seq desc limit 1)`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, eq(users.id, partnerOf(viewer.id)))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, cardPhotoJoin)
    .where(
      and(
        eq(conversationMembers.memberId, viewer.id),
        isNull(conversationMembers.hiddenAt),
        isNull(users.deletedAt),
        ne(users.status, 'disabled'),
        notBlockedEitherWay(viewer.id, users.id),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
  return rows.map(({ photoPrivate, ...row }) => ({
    ...row,
    photoLocked: !can(viewer, 'photo.view_full', { ownerId: row.id, private: photoPrivate === true }),
    lastMessage: row.lastMessage ? { ...row.lastMessage, sender: Number(row.lastMessage.sender) } : null,
  }));
}

export type ChatView = {
  conversationId: number | null;
  partner: CardRow;
  messages: MessageRow[];
  hasNewer: boolean;
  hasOlder: boolean;
  /** Older messages exist but are past retention: the conversation says so. */
  olderHidden: boolean;
  sendRefusal: SendRefusal;
  /**
   * Before a free member's first message here: how many conversations they may still start
   * (LIMITS.freeConversations in all). null for premium members and where the conversation exists.
   */
  conversationsLeft: number | null;
  /** The caller's own choice here (true before the first message: the default). */
  readReceipts: boolean;
  /** How far the partner read, where they show it; null where they do not. */
  partnerReadSeq: number | null;
  /**
   * The caller may open the partner's profile (member.view). A partner who is invisible, has not
   * confirmed, or is leaving goes on in the conversation, but their profile answers like an unknown
   * id: the header does not link to it.
   */
  profileViewable: boolean;
};

type Page = { afterSeq?: number; beforeSeq?: number };

/**
 * One conversation with its partner's card: by id (only for its two members) or by partner (the
 * page of /members/{id}/chat, where no conversation may exist yet). A blocked, erased or disabled
 * partner answers like an unknown id.
 */
export async function readChat(
  deps: ChatDeps,
  viewer: MemberViewer,
  by: { conversationId: number } | { memberId: number },
  page: Page,
): Promise<ChatView> {
  const { conversationId, partnerId } = await resolveTarget(deps.db, viewer.id, by);
  const notFound = () => ('conversationId' in by ? conversationNotFound() : memberNotFound());
  const partner = await readPartner(deps.db, viewer.id, partnerId);
  if (!partner) throw notFound();
  const facts: SendFacts = {
    partner: partner.facts,
    conversation: conversationId !== null,
    started: conversationId === null && !viewer.premium ? await startedBy(deps.db, viewer.id) : 0,
  };
  const refusal = decide(viewer, 'conversation.send', facts);
  if (refusal === 'member_not_found' || refusal === 'authentication_required') throw notFound();
  const sendRefusal: SendRefusal =
    refusal === 'conversation_limit_reached' ||
    refusal === 'partner_not_confirmed' ||
    refusal === 'partner_pending_deletion'
      ? refusal
      : null;
  const conversationsLeft =
    conversationId === null && !viewer.premium ? Math.max(0, LIMITS.freeConversations - facts.started) : null;
  const profileViewable = can(viewer, 'member.view', { ...partner.facts, name: partner.card.name });
  const { photoPrivate, ...card } = partner.card;
  const cardRow: CardRow = {
    ...card,
    photoLocked: !can(viewer, 'photo.view_full', { ownerId: partnerId, private: photoPrivate === true }),
  };
  if (conversationId === null)
    return {
      conversationId,
      partner: cardRow,
      messages: [],
      hasNewer: false,
      hasOlder: false,
      olderHidden: false,
      sendRefusal,
      conversationsLeft,
      readReceipts: true,
      partnerReadSeq: null,
      profileViewable,
    };
  const [{ rows, ...paging }, reads] = await Promise.all([
    messagePage(deps.db, conversationId, page),
    readStates(deps.db, conversationId, viewer.id, partnerId),
  ]);
  return {
    conversationId,
    partner: cardRow,
    messages: rows,
    ...paging,
    sendRefusal,
    conversationsLeft,
    ...reads,
    profileViewable,
  };
}

/**
 * Messages in ascending seq, only those within retention: after a seq (a reconnect), before one
 * (scrolling up), or the newest. Says whether older ones can be loaded, or exist but are past
 * retention (then the conversation says so).
 */
async function messagePage(db: Queryable, conversationId: number, page: Page) {
  const inConversation = and(eq(messages.conversationId, conversationId), withinRetention);
  if (page.afterSeq !== undefined) {
    const rows = await selectMessages(db)
      .where(and(inConversation, gt(messages.seq, page.afterSeq)))
      .orderBy(asc(messages.seq))
      .limit(CHAT_CATCH_UP_SIZE + 1);
    return {
      rows: rows.slice(0, CHAT_CATCH_UP_SIZE),
      hasNewer: rows.length > CHAT_CATCH_UP_SIZE,
      hasOlder: false,
      olderHidden: false,
    };
  }
  const rows = await selectMessages(db)
    .where(and(inConversation, page.beforeSeq !== undefined ? lt(messages.seq, page.beforeSeq) : undefined))
    .orderBy(desc(messages.seq))
    .limit(CHAT_PAGE_SIZE + 1);
  const hasOlder = rows.length > CHAT_PAGE_SIZE;
  const shown = rows.slice(0, CHAT_PAGE_SIZE).reverse();
  // Seqs start at 1 and have no gaps: a first shown seq above 1 with nothing older to load means
  // the older ones are past retention. With nothing shown, the conversation's last seq says it.
  const firstShown =
    shown[0]?.seq ??
    page.beforeSeq ??
    1 +
      ((
        await db
          .select({ lastSeq: conversations.lastSeq })
          .from(conversations)
          .where(eq(conversations.id, conversationId))
      )[0]?.lastSeq ?? 0);
  return { rows: shown, hasNewer: false, hasOlder, olderHidden: !hasOlder && firstShown > 1 };
}

/**
 * The caller read the conversation up to `seq` (bounded by its last): what waits for them is what
 * the partner wrote after it. The caller's other tabs hear it; the partner only while the caller
 * shows read receipts in this conversation and is not invisible.
 */
export async function markChatRead(
  deps: ChatDeps & Pick<AppServices, 'unreadMessages'>,
  viewer: MemberViewer,
  conversationId: number,
  seq: number,
): Promise<void> {
  const conversation = await myConversation(deps.db, viewer.id, conversationId);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ lastReadSeq: conversationMembers.lastReadSeq, unread: conversationMembers.unread })
      .from(conversationMembers)
      .where(mine(conversationId, viewer.id))
      .for('update');
    if (!before) throw conversationNotFound();
    const [after] = await tx
      .update(conversationMembers)
      .set({
        lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, least(${seq}::bigint, (select c.last_seq from ${conversations} c where c.id = ${conversationId})))`,
        unread: sql`(select count(*)::int from ${messages} m where m.conversation_id = ${conversationId}
          and m.sender_id <> ${viewer.id}
          and m.seq > greatest(${conversationMembers.lastReadSeq}, least(${seq}::bigint, (select c.last_seq from ${conversations} c where c.id = ${conversationId}))))`,
      })
      .where(mine(conversationId, viewer.id))
      .returning({
        lastReadSeq: conversationMembers.lastReadSeq,
        unread: conversationMembers.unread,
        receiptsShown: receiptsShown(viewer.id),
      });
    if (!after || (after.lastReadSeq === before.lastReadSeq && after.unread === before.unread)) return;
    const told = {
      type: 'read' as const,
      conversation: { id: conversationId },
      reader: { id: viewer.id },
      seq: after.lastReadSeq,
    };
    await publishAll(tx, [
      event(unreadMessagesChanged, viewer.id),
      memberEvent(viewer.id, told),
      ...(after.receiptsShown ? [memberEvent(conversation.partnerId, told)] : []),
    ]);
  });
  deps.unreadMessages.forget(viewer.id);
}

/**
 * Whether a member's read state reaches the partner: their choice for this conversation (on the
 * conversation_members row in scope), and never while they are invisible.
 */
const receiptsShown = (memberId: number) =>
  sql<boolean>`(${conversationMembers.readReceipts} and not coalesce((select u.invisible from ${users} u where u.id = ${memberId}), false))`;

/** The caller's receipts choice here, and how far the partner read as the caller may see it. */
async function readStates(db: Queryable, conversationId: number, viewerId: number, partnerId: number) {
  const rows = await db
    .select({
      memberId: conversationMembers.memberId,
      readReceipts: conversationMembers.readReceipts,
      lastReadSeq: conversationMembers.lastReadSeq,
      shown: receiptsShown(partnerId),
    })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  const partner = rows.find((r) => r.memberId === partnerId);
  return {
    readReceipts: rows.find((r) => r.memberId === viewerId)?.readReceipts ?? true,
    partnerReadSeq: partner?.shown ? partner.lastReadSeq : null,
  };
}

/**
 * The caller shows (or stops showing) the partner what they read in this conversation. The
 * partner's open tabs hear it at once: the read position, or 0 for nothing to show.
 */
export async function setReadReceipts(
  deps: ChatDeps,
  viewer: MemberViewer,
  conversationId: number,
  on: boolean,
): Promise<void> {
  const conversation = await myConversation(deps.db, viewer.id, conversationId);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversationMembers)
      .set({ readReceipts: on })
      .where(mine(conversationId, viewer.id))
      .returning({ lastReadSeq: conversationMembers.lastReadSeq, shown: receiptsShown(viewer.id) });
    if (!row) throw conversationNotFound();
    if (await isBlockedEitherWay(tx, viewer.id, conversation.partnerId)) return;
    await publishAll(tx, [
      memberEvent(conversation.partnerId, {
        type: 'read',
        conversation: { id: conversationId },
        reader: { id: viewer.id },
        seq: row.shown ? row.lastReadSeq : 0,
      }),
    ]);
  });
}

/**
 * The caller is typing: the partner's tabs hear it (TYPING_SHOWN_FOR_MS), nothing is stored. Not
 * across a block, either way: after a block nothing more is pushed (a 404 like an unknown id).
 */
export async function signalTyping(
  deps: ChatDeps,
  viewer: MemberViewer,
  conversationId: number,
): Promise<void> {
  const conversation = await myConversation(deps.db, viewer.id, conversationId);
  if (await isBlockedEitherWay(deps.db, viewer.id, conversation.partnerId)) throw conversationNotFound();
  await publishAll(deps.db, [
    memberEvent(conversation.partnerId, {
      type: 'typing',
      conversation: { id: conversationId },
      from: { id: viewer.id },
    }),
  ]);
}

const mine = (conversationId: number, memberId: number) =>
  and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId));

/** Removes the conversation from the caller's list only: a new message brings it back. */
export async function hideChat(
  deps: ChatDeps & Pick<AppServices, 'unreadMessages'>,
  viewer: MemberViewer,
  conversationId: number,
): Promise<void> {
  await myConversation(deps.db, viewer.id, conversationId);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(conversationMembers)
      .set({
        hiddenAt: sql`now()`,
        unread: 0,
        lastReadSeq: sql`(select c.last_seq from ${conversations} c where c.id = ${conversationId})`,
      })
      .where(mine(conversationId, viewer.id));
    await publishAll(tx, [event(unreadMessagesChanged, viewer.id)]);
  });
  deps.unreadMessages.forget(viewer.id);
}

/**
 * The erased member's part of the conversations: their texts are blanked (the partner keeps the
 * thread, without its content) and their side of each conversation goes.
 */
export async function eraseChatsOf(tx: Tx, userId: number): Promise<void> {
  await tx.update(messages).set({ body: '' }).where(eq(messages.senderId, userId));
  await tx.delete(conversationMembers).where(eq(conversationMembers.memberId, userId));
}
