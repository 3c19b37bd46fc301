import { and, asc, desc, eq, getTableColumns, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  CHAT_CATCH_UP_SIZE,
  CHAT_PAGE_SIZE,
  type MessageKind,
  PREVIEW_CHARS,
  type SendRefusal,
} from '../../../shared/contracts/chat.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import {
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
import { authorize, can, decide } from '../../policy/policy.ts';
import { conversationNotFound, memberNotFound, refusalError } from '../../policy/refusals.ts';
import { NO_BLOCKS } from '../../policy/rules/members.rules.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { blockedEitherWayIds, isBlockedEitherWay, notBlockedEitherWay } from '../blocks/blocks.service.ts';
import type { CardRow } from '../members/members.presenter.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { cardColumns, cardPhotoJoin } from '../members/search.service.ts';
import { isOnline, onlineSql } from '../realtime/presence.online.ts';
import { memberEvent } from '../realtime/realtime.service.ts';
import { partnerOf, unreadMessagesChanged, unreadMessagesState } from './chat.counts.ts';
import { retentionCutoff, withinRetention } from './chat.retention.ts';
import {
  type MessageContent,
  type OnStored,
  readFacts,
  type SendFactsRow,
  type SendSettings,
  type SendTarget,
  sendFactsOf,
  sendMessage as sendOnce,
} from './chat.send.ts';
import { landingFreeMessagesLeft } from './landing-free-messages.ts';
import { receiptsShown } from './read-receipts.ts';

type ChatDeps = Pick<AppServices, 'db'>;

type GiftOfMessage = { id: number; slug: string; names: Record<string, string> };
type ImageOfMessage = { id: number; storageKey: string; width: number; height: number };

/** A message with what it shows: its gift, its image (null for other kinds, or once erased). */
export type MessageRow = typeof messages.$inferSelect & {
  gift: GiftOfMessage | null;
  image: ImageOfMessage | null;
};

export type { MessageContent, OnStored, SendSettings, SendTarget };

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

/** A partner's card as the conversation shows it, with whether its photo is a private one. */
const partnerCardQuery = preparedPerDatabase((db) =>
  db
    .select({ ...cardColumns, photoPrivate: photos.private })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, cardPhotoJoin)
    .where(eq(users.id, sql.placeholder('partner')))
    .prepare('chat_partner_card'),
);

/**
 * Whether the media route serves the viewer this partner's card photo (media.serve, its `p/` files:
 * the blur of a locked photo lives there too). A hidden partner's (invisible, unconfirmed, leaving)
 * answer 404 to everyone but them while the conversation goes on: the card then names no photo.
 * Blocks need not be asked: a blocked partner is in no list and no conversation view.
 */
const photoServable = (viewer: MemberViewer, ownerId: number, ownerVisible: boolean) =>
  // The card's photo is an approved one (cardPhotoJoin).
  can(viewer, 'media.serve', { area: 'p', ownerId, ownerVisible, blockedEitherWay: false, approved: true });

/**
 * Tells the partners of every conversation of a member that the member changed what their
 * conversations allow (confirmed the address: they can be answered now), in the caller's
 * transaction, so the partners' open conversations read themselves again once it commits.
 */
export async function announcePartnerChanged(tx: Queryable, memberId: number): Promise<void> {
  const rows = await tx
    .select({ id: conversations.id, partnerId: partnerOf(memberId) })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(eq(conversationMembers.memberId, memberId));
  await publishAll(
    tx,
    rows.map((row) =>
      memberEvent(Number(row.partnerId), { type: 'partner_changed', conversation: { id: row.id } }),
    ),
  );
}

/**
 * Tells the partners of a member's conversations that the member came online or went offline, in
 * the caller's transaction. Nobody hears it of a member others may not see (invisible, unconfirmed,
 * leaving: the list shows them offline too), nor across a block either way: the event would tell
 * what the list keeps back.
 */
export async function announcePresence(tx: Queryable, memberId: number, online: boolean): Promise<void> {
  const partnerId = partnerOf(memberId);
  const rows = await tx
    .select({ partnerId })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, and(eq(users.id, conversationMembers.memberId), visibleMemberCondition))
    .where(
      and(
        eq(conversationMembers.memberId, memberId),
        sql`${partnerId} not in (${blockedEitherWayIds(memberId)})`,
      ),
    );
  await publishAll(
    tx,
    rows.map((row) =>
      memberEvent(Number(row.partnerId), { type: 'presence', member: { id: memberId }, online }),
    ),
  );
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

/** A sender's message by its client id: what a resend answers. */
const messageByClientId = preparedPerDatabase((db) =>
  selectMessages(db)
    .where(
      and(eq(messages.senderId, sql.placeholder('sender')), eq(messages.clientId, sql.placeholder('client'))),
    )
    .prepare('chat_message_by_client_id'),
);

/**
 * Whether the caller may write to the target now (conversation.send, with the facts of the one
 * send, chat.send.ts): what is prepared for a send (a chat photo's upload) asks the same question.
 */
