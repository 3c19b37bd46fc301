import { Link } from 'react-router';
import type { ErrorCode } from '../../../shared/errors.ts';
import { useTranslation } from '../../lib/i18n.tsx';

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
  return <span>{otherwise ?? (code ? t(`errors.${code as ErrorCode}`) : t('chat.failed'))}</span>;
}
