import type {
  ChatMessage,
  ChatResponse,
  SendMessageInput,
  SendMessageResponse,
} from '../../shared/contracts/chat.ts';
import type { ChatTarget } from '../features/chat/chat-api.ts';
import type { ChatEvent } from '../features/chat/chat-events.ts';
import type { ChatSocket, ChatTransport } from '../features/chat/conversation-store.ts';

/**
 * A real-time channel the test speaks for: the events it sends, when the connection drops and
 * comes back. What the store hears is only what the test says, in the order it says it.
 */
export function scriptedSocket() {
  const listeners = new Set<(event: ChatEvent) => void>();
  const connectionListeners = new Set<() => void>();
  let connected = true;
  const setConnected = (value: boolean) => {
    connected = value;
    for (const listener of connectionListeners) listener();
  };
  const socket: ChatSocket = {
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isConnected: () => connected,
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
  };
  const emit = (event: ChatEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  return {
    socket,
    emit,
    /** A message stored in a conversation (the partner's, or the member's from another tab). */
    message: (conversation: number, seq: number) =>
      emit({ type: 'message', conversation: { id: conversation }, seq }),
    drop: () => setConnected(false),
    /** Back: the channel says so, then the reconnection (what was sent meanwhile is lost). */
    reconnect: () => {
      setConnected(true);
      emit({ type: 'reconnect' });
    },
    listening: () => listeners.size,
  };
}

type Call<Input, Answer> = {
  input: Input;
  answer: (value: Answer) => void;
  fail: (error: unknown) => void;
};
export type FetchCall = Call<
  { target: ChatTarget; page?: { after_seq?: number; before_seq?: number } },
  ChatResponse
>;
export type PostCall = Call<SendMessageInput, SendMessageResponse>;

/**
 * A server whose every answer the test gives, when it chooses: a request waits until the test
 * answers or fails it, so a test sets the order answers and events come in. `next` waits for the
 * store's next request of a kind (the request itself is the signal, no timer). Reads are answered
 * at once and recorded.
 */
export function scriptedServer() {
  const queues = { fetch: [] as FetchCall[], post: [] as PostCall[] };
  const waiters = { fetch: [] as ((call: FetchCall) => void)[], post: [] as ((call: PostCall) => void)[] };
  const reads: [conversation: number, seq: number][] = [];
  /** Every message posted, in the order the requests left (resends included). */
  const posted: SendMessageInput[] = [];

  function arrive<K extends 'fetch' | 'post'>(kind: K, call: K extends 'fetch' ? FetchCall : PostCall) {
    const waiter = waiters[kind].shift() as ((c: typeof call) => void) | undefined;
    if (waiter) waiter(call);
    else (queues[kind] as (typeof call)[]).push(call);
  }

  const transport: ChatTransport = {
    fetchChat: (target, page) =>
      new Promise((answer, fail) => arrive('fetch', { input: { target, page }, answer, fail })),
    postMessage: (input) =>
      new Promise((answer, fail) => {
        posted.push(input);
        arrive('post', { input, answer, fail });
      }),
    postRead: async (conversation, seq) => {
      reads.push([conversation, seq]);
    },
  };

  function next(kind: 'fetch'): Promise<FetchCall>;
  function next(kind: 'post'): Promise<PostCall>;
  function next(kind: 'fetch' | 'post'): Promise<FetchCall | PostCall> {
    const queued = queues[kind].shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (waiters[kind] as ((c: FetchCall | PostCall) => void)[]).push(resolve));
  }

  return {
    transport,
    next,
    reads,
    posted,
    /** Requests of a kind made and not answered yet (not taken by `next`). */
    waiting: (kind: 'fetch' | 'post') => queues[kind].length,
  };
}

export const ME = 1;
export const PARTNER = 2;

/** A stored message of the conversation. */
export function storedMessage(
  conversation: number,
  seq: number,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id: conversation * 1000 + seq,
    conversation: { id: conversation },
    seq,
    sender: { id: PARTNER },
    kind: 'text',
    body: `message ${seq}`,
    gift: null,
    image: null,
    client_id: `stored-${conversation}-${seq}`,
    credits: 0,
    created_at: '2026-11-29T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/chat.php's answer: the conversation (null: none yet) and the messages given. */
export function chatAnswer(
  conversation: number | null,
  messages: ChatMessage[] = [],
  overrides: Partial<ChatResponse> = {},
): ChatResponse {
  return {
    conversation: conversation === null ? null : { id: conversation },
    profile: {
      id: PARTNER,
      name: 'Bram',
      age: 34,
      gender: 'male',
      country: 'NL',
      region: null,
      city: null,
      fictional: false,
      main_image: null,
    },
    messages,
    has_older: false,
    older_hidden: false,
    has_newer: false,
    send_refusal: null,
    conversations_left: null,
    message_credits: 10,
    free_messages_left: 0,
    photo_credits: 20,
    read_receipts: true,
    partner_read_seq: null,
    partner_online: false,
    profile_viewable: true,
    partner_unavailable: false,
    ...overrides,
  };
}

/** The server's answer to a post: the message stored with the post's client id. */
export function storedFrom(post: PostCall, conversation: number, seq: number): SendMessageResponse {
  return {
    message: storedMessage(conversation, seq, {
      sender: { id: ME },
      body: post.input.body ?? '',
      kind: post.input.kind ?? 'text',
      client_id: post.input.client_id,
    }),
  };
}
