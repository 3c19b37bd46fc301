import type {
  ChatResponse,
  ChatSpendResponse,
  ChatsResponse,
  SendMessageInput,
  SendMessageResponse,
} from '../../../shared/contracts/chat.ts';
import { getJson, request } from '../../lib/api.ts';

/** The conversation list's query key: every message, read or removal event invalidates it. */
export const CHATS_QUERY_KEY = ['chats'] as const;

export const fetchChats = () => getJson<ChatsResponse>('/api/chats.php');

export type ChatTarget = { conversation: number } | { member: number };

function chatUrl(target: ChatTarget, page: { after_seq?: number; before_seq?: number } = {}) {
  const params = new URLSearchParams(
    'conversation' in target
      ? { conversation: String(target.conversation) }
      : { member: String(target.member) },
  );
  if (page.after_seq !== undefined) params.set('after_seq', String(page.after_seq));
  if (page.before_seq !== undefined) params.set('before_seq', String(page.before_seq));
  return `/api/chat.php?${params}`;
}

export const fetchChat = (target: ChatTarget, page?: { after_seq?: number; before_seq?: number }) =>
  getJson<ChatResponse>(chatUrl(target, page));

/**
 * A send is idempotent by its client id (the server answers a resend with the first message):
 * retried, and given up after a while without an answer (the messages after it wait for it; it
 * stays unsent, to be sent again with the same client id).
 */
const SEND_TIMEOUT_MS = 10_000;
export const postMessage = (input: SendMessageInput) =>
  request<SendMessageResponse>('/api/chat-message.php', {
    method: 'POST',
    body: input,
    retry: true,
    timeoutMs: SEND_TIMEOUT_MS,
  });

export const postRead = (conversation: number, seq: number) =>
  request('/api/chat-read.php', {
    method: 'POST',
    body: { conversation: { id: conversation }, seq },
    retry: true,
  });

export const deleteChat = (conversation: number) =>
  request('/api/chat.php', { method: 'DELETE', body: { conversation: { id: conversation } }, retry: true });

/** The member is typing (never stored); a failure only means the partner does not see it. */
export const postTyping = (conversation: number) =>
  request('/api/chat-typing.php', { method: 'POST', body: { conversation: { id: conversation } } }).catch(
    () => {},
  );

export const fetchChatSpend = (conversation: number) =>
  getJson<ChatSpendResponse>(`/api/chat-spend.php?conversation=${conversation}`);

export const putReadReceipts = (conversation: number, on: boolean) =>
  request('/api/chat-settings.php', {
    method: 'PUT',
    body: { conversation: { id: conversation }, read_receipts: on },
    retry: true,
  });
