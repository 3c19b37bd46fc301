import { Link } from 'react-router';
import type { ChatsResponse } from '../../../shared/contracts/chat.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { ResendActivationButton } from '../session/account-status-banner.tsx';
import { useMember } from '../session/member-session.tsx';
import type { ChatTarget } from './chat-api.ts';
import { ChatList } from './chat-list.tsx';
import { Conversation } from './conversation.tsx';

/**
 * The chat screen: the list beside the open conversation from 992 px, one of the two on phones
 * (the list at /chats, the conversation with a way back to it otherwise).
 */
export function ChatScreen({ target, chats }: { target: ChatTarget | null; chats?: ChatsResponse }) {
  const { t } = useTranslation();
  const key =
    target === null ? 'none' : 'conversation' in target ? `c${target.conversation}` : `m${target.member}`;
  return (
    <div className={`chat-screen ${target ? 'chat-screen-open' : 'chat-screen-list'}`}>
      <aside className="chat-sidebar" aria-label={t('chat.title')}>
        <header className="chat-sidebar-header">
          <Link to="/members" className="chat-back-to-site">
            <span aria-hidden="true">‹</span> {t('chat.back_to_site')}
          </Link>
          <h1 className="chat-title">{t('chat.title')}</h1>
        </header>
        {/* An open conversation says it itself, beside the composer. */}
        {!target && <ConfirmReminder />}
        <ChatList active={target && 'conversation' in target ? target.conversation : null} initial={chats} />
      </aside>
      <main id="main" className="chat-main">
        {target ? (
          <Conversation key={key} target={target} />
        ) : (
          <p className="chat-choose text-body-secondary">{t('chat.choose')}</p>
        )}
      </main>
    </div>
  );
}

/**
 * A member who has not confirmed the address yet, on the list: their partners cannot answer until
 * they do (the chat layout has no site banner), with "send again". Goes once the session says so.
 */
function ConfirmReminder() {
  const { t } = useTranslation();
  const user = useMember();
  if (!user || user.email_confirmed) return null;
  return (
    <p className="chat-confirm-note chat-list-confirm alert alert-warning">
      {t('chat.replies_wait', { email: user.email })} <ResendActivationButton user={user} />
    </p>
  );
}
