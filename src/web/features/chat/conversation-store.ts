import { z } from 'zod';
import {
  type ChatMessage,
  type ChatResponse,
  type SendMessageInput,
  type SendMessageResponse,
  TYPING_SHOWN_FOR_MS,
} from '../../../shared/contracts/chat.ts';
import { ApiError } from '../../lib/api.ts';
import { type ChatTarget, fetchChat, postMessage, postRead } from './chat-api.ts';
import { type ChatEvent, isChatConnected, onChatConnection, onChatEvent } from './chat-events.ts';
import { completeThrough, lastSeqOf, mergeMessages } from './chat-messages.ts';
import {
  dropPending,
  movePending,
  NO_PENDING,
  type PendingMessage,
  pendingKeyOf,
  pendingOf,
  putPending,
  settled,
  startSending,
  subscribeOutbox,
} from './chat-outbox.ts';

/** The conversation's first answer without its messages: the partner, prices, what is allowed. */
type Loaded = Omit<ChatResponse, 'messages'>;

/**
 * Why a conversation cannot be shown: the server's code, and for you_blocked_member the member
 * the viewer blocked, whom the page offers to unblock.
 */
export type ChatFailure = { code: string; blocked: { id: number; name: string } | null };

const BlockedDetailsSchema = z.object({ id: z.number().int().positive(), name: z.string() });

function failureOf(error: unknown): ChatFailure {
  if (!(error instanceof ApiError)) return { code: 'internal_error', blocked: null };
  const details = BlockedDetailsSchema.safeParse(error.details);
  return {
    code: error.code,
    blocked: error.code === 'you_blocked_member' && details.success ? details.data : null,
  };
}

/** What a read of the conversation answers when it is gone for this viewer: a block, either way. */
const GONE_CODES: ReadonlySet<string> = new Set([
  'conversation_not_found',
  'member_not_found',
  'you_blocked_member',
]);

export type ConversationState = {
  /** null until the first page came. */
  loaded: Loaded | null;
  /** Why the conversation cannot be shown (on opening, or after a block), or null. */
  failure: ChatFailure | null;
  /** By seq, each message once: the order the server gave them, whatever order the answers came in. */
  messages: readonly ChatMessage[];
  /** Not sent yet, in the order written (sending or failed), none the server already stored. */
  unsent: readonly PendingMessage[];
  /** How far the partner read, where they show it (null: they do not, or are invisible). */
  partnerRead: number | null;
  /** The partner typed in the last TYPING_SHOWN_FOR_MS and has not sent since. */
  partnerTyping: boolean;
  /** Whether the tab's real-time channel is up (after the connection's grace). */
  connected: boolean;
  /** A page of older messages is on its way. */
  loadingOlder: boolean;
};

/** The tab's real-time channel as the conversation hears it (chat-events.ts; a scripted one in tests). */
export type ChatSocket = {
  onEvent(listener: (event: ChatEvent) => void): () => void;
  isConnected(): boolean;
  onConnection(listener: () => void): () => void;
};

/** The conversation's requests (chat-api.ts; a scripted server in tests). */
export type ChatTransport = {
  fetchChat(target: ChatTarget, page?: { after_seq?: number; before_seq?: number }): Promise<ChatResponse>;
  postMessage(input: SendMessageInput): Promise<SendMessageResponse>;
  postRead(conversation: number, seq: number): Promise<unknown>;
};

/**
 * What the page around the conversation does something about: a sent message (the list and the
 * balance change, the log goes to the bottom), a refusal (the upsell, the words given back to the
 * composer), a read (the unread counts), a partner who changed (the list).
 */
export type ConversationNotice =
  | { type: 'sent' }
  | { type: 'refused'; message: PendingMessage; code: string }
  | { type: 'read' }
  | { type: 'partner_changed' };

export type ComposedContent = Pick<PendingMessage, 'kind' | 'body' | 'gift' | 'image'>;

export type ConversationStore = ReturnType<typeof createConversationStore>;

/** A conversation's unsent messages wait under its id, or under the partner's before it exists. */
const outboxKey = (target: ChatTarget, conversation: number | null) =>
  conversation !== null
    ? `c:${conversation}`
    : 'conversation' in target
      ? `c:${target.conversation}`
      : `m:${target.member}`;

