import type { ChatEntry, ChatMessage, ChatResponse } from '../../../shared/contracts/chat.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import type { ChatListRow, ChatView, MessageRow } from './chat.service.ts';

type Visibility = { visibleFields: readonly ProfileField[] };

/** A message as one of its two members sees it: what was charged only to the one who paid. */
export function presentMessage(row: MessageRow, viewerId: number): ChatMessage {
  return {
    id: row.id,
    conversation: { id: row.conversationId },
    seq: row.seq,
    sender: { id: row.senderId },
    kind: row.kind,
    body: row.body,
    client_id: row.clientId,
    credits: row.senderId === viewerId ? row.credits : 0,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentChats(rows: ChatListRow[], now: Date, visibility: Visibility): { chats: ChatEntry[] } {
  return {
    chats: rows.map((row) => ({
      conversation: { id: row.conversationId },
      profile: presentMemberCard(row, now, visibility),
      num_unread_messages: row.unread,
      last_message: row.lastMessage
        ? {
            sender: { id: row.lastMessage.sender },
            kind: row.lastMessage.kind,
            preview: row.lastMessage.preview,
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
  messageCredits: number,
): ChatResponse {
  const first = view.messages[0];
  return {
    conversation: view.conversationId === null ? null : { id: view.conversationId },
    profile: presentMemberCard(view.partner, now, visibility),
    messages: view.messages.map((row) => presentMessage(row, viewerId)),
    // Seqs have no gaps (erasure blanks texts, never deletes them): before seq 1 there is nothing.
    has_older: first !== undefined && first.seq > 1,
    has_newer: view.hasNewer,
    send_refusal: view.sendRefusal,
    message_credits: messageCredits,
  };
}
