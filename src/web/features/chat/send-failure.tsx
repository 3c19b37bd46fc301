import { Link } from 'react-router';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * Refusals a retry cannot change (the partner is gone or blocked, the content is refused): the failed
 * message offers only to give it up. A daily limit, a rate limit or a lost connection can change.
 */
const FINAL_REFUSALS = new Set<string>([
  'member_not_found',
  'conversation_not_found',
  'partner_pending_deletion',
  'partner_unavailable',
  'message_too_long',
  'gift_not_found',
  'image_not_found',
]);

/**
 * Whether "Try again" can work for a failed message: never after a final refusal; after
 * insufficient credits only once the balance covers its price again (credits bought since, the
 * balance live from the session), so until then the way out is buying credits.
 */
export function canRetry(
  code: string | undefined,
  balance: number | undefined,
  price: number | undefined,
): boolean {
  if (code === undefined) return true;
  if (FINAL_REFUSALS.has(code)) return false;
  if (code === 'insufficient_credits')
    return balance !== undefined && price !== undefined && balance >= price;
  return true;
}

/**
 * Why a message (a text, a gift, a photo) was not sent, with the way out where there is one: buy
 * credits, or change the daily spending limit. Shown in the chat's failed bubble and on the
 * profile after a gift. `code` undefined: the connection was lost.
 */
export function SendFailure({
  code,
  limit,
  name,
  otherwise,
}: {
  code: string | undefined;
  limit?: number;
  name: string;
  /** The text for any other code (each place words a lost connection its own way). */
  otherwise?: string;
}) {
  const { t } = useTranslation();
  if (code === 'insufficient_credits')
    return (
      <>
        <span>{t('chat.insufficient_credits', { name })}</span>
        <Link to="/credits" className="btn btn-primary btn-sm">
          {t('chat.buy_credits')}
        </Link>
      </>
    );
  if (code === 'daily_limit_reached')
    return (
      <>
        <span>{t('errors.daily_limit_reached', { limit: limit ?? '' })}</span>
        <Link to="/settings#spending-limit" className="btn btn-outline-primary btn-sm">
          {t('chat.limit_settings')}
        </Link>
      </>
    );
  return <span>{otherwise ?? errorText(t, code, { fallback: 'chat.failed' })}</span>;
}
