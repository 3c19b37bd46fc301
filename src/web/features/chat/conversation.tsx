import { useQueryClient } from '@tanstack/react-query';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { type ChatResponse, TYPING_SEND_EVERY_MS } from '../../../shared/contracts/chat.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useOnline } from '../../lib/use-online.ts';
import { FictionalWarning } from '../members/fictional-warning.tsx';
import { PremiumUpsell } from '../members/premium-upsell.tsx';
import { ReportDialog, type ReportTarget } from '../reports/report-dialog.tsx';
import { ResendActivationButton } from '../session/account-status-banner.tsx';
import { useSession } from '../session/member-session.tsx';
import { BlockedConversation } from './blocked-conversation.tsx';
import { CHATS_QUERY_KEY, type ChatTarget, deleteChat, postTyping } from './chat-api.ts';
import { ChatAvatar } from './chat-list.tsx';
import { dayLabel, withDaySeparators } from './chat-messages.ts';
import { openOutbox, type PendingMessage } from './chat-outbox.ts';
import { ChatPhotoButton } from './chat-photo-button.tsx';
import { ComposerBalance, FreeConversationsNote } from './composer-notes.tsx';
import { ConversationInfo } from './conversation-info.tsx';
import { type ComposedContent, createConversationStore } from './conversation-store.ts';
import { GiftButton, GiftPicker } from './gift-picker.tsx';
import { IcebreakerOffer, IcebreakerPicker } from './icebreakers.tsx';
import { MessageContent } from './message-content.tsx';
import { canRetry, SendFailure } from './send-failure.tsx';

/**
 * One conversation as the member sees it. Its messages, unsent messages, the partner's reads and
 * typing and the connection live in the conversation store (conversation-store.ts), which keeps
 * them in order; this component renders them and keeps what only the page has: the text being
 * typed, the pickers and dialogs, where the log is scrolled.
 */
