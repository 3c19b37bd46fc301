import type { ChatEntry, ChatImage, ChatMessage, ChatResponse } from '../../../shared/contracts/chat.ts';
import { chatImageUrl } from '../../../shared/contracts/chat.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import type { ChatListRow, ChatView, MessageRow } from './chat.service.ts';

type Visibility = { visibleFields: readonly ProfileField[] };

/** A gift's name in the caller's language (the site's default where a name is missing). */
export const giftName = (names: Record<string, string>, locale: Locale) =>
  names[locale] ?? names[DEFAULT_LOCALE] ?? Object.values(names)[0] ?? '';

/** A chat image's addresses: only its uploader and the conversation's two members are served them. */
export function presentChatImage(image: { id: number; width: number; height: number }): ChatImage {
  return {
    id: image.id,
    url: chatImageUrl(image.id, 'large'),
    thumb_url: chatImageUrl(image.id, 'medium'),
    width: image.width,
    height: image.height,
  };
}

/** A message as one of its two members sees it: what was charged only to the one who paid. */
export function presentMessage(row: MessageRow, viewerId: number, locale: Locale): ChatMessage {
  return {
    id: row.id,
    conversation: { id: row.conversationId },
    seq: row.seq,
    sender: { id: row.senderId },
    kind: row.kind,
    body: row.body,
    gift: row.gift ? { id: row.gift.id, slug: row.gift.slug, name: giftName(row.gift.names, locale) } : null,
    image: row.image ? presentChatImage(row.image) : null,
    client_id: row.clientId,
    credits: row.senderId === viewerId ? row.credits : 0,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentChats(
  rows: ChatListRow[],
  now: Date,
  visibility: Visibility,
  locale: Locale,
): { chats: ChatEntry[] } {
  return {
    chats: rows.map((row) => ({
      conversation: { id: row.conversationId },
      profile: presentMemberCard(row, now, visibility),
      num_unread_messages: row.unread,
      partner_leaving: row.pendingDeletion,
      partner_online: row.online,
      last_message: row.lastMessage
        ? {
            sender: { id: row.lastMessage.sender },
            kind: row.lastMessage.kind,
            preview: row.lastMessage.gift ? giftName(row.lastMessage.gift, locale) : row.lastMessage.preview,
            at: new Date(row.lastMessage.at).toISOString(),
          }
        : null,
    })),
  };
}

export function presentChat(
  view: ChatView,
  viewerId: number,
  now: Date,
  visibility: Visibility,
  prices: { messageCredits: number; photoCredits: number },
  locale: Locale,
): ChatResponse {
  return {
    conversation: view.conversationId === null ? null : { id: view.conversationId },
    profile: presentMemberCard(view.partner, now, visibility),
    messages: view.messages.map((row) => presentMessage(row, viewerId, locale)),
    has_older: view.hasOlder,
    older_hidden: view.olderHidden,
    has_newer: view.hasNewer,
    send_refusal: view.sendRefusal,
    conversations_left: view.conversationsLeft,
    read_receipts: view.readReceipts,
    partner_read_seq: view.partnerReadSeq,
    profile_viewable: view.profileViewable,
    partner_unavailable: view.partnerUnavailable,
    partner_online: view.partnerOnline,
    message_credits: prices.messageCredits,
    free_messages_left: view.freeMessagesLeft,
    photo_credits: prices.photoCredits,
  };
}