export async function authorizeSend(deps: ChatDeps, viewer: MemberViewer, target: SendTarget): Promise<void> {
  const [facts] = await readFacts(deps.db, [{ viewer, target }]);
  authorize(viewer, 'conversation.send', sendFactsOf(viewer, facts as SendFactsRow));
}

/**
 * Sends a message through the chat's one send (chat.send.ts). Answers the stored message, the
 * first one for a resent client id, or the same refusal, however it went.
 */
export async function sendMessage(
  deps: Pick<AppServices, 'db' | 'state' | 'enqueue' | 'now'>,
  viewer: MemberViewer,
  target: SendTarget,
  input: { clientId: string; content: MessageContent },
  settings: SendSettings,
  onStored: OnStored | null = null,
): Promise<MessageRow> {
  const { clientId, content } = input;
  const sent = await sendOnce(deps, { viewer, target, clientId, content, settings, onStored });
  if (typeof sent !== 'number') return sent;
  const [first] = await messageByClientId(deps.db).execute({ sender: viewer.id, client: clientId });
  if (!first) throw new Error('a resent message vanished');
  return first;
}

/**
 * A member's send as the composer needs it: the message and, after a text, the free messages
 * (landing flow) left to its partner, read only where this one was free.
 */
export async function sendMemberMessage(
  deps: Pick<AppServices, 'db' | 'state' | 'enqueue' | 'now'>,
  viewer: MemberViewer,
  target: SendTarget,
  input: { clientId: string; content: MessageContent },
  settings: SendSettings,
): Promise<{ message: MessageRow; freeMessagesLeft: number | undefined }> {
  const message = await sendMessage(deps, viewer, target, input, settings);
  if (message.kind !== 'text') return { message, freeMessagesLeft: undefined };
  // A paid text means none were left.
  const freeMessagesLeft =
    message.credits > 0 ? 0 : await landingFreeMessagesLeft(deps.db, viewer.id, message.conversationId);
  return { message, freeMessagesLeft };
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
  /** The partner has a tab open now, where the viewer may know it (member.see_online). */
  online: boolean;
};

/**
 * The caller's conversations, newest activity first: not the removed ones, nor those whose partner
 * was erased or disabled or is blocked either way. Invisible, unconfirmed and leaving partners
 * stay: the conversation goes on (or says why it cannot).
 */