export function Conversation({ target }: { target: ChatTarget }) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  // ChatScreen keys the conversation by its target: one store for as long as it is shown.
  const [store] = useState(() => createConversationStore({ target }));
  const { loaded, failure, messages, unsent, partnerRead, partnerTyping, connected, loadingOlder } =
    useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const [upsell, setUpsell] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [draft, setDraft] = useState('');
  const [picking, setPicking] = useState<'gift' | 'icebreaker' | null>(null);
  // A refused gift's note: the picker opens with it again, so the words are not typed twice.
  const [keptGiftNote, setKeptGiftNote] = useState('');
  const [infoOpen, setInfoOpen] = useState(false);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [reportSent, setReportSent] = useState('');
  const online = useOnline();
  const listRef = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  const conversationId = loaded?.conversation?.id ?? null;
  // The member's unsent messages come from this browser's storage after hydration (the server has
  // none); opened before the store starts, so the opening's resends find them.
  const memberId = session.user?.id;
  useEffect(() => {
    if (memberId !== undefined) openOutbox(memberId);
  }, [memberId]);
  useEffect(() => store.start(), [store]);

  // What the store tells the page: the list and the balance follow sends and reads; a refusal gives
  // the words back (the upsell for a free member's limit).
  const refreshSession = session.refresh;
  useEffect(
    () =>
      store.onNotice((notice) => {
        if (notice.type === 'refused') {
          const { message, code } = notice;
          if (message.kind === 'gift') setKeptGiftNote(message.body);
          if (code === 'conversation_limit_reached') {
            if (message.kind === 'text') setDraft(message.body);
            setUpsell(true);
          }
          return;
        }
        if (notice.type === 'sent') stickToBottom.current = true;
        if (notice.type !== 'partner_changed') void refreshSession();
        void client.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
      }),
    [store, client, refreshSession],
  );

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

  const loadOlder = () =>
    store.loadOlder(() => {
      const list = listRef.current;
      keepFromBottom.current = list ? list.scrollHeight - list.scrollTop : null;
    });

  /** A new message of any kind (a text, a gift, an icebreaker): false when the upsell came instead. */
  const compose = (content: ComposedContent) => {
    if (!loaded) return false;
    if (!store.compose(content)) {
      setUpsell(true);
      return false;
    }
    stickToBottom.current = true;
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
        {failure.blocked ? (
          <BlockedConversation
            member={failure.blocked}
            onUnblocked={() => {
              void store.reopen();
              void client.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
            }}
          />
        ) : (
          <p className="chat-failure" role="alert">
            {failure.code === 'member_not_found' || failure.code === 'conversation_not_found'
              ? t('chat.not_found')
              : errorText(t, failure.code)}
          </p>
        )}
      </div>
    );
  if (!loaded || !root)
    return (
      <div className="chat-conversation" aria-busy="true">
        {/* The messages are read in the browser (their times in its zone): without a script, say so. */}
        <noscript>
          <ConversationBack />
          <p className="chat-failure">{t('chat.no_js')}</p>
        </noscript>
      </div>
    );

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
        : loaded.free_messages_left > 0
          ? 0
          : loaded.message_credits;
  const blockedReason =
    loaded.send_refusal === 'partner_not_confirmed' ||
    loaded.send_refusal === 'partner_pending_deletion' ||
    loaded.send_refusal === 'partner_unavailable'
      ? loaded.send_refusal
      : null;

  return (
    <div className="chat-conversation">
      <header className="chat-header">
        <ConversationBack />
        {loaded.profile_viewable ? (
          // The link's name starts with the words it shows (WCAG 2.5.3): a voice-control user says them.
          <Link to={`/members/${profile.id}`} className="chat-partner">
            <ChatPartner profile={profile} cdnPrefix={settings.cdn_prefix} online={loaded.partner_online} />
            <span className="visually-hidden"> {t('chat.view_profile', { name: profile.name })}</span>
          </Link>
        ) : (
          // Invisible, unconfirmed, leaving or hidden by the back office: the conversation goes on
          // (or is read), the profile is not shown.
          <div className="chat-partner">
            <ChatPartner profile={profile} cdnPrefix={settings.cdn_prefix} online={loaded.partner_online} />
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
      {loaded.partner_unavailable && (
        // Said where the member is, instead of a link to a profile page that is gone.
        <p className="chat-partner-unavailable alert alert-secondary" role="note">
          {t('chat.partner_unavailable', { name: profile.name })}
        </p>
      )}
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
            onClick={() => void loadOlder()}
            disabled={loadingOlder}
          >
            {t('chat.load_older')}
          </button>
        )}
        {loaded.older_hidden && !loaded.has_older && (
          <p className="chat-older-hidden text-body-secondary">{t('chat.older_hidden')}</p>
        )}
        {messages.length === 0 && unsent.length === 0 && !loaded.older_hidden && (
          <div className="chat-first">
            <p className="text-body-secondary">{t('chat.first_message', { name: profile.name })}</p>
            {!blockedReason && <IcebreakerOffer onOpen={() => setPicking('icebreaker')} />}
          </div>
        )}
        {reportSent && (
          <div className="alert alert-success chat-report-sent" role="status">
            {reportSent}
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
                {message.sender.id !== me && (
                  <button
                    type="button"
                    className="btn btn-link btn-sm chat-report"
                    onClick={() => setReporting({ kind: 'message', messageId: message.id })}
                  >
                    {t('reports.form.report_message')}
                  </button>
                )}
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
                    onClick={() => store.retry(message)}
                  >
                    {t('chat.retry')}
                  </button>
                )}
                {/* Kept in this browser until sent: the member may also give it up. */}
                <button
                  type="button"
                  className="btn btn-link btn-sm"
                  onClick={() => store.discard(message.clientId)}
                >
                  {t('chat.discard')}
                </button>
              </div>
            )}
          </div>
        ))}
      </div>
      <p className="chat-typing" role="status" aria-live="polite">
        {partnerTyping ? t('chat.typing', { name: profile.name }) : ''}
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
        <p className="chat-refusal alert alert-info">{errorText(t, blockedReason)}</p>
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
            <span className="chat-price">
              {loaded.free_messages_left > 0
                ? t('chat.free_messages', { count: loaded.free_messages_left })
                : t('chat.price', { credits: loaded.message_credits })}
            </span>
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
        freeLeft={loaded.free_messages_left}
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
          onReadReceiptsChange={store.setReadReceipts}
        />
      )}
      <PremiumUpsell open={upsell} name={profile.name} onClose={() => setUpsell(false)} />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} onSent={setReportSent} />
      <Modal
        open={confirmDelete}
        title={t('chat.delete_title')}
        onClose={() => setConfirmDelete(false)}
        closeLabel={t('chat.cancel')}
        cancelInFooter
        footer={
          <button type="button" className="btn btn-danger" onClick={() => void remove()}>
            {t('chat.delete_confirm')}
          </button>
        }
      >
        <p>{t('chat.delete_text', { name: profile.name })}</p>
      </Modal>
    </div>
  );
}

/** The partner in the conversation's header: photo, name and age, and "Online" while they are. */
function ChatPartner({
  profile,
  cdnPrefix,
  online,
}: {
  profile: ChatResponse['profile'];
  cdnPrefix: string;
  online: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ChatAvatar
        name={profile.name}
        src={profile.main_image ? `${cdnPrefix}${profile.main_image.thumb_filename}` : null}
        online={online}
      />
      <span className="chat-partner-text">
        <span className="chat-partner-name">
          {profile.name}
          {profile.age ? <span className="chat-partner-age">, {profile.age}</span> : null}
        </span>
        {online && <span className="chat-partner-online">{t('chat.online')}</span>}
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
