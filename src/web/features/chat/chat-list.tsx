import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ChatEntry, ChatsResponse } from '../../../shared/contracts/chat.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useMember } from '../session/member-session.tsx';
import { CHATS_QUERY_KEY, fetchChats } from './chat-api.ts';
import { onChatEvent } from './chat-events.ts';
import { chatListTime } from './chat-list-time.ts';

const countText = (n: number) => (n > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(n));

/**
 * The conversation list: newest activity first, read again on every chat event of the tab (a
 * partner coming online or going offline among them: the server says whom the member may see so).
 * `initial`: the list the route's loader read with the HTML.
 */
export function ChatList({ active, initial }: { active: number | null; initial?: ChatsResponse }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const chats = useQuery({ queryKey: CHATS_QUERY_KEY, queryFn: fetchChats, initialData: initial });

  useEffect(() => onChatEvent(() => void client.invalidateQueries({ queryKey: CHATS_QUERY_KEY })), [client]);

  if (chats.isPending) return <p className="chat-list-status text-body-secondary">…</p>;
  if (chats.isError)
    return (
      <p className="chat-list-status" role="alert">
        {t('errors.internal_error')}
      </p>
    );
  if (chats.data.chats.length === 0)
    return (
      <div className="chat-list-empty">
        <p>{t('chat.empty')}</p>
        <Link to="/members" className="btn btn-primary btn-sm">
          {t('chat.search')}
        </Link>
      </div>
    );
  return (
    <ul className="chat-list">
      {chats.data.chats.map((chat) => (
        <ChatListItem key={chat.conversation.id} chat={chat} active={chat.conversation.id === active} />
      ))}
    </ul>
  );
}

function ChatListItem({ chat, active }: { chat: ChatEntry; active: boolean }) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const me = useMember();
  // The browser's time zone decides the time: rendered once hydrated (the server's zone differs).
  const hydrated = useHydrated();
  const { profile, last_message: last } = chat;
  // An image message has no text to preview: it says that it is a photo.
  const text = last?.kind === 'image' ? t('chat.photo.list_preview') : (last?.preview ?? '');
  const preview = last ? (last.sender.id === me?.id ? t('chat.you', { text }) : text) : '';
  return (
    <li>
      <Link
        to={`/chats/${chat.conversation.id}`}
        className={`chat-list-item${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <ChatAvatar
          name={profile.name}
          src={
            profile.main_image
              ? `${root?.settings.cdn_prefix ?? ''}${profile.main_image.thumb_filename}`
              : null
          }
          online={chat.partner_online}
        />
        <span className="chat-list-text">
          <span className="chat-list-name">
            {profile.name}
            {chat.partner_online && <span className="visually-hidden">, {t('chat.online')}</span>}
            {profile.fictional && root && (
              <img
                className="chat-fictional-icon"
                src={root.settings.fictional_icon}
                alt={root.settings.fictional_singular ?? ''}
                title={root.settings.fictional_warning}
                width={16}
                height={16}
              />
            )}
            {chat.partner_leaving && (
              <span className="chat-list-leaving badge text-bg-light">{t('chat.partner_leaving')}</span>
            )}
          </span>
          <span className="chat-list-preview">{preview}</span>
        </span>
        <span className="chat-list-meta">
          {last && hydrated && (
            <time className="chat-list-time" dateTime={last.at}>
              {chatListTime(last.at, new Date(), i18n.language)}
            </time>
          )}
          {chat.num_unread_messages > 0 && (
            <span className="chat-unread badge rounded-pill">
              <span aria-hidden="true">{countText(chat.num_unread_messages)}</span>
              <span className="visually-hidden">{t('chat.unread', { count: chat.num_unread_messages })}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * Decorative: every place it shows writes the name beside it, and an alt would only repeat it. The
 * green dot of a partner who is online is decorative too: the place that shows it says "Online" in
 * words as well (a colour alone tells nothing to a screen reader or a colour-blind member).
 */
export function ChatAvatar({
  name,
  src,
  online = false,
}: {
  name: string;
  src: string | null;
  online?: boolean;
}) {
  const avatar = src ? (
    <img className="chat-avatar" src={src} alt="" width={48} height={48} />
  ) : (
    <span className="chat-avatar chat-avatar-empty" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
  if (!online) return avatar;
  return (
    <span className="chat-avatar-online">
      {avatar}
      <span className="chat-online-dot" aria-hidden="true" />
    </span>
  );
}
