import { useQueryClient } from '@tanstack/react-query';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type ChatMessage,
  type ChatResponse,
  TYPING_SEND_EVERY_MS,
  TYPING_SHOWN_FOR_MS,
} from '../../../shared/contracts/chat.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useOnline } from '../../lib/use-online.ts';
import { FictionalWarning } from '../members/fictional-warning.tsx';
import { PremiumUpsell } from '../members/premium-upsell.tsx';
import { ResendActivationButton } from '../session/account-status-banner.tsx';
import { useSession } from '../session/member-session.tsx';
import {
  CHATS_QUERY_KEY,
  type ChatTarget,
  deleteChat,
  fetchChat,
  postMessage,
  postRead,
  postTyping,
} from './chat-api.ts';
import { onChatEvent, useChatConnected } from './chat-events.ts';
import { ChatAvatar } from './chat-list.tsx';
import { completeThrough, dayLabel, lastSeqOf, mergeMessages, withDaySeparators } from './chat-messages.ts';
import {
  dropPending,
  movePending,
  NO_PENDING,
  openOutbox,
  type PendingMessage,
  pendingKeyOf,
  pendingOf,
  putPending,
  settled,
  startSending,
  subscribeOutbox,
} from './chat-outbox.ts';
import { ChatPhotoButton } from './chat-photo-button.tsx';
import { ComposerBalance, FreeConversationsNote } from './composer-notes.tsx';
import { ConversationInfo } from './conversation-info.tsx';
import { GiftButton, GiftPicker } from './gift-picker.tsx';
import { IcebreakerOffer, IcebreakerPicker } from './icebreakers.tsx';
import { MessageContent } from './message-content.tsx';
import { canRetry, SendFailure } from './send-failure.tsx';

type Loaded = Omit<ChatResponse, 'messages'>;

const outboxKey = (target: ChatTarget, conversation: number | null) =>
  conversation !== null
    ? `c:${conversation}`
    : 'conversation' in target
      ? `c:${target.conversation}`
      : `m:${target.member}`;

/** A lost connection or a busy server: resent on reconnect or by the retry button, same client id. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * One conversation: its messages (older ones on request, missed ones after a reconnect or a
 * message event), the composer with the price, and the unsent messages with their state.
 */
