import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SHOWN_FOR_MS } from '../../../shared/contracts/chat.ts';
import { ApiError } from '../../lib/api.ts';
import { forgetMemberData } from '../../lib/local-storage.ts';
import {
  chatAnswer,
  ME,
  PARTNER,
  scriptedServer,
  scriptedSocket,
  storedFrom,
  storedMessage,
} from '../../test/scripted-chat.ts';
import type { ChatTarget } from './chat-api.ts';
import { openOutbox, pendingOf, putPending } from './chat-outbox.ts';
import {
  type ConversationNotice,
  type ConversationState,
  type ConversationStore,
  createConversationStore,
} from './conversation-store.ts';

const CONVERSATION = 7;
const lost = () => new ApiError(0, 'network_error', 'no answer');
const refused = (code: string, details?: unknown) => new ApiError(422, code, code, details);

// The outbox is the tab's: each test is a member of its own, so nothing waits from another test.
let member = 1000;

function setup(target: ChatTarget = { conversation: CONVERSATION }) {
  openOutbox(++member, undefined);
  const socket = scriptedSocket();
  const server = scriptedServer();
  const store = createConversationStore({
    target,
    socket: socket.socket,
    transport: server.transport,
  });
  const notices: ConversationNotice[] = [];
  store.onNotice((notice) => notices.push(notice));
  const stop = store.start();
  return { store, socket, server, notices, stop };
}

/** The store's state once `check` holds: the store's own change is the signal. */
function until(store: ConversationStore, check: (state: ConversationState) => boolean) {
  return new Promise<ConversationState>((resolve) => {
    const off = store.subscribe(() => look());
    const look = () => {
      if (!check(store.getState())) return;
      off();
      resolve(store.getState());
    };
    look();
  });
}

const seqs = (state: ConversationState) => state.messages.map((m) => m.seq);
const bodies = (state: ConversationState) => state.unsent.map((m) => [m.body, m.status, m.error]);

