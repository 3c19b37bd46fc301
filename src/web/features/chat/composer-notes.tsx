import { Link } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * The member's balance under the composer's price, live (the session follows the `credits`
 * real-time event), with the way to more credits.
 */
export function ComposerBalance({ credits }: { credits: number | undefined }) {
  const { t } = useTranslation();
  if (credits === undefined) return null;
  return (
    <p className="chat-balance">
      <span>{t('chat.balance', { count: credits })}</span> <Link to="/credits">{t('chat.buy_credits')}</Link>
    </p>
  );
}

/**
 * A free member before the first message of a conversation: how many of their
 * LIMITS.freeConversations they may still start, and what premium would give (the upsell).
 */
export function FreeConversationsNote({ left, onUpsell }: { left: number; onUpsell: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="chat-free-note">
      <span>
        {left > 0
          ? t('chat.free_left', { count: left })
          : t('chat.free_none', { limit: LIMITS.freeConversations })}{' '}
        {t('chat.free_premium')}
      </span>{' '}
      <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onUpsell}>
        {t('chat.free_premium_link')}
      </button>
    </p>
  );
}