export function Conversation({ target }: { target: ChatTarget }) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [upsell, setUpsell] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [draft, setDraft] = useState('');
  const [picking, setPicking] = useState<'gift' | 'icebreaker' | null>(null);
  // A refused gift's note: the picker opens with it again, so the words are not typed twice.
  const [keptGiftNote, setKeptGiftNote] = useState('');
  // When the partner's last typing event came (0: not typing); shown for TYPING_SHOWN_FOR_MS.
  const [partnerTyping, setPartnerTyping] = useState(0);
  // How far the partner read, where they show it (null: they do not, or are invisible).
  const [partnerRead, setPartnerRead] = useState<number | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const connected = useChatConnected();
  const online = useOnline();
  useEffect(() => {
    if (partnerTyping === 0) return;
    const timer = setTimeout(() => setPartnerTyping(0), TYPING_SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [partnerTyping]);
  const listRef = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  // Scroll events come faster than state: one page of older messages at a time.
  const olderLoading = useRef(false);

  const conversationId = loaded?.conversation?.id ?? null;
  const key = outboxKey(target, conversationId);
  // The member's unsent messages come from this browser's storage after hydration (the server has none).
  const memberId = session.user?.id;
  useEffect(() => {
    if (memberId !== undefined) openOutbox(memberId);
  }, [memberId]);
  const pending = useSyncExternalStore(
    subscribeOutbox,
    () => pendingOf(key),
    () => NO_PENDING,
  );
  // A message the server already has (its answer was lost before a reload) shows once, as stored;
  // its resend drops it from the outbox.
  const unsent = useMemo(() => {
    if (pending.length === 0) return pending;
    const stored = new Set(messages.map((m) => m.client_id));
    return pending.filter((m) => !stored.has(m.clientId));
  }, [pending, messages]);
  const latest = useRef({ messages, conversationId, loaded });
  latest.current = { messages, conversationId, loaded };
  // The seq up to which the tab has every message (completeThrough): catch-ups ask after it.
  const complete = useRef(0);
  const merge = useCallback((incoming: readonly ChatMessage[], covered = 0) => {
    const merged = mergeMessages(latest.current.messages, incoming);
    latest.current.messages = merged;
    complete.current = completeThrough(merged, Math.max(complete.current, covered));
    setMessages((current) => mergeMessages(current, incoming));
  }, []);

  /** The first page: on opening, and when the partner's first message creates the conversation. */
  const showFirstPage = useCallback(
    (answer: ChatResponse) => {
      const { messages: first, ...rest } = answer;
      setLoaded(rest);
      setMessages(first);
      // Known at once, not at the next render: an event or a catch-up meanwhile goes by it.
      latest.current = {
        ...latest.current,
        messages: first,
        loaded: rest,
        conversationId: rest.conversation?.id ?? null,
      };
      // The newest page: everything up to its last message.
      complete.current = lastSeqOf(first);
      setPartnerRead(answer.partner_read_seq);
      if (answer.conversation && 'member' in target)
        movePending(`m:${target.member}`, `c:${answer.conversation.id}`);
    },
    [target],
  );
  useEffect(() => {
    let gone = false;
    fetchChat(target)
      .then((answer) => {
        if (!gone) showFirstPage(answer);
      })
      .catch((error) => {
        if (!gone) setFailure(error instanceof ApiError ? error.code : 'internal_error');
      });
    return () => {
      gone = true;
    };
  }, [target, showFirstPage]);

  /**
   * What came after the last message the tab has, in as many answers as it takes. Open on a member
   * with no conversation yet: whether one began (the partner wrote first, perhaps while this tab
   * was away).
   */
  const catchUp = useCallback(async () => {
    const id = latest.current.conversationId;
    if (id === null) {
      if (!latest.current.loaded || !('member' in target)) return;
      const answer = await fetchChat(target);
      if (!answer.conversation) return;
      if (latest.current.conversationId === null) showFirstPage(answer);
      // Another catch-up opened it meanwhile, with fewer messages perhaps: this answer's are added.
      else if (answer.conversation.id === latest.current.conversationId)
        merge(answer.messages, lastSeqOf(answer.messages));
      return;
    }
    for (let round = 0; round < 20; round++) {
      const answer = await fetchChat({ conversation: id }, { after_seq: complete.current });
      // The answer holds every message after what was asked, up to its last.
      merge(answer.messages, lastSeqOf(answer.messages));
      if (!answer.has_newer) break;
    }
  }, [target, showFirstPage, merge]);

  /** One message to the server: sent, refused (it says why), or lost (no answer: to go again). */
  const send = useCallback(
    async (message: PendingMessage): Promise<'sent' | 'refused' | 'lost' | 'skipped'> => {
      const current = latest.current;
      // Sent or given up while it waited its turn, or being sent already: nothing to do.
      const sendKey = pendingKeyOf(message.clientId);
      if (!current.loaded || sendKey === undefined || !startSending(message.clientId)) return 'skipped';
      putPending(sendKey, { ...message, status: 'sending', error: undefined });
      try {
        const { message: stored } = await postMessage({
          ...(current.conversationId !== null
            ? { conversation: { id: current.conversationId } }
            : { to: { id: current.loaded.profile.id } }),
          client_id: message.clientId,
          kind: message.kind,
          body: message.body,
          ...(message.gift ? { gift: { id: message.gift.id } } : {}),
          ...(message.image ? { image: { id: message.image.id } } : {}),
        });
        if (current.conversationId === null) {
          const conversation = stored.conversation;
          // The next message in the queue goes to the conversation, before a render has told latest.
          latest.current.conversationId = conversation.id;
          setLoaded((l) => (l ? { ...l, conversation } : l));
          movePending(sendKey, `c:${conversation.id}`);
          dropPending(`c:${conversation.id}`, message.clientId);
        } else dropPending(sendKey, message.clientId);
        merge([stored]);
        stickToBottom.current = true;
        void client.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
        void session.refresh();
        return 'sent';
      } catch (error) {
        const code = error instanceof ApiError && !isTransient(error) ? error.code : undefined;
        if (code === 'conversation_limit_reached') {
          dropPending(sendKey, message.clientId);
          if (message.kind === 'text') setDraft(message.body);
          if (message.kind === 'gift') setKeptGiftNote(message.body);
          setUpsell(true);
          return 'refused';
        }
        const limit =
          code === 'daily_limit_reached' && error instanceof ApiError
            ? (error.details as { limit?: number } | undefined)?.limit
            : undefined;
        putPending(sendKey, { ...message, status: 'failed', error: code, limit });
        if (message.kind === 'gift' && code !== undefined) setKeptGiftNote(message.body);
        return code === undefined ? 'lost' : 'refused';
      } finally {
        settled(message.clientId);
      }
    },
    [client, session, merge],
  );

  /**
   * Sends what waits in this conversation (not what the server refused), one message at a time in
   * the order written, so they reach the server, and get their seqs, in that order. A lost one ends
   * the round: those after it wait with it (shown failed, with a retry) instead of overtaking it,
   * until the next round (a reconnect, an opening, a new message, a retry). A call during a round
   * makes one more round after it, unless the round lost one.
   */
  const flushing = useRef(false);
  const flushAgain = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current) {
      flushAgain.current = true;
      return;
    }
    flushing.current = true;
    try {
      do {
        flushAgain.current = false;
        const box = () => outboxKey(target, latest.current.conversationId);
        let lost = false;
        for (const message of pendingOf(box()).filter((m) => m.error === undefined)) {
          lost = (await send(message)) === 'lost';
          if (lost) break;
        }
        if (lost) {
          // What waits behind it (this round's, and what was written meanwhile) waits with it.
          for (const later of pendingOf(box()))
            if (later.status === 'sending') putPending(box(), { ...later, status: 'failed' });
          flushAgain.current = false;
        }
      } while (flushAgain.current);
    } finally {
      flushing.current = false;
    }
  }, [send, target]);

  /** The retry button: a refused message too (credits bought since), then the round. */
  const retry = (message: PendingMessage) => {
    const key = pendingKeyOf(message.clientId);
    if (key) putPending(key, { ...message, status: 'sending', error: undefined, limit: undefined });
    void flush();
  };

  // What waited when the conversation opens (a reload, a closed tab, a conversation left before its
  // answer): sent again with the same client ids, so what the server already had is not charged twice.
  // Once per opening: `flush` changes with the session, which must not start a round again.
  const opened = loaded !== null;
  const flushNow = useRef(flush);
  flushNow.current = flush;
  useEffect(() => {
    if (opened) void flushNow.current();
  }, [opened]);

  // Live: a message of this conversation (from the partner or another tab of the member), a
  // reconnect (what was missed, and what waited to be sent).
  useEffect(
    () =>
      onChatEvent((event) => {
        const id = latest.current.conversationId;
        if (event.type === 'reconnect') {
          void catchUp().catch(() => {});
          void flush();
          return;
        }
        if (event.type === 'typing') {
          if (event.conversation.id === id) setPartnerTyping(Date.now());
          return;
        }
        if (event.type === 'partner_changed') {
          // The partner can be answered now (they confirmed their address): what the conversation
          // allows and their card, read again, with whatever came meanwhile.
          if (event.conversation.id !== id || id === null) return;
          void fetchChat({ conversation: id }, { after_seq: complete.current })
            .then((answer) => {
              const { messages: newer, send_refusal, profile, profile_viewable } = answer;
              setLoaded((l) => (l ? { ...l, send_refusal, profile, profile_viewable } : l));
              merge(newer, lastSeqOf(newer));
              void client.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
            })
            .catch(() => {});
          return;
        }
        if (event.type === 'read') {
          // The partner's reads, where they show them; 0: they stopped showing them.
          const partner = latest.current.loaded?.profile.id;
          if (event.conversation.id === id && event.reader.id === partner)
            setPartnerRead(event.seq === 0 ? null : event.seq);
          return;
        }
        if (event.type === 'message' && event.conversation.id === id) setPartnerTyping(0);
        if (
          event.type === 'message' &&
          (id === null || (event.conversation.id === id && event.seq > complete.current))
        )
          void catchUp().catch(() => {});
      }),
    [catchUp, flush, merge, client],
  );

  // Opening the conversation and every message that arrives while it is open: read.
  const lastFromPartner = messages.findLast((m) => m.sender.id !== session.user?.id)?.seq ?? 0;
  useEffect(() => {
    if (conversationId === null || lastFromPartner === 0) return;
    // Up to the partner's newest: the member's own sends already count as read on the server.
    postRead(conversationId, lastFromPartner)
      .then(() => {
        void session.refresh();
        void client.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
      })
      .catch(() => {});
  }, [conversationId, lastFromPartner, session.refresh, client]);

  // Scrolling: to the bottom when a message arrives while the member is at the bottom; where they
  // were when older messages come in above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of what is shown
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (keepFromBottom.current !== null) {
      list.scrollTop = list.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages, unsent]);

  const loadOlder = async () => {
    const first = messages[0];
    if (conversationId === null || !first || olderLoading.current) return;
    olderLoading.current = true;
    setLoadingOlder(true);
    try {
      const answer = await fetchChat({ conversation: conversationId }, { before_seq: first.seq });
      const list = listRef.current;
      keepFromBottom.current = list ? list.scrollHeight - list.scrollTop : null;
      setMessages((current) => mergeMessages(current, answer.messages));
      setLoaded((l) => (l ? { ...l, has_older: answer.has_older } : l));
    } catch {
      // The button stays: the member tries again.
    } finally {
      olderLoading.current = false;
      setLoadingOlder(false);
    }
  };

  /** A new message of any kind (a text, a gift, an icebreaker): false when the upsell came instead. */
  const compose = (content: Pick<PendingMessage, 'kind' | 'body' | 'gift' | 'image'>) => {
    if (!loaded) return false;
    if (loaded.send_refusal === 'conversation_limit_reached' && loaded.conversation === null) {
      setUpsell(true);
      return false;
    }
    stickToBottom.current = true;
    const message: PendingMessage = {
      clientId: crypto.randomUUID(),
      ...content,
      createdAt: new Date().toISOString(),
      status: 'sending',
    };
    // Shown at once as sending; sent after the ones before it.
    putPending(outboxKey(target, conversationId), message);
    void flush();
    return true;
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if (body && compose({ kind: 'text', body })) setDraft('');
  };

  // Tell the partner while typing, at most every TYPING_SEND_EVERY_MS (only in a conversation that exists).
  const typingSentAt = useRef(0);
  const onDraftChange = (text: string) => {
    setDraft(text);
    const now = Date.now();
    if (conversationId === null || text.trim() === '' || now - typingSentAt.current < TYPING_SEND_EVERY_MS)
      return;
    typingSentAt.current = now;
    void postTyping(conversationId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const remove = async () => {
    setConfirmDelete(false);
    if (conversationId === null) return;
    // Spec §4: gone from the list at once, then the server; on failure an alert and the list again.
    client.setQueryData(CHATS_QUERY_KEY, (old: { chats: { conversation: { id: number } }[] } | undefined) =>
      old ? { chats: old.chats.filter((c) => c.conversation.id !== conversationId) } : old,
    );
    void navigate('/chats');
    try {
      await deleteChat(conversationId);
      void session.refresh();
    } catch {
      window.alert(t('chat.delete_failed'));
    } finally {
      void client.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
    }
  };

  if (failure)
    return (
      <div className="chat-conversation">
        <ConversationBack />
        <p className="chat-failure" role="alert">
          {failure === 'member_not_found' || failure === 'conversation_not_found'
            ? t('chat.not_found')
            : t(`errors.${failure as ErrorCode}`)}
        </p>
      </div>
    );
  if (!loaded || !root) return <div className="chat-conversation" aria-busy="true" />;

  const { profile } = loaded;
  const { settings } = root;
  const me = session.user?.id;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const timeFormat = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const now = new Date();
  // "Read" under the member's newest message the partner has read.
  const lastReadOwn =
    partnerRead === null
      ? null
      : (messages.findLast((m) => m.sender.id === me && m.seq <= partnerRead)?.seq ?? null);
  const priceOf = (message: PendingMessage) =>
    message.kind === 'gift'
      ? message.gift?.credits
      : message.kind === 'image'
        ? loaded.photo_credits
        : loaded.message_credits;
  const blockedReason =
    loaded.send_refusal === 'partner_not_confirmed' || loaded.send_refusal === 'partner_pending_deletion'
      ? loaded.send_refusal
      : null;

  return (
    <div className="chat-conversation">
      <header className="chat-header">
        <ConversationBack />
        {loaded.profile_viewable ? (
          // The link's name starts with the words it shows (WCAG 2.5.3): a voice-control user says them.
          <Link to={`/members/${profile.id}`} className="chat-partner">
            <ChatPartner profile={profile} cdnPrefix={settings.cdn_prefix} />
            <span className="visually-hidden"> {t('chat.view_profile', { name: profile.name })}</span>
          </Link>
        ) : (
          // Invisible, unconfirmed or leaving: the conversation goes on, the profile is not shown.
          <div className="chat-partner">
            <ChatPartner profile={profile} cdnPrefix={settings.cdn_prefix} />
          </div>
        )}
        {conversationId !== null && (
          <>
            <HeaderAction
              label={t('chat.info')}
              className="chat-info-button"
              onClick={() => setInfoOpen(true)}
            >
              <circle cx="10" cy="10" r="8.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="10" cy="6.2" r="1.1" fill="currentColor" />
              <path d="M10 9v5.6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </HeaderAction>
            <HeaderAction
              label={t('chat.delete')}
              className="chat-delete"
              onClick={() => setConfirmDelete(true)}
            >
              <path
                d="M4 5.5h12M8 5.5V4h4v1.5M5.5 5.5l.8 10.5h7.4l.8-10.5M8.5 8.5v5M11.5 8.5v5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </HeaderAction>
          </>
        )}
      </header>
      {profile.fictional && (
        <FictionalWarning icon={settings.fictional_icon} text={settings.fictional_warning} />
      )}
      <div
        className="chat-messages"
        ref={listRef}
        role="log"
        aria-label={t('chat.messages_label', { name: profile.name })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard (axe scrollable-region-focusable); texts and gift pictures have nothing else to focus
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          // Older messages come on scrolling up (the button stays for keyboards and screen readers).
          if (el.scrollTop < 40 && loaded.has_older) void loadOlder();
        }}
      >
        {loaded.has_older && (
          <button
            type="button"
            className="btn btn-link btn-sm chat-load-older"
            onClick={loadOlder}
            disabled={loadingOlder}
          >
            {t('chat.load_older')}
          </button>
        )}
        {loaded.older_hidden && !loaded.has_older && (
          <p className="chat-older-hidden text-secondary">{t('chat.older_hidden')}</p>
        )}
        {messages.length === 0 && unsent.length === 0 && !loaded.older_hidden && (
          <div className="chat-first">
            <p className="text-secondary">{t('chat.first_message', { name: profile.name })}</p>
            {!blockedReason && <IcebreakerOffer onOpen={() => setPicking('icebreaker')} />}
          </div>
        )}
        {withDaySeparators(messages).map(({ message, newDay }) => {
          const label = dayLabel(message.created_at, now);
          return (
            <div key={message.id} className="chat-row-group">
              {newDay && (
                <p className="chat-day">
                  <span>
                    {label.kind === 'date' ? dateFormat.format(label.date) : t(`chat.${label.kind}`)}
                  </span>
                </p>
              )}
              <div
                className={`chat-bubble ${message.sender.id === me ? 'own' : 'theirs'}`}
                data-seq={message.seq}
              >
                <MessageContent message={message} />
                <time className="chat-time" dateTime={message.created_at}>
                  {timeFormat.format(new Date(message.created_at))}
                </time>
                {message.seq === lastReadOwn && <span className="chat-read">{t('chat.read')}</span>}
              </div>
            </div>
          );
        })}
        {unsent.map((message) => (
          <div key={message.clientId} className={`chat-bubble own pending ${message.status}`}>
            <MessageContent message={message} />
            {message.status === 'sending' ? (
              <span className="chat-time">{t('chat.sending')}</span>
            ) : (
              <div className="chat-failed" role="alert">
                <SendFailure code={message.error} limit={message.limit} name={profile.name} />
                {canRetry(message.error, session.user?.credits, priceOf(message)) && (
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    onClick={() => retry(message)}
                  >
                    {t('chat.retry')}
                  </button>
                )}
                {/* Kept in this browser until sent: the member may also give it up. */}
                <button
                  type="button"
                  className="btn btn-link btn-sm"
                  onClick={() => dropPending(key, message.clientId)}
                >
                  {t('chat.discard')}
                </button>
              </div>
            )}
          </div>
        ))}
      </div>
      <p className="chat-typing" role="status" aria-live="polite">
        {partnerTyping > 0 ? t('chat.typing', { name: profile.name }) : ''}
      </p>
      {/* The server out of reach with the network up (the layout's banner says when it is down). */}
      {!connected && online && (
        <p className="chat-connection alert alert-warning" role="status">
          {t('chat.offline')}
        </p>
      )}
      {session.user && !session.user.email_confirmed && (
        // Their partners cannot answer them yet (partner_not_confirmed on the other side): why, and
        // the way out, where the silence is noticed.
        <p className="chat-refusal chat-confirm-note alert alert-warning">
          {t('chat.replies_wait', { email: session.user.email })}{' '}
          <ResendActivationButton user={session.user} />
        </p>
      )}
      {!blockedReason && conversationId === null && loaded.conversations_left !== null && (
        <FreeConversationsNote left={loaded.conversations_left} onUpsell={() => setUpsell(true)} />
      )}
      {blockedReason ? (
        <p className="chat-refusal alert alert-info">{t(`errors.${blockedReason}`)}</p>
      ) : (
        <form className="chat-composer" onSubmit={submit}>
          <ChatPhotoButton
            target={conversationId !== null ? { conversation: conversationId } : { to: profile.id }}
            name={profile.name}
            price={loaded.photo_credits}
            upsellInstead={loaded.send_refusal === 'conversation_limit_reached' && conversationId === null}
            onUpsell={() => setUpsell(true)}
            onUploaded={(image, caption) =>
              compose({ kind: 'image', body: caption, image: { id: image.id, thumb_url: image.thumb_url } })
            }
          />
          <GiftButton name={profile.name} onClick={() => setPicking('gift')} />
          <textarea
            className="form-control"
            rows={2}
            value={draft}
            maxLength={settings.message_length}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.message_label', { name: profile.name })}
            onChange={(e) => onDraftChange(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <div className="chat-composer-side">
            <button type="submit" className="btn btn-primary chat-send" disabled={draft.trim() === ''}>
              {/* Phones show the icon alone (the text field keeps the row); the name stays the word. */}
              <svg className="chat-send-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                <path d="M2.5 9.2 17 2.8l-4.6 14.4-3-5.6z" fill="currentColor" />
                <path d="m9.4 11.6 7.6-8.8" stroke="#fff" strokeWidth="1.2" />
              </svg>
              <span className="chat-send-text">{t('chat.send')}</span>
            </button>
            <span className="chat-price">{t('chat.price', { credits: loaded.message_credits })}</span>
            <ComposerBalance credits={session.user?.credits} />
          </div>
        </form>
      )}
      <GiftPicker
        open={picking === 'gift'}
        name={profile.name}
        balance={session.user?.credits}
        initialNote={keptGiftNote}
        onClose={() => setPicking(null)}
        onChoose={({ id, slug, name, credits }, note) => {
          setPicking(null);
          setKeptGiftNote('');
          compose({ kind: 'gift', body: note, gift: { id, slug, name, credits } });
        }}
      />
      <IcebreakerPicker
        open={picking === 'icebreaker'}
        name={profile.name}
        credits={loaded.message_credits}
        onClose={() => setPicking(null)}
        onChoose={(line) => {
          setPicking(null);
          compose({ kind: 'text', body: line });
        }}
      />
      {conversationId !== null && (
        <ConversationInfo
          open={infoOpen}
          onClose={() => setInfoOpen(false)}
          conversationId={conversationId}
          name={profile.name}
          readReceipts={loaded.read_receipts}
          onReadReceiptsChange={(on) => setLoaded((l) => (l ? { ...l, read_receipts: on } : l))}
        />
      )}
      <PremiumUpsell open={upsell} name={profile.name} onClose={() => setUpsell(false)} />
      <Modal
        open={confirmDelete}
        title={t('chat.delete_title')}
        onClose={() => setConfirmDelete(false)}
        closeLabel={t('chat.cancel')}
        footer={
          <>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setConfirmDelete(false)}
            >
              {t('chat.cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void remove()}>
              {t('chat.delete_confirm')}
            </button>
          </>
        }
      >
        <p>{t('chat.delete_text', { name: profile.name })}</p>
      </Modal>
    </div>
  );
}

/** The partner in the conversation's header: photo, name and age. */
function ChatPartner({ profile, cdnPrefix }: { profile: ChatResponse['profile']; cdnPrefix: string }) {
  return (
    <>
      <ChatAvatar
        name={profile.name}
        src={profile.main_image ? `${cdnPrefix}${profile.main_image.thumb_filename}` : null}
      />
      <span className="chat-partner-name">
        {profile.name}
        {profile.age ? <span className="chat-partner-age">, {profile.age}</span> : null}
      </span>
    </>
  );
}

/** Phones: back to the list (the list is beside the conversation from 992 px). */
function ConversationBack() {
  const { t } = useTranslation();
  return (
    <Link to="/chats" className="chat-back" aria-label={t('chat.back_to_list')}>
      <span aria-hidden="true">‹</span>
    </Link>
  );
}

/** An action of the conversation's header: its icon, and its name beside it from 576 px. */
function HeaderAction({
  label,
  className,
  onClick,
  children,
}: {
  label: string;
  className: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-outline-secondary btn-sm chat-header-action ${className}`}
      onClick={onClick}
      aria-label={label}
    >
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        {children}
      </svg>
      <span className="chat-header-label">{label}</span>
    </button>
  );
}