/** A lost connection or a busy server: resent on reconnect or by the retry button, same client id. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

const liveSocket: ChatSocket = {
  onEvent: onChatEvent,
  isConnected: isChatConnected,
  onConnection: onChatConnection,
};
const liveTransport: ChatTransport = { fetchChat, postMessage, postRead };

/**
 * One open conversation's messages, kept in order whatever order the answers and events come in:
 * the first page, catch-ups after an event or a reconnect, the member's sends one at a time in the
 * order written (a lost one holds back those after it), resends with the same client id, the
 * partner's reads and typing, the connection. No React: the page reads it through
 * useSyncExternalStore and only renders; the tests drive it with fake timers and a scripted socket.
 */
export function createConversationStore({
  target,
  socket = liveSocket,
  transport = liveTransport,
}: {
  target: ChatTarget;
  socket?: ChatSocket;
  transport?: ChatTransport;
}) {
  let state: ConversationState = {
    loaded: null,
    failure: null,
    messages: [],
    unsent: NO_PENDING,
    partnerRead: null,
    partnerTyping: false,
    connected: socket.isConnected(),
    loadingOlder: false,
  };
  const listeners = new Set<() => void>();
  const noticeListeners = new Set<(notice: ConversationNotice) => void>();
  /** The seq up to which the store has every message (completeThrough): catch-ups ask after it. */
  let complete = 0;
  let opening: 'not yet' | 'asked' | 'done' = 'not yet';
  /**
   * What the channel said before the first page came: that page may have been read before it (the
   * partner's answer, the channel's opening), so it is heard once the page is there.
   */
  let heardWhileOpening: ChatEvent[] = [];
  let started = 0;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let flushing = false;
  let flushAgain = false;
  // Scroll events come faster than answers: one page of older messages at a time.
  let olderLoading = false;
  let readPosted = '';
  /** Work under way (requests and what follows their answers), for `idle`. */
  const work = new Set<Promise<unknown>>();

  const conversationId = () => state.loaded?.conversation?.id ?? null;
  const box = () => outboxKey(target, conversationId());

  // The outbox's list for this conversation, with what the server already has taken out: a message
  // whose answer was lost before a reload shows once, as stored; its resend drops it from the outbox.
  let unsentFrom: {
    pending: readonly PendingMessage[];
    messages: readonly ChatMessage[];
    unsent: readonly PendingMessage[];
  } = { pending: NO_PENDING, messages: state.messages, unsent: NO_PENDING };
  function unsentOf(next: ConversationState): readonly PendingMessage[] {
    const pending = pendingOf(outboxKey(target, next.loaded?.conversation?.id ?? null));
    if (pending !== unsentFrom.pending || next.messages !== unsentFrom.messages) {
      const stored = new Set(next.messages.map((m) => m.client_id));
      const unsent = pending.length === 0 ? pending : pending.filter((m) => !stored.has(m.clientId));
      unsentFrom = { pending, messages: next.messages, unsent };
    }
    return unsentFrom.unsent;
  }

  function set(patch: Partial<ConversationState>) {
    const next = { ...state, ...patch };
    next.unsent = unsentOf(next);
    state = next;
    markRead();
    for (const listener of listeners) listener();
  }

  function notify(notice: ConversationNotice) {
    for (const listener of noticeListeners) listener(notice);
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    work.add(promise);
    const done = () => work.delete(promise);
    promise.then(done, done);
    return promise;
  }

  /** Opening the conversation and every message that arrives while it is open: read. */
  function markRead() {
    const id = conversationId();
    if (started === 0 || id === null) return;
    const partner = state.loaded?.profile.id;
    // Up to the partner's newest: the member's own sends already count as read on the server.
    const seq = state.messages.findLast((m) => m.sender.id === partner)?.seq ?? 0;
    if (seq === 0 || readPosted === `${id}:${seq}`) return;
    readPosted = `${id}:${seq}`;
    void track(
      transport
        .postRead(id, seq)
        .then(() => notify({ type: 'read' }))
        .catch(() => {}),
    );
  }

  function merge(incoming: readonly ChatMessage[], covered = 0) {
    const messages = mergeMessages(state.messages, incoming);
    complete = completeThrough(messages, Math.max(complete, covered));
    set({ messages });
  }

  /** The first page: on opening, and when the partner's first message creates the conversation. */
  function showFirstPage(answer: ChatResponse) {
    const { messages, ...loaded } = answer;
    // The newest page: everything up to its last message.
    complete = lastSeqOf(messages);
    set({ loaded, messages, partnerRead: answer.partner_read_seq });
    if (answer.conversation && 'member' in target)
      movePending(`m:${target.member}`, `c:${answer.conversation.id}`);
  }

  async function open() {
    opening = 'asked';
    try {
      showFirstPage(await transport.fetchChat(target));
    } catch (error) {
      set({ failure: failureOf(error) });
      heardWhileOpening = [];
      return;
    } finally {
      opening = 'done';
    }
    hearWhatCameWhileOpening();
    // What waited when the conversation opens (a reload, a closed tab, a conversation left before
    // its answer): sent again with the same client ids, so what the server already had is not
    // charged twice. Once per opening.
    await flush();
  }

  /**
   * What came after the last message the store has, in as many answers as it takes. Open on a
   * member with no conversation yet: whether one began (the partner wrote first, perhaps while this
   * tab was away).
   */
  async function catchUp() {
    const id = conversationId();
    if (id === null) {
      if (!state.loaded || !('member' in target)) return;
      const answer = await transport.fetchChat(target);
      if (!answer.conversation) return;
      if (conversationId() === null) showFirstPage(answer);
      // Another catch-up opened it meanwhile, with fewer messages perhaps: this answer's are added.
      else if (answer.conversation.id === conversationId())
        merge(answer.messages, lastSeqOf(answer.messages));
      return;
    }
    for (let round = 0; round < 20; round++) {
      const answer = await transport.fetchChat({ conversation: id }, { after_seq: complete });
      // The answer holds every message after what was asked, up to its last, and the conversation
      // as it is now: events sent while the tab was away (presence, a partner who changed) are lost.
      merge(answer.messages, lastSeqOf(answer.messages));
      takeConversationState(answer);
      if (!answer.has_newer) break;
    }
  }

  /** What the conversation allows, the partner's card and presence, as a later answer says them. */
  function takeConversationState(answer: ChatResponse) {
    const { loaded } = state;
    if (!loaded) return;
    const { send_refusal, profile, profile_viewable, partner_unavailable, partner_online } = answer;
    const now = { send_refusal, profile, profile_viewable, partner_unavailable, partner_online };
    const changed = (Object.keys(now) as (keyof typeof now)[]).some(
      (key) => JSON.stringify(loaded[key]) !== JSON.stringify(now[key]),
    );
    if (changed) set({ loaded: { ...loaded, ...now } });
  }

  /**
   * A read refused because the conversation is gone for this viewer (a block, either way): the page
   * says so, and the list follows. Anything else (the network, a busy server) leaves it as it was:
   * the next event or reconnect reads again.
   */
  function goneIfRefused(error: unknown) {
    if (!(error instanceof ApiError) || !GONE_CODES.has(error.code)) return;
    stopTyping();
    set({ failure: failureOf(error) });
    notify({ type: 'partner_changed' });
  }

  /** One message to the server: sent, refused (it says why), or lost (no answer: to go again). */
  async function send(message: PendingMessage): Promise<'sent' | 'refused' | 'lost' | 'skipped'> {
    const { loaded } = state;
    const id = conversationId();
    // Sent or given up while it waited its turn, or being sent already: nothing to do.
    const sendKey = pendingKeyOf(message.clientId);
    if (!loaded || sendKey === undefined || !startSending(message.clientId)) return 'skipped';
    putPending(sendKey, { ...message, status: 'sending', error: undefined });
    try {
      const { message: stored, free_messages_left } = await transport.postMessage({
        ...(id !== null ? { conversation: { id } } : { to: { id: loaded.profile.id } }),
        client_id: message.clientId,
        kind: message.kind,
        body: message.body,
        ...(message.gift ? { gift: { id: message.gift.id } } : {}),
        ...(message.image ? { image: { id: message.image.id } } : {}),
      });
      notify({ type: 'sent' });
      // The composer says how many free texts are left (the landing flow's) after each one.
      if (
        free_messages_left !== undefined &&
        state.loaded &&
        state.loaded.free_messages_left !== free_messages_left
      )
        set({ loaded: { ...state.loaded, free_messages_left } });
      if (id === null) {
        const conversation = stored.conversation;
        // The next message in the queue goes to the conversation this one created.
        if (state.loaded) set({ loaded: { ...state.loaded, conversation } });
        movePending(sendKey, `c:${conversation.id}`);
        dropPending(`c:${conversation.id}`, message.clientId);
      } else dropPending(sendKey, message.clientId);
      merge([stored]);
      return 'sent';
    } catch (error) {
      const code = error instanceof ApiError && !isTransient(error) ? error.code : undefined;
      if (code === 'conversation_limit_reached') {
        // The upsell instead: the words go back to the composer, nothing waits.
        dropPending(sendKey, message.clientId);
        notify({ type: 'refused', message, code });
        return 'refused';
      }
      const limit =
        code === 'daily_limit_reached' && error instanceof ApiError
          ? (error.details as { limit?: number } | undefined)?.limit
          : undefined;
      putPending(sendKey, { ...message, status: 'failed', error: code, limit });
      if (code !== undefined) notify({ type: 'refused', message, code });
      return code === undefined ? 'lost' : 'refused';
    } finally {
      settled(message.clientId);
    }
  }

  /**
   * Sends what waits in this conversation (not what the server refused), one message at a time in
   * the order written, so they reach the server, and get their seqs, in that order. A lost one ends
   * the round: those after it wait with it (shown failed, with a retry) instead of overtaking it,
   * until the next round (a reconnect, an opening, a new message, a retry). A call during a round
   * makes one more round after it, unless the round lost one.
   */
  async function flush() {
    if (flushing) {
      flushAgain = true;
      return;
    }
    flushing = true;
    try {
      do {
        flushAgain = false;
        let lost = false;
        for (const message of pendingOf(box()).filter((m) => m.error === undefined)) {
          lost = (await send(message)) === 'lost';
          if (lost) break;
        }
        if (lost) {
          // What waits behind it (this round's, and what was written meanwhile) waits with it.
          for (const later of pendingOf(box()))
            if (later.status === 'sending') putPending(box(), { ...later, status: 'failed' });
          flushAgain = false;
        }
      } while (flushAgain);
    } finally {
      flushing = false;
    }
  }

  function stopTyping() {
    clearTimeout(typingTimer);
    typingTimer = undefined;
    if (state.partnerTyping) set({ partnerTyping: false });
  }

  /**
   * The first page may have been read before what the channel said meanwhile. A message of this
   * conversation (or of any, before one exists) or the channel's opening: one catch-up after the
   * page's last message reads them all (the flush that follows the opening sends what waited). The
   * rest (the partner changed, reads, presence, typing) is heard as it would have been.
   */
  function hearWhatCameWhileOpening() {
    const heard = heardWhileOpening;
    heardWhileOpening = [];
    const id = conversationId();
    const missed = (event: ChatEvent) =>
      event.type === 'reconnect' ||
      (event.type === 'message' && (id === null || (event.conversation.id === id && event.seq > complete)));
    if (heard.some(missed)) void track(catchUp().catch(goneIfRefused));
    for (const event of heard) if (event.type !== 'message' && event.type !== 'reconnect') receive(event);
  }

  // Live: a message of this conversation (from the partner or another tab of the member), a
  // reconnect (what was missed, and what waited to be sent).
  function receive(event: ChatEvent) {
    if (opening === 'asked') {
      heardWhileOpening.push(event);
      return;
    }
    const id = conversationId();
    if (event.type === 'reconnect') {
      void track(catchUp().catch(goneIfRefused));
      void track(flush());
      return;
    }
    if (event.type === 'typing') {
      if (event.conversation.id !== id) return;
      clearTimeout(typingTimer);
      typingTimer = setTimeout(stopTyping, TYPING_SHOWN_FOR_MS);
      if (!state.partnerTyping) set({ partnerTyping: true });
      return;
    }
    if (event.type === 'partner_changed') {
      // The partner can be answered now (they confirmed their address), or a block was placed or
      // lifted: what the conversation allows and their card, read again, with whatever came
      // meanwhile; a conversation a block took away shows why instead.
      if (event.conversation.id !== id || id === null) return;
      void track(catchUp().then(() => notify({ type: 'partner_changed' }), goneIfRefused));
      return;
    }
    if (event.type === 'presence') {
      // Sent only of a partner the member may know it of (the server decides, as for the list).
      if (state.loaded && state.loaded.profile.id === event.member.id)
        set({ loaded: { ...state.loaded, partner_online: event.online } });
      return;
    }
    if (event.type === 'read') {
      // The partner's reads, where they show them; 0: they stopped showing them.
      if (event.conversation.id === id && event.reader.id === state.loaded?.profile.id)
        set({ partnerRead: event.seq === 0 ? null : event.seq });
      return;
    }
    if (event.conversation.id === id) stopTyping();
    if (id === null || (event.conversation.id === id && event.seq > complete))
      void track(catchUp().catch(goneIfRefused));
  }

  return {
    getState: (): ConversationState => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** What the page acts on (ConversationNotice). */
    onNotice(listener: (notice: ConversationNotice) => void): () => void {
      noticeListeners.add(listener);
      return () => {
        noticeListeners.delete(listener);
      };
    },

    /**
     * While the conversation is shown: the first page (once), the socket's events and the
     * connection, reads posted. The returned function stops listening; sends under way go on.
     */
    start(): () => void {
      started += 1;
      const offEvents = socket.onEvent(receive);
      const offConnection = socket.onConnection(() => set({ connected: socket.isConnected() }));
      // The outbox changes from this store's sends, a discard, another tab, a login.
      const offOutbox = subscribeOutbox(() => {
        if (unsentOf(state) !== state.unsent) set({});
      });
      if (state.connected !== socket.isConnected() || unsentOf(state) !== state.unsent)
        set({ connected: socket.isConnected() });
      if (opening === 'not yet') void track(open());
      else markRead();
      return () => {
        started -= 1;
        offEvents();
        offConnection();
        offOutbox();
        if (started === 0) stopTyping();
      };
    },

    /** After the block was lifted: the conversation opens again, from its first page. */
    reopen(): Promise<void> {
      if (!state.failure) return Promise.resolve();
      set({ failure: null, loaded: null, messages: [] });
      return track(open());
    },

    /** A new message of any kind: false when the upsell comes instead (a free member's limit). */
    compose(content: ComposedContent): boolean {
      const { loaded } = state;
      if (!loaded) return false;
      if (loaded.send_refusal === 'conversation_limit_reached' && loaded.conversation === null) return false;
      // Shown at once as sending; sent after the ones before it.
      putPending(box(), {
        clientId: crypto.randomUUID(),
        ...content,
        createdAt: new Date().toISOString(),
        status: 'sending',
      });
      void track(flush());
      return true;
    },

    /** The retry button: a refused message too (credits bought since), then the round. */
    retry(message: PendingMessage): void {
      const key = pendingKeyOf(message.clientId);
      if (key) putPending(key, { ...message, status: 'sending', error: undefined, limit: undefined });
      void track(flush());
    },

    /** The member gives an unsent message up. */
    discard(clientId: string): void {
      const key = pendingKeyOf(clientId);
      if (key) dropPending(key, clientId);
    },

    /**
     * The page before the first message shown. `beforeShow` runs just before they are added (the
     * page keeps its place in the log there).
     */
    loadOlder(beforeShow?: () => void): Promise<void> {
      const first = state.messages[0];
      const id = conversationId();
      if (id === null || !first || olderLoading) return Promise.resolve();
      olderLoading = true;
      set({ loadingOlder: true });
      return track(
        transport
          .fetchChat({ conversation: id }, { before_seq: first.seq })
          .then((answer) => {
            beforeShow?.();
            const messages = mergeMessages(state.messages, answer.messages);
            set({ messages, loaded: state.loaded ? { ...state.loaded, has_older: answer.has_older } : null });
          })
          .catch(() => {
            // The button stays: the member tries again.
          })
          .finally(() => {
            olderLoading = false;
            set({ loadingOlder: false });
          }),
      );
    },

    /** The member switched their read receipts in the conversation's details. */
    setReadReceipts(on: boolean): void {
      if (state.loaded) set({ loaded: { ...state.loaded, read_receipts: on } });
    },

    /** Resolves once no request of the store is under way, and nothing it started follows. */
    async idle(): Promise<void> {
      while (work.size > 0) await Promise.allSettled([...work]);
    },
  };
}