export async function listChats(
  deps: Pick<AppServices, 'db' | 'now'>,
  viewer: MemberViewer,
  limit = 500,
): Promise<ChatListRow[]> {
  const rows = await deps.db
    .select({
      ...cardColumns,
      photoPrivate: photos.private,
      conversationId: conversations.id,
      unread: conversationMembers.unread,
      pendingDeletion: sql<boolean>`(${users.status} = 'pending_deletion')`,
      visible: sql<boolean>`coalesce(${visibleMemberCondition}, false)`,
      online: onlineSql(users.id, deps.now()),
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
  return rows.map(({ photoPrivate, visible, online, ...row }) => ({
    ...row,
    // Blocked partners are not in the list at all (the query's condition).
    online: online && can(viewer, 'member.see_online', { id: row.id, visible, relation: NO_BLOCKS }),
    photoLocked: !can(viewer, 'photo.view_full', { ownerId: row.id, private: photoPrivate === true }),
    photoServable: photoServable(viewer, row.id, visible),
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
  /** Texts the caller may still send this partner for free (landing-free-messages.ts). */
  freeMessagesLeft: number;
  /** The caller's own choice here (true before the first message: the default). */
  readReceipts: boolean;
  /** How far the partner read, where they show it; null where they do not. */
  partnerReadSeq: number | null;
  /**
   * The caller may open the partner's profile (member.view). An invisible partner's opens, as the
   * conversation carries on; one who has not confirmed or is leaving goes on in the conversation,
   * but their profile answers like an unknown id: the header does not link to it.
   */
  profileViewable: boolean;
  /** The back office hid the partner: the conversation goes on or is read, their profile is gone. */
  partnerUnavailable: boolean;
  /** The partner has a tab open now, where the viewer may know it (member.see_online). */
  partnerOnline: boolean;
};

type Page = { afterSeq?: number; beforeSeq?: number };

/**
 * One conversation with its partner's card: by id (only for its two members) or by partner (the
 * page of /members/{id}/chat, where no conversation may exist yet). An erased or disabled partner,
 * and one who blocked the caller, answer like an unknown id; one the caller blocked answers
 * you_blocked_member with their name and id, so the page offers to lift the block.
 */
export async function readChat(
  deps: Pick<AppServices, 'db' | 'now'>,
  viewer: MemberViewer,
  by: { conversationId: number } | { memberId: number },
  page: Page,
): Promise<ChatView> {
  const notFound = () => ('conversationId' in by ? conversationNotFound() : memberNotFound());
  const target = 'conversationId' in by ? by : { to: by.memberId };
  const [row] = (await readFacts(deps.db, [{ viewer, target }])) as [SendFactsRow];
  const facts = sendFactsOf(viewer, row);
  const conversationId = row.conv_id;
  const partnerId = facts.partner.id;
  const [card] = await partnerCardQuery(deps.db).execute({ partner: partnerId });
  if (!card) throw notFound();
  const openFacts = { ...facts, name: card.name };
  const refusal = decide(viewer, 'conversation.open', openFacts);
  if (refusal === 'member_not_found' || refusal === 'authentication_required') throw notFound();
  if (refusal === 'you_blocked_member') throw refusalError(refusal, openFacts);
  const sendRefusal: SendRefusal =
    refusal === 'conversation_limit_reached' ||
    refusal === 'partner_not_confirmed' ||
    refusal === 'partner_pending_deletion' ||
    refusal === 'partner_unavailable'
      ? refusal
      : null;
  const conversationsLeft =
    conversationId === null && !viewer.premium ? Math.max(0, LIMITS.freeConversations - facts.started) : null;
  const profileViewable = can(viewer, 'member.view', {
    ...facts.partner,
    name: card.name,
    conversation: conversationId !== null,
  });
  const partnerUnavailable = facts.partner.hidden === true;
  const partnerOnline =
    can(viewer, 'member.see_online', facts.partner) && (await isOnline(deps.db, partnerId, deps.now()));
  const { photoPrivate, ...cardFields } = card;
  const cardRow: CardRow = {
    ...cardFields,
    photoLocked: !can(viewer, 'photo.view_full', { ownerId: partnerId, private: photoPrivate === true }),
    photoServable: photoServable(viewer, partnerId, facts.partner.visible),
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
      freeMessagesLeft: row.free_left,
      readReceipts: true,
      partnerReadSeq: null,
      profileViewable,
      partnerUnavailable,
      partnerOnline,
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
    freeMessagesLeft: row.free_left,
    ...reads,
    profileViewable,
    partnerUnavailable,
    partnerOnline,
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
 * shows read receipts in this conversation and is not invisible, and only then does the position
 * the partner may see move (what was read while hidden stays unseen when the receipts come back).
 */
export async function markChatRead(
  deps: ChatDeps & Pick<AppServices, 'state'>,
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
    // The read position after this call (an update's expressions all read the row as it was).
    const readUpTo = sql`greatest(${conversationMembers.lastReadSeq}, least(${seq}::bigint, (select c.last_seq from ${conversations} c where c.id = ${conversationId})))`;
    const [after] = await tx
      .update(conversationMembers)
      .set({
        lastReadSeq: readUpTo,
        unread: sql`(select count(*)::int from ${messages} m where m.conversation_id = ${conversationId}
          and m.sender_id <> ${viewer.id} and m.seq > ${readUpTo})`,
        shownReadSeq: sql`case when ${receiptsShown(viewer.id)} then ${readUpTo} else ${conversationMembers.shownReadSeq} end`,
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
      // While shown, the position the partner may see is the one just read.
      ...(after.receiptsShown ? [memberEvent(conversation.partnerId, told)] : []),
    ]);
  });
  deps.state.of(unreadMessagesState).forget(viewer.id);
}

/** The caller's receipts choice here, and how far the partner read as the caller may see it. */
async function readStates(db: Queryable, conversationId: number, viewerId: number, partnerId: number) {
  const rows = await db
    .select({
      memberId: conversationMembers.memberId,
      readReceipts: conversationMembers.readReceipts,
      shownReadSeq: conversationMembers.shownReadSeq,
      shown: receiptsShown(partnerId),
    })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  const partner = rows.find((r) => r.memberId === partnerId);
  return {
    readReceipts: rows.find((r) => r.memberId === viewerId)?.readReceipts ?? true,
    partnerReadSeq: partner?.shown ? partner.shownReadSeq : null,
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
      .returning({ shownReadSeq: conversationMembers.shownReadSeq, shown: receiptsShown(viewer.id) });
    if (!row) throw conversationNotFound();
    if (await isBlockedEitherWay(tx, viewer.id, conversation.partnerId)) return;
    await publishAll(tx, [
      memberEvent(conversation.partnerId, {
        type: 'read',
        conversation: { id: conversationId },
        reader: { id: viewer.id },
        seq: row.shown ? row.shownReadSeq : 0,
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
  deps: ChatDeps & Pick<AppServices, 'state'>,
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
  deps.state.of(unreadMessagesState).forget(viewer.id);
}

/**
 * The erased member's part of the conversations: their texts are blanked (the partner keeps the
 * thread, without its content) and their side of each conversation goes.
 */
export async function eraseChatsOf(tx: Tx, userId: number): Promise<void> {
  await tx.update(messages).set({ body: '' }).where(eq(messages.senderId, userId));
  await tx.delete(conversationMembers).where(eq(conversationMembers.memberId, userId));
}