describe('the conversation store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    // The outbox is the tab's module: the next test file in this worker starts without ours.
    forgetMemberData(undefined);
  });

  it('shows the first page, and the opening failure by its code', async () => {
    const { store, server } = setup();
    expect(store.getState().loaded).toBeNull();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await store.idle();
    expect(seqs(store.getState())).toEqual([1]);
    expect(store.getState().loaded?.conversation).toEqual({ id: CONVERSATION });

    const other = setup();
    (await other.server.next('fetch')).fail(refused('conversation_not_found'));
    await other.store.idle();
    expect(other.store.getState().failure).toEqual({ code: 'conversation_not_found', blocked: null });
  });

  it('follows the free messages left (the landing flow’s) from each send’s answer', async () => {
    const { store, server } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [], { free_messages_left: 2 }));
    await store.idle();
    expect(store.getState().loaded?.free_messages_left).toBe(2);
    store.compose({ kind: 'text', body: 'one' });
    const first = await server.next('post');
    first.answer({ ...storedFrom(first, CONVERSATION, 1), free_messages_left: 1 });
    await store.idle();
    expect(store.getState().loaded?.free_messages_left).toBe(1);
    store.compose({ kind: 'text', body: 'two' });
    const second = await server.next('post');
    second.answer({ ...storedFrom(second, CONVERSATION, 2), free_messages_left: 0 });
    await store.idle();
    expect(store.getState().loaded?.free_messages_left).toBe(0);
  });

  it('sends a conversation’s messages one at a time in the order written: quick messages keep their order', async () => {
    const { store, server } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await store.idle();
    store.compose({ kind: 'text', body: 'one' });
    store.compose({ kind: 'text', body: 'two' });
    store.compose({ kind: 'text', body: 'three' });
    // Shown at once, in the order written; only the first is on its way.
    expect(bodies(store.getState())).toEqual([
      ['one', 'sending', undefined],
      ['two', 'sending', undefined],
      ['three', 'sending', undefined],
    ]);
    expect(server.waiting('post')).toBe(1);
    const first = await server.next('post');
    expect(first.input.body).toBe('one');
    first.answer(storedFrom(first, CONVERSATION, 2));
    const second = await server.next('post');
    expect(second.input.body).toBe('two');
    second.answer(storedFrom(second, CONVERSATION, 3));
    const third = await server.next('post');
    third.answer(storedFrom(third, CONVERSATION, 4));
    await store.idle();
    expect(server.posted.map((p) => p.body)).toEqual(['one', 'two', 'three']);
    expect(seqs(store.getState())).toEqual([1, 2, 3, 4]);
    expect(store.getState().unsent).toEqual([]);
  });

  it('asks a catch-up after the seq it has every message through: the partner’s message committed just before one’s own is shown, not skipped', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 10)]));
    await store.idle();
    store.compose({ kind: 'text', body: 'mine' });
    const post = await server.next('post');
    // The partner's message got seq 11 a moment before; the member's own answer comes first, as 12.
    post.answer(storedFrom(post, CONVERSATION, 12));
    await until(store, (s) => s.messages.length === 2);
    // The event of 12 comes (the member's own): the catch-up asks after 10, where the hole is.
    socket.message(CONVERSATION, 12);
    const catchUp = await server.next('fetch');
    expect(catchUp.input.page).toEqual({ after_seq: 10 });
    catchUp.answer(
      chatAnswer(CONVERSATION, [
        storedMessage(CONVERSATION, 11),
        { ...storedMessage(CONVERSATION, 12), sender: { id: ME } },
      ]),
    );
    await store.idle();
    expect(seqs(store.getState())).toEqual([10, 11, 12]);
    // Nothing is missing now: the next event asks after 12.
    socket.message(CONVERSATION, 13);
    expect((await server.next('fetch')).input.page).toEqual({ after_seq: 12 });
  });

  it('keeps messages in seq order and each once, whatever order the answers and events come in', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await store.idle();
    socket.message(CONVERSATION, 3);
    socket.message(CONVERSATION, 2);
    const first = await server.next('fetch');
    const second = await server.next('fetch');
    // The later request is answered first, with more; the earlier one with part of it, again.
    second.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 2), storedMessage(CONVERSATION, 3)]));
    first.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 2)]));
    await store.idle();
    expect(seqs(store.getState())).toEqual([1, 2, 3]);
    // An event for what the store has already brings no request.
    socket.message(CONVERSATION, 3);
    expect(server.waiting('fetch')).toBe(0);
  });

  it('reads the rest in as many answers as it takes after a reconnect (an answer that was cut says has_newer)', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await store.idle();
    socket.drop();
    socket.reconnect();
    const first = await server.next('fetch');
    expect(first.input.page).toEqual({ after_seq: 1 });
    first.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 2)], { has_newer: true }));
    const second = await server.next('fetch');
    expect(second.input.page).toEqual({ after_seq: 2 });
    second.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 3)]));
    await store.idle();
    expect(seqs(store.getState())).toEqual([1, 2, 3]);
  });

  it('what the channel says while the first page is on its way is heard once that page came: no message is lost between the two', async () => {
    // The page read its first page before the partner answered; the answer's event (and the
    // channel's opening) came before that page did. A clean clone once lost the answer this way.
    const { store, server, socket } = setup();
    const opening = await server.next('fetch');
    socket.reconnect();
    socket.message(CONVERSATION, 2);
    socket.emit({ type: 'partner_changed', conversation: { id: CONVERSATION } });
    expect(server.waiting('fetch')).toBe(0);
    opening.answer(
      chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)], { send_refusal: 'partner_not_confirmed' }),
    );
    // Caught up after the first page's last message, and the conversation read again as the
    // partner changed: one answer each, whatever their order.
    for (let answered = 0; answered < 2; answered++) {
      const next = await server.next('fetch');
      expect(next.input.page).toEqual({ after_seq: 1 });
      next.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 2)]));
    }
    await store.idle();
    expect(server.waiting('fetch')).toBe(0);
    expect(seqs(store.getState())).toEqual([1, 2]);
    expect(store.getState().loaded?.send_refusal).toBeNull();
  });

  it('sends a message written on a member’s page, and the next one, to the conversation the first one created', async () => {
    const { store, server } = setup({ member: PARTNER });
    (await server.next('fetch')).answer(chatAnswer(null));
    await store.idle();
    store.compose({ kind: 'text', body: 'hello' });
    store.compose({ kind: 'text', body: 'again' });
    const first = await server.next('post');
    expect(first.input).toMatchObject({ to: { id: PARTNER }, body: 'hello' });
    first.answer(storedFrom(first, CONVERSATION, 1));
    const second = await server.next('post');
    expect(second.input).toMatchObject({ conversation: { id: CONVERSATION }, body: 'again' });
    expect(second.input.to).toBeUndefined();
    second.answer(storedFrom(second, CONVERSATION, 2));
    await store.idle();
    expect(store.getState().loaded?.conversation).toEqual({ id: CONVERSATION });
    expect(seqs(store.getState())).toEqual([1, 2]);
    expect(store.getState().unsent).toEqual([]);
    expect(pendingOf(`m:${PARTNER}`)).toEqual([]);
  });

  it('a lost message holds back the ones written after it: they wait, failed, and go in order with the next round', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    store.compose({ kind: 'text', body: 'one' });
    store.compose({ kind: 'text', body: 'two' });
    (await server.next('post')).fail(lost());
    await store.idle();
    // No answer: neither overtakes; both wait with a retry, the first without a reason (the network).
    expect(server.posted.map((p) => p.body)).toEqual(['one']);
    expect(bodies(store.getState())).toEqual([
      ['one', 'failed', undefined],
      ['two', 'failed', undefined],
    ]);
    // Back, and lost again at once: the second still does not go ahead of the first.
    socket.drop();
    socket.reconnect();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    const again = await server.next('post');
    expect(again.input.body).toBe('one');
    again.fail(lost());
    await store.idle();
    expect(server.posted.map((p) => p.body)).toEqual(['one', 'one']);
    // The connection comes back: the same client ids, in the order written.
    socket.drop();
    socket.reconnect();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    const first = await server.next('post');
    expect(first.input.body).toBe('one');
    expect(first.input.client_id).toBe(server.posted[0]?.client_id);
    first.answer(storedFrom(first, CONVERSATION, 1));
    const second = await server.next('post');
    expect(second.input.body).toBe('two');
    second.answer(storedFrom(second, CONVERSATION, 2));
    await store.idle();
    expect(store.getState().unsent).toEqual([]);
    expect(store.getState().messages.map((m) => m.body)).toEqual(['one', 'two']);
  });

  it('a message written while a lost one’s round ends waits with it, and a retry sends them in order', async () => {
    const { store, server } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    store.compose({ kind: 'text', body: 'one' });
    const first = await server.next('post');
    store.compose({ kind: 'text', body: 'two' });
    first.fail(lost());
    await store.idle();
    expect(bodies(store.getState())).toEqual([
      ['one', 'failed', undefined],
      ['two', 'failed', undefined],
    ]);
    const [one] = store.getState().unsent;
    if (!one) throw new Error('no unsent message');
    store.retry(one);
    const again = await server.next('post');
    expect(again.input.body).toBe('one');
    again.answer(storedFrom(again, CONVERSATION, 1));
    const two = await server.next('post');
    expect(two.input.body).toBe('two');
    two.answer(storedFrom(two, CONVERSATION, 2));
    await store.idle();
    expect(store.getState().unsent).toEqual([]);
  });

  it('a second catch-up that sees the conversation begin adds its messages instead of dropping them', async () => {
    const { store, server, socket } = setup({ member: PARTNER });
    (await server.next('fetch')).answer(chatAnswer(null));
    await store.idle();
    // Two of the partner's messages arrive before the page has a conversation: two catch-ups.
    socket.message(CONVERSATION, 1);
    socket.message(CONVERSATION, 2);
    const first = await server.next('fetch');
    const second = await server.next('fetch');
    expect(first.input.target).toEqual({ member: PARTNER });
    first.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await until(store, (s) => s.loaded?.conversation !== null);
    second.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1), storedMessage(CONVERSATION, 2)]));
    await store.idle();
    expect(seqs(store.getState())).toEqual([1, 2]);
  });

  it('shows the partner’s first message live on a member’s page with no conversation yet, and a reconnect looks whether one began', async () => {
    const { store, server, socket } = setup({ member: PARTNER });
    (await server.next('fetch')).answer(chatAnswer(null));
    await store.idle();
    // The event names a conversation the page does not know yet: it is read all the same.
    socket.message(CONVERSATION, 1);
    const read = await server.next('fetch');
    expect(read.input).toEqual({ target: { member: PARTNER }, page: undefined });
    read.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await store.idle();
    expect(store.getState().loaded?.conversation).toEqual({ id: CONVERSATION });
    expect(seqs(store.getState())).toEqual([1]);

    // Away while the partner wrote first: the reconnect asks.
    const away = setup({ member: PARTNER });
    (await away.server.next('fetch')).answer(chatAnswer(null));
    await away.store.idle();
    away.socket.drop();
    away.socket.reconnect();
    (await away.server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await away.store.idle();
    expect(seqs(away.store.getState())).toEqual([1]);
  });

  it('sends what waited once per opening, with the same client ids, however often the page starts listening again', async () => {
    openOutbox(++member, undefined);
    putPending(`c:${CONVERSATION}`, {
      clientId: 'a1b2c3d4-0000-4000-8000-000000000001',
      kind: 'text',
      body: 'from before the reload',
      createdAt: '2026-11-29T09:00:00.000Z',
      status: 'sending',
    });
    const socket = scriptedSocket();
    const server = scriptedServer();
    const store = createConversationStore({
      target: { conversation: CONVERSATION },
      socket: socket.socket,
      transport: server.transport,
    });
    // React's development double start: stop and start again before the first page came.
    store.start()();
    const stop = store.start();
    expect(server.waiting('fetch')).toBe(1);
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    const post = await server.next('post');
    expect(post.input.client_id).toBe('a1b2c3d4-0000-4000-8000-000000000001');
    post.answer(storedFrom(post, CONVERSATION, 1));
    await store.idle();
    // Listening again later (the session changed, the page rendered again): nothing sent twice.
    stop();
    store.start();
    await store.idle();
    expect(server.posted).toHaveLength(1);
    expect(socket.listening()).toBe(1);
  });

  it('shows a message the server already has once, as stored, and its resend drops it from the outbox', async () => {
    openOutbox(++member, undefined);
    const clientId = 'a1b2c3d4-0000-4000-8000-000000000002';
    putPending(`c:${CONVERSATION}`, {
      clientId,
      kind: 'text',
      body: 'answered before the reload',
      createdAt: '2026-11-29T09:00:00.000Z',
      status: 'sending',
    });
    const socket = scriptedSocket();
    const server = scriptedServer();
    const store = createConversationStore({
      target: { conversation: CONVERSATION },
      socket: socket.socket,
      transport: server.transport,
    });
    store.start();
    const stored = storedMessage(CONVERSATION, 1, { sender: { id: ME }, client_id: clientId });
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [stored]));
    const resend = await server.next('post');
    // While the resend is on its way, the message shows once: as stored.
    expect(store.getState().unsent).toEqual([]);
    expect(seqs(store.getState())).toEqual([1]);
    resend.answer({ message: stored });
    await store.idle();
    expect(pendingOf(`c:${CONVERSATION}`)).toEqual([]);
    expect(seqs(store.getState())).toEqual([1]);
  });

  it('keeps a message refused for lack of credits failed with its reason, and never resends it on its own (only the retry button does)', async () => {
    const { store, server, socket, notices } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    store.compose({ kind: 'text', body: 'too dear' });
    (await server.next('post')).fail(refused('insufficient_credits'));
    await store.idle();
    expect(bodies(store.getState())).toEqual([['too dear', 'failed', 'insufficient_credits']]);
    expect(notices).toContainEqual(
      expect.objectContaining({ type: 'refused', code: 'insufficient_credits' }),
    );
    // A reconnect and a new message do not send it again: the server's answer would be the same.
    socket.drop();
    socket.reconnect();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    store.compose({ kind: 'text', body: 'next' });
    const next = await server.next('post');
    expect(next.input.body).toBe('next');
    next.answer(storedFrom(next, CONVERSATION, 1));
    await store.idle();
    expect(server.posted.map((p) => p.body)).toEqual(['too dear', 'next']);
    // Credits bought since: the retry button sends it.
    const [dear] = store.getState().unsent;
    if (!dear) throw new Error('no unsent message');
    store.retry(dear);
    expect(bodies(store.getState())).toEqual([['too dear', 'sending', undefined]]);
    const retried = await server.next('post');
    retried.answer(storedFrom(retried, CONVERSATION, 2));
    await store.idle();
    expect(store.getState().unsent).toEqual([]);
  });

  it('keeps the daily limit that refused a message, for its text', async () => {
    const { store, server } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    store.compose({ kind: 'text', body: 'over the limit' });
    (await server.next('post')).fail(refused('daily_limit_reached', { limit: 50 }));
    await store.idle();
    expect(store.getState().unsent.map((m) => [m.error, m.limit])).toEqual([['daily_limit_reached', 50]]);
  });

  it('a free member over their conversations: the upsell instead, nothing waits, the words are handed back', async () => {
    const { store, server, notices } = setup({ member: PARTNER });
    (await server.next('fetch')).answer(chatAnswer(null));
    await store.idle();
    store.compose({ kind: 'text', body: 'hi there' });
    (await server.next('post')).fail(refused('conversation_limit_reached'));
    await store.idle();
    expect(store.getState().unsent).toEqual([]);
    expect(notices).toContainEqual(
      expect.objectContaining({
        type: 'refused',
        code: 'conversation_limit_reached',
        message: expect.objectContaining({ body: 'hi there' }),
      }),
    );
    // Known before writing: compose says no, nothing is sent.
    const limited = setup({ member: PARTNER });
    (await limited.server.next('fetch')).answer(
      chatAnswer(null, [], { send_refusal: 'conversation_limit_reached' }),
    );
    await limited.store.idle();
    expect(limited.store.compose({ kind: 'text', body: 'no' })).toBe(false);
    expect(limited.server.posted).toEqual([]);
  });

  it('lets the member give an unsent message up', async () => {
    const { store, server } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    store.compose({ kind: 'text', body: 'never mind' });
    (await server.next('post')).fail(lost());
    await store.idle();
    const [message] = store.getState().unsent;
    if (!message) throw new Error('no unsent message');
    store.discard(message.clientId);
    expect(store.getState().unsent).toEqual([]);
    expect(pendingOf(`c:${CONVERSATION}`)).toEqual([]);
  });

  it('reads up to the partner’s newest message on opening and as messages arrive, never for the member’s own', async () => {
    const { store, server, socket, notices } = setup();
    (await server.next('fetch')).answer(
      chatAnswer(CONVERSATION, [
        storedMessage(CONVERSATION, 1),
        storedMessage(CONVERSATION, 2, { sender: { id: ME } }),
      ]),
    );
    await store.idle();
    expect(server.reads).toEqual([[CONVERSATION, 1]]);
    expect(notices).toContainEqual({ type: 'read' });
    store.compose({ kind: 'text', body: 'mine' });
    const post = await server.next('post');
    post.answer(storedFrom(post, CONVERSATION, 3));
    await store.idle();
    expect(server.reads).toEqual([[CONVERSATION, 1]]);
    socket.message(CONVERSATION, 4);
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 4)]));
    await store.idle();
    expect(server.reads).toEqual([
      [CONVERSATION, 1],
      [CONVERSATION, 4],
    ]);
  });

  it('loads older messages one page at a time, however many scroll events ask', async () => {
    const { store, server } = setup();
    (await server.next('fetch')).answer(
      chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 51)], { has_older: true }),
    );
    await store.idle();
    const shown: number[][] = [];
    void store.loadOlder(() => shown.push(seqs(store.getState())));
    void store.loadOlder();
    void store.loadOlder();
    expect(store.getState().loadingOlder).toBe(true);
    expect(server.waiting('fetch')).toBe(1);
    const older = await server.next('fetch');
    expect(older.input.page).toEqual({ before_seq: 51 });
    older.answer(
      chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 49), storedMessage(CONVERSATION, 50)]),
    );
    await store.idle();
    // The page measured the log just before the older ones came in above.
    expect(shown).toEqual([[51]]);
    expect(seqs(store.getState())).toEqual([49, 50, 51]);
    expect(store.getState().loaded?.has_older).toBe(false);
    expect(store.getState().loadingOlder).toBe(false);
  });

  it('shows the partner typing for TYPING_SHOWN_FOR_MS after their last typing event, or until their message', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    const typing = () =>
      socket.emit({ type: 'typing', conversation: { id: CONVERSATION }, from: { id: PARTNER } });
    // Another conversation's typing is not shown here.
    socket.emit({ type: 'typing', conversation: { id: 99 }, from: { id: 3 } });
    expect(store.getState().partnerTyping).toBe(false);
    typing();
    expect(store.getState().partnerTyping).toBe(true);
    vi.advanceTimersByTime(TYPING_SHOWN_FOR_MS - 1_000);
    // Still typing: shown for a full while from this event.
    typing();
    vi.advanceTimersByTime(TYPING_SHOWN_FOR_MS - 1);
    expect(store.getState().partnerTyping).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().partnerTyping).toBe(false);
    typing();
    socket.message(CONVERSATION, 1);
    expect(store.getState().partnerTyping).toBe(false);
  });

  it('follows the partner’s reads live, where they show them, and forgets them when they stop', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [], { partner_read_seq: 3 }));
    await store.idle();
    expect(store.getState().partnerRead).toBe(3);
    socket.emit({ type: 'read', conversation: { id: CONVERSATION }, reader: { id: PARTNER }, seq: 5 });
    expect(store.getState().partnerRead).toBe(5);
    // The member's own reads from another tab are not the partner's.
    socket.emit({ type: 'read', conversation: { id: CONVERSATION }, reader: { id: ME }, seq: 9 });
    expect(store.getState().partnerRead).toBe(5);
    socket.emit({ type: 'read', conversation: { id: CONVERSATION }, reader: { id: PARTNER }, seq: 0 });
    expect(store.getState().partnerRead).toBeNull();
  });

  it('follows whether the partner is online: live, and from the catch-up after a reconnect (events while away are lost)', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await store.idle();
    expect(store.getState().loaded?.partner_online).toBe(false);
    socket.emit({ type: 'presence', member: { id: PARTNER }, online: true });
    expect(store.getState().loaded?.partner_online).toBe(true);
    // Another partner's presence (the member's list hears it too) is not this conversation's.
    socket.emit({ type: 'presence', member: { id: PARTNER + 1 }, online: false });
    expect(store.getState().loaded?.partner_online).toBe(true);
    socket.drop();
    socket.reconnect();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [], { partner_online: false }));
    await store.idle();
    expect(store.getState().loaded?.partner_online).toBe(false);
  });

  it('says when the connection is down and when it is back', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    expect(store.getState().connected).toBe(true);
    socket.drop();
    expect(store.getState().connected).toBe(false);
    socket.reconnect();
    expect(store.getState().connected).toBe(true);
  });

  it('reads the conversation again when the partner changed: what it allows, their card, what came meanwhile', async () => {
    const { store, server, socket, notices } = setup();
    (await server.next('fetch')).answer(
      chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)], {
        send_refusal: 'partner_not_confirmed',
        profile_viewable: false,
      }),
    );
    await store.idle();
    socket.emit({ type: 'partner_changed', conversation: { id: CONVERSATION } });
    const again = await server.next('fetch');
    expect(again.input.page).toEqual({ after_seq: 1 });
    again.answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 2)]));
    await store.idle();
    expect(store.getState().loaded).toMatchObject({ send_refusal: null, profile_viewable: true });
    expect(seqs(store.getState())).toEqual([1, 2]);
    expect(notices).toContainEqual({ type: 'partner_changed' });
  });

  it('shows a block as it happens: gone for the member blocked, the way back for the blocker', async () => {
    const blocked = setup();
    (await blocked.server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await blocked.store.idle();
    blocked.socket.emit({ type: 'partner_changed', conversation: { id: CONVERSATION } });
    (await blocked.server.next('fetch')).fail(new ApiError(404, 'conversation_not_found', 'gone'));
    await blocked.store.idle();
    expect(blocked.store.getState().failure).toEqual({ code: 'conversation_not_found', blocked: null });
    expect(blocked.notices).toContainEqual({ type: 'partner_changed' });

    const blocker = setup();
    (await blocker.server.next('fetch')).answer(chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)]));
    await blocker.store.idle();
    blocker.socket.emit({ type: 'partner_changed', conversation: { id: CONVERSATION } });
    (await blocker.server.next('fetch')).fail(
      new ApiError(403, 'you_blocked_member', 'You blocked Anna.', { name: 'Anna', id: PARTNER }),
    );
    await blocker.store.idle();
    expect(blocker.store.getState().failure).toEqual({
      code: 'you_blocked_member',
      blocked: { id: PARTNER, name: 'Anna' },
    });
    // Lifted: the conversation opens again from its first page.
    const reopened = blocker.store.reopen();
    expect(blocker.store.getState()).toMatchObject({ failure: null, loaded: null });
    const opening = await blocker.server.next('fetch');
    expect(opening.input.page).toBeUndefined();
    opening.answer(
      chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1), storedMessage(CONVERSATION, 2)]),
    );
    await reopened;
    expect(seqs(blocker.store.getState())).toEqual([1, 2]);

    // A passing failure (the network) leaves the conversation as it was.
    blocker.socket.emit({ type: 'partner_changed', conversation: { id: CONVERSATION } });
    (await blocker.server.next('fetch')).fail(lost());
    await blocker.store.idle();
    expect(blocker.store.getState().failure).toBeNull();
    expect(seqs(blocker.store.getState())).toEqual([1, 2]);

    // A block placed while the channel was down (or before it first opened): the reconnect's
    // catch-up finds it.
    blocker.socket.reconnect();
    (await blocker.server.next('fetch')).fail(
      new ApiError(403, 'you_blocked_member', 'You blocked Anna.', { name: 'Anna', id: PARTNER }),
    );
    await blocker.store.idle();
    expect(blocker.store.getState().failure?.blocked).toEqual({ id: PARTNER, name: 'Anna' });
  });

  it('takes what the conversation allows from a catch-up: a change whose event this tab missed', async () => {
    const { store, server, socket } = setup();
    (await server.next('fetch')).answer(
      chatAnswer(CONVERSATION, [storedMessage(CONVERSATION, 1)], { send_refusal: 'partner_not_confirmed' }),
    );
    await store.idle();
    socket.reconnect();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, [], { partner_online: true }));
    await store.idle();
    expect(store.getState().loaded).toMatchObject({ send_refusal: null, partner_online: true });
  });

  it('hears nothing once the page stopped listening, while a send under way still lands', async () => {
    const { store, server, socket, stop } = setup();
    (await server.next('fetch')).answer(chatAnswer(CONVERSATION, []));
    await store.idle();
    store.compose({ kind: 'text', body: 'leaving' });
    const post = await server.next('post');
    stop();
    expect(socket.listening()).toBe(0);
    post.answer(storedFrom(post, CONVERSATION, 1));
    await store.idle();
    expect(pendingOf(`c:${CONVERSATION}`)).toEqual([]);
  });
});
